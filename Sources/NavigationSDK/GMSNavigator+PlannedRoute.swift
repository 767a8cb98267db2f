import CoreLocation
import Foundation
import SessionEvents

// The route as the recording planned it (schema 4: `routeLeg`, `routeStep`, `stepDetail`
// events before a `routeSet`): the SDK objects a replay hands to listeners and returns from
// `routeLegs`, built once per route.

/// Guidance events that arrived since the last route, waiting for their `routeSet`.
struct RecordedGuidance {
  var legs: [RecordedRouteLeg] = []
  var steps: [RecordedStep] = []
  var details: [RecordedStepDetail] = []
}

/// One route's legs and steps, as SDK objects.
struct PlannedRoute {
  struct Leg {
    var destination: CLLocationCoordinate2D
    var path: GMSPath
    var points: [PathPoint]
    var drivingSide: GMSNavigationDrivingSide
  }

  /// The segment of the current leg's path the vehicle was last nearest to.
  var segment = 0

  /// How far ahead along the path `follow` looks for the segment nearest the vehicle, metres.
  static let lookAhead = 200.0

  /// Moves `segment` on to the nearest segment of `leg`'s path within `lookAhead` metres of
  /// path ahead (the earliest of equals): the vehicle only moves forward, so a path that comes
  /// back past a place is not confused with its way out.
  /// - Complexity: O(segments within `lookAhead`).
  mutating func follow(_ location: CLLocationCoordinate2D, onLeg leg: Int) {
    guard leg < legs.count else { return }
    let points = legs[leg].points
    guard segment + 1 < points.count else { return }
    let here = PathPoint(latitude: location.latitude, longitude: location.longitude)
    var best = segment
    var bestDistance = here.offset(fromSegment: points[segment], points[segment + 1]).distance
    var ahead = 0.0
    var candidate = segment + 1
    while candidate + 1 < points.count && ahead <= Self.lookAhead {
      let start = points[candidate - 1], end = points[candidate]
      ahead += end.offset(fromSegment: start, start).distance  // the previous segment's length
      let distance = here.offset(fromSegment: points[candidate], points[candidate + 1]).distance
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
      candidate += 1
    }
    segment = best
  }

  /// The rest of `leg`'s path from `location` on: the location, then the path's points after
  /// it on the segment `follow` reached.
  func remainingPath(from location: CLLocationCoordinate2D, onLeg leg: Int) -> GMSPath {
    let points = legs[leg].points
    guard points.count >= 2 else { return legs[leg].path }
    let ahead = points[min(segment + 1, points.count - 1)...].map {
      CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude)
    }
    return GMSPath(coordinates: [location] + ahead)
  }

  var legs: [Leg]
  /// Every step of the route, by `stepNumber`.
  var steps: [GMSNavigationStepInfo]
  /// The leg each step's manoeuvre lies on.
  var stepLegs: [Int]

  /// The route planned by `guidance`; nil when the recording planned none, or not as many
  /// legs as the route has (a recording that is not NavSim's: NavSim then derives from
  /// progress what it can, as for older logs). Steps are numbered as recorded; a step index
  /// missing from the recording ends the list there.
  init?(_ guidance: RecordedGuidance, legs count: Int) {
    let recordedLegs = guidance.legs.sorted { $0.index < $1.index }
    guard recordedLegs.count == count, recordedLegs.map(\.index) == Array(0..<count) else {
      return nil
    }
    legs = recordedLegs.map { leg in
      let points = leg.path
      return Leg(
        destination: CLLocationCoordinate2D(latitude: leg.latitude, longitude: leg.longitude),
        path: GMSPath(
          coordinates: points.map {
            CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude)
          }),
        points: points, drivingSide: GMSNavigationDrivingSide(leg.drivingSide))
    }
    var steps: [GMSNavigationStepInfo] = []
    var stepLegs: [Int] = []
    for step in guidance.steps.sorted(by: { $0.index < $1.index }) {
      guard step.index == steps.count else { break }
      let detail = guidance.details.last { $0.index == step.index }
      let leg = min(max(0, step.leg), count - 1)
      let side = legs[leg].drivingSide
      steps.append(
        GMSNavigationStepInfo(
          maneuver: GMSNavigationManeuver(recorded: step.maneuver, drivingSide: side),
          lanes: detail?.lanes.map { $0.map(GMSNavigationLane.init(recorded:)) },
          roadName: step.roadName, instruction: step.instruction,
          exitNumber: detail?.exitNumber, drivingSide: side,
          roundaboutTurnNumber: step.roundaboutTurnNumber, stepNumber: step.index,
          distanceFromPrevStepMeters: step.distanceFromPrevStep,
          timeFromPrevStepSeconds: step.timeFromPrevStep))
      stepLegs.append(leg)
    }
    self.steps = steps
    self.stepLegs = stepLegs
  }

  func drivingSide(leg: Int) -> GMSNavigationDrivingSide {
    legs.isEmpty ? .right : legs[min(max(0, leg), legs.count - 1)].drivingSide
  }
}

extension GMSNavigationDrivingSide {
  init(_ recorded: DrivingSide) {
    switch recorded {
    case .none: self = .none
    case .left: self = .left
    case .right: self = .right
    }
  }
}

extension GMSNavigationLane {
  convenience init(recorded: RecordedLane) {
    self.init(
      laneDirections: recorded.directions.map {
        GMSNavigationLaneDirection(
          laneShape: GMSNavigationLaneShape(recorded: $0.shape), recommended: $0.recommended)
      })
  }
}

extension GMSNavigationLaneShape {
  init(recorded: LaneShape) {
    switch recorded {
    case .unknown: self = .unknown
    case .straight: self = .straight
    case .slightLeft: self = .slightLeft
    case .slightRight: self = .slightRight
    case .normalLeft: self = .normalLeft
    case .normalRight: self = .normalRight
    case .sharpLeft: self = .sharpLeft
    case .sharpRight: self = .sharpRight
    case .uTurnLeft: self = .uTurnLeft
    case .uTurnRight: self = .uTurnRight
    }
  }
}
