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
    var drivingSide: GMSNavigationDrivingSide
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
      Leg(
        destination: CLLocationCoordinate2D(latitude: leg.latitude, longitude: leg.longitude),
        path: GMSPath(
          coordinates: leg.path.map {
            CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude)
          }),
        drivingSide: GMSNavigationDrivingSide(leg.drivingSide))
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
