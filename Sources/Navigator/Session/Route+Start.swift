// A trip that starts part-way along its route: the route from there on, as a navigator plans
// it from where the driver sets off. Shrinking uses it to drop the drive before what matters.

extension Route {
  /// At least this many metres of route must be left after a trip's start.
  static let minimumRemainder = 100.0

  /// The route from `start` metres on: its points after `start`, the legs that end after it,
  /// a departure onto the road there, the steps and points of interest ahead (their distances
  /// less `start`), and the router's time for what is left.
  /// - Throws: `NavigatorError` (source empty) when less than `minimumRemainder` is left.
  func starting(at start: Double) throws -> Route {
    guard start > 0 else { return self }
    guard start <= totalDistance - Self.minimumRemainder else {
      throw NavigatorError(
        source: "",
        "starts \(Int(start)) m along a route of \(Int(totalDistance)) m: at least "
          + "\(Int(Self.minimumRemainder)) m must be left to drive")
    }
    let segment = segmentIndex(containing: start)
    var newPoints = [coordinate(atDistance: start)]
    var limits: [Double?] = []
    var typical: [Double?] = []
    var newIndex: [Int: Int] = [:]  // old point index -> new, for leg ends (lookups only)
    for index in (segment + 1)..<points.count where cumulativeDistance[index] > start + 0.01 {
      limits.append(speedLimits[index - 1])
      typical.append(typicalSpeeds[index - 1])
      newIndex[index] = newPoints.count
      newPoints.append(points[index])
    }
    let legEnds = legs.dropLast().filter { $0.endDistance > start + 1 }.compactMap {
      newIndex[$0.endPointIndex]
    }
    var newSteps = [
      RouteStep(maneuver: "depart", roadName: steps[stepIndex(atDistance: start)].roadName, distance: 0)
    ]
    newSteps += steps.filter { $0.distance > start + 0.01 }.map { step in
      var moved = step
      moved.distance -= start
      return moved
    }
    let ahead = pointsOfInterest.filter { $0.distance > start }.map { point in
      var moved = point
      moved.distance -= start
      return moved
    }
    let baseID = id.split(separator: "~").first.map(String.init) ?? id
    return try Route(
      id: "\(baseID)~from\(Int(start.rounded()))", name: name, points: newPoints,
      legEnds: legEnds, steps: newSteps, speedLimits: limits, typicalSpeeds: typical,
      expectedDuration: expectedDuration - expectedTime(atDistance: start),
      pointsOfInterest: ahead, hasTrafficData: hasTrafficData, alternateRoutes: alternateRoutes,
      drivingSide: drivingSide)
  }
}
