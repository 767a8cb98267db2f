import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

import Lint
@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// Records every navigator and location callback as one line, in order.
@MainActor
final class ListenerLog: NSObject, GMSNavigatorListener, GMSRoadSnappedLocationProviderListener {
  var calls: [String] = []

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    calls.append("arrive(\(waypoint.title))")
  }
  func navigatorDidChangeRoute(_ navigator: GMSNavigator) { calls.append("routeChanged") }
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    calls.append("time(\(time))")
  }
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance) {
    calls.append("distance(\(distance))")
  }
  func navigator(_ navigator: GMSNavigator, didUpdate delayCategory: GMSNavigationDelayCategory) {
    calls.append("delay(\(delayCategory))")
  }
  func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {
    calls.append("lighting(\(lightingMode))")
  }
  func navigator(_ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat) {
    calls.append("speeding(\(percentageAboveLimit))")
  }
  func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {
    calls.append("alert(\(speedAlertSeverity), \(percentageAboveLimit))")
  }
  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    let step = navInfo.currentStep.map { "\($0.maneuver) \($0.fullRoadName)" } ?? "-"
    calls.append("navInfo(\(step), \(navInfo.distanceToCurrentStepMeters))")
  }
  func navigatorWillPresentPrompt(_ navigator: GMSNavigator) { calls.append("willPresentPrompt") }
  func navigatorDidDismissPrompt(_ navigator: GMSNavigator) { calls.append("didDismissPrompt") }
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    calls.append("location(\(location.coordinate.latitude), \(location.coordinate.longitude))")
  }
}

func progress(
  remaining: Double, time: Double, step: Int = 0, toManeuver: Double = 100,
  maneuver: String = "turn-left", road: String = "Main St", lat: Double = 47, lng: Double = 8,
  delay: DelayCategory = .light
) -> EventPayload {
  .progress(
    Progress(
      distanceTravelled: 1000 - remaining, distanceRemaining: remaining, timeRemaining: time,
      stepIndex: step, distanceToNextManeuver: toManeuver, maneuver: maneuver, roadName: road,
      latitude: lat, longitude: lng, course: 90, delay: delay))
}

let twoLegRoute = EventPayload.routeSet(
  RouteInfo(routeID: "r", totalDistance: 2000, totalDuration: 200, legs: 2, steps: 4, alternateRoutes: 0))

@MainActor @Suite struct NavigatorListenerTests {
  @Test func listenersHearTheTripInTheSDKsOrder() throws {
    var drive = try Drive(nil)
    let log = ListenerLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.add(log)
    try drive.send(.navigationEnabled)
    try drive.send(twoLegRoute)
    try drive.send(.guidanceStarted)
    try drive.send(progress(remaining: 900, time: 90))
    try drive.send(progress(remaining: 899.5, time: 89.5))  // under both thresholds
    try drive.send(progress(remaining: 898, time: 88, delay: .heavy))
    try drive.send(.arrived(waypointIndex: 0))
    try drive.send(.routeChanged(.nextLeg))
    try drive.send(.lightingChanged(.night))
    try drive.send(.promptReady(Prompt(promptID: 1, kind: .traffic, text: "Slow")))
    try drive.send(.promptDismissed(promptID: 1))
    #expect(log.calls == [
      "routeChanged",
      "navInfo(turnLeft Main St, 100.0)", "time(90.0)", "distance(900.0)", "delay(light)",
      "navInfo(turnLeft Main St, 100.0)",
      "navInfo(turnLeft Main St, 100.0)", "time(88.0)", "distance(898.0)", "delay(heavy)",
      "arrive(Destination 1)", "routeChanged", "lighting(lowLight)",
      "willPresentPrompt", "didDismissPrompt",
    ])
    #expect(navigator.timeToNextDestination == 88)
    #expect(navigator.distanceToNextDestination == 898)
    #expect(navigator.delayCategoryToNextDestination == .heavy)
    #expect(navigator.suggestedLightingMode == .lowLight)
    #expect(navigator.routeLegs?.count == 2)
    #expect(navigator.currentRouteLeg?.destinationWaypoint?.title == "Destination 2")
  }

  @Test func thresholdsDecideWhichChangesAreReported() throws {
    var drive = try Drive(nil)
    let log = ListenerLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.timeUpdateThreshold = 10
    navigator.distanceUpdateThreshold = CLLocationDistanceMax  // off
    navigator.add(log)
    try drive.send(.navigationEnabled)
    try drive.send(twoLegRoute)
    for (index, time) in [100.0, 95, 91, 89, 80].enumerated() {
      try drive.send(progress(remaining: 1000 - Double(index) * 10, time: time))
    }
    #expect(log.calls.filter { $0.hasPrefix("time") } == ["time(100.0)", "time(89.0)"])
    #expect(!log.calls.contains { $0.hasPrefix("distance") })
    #expect(!log.calls.contains { $0.hasPrefix("navInfo") })  // no guidance: no nav info
  }

  @Test func speedingFeedNeedsAlertOptionsAndAlertsFollowSeverityChanges() throws {
    var drive = try Drive(nil)
    let log = ListenerLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.add(log)
    let report = { (severity: SpeedAlertSeverity, pct: Double) in
      EventPayload.speed(SpeedReport(speed: 10, speedLimit: 8, severity: severity, speedingPercentage: pct))
    }
    try drive.send(report(.notSpeeding, 0))
    try drive.send(report(.notSpeeding, 0))
    navigator.speedAlertOptions = GMSNavigationMutableSpeedAlertOptions()
    try drive.send(report(.minor, 12))
    try drive.send(report(.major, 25))
    #expect(log.calls == [
      "alert(notSpeeding, 0.0)", "speeding(12.0)", "alert(minor, 12.0)", "speeding(25.0)",
      "alert(major, 25.0)",
    ])
  }

  @Test func roadSnappedLocationsGoOnlyToStartedProvidersAndListenersAreWeak() throws {
    var drive = try Drive(nil)
    let provider = try #require(drive.mapView.roadSnappedLocationProvider)
    var log: ListenerLog? = ListenerLog()
    provider.add(log!)
    try drive.send(progress(remaining: 900, time: 90, lat: 47.1, lng: 8.2))
    #expect(log!.calls.isEmpty)
    provider.startUpdatingLocation()
    try drive.send(progress(remaining: 890, time: 89, lat: 47.2, lng: 8.3))
    #expect(log!.calls == ["location(47.2, 8.3)"])
    #expect(provider.remove(log!))
    #expect(!provider.remove(log!))
    weak let released = log
    drive.mapView.navigator!.add(log!)
    log = nil
    #expect(released == nil)  // the navigator does not keep it alive
    try drive.send(.navigationEnabled)
  }

  @Test func aFixCarriesItsTicksSpeedWhenTheSpeedEventIsKnown() throws {
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    let provider = try #require(mapView.roadSnappedLocationProvider)
    final class Speeds: NSObject, GMSRoadSnappedLocationProviderListener {
      var speeds: [Double] = []
      func locationProvider(_ provider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation) {
        speeds.append(location.speed)
      }
    }
    let log = Speeds()
    provider.add(log)
    provider.startUpdatingLocation()
    func speed(_ value: Double?) -> EventPayload {
      .speed(SpeedReport(speed: value, speedLimit: nil, severity: .notSpeeding, speedingPercentage: 0))
    }
    // Ticks of (progress, speed): with the tick's speed event as `next`, the fix has that
    // speed (8 at 1 s, 9 at 2 s); without it, or when the next speed event is a later
    // tick's, the last speed applied (9 at 3 s, 9.5 at 4 s).
    let events = [
      SessionEvent(seq: 1, t: 1000, payload: progress(remaining: 900, time: 90)),
      SessionEvent(seq: 2, t: 1000, payload: speed(8)),
      SessionEvent(seq: 3, t: 2000, payload: progress(remaining: 890, time: 89)),
      SessionEvent(seq: 4, t: 2000, payload: speed(9)),
      SessionEvent(seq: 5, t: 3000, payload: progress(remaining: 880, time: 88)),
      SessionEvent(seq: 6, t: 3000, payload: speed(9.5)),
      SessionEvent(seq: 7, t: 4000, payload: progress(remaining: 870, time: 87)),
      SessionEvent(seq: 8, t: 5000, payload: speed(3)),
    ]
    for (index, event) in events.enumerated() where index < 4 {
      try session.apply(ReplayTick(event, next: events[index + 1]))
    }
    try session.apply(ReplayTick(events[4]))  // no lookahead: the last speed, 9
    try session.apply(ReplayTick(events[5], next: events[6]))
    // A later speed event is not this tick's.
    try session.apply(ReplayTick(events[6], next: events[7]))
    #expect(log.speeds == [8, 9, 9, 9.5])
  }

  @Test func recordedRouteAnswersSetDestinationsAfterTheRouteChangeCallback() throws {
    var drive = try Drive(nil)
    let log = ListenerLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.add(log)
    let school = try #require(GMSNavigationWaypoint(location: .init(latitude: 47, longitude: 8), title: "School"))
    let office = try #require(GMSNavigationWaypoint(placeID: "ChIJoffice", title: "Office"))
    navigator.setDestinations([school, office]) { log.calls.append("callback(\($0))") }
    navigator.isGuidanceActive = true  // accepted: the recording starts guidance
    #expect(log.calls.isEmpty)
    let findings = try drive.send(.navigationEnabled) + drive.send(twoLegRoute)
      + drive.send(.guidanceStarted)
    #expect(findings.isEmpty)
    #expect(log.calls == ["routeChanged", "callback(OK)"])
    #expect(navigator.isGuidanceActive)
    #expect(navigator.destinations.map(\.title) == ["School", "Office"])
    try drive.send(progress(remaining: 10, time: 2, lat: 47.0001, lng: 8))
    try drive.send(.arrived(waypointIndex: 0))
    #expect(log.calls.last == "arrive(School)")
  }

  @Test func contradictingCallsChangeNothingAndAreDivergences() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    var statuses: [GMSRouteStatus] = []
    let far = try #require(GMSNavigationWaypoint(location: .init(latitude: 48, longitude: 9), title: "Far"))
    navigator.setDestinations([far]) { statuses.append($0) }
    var findings = try drive.send(.navigationEnabled)
    findings += try drive.send(twoLegRoute)
    findings += try drive.send(.guidanceStarted)
    navigator.isGuidanceActive = false
    navigator.clearDestinations()
    drive.mapView.locationSimulator?.simulateLocation(at: .init(latitude: 1, longitude: 1))
    findings += try drive.send(progress(remaining: 900, time: 90))
    #expect(statuses.isEmpty)
    #expect(navigator.isGuidanceActive)
    #expect(navigator.routeLegs?.count == 2)
    #expect(findings.allSatisfy { $0.ruleID == "replay-divergence" && $0.severity == .warning })
    #expect(findings.map(\.message) == [
      "setDestinations(_:callback:) before the first event: asked for 1 destination(s); the route the "
        + "recording set at seq 2 has 2 leg(s): the app's destinations are ignored and its "
        + "callback is not called",
      "isGuidanceActive = false after seq 3: the recording keeps guiding: guidance stays on",
      "clearDestinations() after seq 3: the recording keeps its route: nothing is cleared",
      "simulateLocation(at:) after seq 3: the recording says where the device is: it keeps its "
        + "positions",
    ])
  }

  @Test func divergencesAreReportedWithTheNextEventAndTheLastAfterTheTrip() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    drive.mapView.locationSimulator?.simulateLocation(at: .init(latitude: 1, longitude: 1))
    let first = try drive.send(.navigationEnabled)
    var findings = try drive.send(twoLegRoute)
    navigator.isGuidanceActive = false  // navigation on, guidance never started: accepted
    findings += try drive.send(.guidanceStarted)
    #expect(findings.isEmpty)
    #expect(first.map(\.message).count == 1)
    #expect(first.first?.message.hasPrefix("simulateLocation(at:) before the first event: ") == true)
    // After the last event: a call, and a route request the recording never answers.
    navigator.isGuidanceActive = false
    let next = try #require(GMSNavigationWaypoint(location: .init(latitude: 48, longitude: 9), title: "Next"))
    var statuses: [GMSRouteStatus] = []
    let atFourth = try drive.send(.arrived(waypointIndex: 0))
    findings = atFourth
    findings += try drive.send(.arrived(waypointIndex: 1))
    navigator.setDestinations([next]) { statuses.append($0) }
    drive.mapView.locationSimulator?.simulateNavigationPrompt()
    let late = drive.session.finish()
    findings += late
    #expect(statuses.isEmpty)
    #expect(atFourth.count == 1)  // the call after seq 3 comes with the next event
    #expect(late.count == 2)  // the calls after the last event come with the trip's end
    #expect(findings.map(\.message) == [
      "isGuidanceActive = false after seq 3: the recording keeps guiding: guidance stays on",
      "simulateNavigationPrompt() after seq 5: the recording's prompts are the only prompts",
      "setDestinations(_:callback:) after seq 5: the recording never set a route for it: the "
        + "callback is not called",
    ])
  }

  @Test func aDestinationFarFromTheRecordedArrivalIsADivergence() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    let wrong = try #require(GMSNavigationWaypoint(location: .init(latitude: 47.01, longitude: 8), title: "Wrong"))
    navigator.setDestinations([wrong]) { _ in }
    try drive.send(.navigationEnabled)
    try drive.send(.routeSet(RouteInfo(routeID: "r", totalDistance: 1, totalDuration: 1, legs: 1, steps: 1, alternateRoutes: 0)))
    try drive.send(progress(remaining: 0, time: 0, lat: 47, lng: 8))
    let findings = try drive.send(.arrived(waypointIndex: 0))
    #expect(findings.map(\.message) == [
      "setDestinations(_:callback:) at seq 4: destination 'Wrong' is 1112 m from where the "
        + "recording arrived (waypoint 0)",
    ])
  }
}

/// Schema-3 recordings name their destinations and failed route requests.
@MainActor @Suite struct RecordedDestinationTests {
  static let named: [EventPayload] = [
    .waypoint(RecordedWaypoint(index: 0, title: "School", latitude: 47, longitude: 8)),
    .waypoint(RecordedWaypoint(index: 1, title: "Office", placeID: "ChIJoffice", latitude: nil, longitude: nil)),
    twoLegRoute,
  ]

  @Test func recordedWaypointsAreTheDestinationsListenersHearOf() throws {
    var drive = try Drive(nil)
    let log = ListenerLog()
    let navigator = try #require(drive.mapView.navigator)
    navigator.add(log)
    try drive.send(.navigationEnabled)
    for payload in Self.named { try drive.send(payload) }
    #expect(navigator.destinations.map(\.title) == ["School", "Office"])
    #expect(navigator.destinations[1].placeID == "ChIJoffice")
    #expect(navigator.routeLegs?.first?.destinationCoordinate.latitude == 47)
    try drive.send(.arrived(waypointIndex: 0))
    try drive.send(.routeChanged(.nextLeg))
    try drive.send(.arrived(waypointIndex: 1))
    #expect(log.calls.filter { $0.hasPrefix("arrive") } == ["arrive(School)", "arrive(Office)"])
  }

  @Test func theAppMustAskForTheRecordedDestinations() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    var statuses: [GMSRouteStatus] = []
    let near = try #require(GMSNavigationWaypoint(location: .init(latitude: 47.001, longitude: 8), title: "Kids"))
    let office = try #require(GMSNavigationWaypoint(placeID: "ChIJoffice", title: "Work"))
    navigator.setDestinations([near, office]) { statuses.append($0) }
    var findings = try drive.send(.navigationEnabled)
    for payload in Self.named { findings += try drive.send(payload) }
    #expect(findings.isEmpty)
    #expect(statuses == [.OK])
    #expect(navigator.destinations.map(\.title) == ["Kids", "Work"])  // the app's objects
    let shop = try #require(GMSNavigationWaypoint(placeID: "ChIJshop", title: "Shop"))
    navigator.setDestinations([near, shop]) { statuses.append($0) }
    findings = try drive.send(progress(remaining: 900, time: 90))
    #expect(statuses == [.OK])
    #expect(findings.map(\.message) == [
      "setDestinations(_:callback:) after seq 4: destination 2 'Shop' is not the recorded 'Office' "
        + "(place ChIJoffice) in the recording's route: nothing changes and the callback is not called",
    ])
  }

  @Test func aFailedRouteRequestAnswersWithTheRecordedStatus() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    var statuses: [GMSRouteStatus] = []
    let office = try #require(GMSNavigationWaypoint(placeID: "ChIJoffice", title: "Work"))
    navigator.setDestinations([office]) { statuses.append($0) }
    try drive.send(.navigationEnabled)
    try drive.send(.waypoint(RecordedWaypoint(index: 0, title: "Work", placeID: "ChIJoffice", latitude: nil, longitude: nil)))
    #expect(statuses.isEmpty)
    try drive.send(.routeStatus(status: "noRouteFound"))
    #expect(statuses == [.noRouteFound])
    #expect(navigator.routeLegs == nil)
    #expect(GMSRouteStatus(recordedName: "somethingNew") == .internalError)
  }
}

@Suite struct NavigationAPIShapeTests {
  @Test func enumsKeepTheSDKsRawValues() {
    #expect(GMSRouteStatus.OK.rawValue == 1 && GMSRouteStatus.travelModeUnsupported.rawValue == 11)
    #expect(GMSNavigationManeuver.nameChange.rawValue == 65)
    #expect(GMSNavigationManeuver.roundaboutClockwise.rawValue == 43)
    #expect(GMSNavigationSpeedAlertSeverity.unknown.rawValue == -2)
    #expect(GMSNavigationAlternateRoutesStrategy.one.rawValue == 2)
    #expect(GMSMapViewType.none.rawValue == 5)
    #expect(GMSNavigationLaneShape.uTurnRight.rawValue == 9)
    #expect(GMSNavigationNavState(rawValue: 4) == nil)
  }

  @Test func waypointsFailForInvalidInputAndMutableOnesKeepSideAndHeadingExclusive() throws {
    #expect(GMSNavigationWaypoint(location: kCLLocationCoordinate2DInvalid, title: "x") == nil)
    #expect(GMSNavigationWaypoint(placeID: "", title: "x") == nil)
    let placed = try #require(GMSNavigationWaypoint(placeID: "ChIJ", title: "Shop"))
    #expect(!CLLocationCoordinate2DIsValid(placed.coordinate) && placed.preferredHeading == -1)
    let mutable = try #require(placed.mutableCopy() as? GMSNavigationMutableWaypoint)
    mutable.preferredHeading = 90
    mutable.preferSameSideOfRoad = true
    #expect(mutable.preferredHeading == -1)
    mutable.preferredHeading = 180
    #expect(!mutable.preferSameSideOfRoad && mutable.title == "Shop")
  }

  @Test func encodedPathsRoundTrip() throws {
    // Google's documented example polyline.
    let path = try #require(GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
    #expect(path.count() == 3)
    #expect(path.coordinate(at: 0).latitude == 38.5 && path.coordinate(at: 0).longitude == -120.2)
    #expect(path.coordinate(at: 2).latitude == 43.252 && path.coordinate(at: 2).longitude == -126.453)
    #expect(path.encodedPath() == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    #expect(GMSPath(fromEncodedPath: "_p~iF~ps|U_") == nil)
  }
}
