// Steps for routes whose source has none (GPX, bare polylines): manoeuvres found in the
// geometry's turns.

extension Route {
  /// The smallest heading change that counts as a manoeuvre, in degrees.
  static let maneuverThreshold = 35.0
  /// Turns closer together than this many metres are one manoeuvre (the sharpest one).
  static let maneuverMergeDistance = 40.0

  /// The manoeuvre name for a signed heading change (+ is right).
  public static func maneuverName(forTurn angle: Double) -> String {
    let side = angle > 0 ? "right" : "left"
    switch abs(angle) {
    case ..<maneuverThreshold: return "straight"
    case ..<60: return "turn-slight-\(side)"
    case ..<120: return "turn-\(side)"
    case ..<165: return "turn-sharp-\(side)"
    default: return "uturn"
    }
  }

  /// Departure, one step per turn of the geometry, arrival.
  ///
  /// Every interior point is a candidate; its turn is measured over 25 m either side (see
  /// `turnAngle(at:span:)`), so a noisy GPS track does not turn into a string of manoeuvres.
  /// - Complexity: O(n log n) in the number of points.
  func derivedSteps() -> [RouteStep] {
    var turns: [(distance: Double, angle: Double)] = []
    var lastDistance = -Double.infinity
    for index in 1..<(points.count - 1) {
      let distance = cumulativeDistance[index]
      guard distance - lastDistance > 1 else { continue }  // duplicate and stationary points
      lastDistance = distance
      let angle = turnAngle(at: distance)
      guard abs(angle) >= Route.maneuverThreshold else { continue }
      if let previous = turns.last, distance - previous.distance < Route.maneuverMergeDistance {
        if abs(angle) > abs(previous.angle) { turns[turns.count - 1] = (distance, angle) }
      } else {
        turns.append((distance, angle))
      }
    }
    var steps = [RouteStep(maneuver: "depart", roadName: "", distance: 0)]
    for turn in turns where turn.distance > 1 && turn.distance < totalDistance - 1 {
      var step = RouteStep(
        maneuver: Route.maneuverName(forTurn: turn.angle), roadName: "", distance: turn.distance)
      step.turnAngle = turn.angle
      steps.append(step)
    }
    steps.append(RouteStep(maneuver: "arrive", roadName: "", distance: totalDistance))
    return steps
  }
}
