import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// Schema-4 recordings carry the route's legs and steps: nav info's steps, lanes and route legs
/// come from them.
@MainActor @Suite struct PlannedRouteTests {
  /// Two legs in left-hand traffic: depart, a roundabout with lanes and an exit number, the
  /// first destination's leg ends; then a turn and the arrival on leg 1.
  static let guidance: [EventPayload] = [
    .routeLeg(RecordedRouteLeg(
      index: 0, latitude: 53.001, longitude: -2.0, drivingSide: .left,
      path: [PathPoint(latitude: 53.0, longitude: -2.0), PathPoint(latitude: 53.001, longitude: -2.0)])),
    .routeLeg(RecordedRouteLeg(
      index: 1, latitude: 53.002, longitude: -2.001, drivingSide: .left,
      path: [PathPoint(latitude: 53.001, longitude: -2.0), PathPoint(latitude: 53.002, longitude: -2.001)])),
    .routeStep(RecordedStep(
      index: 0, leg: 0, maneuver: "depart", roadName: "Cockcroft Road",
      instruction: "Drive east on Cockcroft Road.", distanceFromPrevStep: 0, timeFromPrevStep: 0)),
    .routeStep(RecordedStep(
      index: 1, leg: 0, maneuver: "roundabout-left", roadName: "Crescent",
      instruction: "Enter the roundabout and take the 1st exit onto Crescent.",
      distanceFromPrevStep: 80, timeFromPrevStep: 9, roundaboutTurnNumber: 1)),
    .stepDetail(RecordedStepDetail(
      index: 1, exitNumber: "7",
      lanes: [
        RecordedLane([RecordedLaneDirection(.normalLeft, recommended: true)]),
        RecordedLane([RecordedLaneDirection(.straight), RecordedLaneDirection(.normalRight)]),
      ])),
    .routeStep(RecordedStep(
      index: 2, leg: 1, maneuver: "turn-right", roadName: "Gerald Road",
      instruction: "Turn right onto Gerald Road.", distanceFromPrevStep: 60, timeFromPrevStep: 7)),
    .routeStep(RecordedStep(
      index: 3, leg: 1, maneuver: "arrive", roadName: "Gerald Road",
      instruction: "You have arrived.", distanceFromPrevStep: 40, timeFromPrevStep: 5)),
  ]

  final class StepLog: NSObject, GMSNavigatorListener {
    var infos: [GMSNavigationNavInfo] = []
    func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
      infos.append(navInfo)
    }
  }

  @Test func navInfoHasTheRecordedStepsLanesAndSide() throws {
    var drive = try Drive(nil)
    let log = StepLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.add(log)
    try drive.send(.navigationEnabled)
    for payload in Self.guidance { try drive.send(payload) }
    try drive.send(twoLegRoute)
    try drive.send(.guidanceStarted)
    try drive.send(progress(remaining: 100, time: 12, step: 0, toManeuver: 80, maneuver: "roundabout-left", road: "Crescent"))
    try drive.send(progress(remaining: 20, time: 3, step: 1, toManeuver: 20, maneuver: "arrive", road: "Crescent"))
    try drive.send(.arrived(waypointIndex: 0))
    try drive.send(.routeChanged(.nextLeg))
    try drive.send(progress(remaining: 100, time: 12, step: 1, toManeuver: 60, maneuver: "turn-right", road: "Gerald Road"))

    #expect(log.infos.count == 3)
    let first = try #require(log.infos[0].currentStep)
    #expect(first.stepNumber == 1)
    #expect(first.maneuver == .roundaboutLeftClockwise)  // left-hand traffic: clockwise
    #expect(first.drivingSide == .left)
    #expect(first.fullRoadName == "Crescent" && first.simpleRoadName == "Crescent")
    #expect(first.fullInstructionText == "Enter the roundabout and take the 1st exit onto Crescent.")
    #expect(first.exitNumber == "7")
    #expect(first.roundaboutTurnNumber == 1)
    #expect(first.distanceFromPrevStepMeters == 80 && first.timeFromPrevStepSeconds == 9)
    let lanes = try #require(first.lanes)
    #expect(lanes.map { $0.laneDirections.map(\.laneShape) } == [[.normalLeft], [.straight, .normalRight]])
    #expect(lanes.map { $0.laneDirections.map(\.recommended) } == [[true], [false, false]])
    #expect(first.lanesImage(with: nil)?.size == CGSize(width: 192, height: 96))
    #expect(log.infos[0].remainingSteps.map(\.stepNumber) == [2, 3])
    #expect(log.infos[0].distanceToCurrentStepMeters == 80)

    // Nearing the first destination: step 2 lies on the next leg, so the current step is the
    // destination from progress, in the leg's driving side, and no lanes.
    let destination = try #require(log.infos[1].currentStep)
    #expect(destination.maneuver == .destination && destination.drivingSide == .left)
    #expect(destination.lanes == nil && destination.exitNumber == nil)
    #expect(log.infos[1].remainingSteps.map(\.stepNumber) == [2, 3])

    let onLegTwo = try #require(log.infos[2].currentStep)
    #expect(onLegTwo.stepNumber == 2 && onLegTwo.maneuver == .turnRight && onLegTwo.lanes == nil)
    #expect(log.infos[2].remainingSteps.map(\.fullInstructionText) == ["You have arrived."])
  }

  @Test func routeLegsAreThePlannedOnes() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    try drive.send(.navigationEnabled)
    for payload in Self.guidance { try drive.send(payload) }
    try drive.send(twoLegRoute)
    let legs = try #require(navigator.routeLegs)
    #expect(legs.map(\.destinationCoordinate.latitude) == [53.001, 53.002])
    #expect(legs[1].path?.count() == 2)
    #expect(legs[1].path?.coordinate(at: 1).longitude == -2.001)
    #expect(navigator.currentRouteLeg?.destinationCoordinate.latitude == 53.001)
    try drive.send(.arrived(waypointIndex: 0))
    try drive.send(.routeChanged(.nextLeg))
    #expect(navigator.currentRouteLeg?.destinationCoordinate.latitude == 53.002)
    #expect(navigator.currentRouteLeg?.path?.coordinate(at: 0).latitude == 53.001)
    // Once the vehicle is on the leg, the current leg's path starts where it is.
    try drive.send(progress(remaining: 60, time: 6, step: 1, lat: 53.0015, lng: -2.0005))
    let current = try #require(navigator.currentRouteLeg?.path)
    #expect(current.count() == 2)
    #expect(current.coordinate(at: 0).latitude == 53.0015 && current.coordinate(at: 1).latitude == 53.002)
    #expect(navigator.routeLegs?[1].path?.coordinate(at: 0).latitude == 53.001)  // the whole leg
  }

  @Test func theCurrentLegsPathFollowsTheVehicleForward() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    try drive.send(.navigationEnabled)
    // A leg north and back south on the other side of the road, 7 m east.
    let path = [(53.0, -2.0), (53.001, -2.0), (53.002, -2.0), (53.002, -1.9999), (53.001, -1.9999), (53.0, -1.9999)]
      .map { PathPoint(latitude: $0.0, longitude: $0.1) }
    try drive.send(.routeLeg(RecordedRouteLeg(index: 0, latitude: 53, longitude: -2, drivingSide: .right, path: path)))
    try drive.send(.routeSet(RouteInfo(routeID: "r", totalDistance: 440, totalDuration: 60, legs: 1, steps: 2, alternateRoutes: 0)))
    func ahead() -> [Double] {
      let path = navigator.currentRouteLeg?.path
      return (0..<(path?.count() ?? 0)).map { path!.coordinate(at: $0).latitude }
    }
    #expect(ahead() == [53.0, 53.001, 53.002, 53.002, 53.001, 53.0])
    try drive.send(progress(remaining: 380, time: 50, lat: 53.0005, lng: -2))
    #expect(ahead() == [53.0005, 53.001, 53.002, 53.002, 53.001, 53.0])
    try drive.send(progress(remaining: 250, time: 40, lat: 53.0014, lng: -2))  // on the way out
    #expect(ahead() == [53.0014, 53.002, 53.002, 53.001, 53.0])
    try drive.send(progress(remaining: 150, time: 20, lat: 53.0014, lng: -1.9999))  // and back
    #expect(ahead() == [53.0014, 53.001, 53.0])
  }

  @Test func aRouteWithoutPlannedGuidanceKeepsTheOlderAnswers() throws {
    var drive = try Drive(nil)
    let log = StepLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.add(log)
    try drive.send(.navigationEnabled)
    try drive.send(twoLegRoute)
    try drive.send(.guidanceStarted)
    try drive.send(progress(remaining: 100, time: 12, step: 0, toManeuver: 80, maneuver: "turn-right", road: "Main St"))
    let step = try #require(log.infos.first?.currentStep)
    #expect(step.maneuver == .turnRight && step.drivingSide == .right && step.lanes == nil)
    #expect(step.fullInstructionText == "Turn right onto Main St" && step.stepNumber == 0)
    #expect(log.infos.first?.remainingSteps.isEmpty == true)
    #expect(navigator.routeLegs?.first?.path?.count() == 1)  // as driven so far
  }

  @Test func recordedManeuverNamesMapToTheSDKs() {
    let cases: [(String, GMSNavigationDrivingSide, GMSNavigationManeuver)] = [
      ("turn-slight-right", .right, .turnSlightRight), ("turn-sharp-left", .right, .turnSharpLeft),
      ("roundabout", .right, .roundaboutCounterClockwise), ("roundabout", .left, .roundaboutClockwise),
      ("roundabout-right", .right, .roundaboutRightCounterClockwise),
      ("exit-roundabout-left", .left, .roundaboutExitClockwise),
      ("fork-slight-right", .right, .forkRight), ("off-ramp-slight-left", .right, .offRampSlightLeft),
      ("on-ramp-right", .right, .onRampRight), ("merge-slight-left", .right, .mergeLeft),
      ("continue-uturn", .left, .turnUTurnClockwise), ("new-name-straight", .right, .nameChange),
      ("end-of-road-left", .right, .turnLeft), ("continue-straight", .right, .straight),
      ("keep-left", .right, .turnKeepLeft), ("arrive", .right, .destination),
      ("teleport", .right, .unknown), ("teleport-left", .right, .unknown),
    ]
    for (name, side, expected) in cases {
      #expect(GMSNavigationManeuver(recorded: name, drivingSide: side) == expected, "\(name)")
    }
  }
}
