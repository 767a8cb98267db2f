// The route model's invariants, checked by tests in debug builds (a no-op in release).

extension Route {
  /// Traps when an invariant of the model is broken: distances start at 0 and never decrease,
  /// per-segment arrays match the geometry, legs end at increasing points with the last one at
  /// the end, steps are in order from a departure at 0 to an arrival at the end, points of
  /// interest lie on the route in order, a timing has one non-decreasing time per point.
  public func _checkInvariants() {
    #if DEBUG
      precondition(points.count >= 2 && points.allSatisfy(\.isValid), "geometry")
      precondition(cumulativeDistance.count == points.count && cumulativeDistance[0] == 0)
      precondition(zip(cumulativeDistance, cumulativeDistance.dropFirst()).allSatisfy { $0 <= $1 })
      precondition(speedLimits.count == points.count - 1 && typicalSpeeds.count == points.count - 1)
      precondition(expectedTimes.count == points.count)
      precondition(zip(expectedTimes, expectedTimes.dropFirst()).allSatisfy { $0 <= $1 })
      precondition(legs.last?.endPointIndex == points.count - 1, "the last leg ends at the end")
      precondition(zip(legs, legs.dropFirst()).allSatisfy { $0.endPointIndex < $1.endPointIndex })
      precondition(legs.allSatisfy { $0.endDistance == cumulativeDistance[$0.endPointIndex] })
      precondition(steps.first?.maneuver == "depart" && steps.first?.distance == 0)
      precondition(steps.last?.maneuver == "arrive" && steps.last?.distance == totalDistance)
      precondition(zip(steps, steps.dropFirst()).allSatisfy { $0.distance <= $1.distance })
      precondition(pointsOfInterest.allSatisfy { $0.distance >= 0 && $0.distance <= totalDistance })
      precondition(zip(pointsOfInterest, pointsOfInterest.dropFirst()).allSatisfy { $0.distance <= $1.distance })
      if let timing {
        precondition(timing.times.count == points.count && timing.times[0] == 0)
        precondition(zip(timing.times, timing.times.dropFirst()).allSatisfy { $0 <= $1 })
        precondition(timing.speeds.count == points.count && timing.courses.count == points.count)
      }
    #endif
  }
}
