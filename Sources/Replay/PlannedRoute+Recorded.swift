import CoreLocation
import Foundation
@_spi(Replay) import NavigationSDK
import SessionEvents

// The route as the recording planned it (schema 4: `routeLeg`, `routeStep`, `stepDetail`
// events before a `routeSet`), built into the SDK model's `PlannedRoute`, and the vehicle
// following its path.

/// Guidance events that arrived since the last route, waiting for their `routeSet`.
struct RecordedGuidance {
  var legs: [RecordedRouteLeg] = []
  var steps: [RecordedStep] = []
  var details: [RecordedStepDetail] = []
}

extension PlannedRoute {
  /// The route planned by `guidance`; nil when the recording planned none, or not as many
  /// legs as the route has (a recording that is not NavSim's: NavSim then derives from
  /// progress what it can, as for older logs). Steps are numbered as recorded; a step index
  /// missing from the recording ends the list there.
  init?(_ guidance: RecordedGuidance, legs count: Int) {
    let recordedLegs = guidance.legs.sorted { $0.index < $1.index }
    guard recordedLegs.count == count, recordedLegs.map(\.index) == Array(0..<count) else {
      return nil
    }
    let legs = recordedLegs.map { leg in
      let points = leg.path.map {
        CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude)
      }
      var made = Leg(
        destination: CLLocationCoordinate2D(latitude: leg.latitude, longitude: leg.longitude),
        path: GMSPath(coordinates: points), points: points,
        drivingSide: GMSNavigationDrivingSide(leg.drivingSide))
      // What `follow` reads on every fix, computed as it computes it.
      let path = points.map { PathPoint(latitude: $0.latitude, longitude: $0.longitude) }
      made.pointScales = path.map(\.scale)
      made.segmentLengths = path.indices.dropLast().map {
        path[$0 + 1].offset(fromSegment: path[$0], path[$0], scale: made.pointScales[$0]).distance
      }
      return made
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
    self.init(legs: legs, steps: steps, stepLegs: stepLegs)
  }

  /// Moves `segment` on to the nearest segment of `leg`'s path within `lookAhead` metres of
  /// path ahead (the earliest of equals): the vehicle only moves forward, so a path that comes
  /// back past a place is not confused with its way out.
  /// - Complexity: O(segments within `lookAhead`), no trigonometry but one cosine a segment
  ///   for a route built without its scales.
  mutating func follow(_ location: CLLocationCoordinate2D, onLeg leg: Int) {
    guard leg < legs.count else { return }
    let coordinates = legs[leg].points
    guard segment + 1 < coordinates.count else { return }
    // The scales and lengths worked out when the route was built (`init(_:legs:)`), or here.
    let scales = legs[leg].pointScales, lengths = legs[leg].segmentLengths
    let known = scales.count == coordinates.count && lengths.count == coordinates.count - 1
    func point(_ index: Int) -> PathPoint {
      PathPoint(latitude: coordinates[index].latitude, longitude: coordinates[index].longitude)
    }
    func scale(_ index: Int) -> Double { known ? scales[index] : point(index).scale }
    let here = PathPoint(latitude: location.latitude, longitude: location.longitude)
    var best = segment
    var bestDistance =
      here.offset(fromSegment: point(segment), point(segment + 1), scale: scale(segment)).distance
    var ahead = 0.0
    var candidate = segment + 1
    while candidate + 1 < coordinates.count && ahead <= Self.lookAhead {
      // The previous segment's length.
      if known {
        ahead += lengths[candidate - 1]
      } else {
        let start = point(candidate - 1)
        ahead += point(candidate).offset(fromSegment: start, start).distance
      }
      let distance = here.offset(
        fromSegment: point(candidate), point(candidate + 1), scale: scale(candidate)
      ).distance
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
      candidate += 1
    }
    segment = best
  }
}
