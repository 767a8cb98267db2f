import SessionEvents
import TestSupport
import XCTest

@testable import Navigator

/// Runs of trips: the events a navigation session reports, in order, deterministic.
final class TripTests: XCTestCase {
  typealias Event = (t: Int64, payload: EventPayload)

  // MARK: - Lifecycle

  func testASessionReportsItsLifecycleInOrder() throws {
    let events = try run(#"{"route": "city-commute"}"#)
    // The commute: two legs, nine steps, two of them with lanes (schema 4's route kinds).
    XCTAssertEqual(
      events.prefix(22).map(\.payload.kind),
      [.navigationEnabled, .mapResized, .waypoint, .waypoint, .routeLeg, .routeLeg]
        + [.routeStep, .routeStep, .routeStep, .stepDetail, .routeStep, .routeStep, .routeStep]
        + [.routeStep, .stepDetail, .routeStep, .routeStep]
        + [.routeStatus, .routeSet, .guidanceStarted, .progress, .speed])
    XCTAssertEqual(
      events.suffix(3).map(\.payload),
      [.arrived(waypointIndex: 1), .guidanceStopped(.arrived), .navigationDisabled])
    XCTAssertEqual(events.last!.t - events[events.count - 2].t, 2000)
    XCTAssertEqual(events.map(\.t), events.map(\.t).sorted(), "time never goes back")
    // The intermediate destination of the two-leg commute.
    let waypoint = try XCTUnwrap(events.firstIndex { $0.payload == .arrived(waypointIndex: 0) })
    XCTAssertEqual(events[waypoint + 1].payload, .routeChanged(.nextLeg))
    let progress = events.compactMap { event -> SessionEvents.Progress? in
      if case .progress(let progress) = event.payload { return progress }
      return nil
    }
    XCTAssertEqual(progress.count, events.filter { $0.payload.kind == .speed }.count)
    XCTAssertEqual(progress.map(\.distanceTravelled), progress.map(\.distanceTravelled).sorted())
    XCTAssertEqual(progress.last?.distanceRemaining, 0)
    XCTAssertEqual(progress.last?.maneuver, "arrive")
    XCTAssertEqual(progress.first?.maneuver, "turn-right")
    XCTAssertEqual(progress.first?.roadName, "Hauptstrasse")
    // Remaining distance counts to the next destination: it jumps up after the waypoint.
    let jumps = zip(progress, progress.dropFirst()).filter {
      $1.distanceRemaining > $0.distanceRemaining
    }
    XCTAssertEqual(jumps.count, 1)
  }

  func testTheSameSeedGivesTheSameEventsAndAnotherSeedOthers() throws {
    let scenario = #"{"route": "old-town", "seed": 7, "rate": 4}"#
    let first = try run(scenario)
    let second = try run(scenario)
    XCTAssertEqual(first.map(\.t), second.map(\.t))
    XCTAssertEqual(first.map(\.payload), second.map(\.payload))
    let other = try run(#"{"route": "old-town", "seed": 8, "rate": 4}"#)
    XCTAssertNotEqual(other.map(\.payload), first.map(\.payload))
  }

  func testTicksFollowTheRate() throws {
    let events = try run(#"{"route": "park-loop", "rate": 10}"#)
    let times = events.filter { $0.payload.kind == .progress }.map(\.t)
    XCTAssertEqual(Set(zip(times, times.dropFirst()).map { $1 - $0 }), [100])
    let slow = try run(#"{"route": "park-loop", "rate": 1}"#)
    let slowTimes = slow.filter { $0.payload.kind == .progress }.map(\.t)
    XCTAssertEqual(Set(zip(slowTimes, slowTimes.dropFirst()).map { $1 - $0 }), [1000])
    XCTAssertEqual(
      Double(slow.last!.t) / Double(events.last!.t), 1, accuracy: 0.05, "same trip, finer ticks")
  }

  // MARK: - Driving

  func testTheVehicleAcceleratesAndBrakesWithinBoundsAndSlowsForTurns() throws {
    let events = try run(#"{"route": "city-commute", "rate": 2}"#)
    let speeds = events.compactMap { event -> Double? in
      if case .speed(let report) = event.payload { return report.speed }
      return nil
    }
    for (a, b) in zip(speeds, speeds.dropFirst()) {
      XCTAssertLessThanOrEqual(b - a, DriverProfile.normal.acceleration * 0.5 + 0.011)
      XCTAssertLessThanOrEqual(a - b, DriverProfile.maximumDeceleration * 0.5 + 0.011)
    }
    XCTAssertEqual(speeds.first, 0)
    XCTAssertEqual(speeds.last, 0)
    // The sharp left onto Bürostrasse (130 degrees) is taken slowly.
    let route = try BuiltinRoutes.route(named: "city-commute")
    let turn = try XCTUnwrap(
      route.steps.first { $0.roadName == "Bürostrasse" && $0.maneuver == "turn-sharp-left" })
    let nearTurn = progressAndSpeed(events).filter {
      abs($0.progress.distanceTravelled - turn.distance) < 8
    }
    XCTAssertFalse(nearTurn.isEmpty)
    for sample in nearTurn {
      XCTAssertLessThanOrEqual(sample.speed, SimulatedDrive.turnSpeed(angle: 130) + 1.5)
    }
  }

  func testSpeedingRaisesMinorThenMajorAlertsAfterTheUpgradeDuration() throws {
    let events = try run(
      #"{"route": "highway", "events": [{"at": 200, "speeding": {"factor": 1.4, "duration": 60}}]}"#
    )
    let reports = events.compactMap { event -> (Int64, SpeedReport)? in
      if case .speed(let report) = event.payload { return (event.t, report) }
      return nil
    }
    let severities = reports.map(\.1.severity)
    let firstMinor = try XCTUnwrap(severities.firstIndex(of: .minor))
    let firstMajor = try XCTUnwrap(severities.firstIndex(of: .major))
    XCTAssertLessThan(firstMinor, firstMajor)
    XCTAssertGreaterThanOrEqual(reports[firstMajor].0, 200_000)
    // Major only once more than +20 km/h has held for 5 s.
    let overMajor = reports.firstIndex {
      ($0.1.speed ?? 0) - ($0.1.speedLimit ?? .infinity) > 20 / 3.6
    }!
    XCTAssertGreaterThanOrEqual(reports[firstMajor].0 - reports[overMajor].0, 5000)
    for (_, report) in reports {
      switch report.severity {
      case .unknown:
        XCTAssertEqual(report.speedingPercentage, -1)
        XCTAssertNil(report.speedLimit)
      case .minor, .major: XCTAssertGreaterThan(report.speedingPercentage, 0)
      case .notSpeeding: XCTAssertNotNil(report.speedLimit)
      }
    }
    XCTAssertTrue(severities.contains(.unknown), "the highway has a stretch without limit data")
  }

  func testAPausedSimulatorKeepsReportingWithoutMoving() throws {
    let events = try run(
      #"{"route": "park-loop", "events": [{"at": 40, "pause": {"duration": 15}}]}"#)
    let paused = progressAndSpeed(events).filter { $0.t > 41_000 && $0.t < 55_000 }
    XCTAssertEqual(paused.count, 13)
    XCTAssertEqual(Set(paused.map(\.progress.distanceTravelled)).count, 1)
    XCTAssertTrue(paused.allSatisfy { $0.speed == 0 })
  }

  // MARK: - Prompts

  func testPromptsReplaceEachOtherAndEveryDismissalNamesTheShownPrompt() throws {
    let events = try run(#"{"route": "city-commute"}"#)
    var shown: Int?
    var replacements = 0
    for event in events {
      switch event.payload {
      case .promptReady(let prompt):
        if shown != nil { replacements += 1 }
        shown = prompt.promptID
      case .promptDismissed(let id):
        XCTAssertEqual(id, shown)
        shown = nil
      case .guidanceStopped:
        XCTAssertNil(shown, "no prompt left on screen when guidance stops")
      default: break
      }
    }
    XCTAssertGreaterThanOrEqual(replacements, 1)
    let ready = events.compactMap { event -> Prompt? in
      if case .promptReady(let prompt) = event.payload { return prompt }
      return nil
    }
    XCTAssertEqual(ready.map(\.promptID), Array(1...ready.count))
    XCTAssertEqual(Set(ready.map(\.kind)), [.traffic, .incident, .speedCamera])
  }

  func testPromptsOffSilencesIncidentsAndTrafficButNotSpeedCameras() throws {
    let events = try run(#"{"route": "city-commute", "settings": {"prompts": false}}"#)
    let kinds = events.compactMap { event -> PromptKind? in
      if case .promptReady(let prompt) = event.payload { return prompt.kind }
      return nil
    }
    XCTAssertEqual(kinds, [.speedCamera])
  }

  func testAForcedPromptGoesAwayAfterItsDuration() throws {
    let events = try run(
      #"{"route": "park-loop", "events": [{"at": 5.5, "prompt": {"kind": "betterRoute", "text": "Faster", "duration": 8}}]}"#
    )
    let ready = try XCTUnwrap(
      events.first {
        $0.payload == .promptReady(Prompt(promptID: 1, kind: .betterRoute, text: "Faster"))
      })
    XCTAssertEqual(ready.t, 5500)
    let dismissed = try XCTUnwrap(events.first { $0.payload == .promptDismissed(promptID: 1) })
    XCTAssertEqual(dismissed.t, 14_000, "at the first tick after 13.5 s")
  }

  // MARK: - Guidance and navigation switched off and on

  func testGuidanceStoppedDismissesThePromptAndReportsNothingUntilItStartsAgain() throws {
    let events = try run(
      """
      {"route": "park-loop", "generatedPrompts": false, "events": [
        {"at": 10, "prompt": {"kind": "incident", "text": "Crash", "duration": 30}},
        {"at": 12, "guidance": "stop"}, {"at": 14, "guidance": "stop"},
        {"at": 15, "prompt": {"kind": "traffic", "text": "Jam", "duration": 5}},
        {"at": 20, "guidance": "start"}]}
      """)
    let lifecycle = events.filter { event in
      switch event.payload {
      case .promptReady, .promptDismissed, .guidanceStopped, .guidanceStarted: true
      default: false
      }
    }
    XCTAssertEqual(
      lifecycle.map(\.t).filter { $0 <= 20_000 }, [0, 10_000, 12_000, 12_000, 20_000],
      "a second stop does nothing; a prompt while off is not shown")
    XCTAssertEqual(lifecycle[2].payload, .promptDismissed(promptID: 1), "the prompt goes first")
    XCTAssertEqual(lifecycle[3].payload, .guidanceStopped(.cancelled))
    XCTAssertEqual(lifecycle[4].payload, .guidanceStarted)
    let ticks = progressAndSpeed(events)
    XCTAssertFalse(ticks.contains { $0.t > 12_000 && $0.t < 20_000 }, "no progress while off")
    let before = try XCTUnwrap(ticks.last { $0.t <= 12_000 }).progress.distanceTravelled
    let after = try XCTUnwrap(ticks.first { $0.t >= 20_000 }).progress.distanceTravelled
    XCTAssertEqual(before, after, accuracy: 20, "the vehicle waits while guidance is off")
    XCTAssertEqual(events.last?.payload, .navigationDisabled)
    let arrived = events.filter { if case .arrived = $0.payload { true } else { false } }
    XCTAssertEqual(arrived.count, 1)
  }

  func testNavigationEnabledAgainSetsTheRouteAndStartsGuidance() throws {
    let events = try run(
      #"{"route": "city-commute", "events": [{"at": 30, "navigation": "disable"}, {"at": 40, "navigation": "enable"}]}"#
    )
    let at30 = events.filter { $0.t == 30_000 }.map(\.payload).filter { payload in
      if case .progress = payload { return false }
      if case .speed = payload { return false }
      return true
    }
    XCTAssertEqual(at30.suffix(2), [.guidanceStopped(.cancelled), .navigationDisabled])
    let at40 = events.filter { $0.t == 40_000 }.map(\.payload)
    XCTAssertEqual(at40.first, .navigationEnabled)
    XCTAssertTrue(at40.contains { if case .routeSet = $0 { true } else { false } })
    XCTAssertTrue(at40.contains(.guidanceStarted))
    XCTAssertEqual(events.filter { $0.payload == .navigationEnabled }.count, 2)
    XCTAssertEqual(events.last?.payload, .navigationDisabled)
  }

  func testATripWhoseGuidanceStaysOffEndsAfterItsLastEvent() throws {
    let events = try run(
      #"{"route": "park-loop", "events": [{"at": 30, "guidance": "stop"}, {"at": 50, "lighting": "night"}]}"#
    )
    XCTAssertEqual(events.last?.payload, .navigationDisabled)
    XCTAssertEqual(events.last?.t, 52_000)
    XCTAssertFalse(events.contains { if case .arrived = $0.payload { true } else { false } })
    XCTAssertThrowsError(
      try run(#"{"route": "park-loop", "events": [{"at": 30, "guidance": "stop"}, {"at": 40, "reroute": true}]}"#)
    ) { error in
      XCTAssertTrue("\(error)".hasPrefix("t.json:1: events[1]: re-route while guidance is off"), "\(error)")
    }
    XCTAssertThrowsError(
      try run(#"{"route": "park-loop", "events": [{"at": 30, "guidance": "pause"}]}"#)
    ) { error in
      XCTAssertTrue("\(error)".contains("\"pause\" is not one of stop, start"), "\(error)")
    }
  }

  func testATripCanStartPartWayAlongItsRoute() throws {
    let whole = try Trip(scenario: Scenario.parse(Array(#"{"route": "city-commute"}"#.utf8), path: "t.json"))
    let events = try run(#"{"route": "city-commute", "start": 3500}"#)
    let legs = events.filter { if case .routeLeg = $0.payload { true } else { false } }
    XCTAssertEqual(whole.route.legs.count, 2)
    XCTAssertEqual(legs.count, whole.route.legs[0].endDistance < 3500 ? 1 : 2)
    guard case .routeSet(let info) = try XCTUnwrap(events.first { if case .routeSet = $0.payload { true } else { false } }).payload
    else { return XCTFail() }
    XCTAssertEqual(info.totalDistance, (whole.route.totalDistance - 3500).rounded(), accuracy: 1)
    let steps = events.compactMap { event -> RecordedStep? in
      if case .routeStep(let step) = event.payload { return step }
      return nil
    }
    XCTAssertEqual(steps.first?.maneuver, "depart")
    XCTAssertEqual(
      steps.count - 1, whole.route.steps.filter { $0.distance > 3500 }.count, "the steps ahead")
    XCTAssertThrowsError(try run(#"{"route": "city-commute", "start": 99999}"#)) { error in
      XCTAssertTrue("\(error)".hasPrefix("t.json: start: starts 99999 m along a route of"), "\(error)")
    }
    // The canonical text carries it (and leaves it out at 0, so older scenarios read the same).
    var scenario = try Scenario.parse(Array(#"{"route": "city-commute", "start": 3500}"#.utf8), path: "t.json")
    XCTAssertTrue(scenario.canonicalJSON.contains("\"start\": 3500"))
    scenario.start = 0
    XCTAssertFalse(scenario.canonicalJSON.contains("\"start\""))
  }

  // MARK: - Device, settings, camera

  func testDeviceEventsResizeTheMap() throws {
    let events = try run(
      """
      {"route": "park-loop", "device": "ipad-pro-13-portrait", "layoutDirection": "rtl",
       "settings": {"speedometer": true},
       "events": [{"at": 10, "rotate": "landscape"}, {"at": 20, "splitScreen": "1/3"},
                  {"at": 30, "resize": {"height": 600}}, {"at": 40, "device": "iphone-se-portrait"}]}
      """)
    let sizes = events.compactMap { event -> (Int64, MapGeometry)? in
      if case .mapResized(let geometry) = event.payload { return (event.t, geometry) }
      return nil
    }
    XCTAssertEqual(sizes.map(\.0), [0, 10_000, 20_000, 30_000, 40_000])
    XCTAssertEqual(
      sizes.map { [$0.1.width, $0.1.height] },
      [[1032, 1376], [1376, 1032], [375, 1032], [375, 600], [375, 667]])
    XCTAssertEqual(
      events[2...3].map(\.payload),
      [
        .settingChanged(SettingChange(name: .layoutDirection, value: .text("rtl"))),
        .settingChanged(SettingChange(name: .speedometer, value: .bool(true))),
      ])
  }

  func testPansAndRecentres() throws {
    let events = try run(
      #"{"route": "park-loop", "events": [{"at": 12, "pan": {"dx": 30, "dy": -80}}, {"at": 20, "recenter": true}]}"#
    )
    XCTAssertTrue(events.contains { $0.t == 12_000 && $0.payload == .userPanned(dx: 30, dy: -80) })
    XCTAssertTrue(events.contains { $0.t == 20_000 && $0.payload == .recentered })
  }

  func testTheRouteIsRecordedWithItsDestinationsLegsAndSteps() throws {
    let events = try run(#"{"route": "city-commute"}"#)
    let route = try BuiltinRoutes.route(named: "city-commute")
    let waypoints = events.compactMap { if case .waypoint(let w) = $0.payload { w } else { nil } }
    XCTAssertEqual(waypoints.map(\.title), ["Schulweg", "Bürostrasse"])
    XCTAssertEqual(waypoints.map(\.index), [0, 1])
    let legs = events.compactMap { if case .routeLeg(let l) = $0.payload { l } else { nil } }
    XCTAssertEqual(legs.count, 2)
    XCTAssertEqual(legs.map(\.latitude), waypoints.compactMap(\.latitude))
    XCTAssertEqual(legs.map(\.drivingSide), [.right, .right])
    // Paths run from the start through the first destination to the end, simplified: a
    // straight road keeps its ends only, yet every dropped point lies within 1 m of the path.
    XCTAssertEqual(legs[0].path.first?.latitude ?? 0, route.points[0].latitude, accuracy: 1e-6)
    XCTAssertEqual(legs[0].path.last, legs[1].path.first)
    XCTAssertEqual(legs[1].path.last?.longitude ?? 0, route.points.last!.longitude, accuracy: 1e-6)
    XCTAssertLessThan(legs[0].path.count + legs[1].path.count, route.points.count / 2)
    let steps = events.compactMap { if case .routeStep(let s) = $0.payload { s } else { nil } }
    XCTAssertEqual(steps.map(\.index), Array(0..<route.steps.count))
    XCTAssertEqual(steps.map(\.maneuver), route.steps.map(\.maneuver))
    XCTAssertEqual(steps.map(\.leg), [0, 0, 0, 0, 1, 1, 1, 1, 1])
    XCTAssertEqual(steps[5].instruction, "At the roundabout, take exit 2 onto Ringstrasse")
    XCTAssertEqual(steps[5].roundaboutTurnNumber, 2)
    XCTAssertEqual(steps[1].instruction, "Turn right onto Hauptstrasse")
    XCTAssertEqual(
      steps.map(\.distanceFromPrevStep).reduce(0, +), route.totalDistance, accuracy: 0.5)
    XCTAssertEqual(steps.map(\.timeFromPrevStep).reduce(0, +), route.expectedDuration, accuracy: 0.5)
    let details = events.compactMap { if case .stepDetail(let d) = $0.payload { d } else { nil } }
    XCTAssertEqual(details.map(\.index), [2, 6])
    XCTAssertEqual(
      RecordedStepDetail.lanesText(details[0].lanes), "normalLeft*|straight|straight,normalRight")
  }

  func testLegPathsStayWithinAMetreOfTheRoute() throws {
    let route = try BuiltinRoutes.route(named: "park-loop")
    let kept = TripRun.simplified(route.points)
    XCTAssertLessThan(kept.count, route.points.count)
    XCTAssertEqual(kept.first, route.points.first)
    XCTAssertEqual(kept.last, route.points.last)
    // Every point dropped lies within the tolerance of the segment of kept points around it.
    var next = 0
    for point in route.points {
      if next < kept.count, point == kept[next] {
        next += 1
        continue
      }
      let off = TripRun.crossTrackDistance(point, from: kept[next - 1], to: kept[next])
      XCTAssertLessThanOrEqual(off, TripRun.legPathTolerance, "a dropped point is off the path")
    }
  }

  func testAReRouteSetsALongerRoute() throws {
    let plain = try run(#"{"route": "park-loop"}"#)
    let events = try run(
      #"{"route": "park-loop", "events": [{"at": 30, "reroute": {"detour": 400}}]}"#)
    let change = try XCTUnwrap(events.firstIndex { $0.payload == .routeChanged(.reroute) })
    // The new route's legs and steps, then its routeSet; its destinations stay as they were.
    let set = try XCTUnwrap(events[change...].firstIndex { $0.payload.kind == .routeSet })
    XCTAssertEqual(
      Set(events[(change + 1)..<set].map(\.payload.kind)), [.routeLeg, .routeStep])
    guard case .routeSet(let info) = events[set].payload else {
      return XCTFail("routeSet follows")
    }
    guard let first = events.firstIndex(where: { $0.payload.kind == .routeSet }),
      case .routeSet(let original) = events[first].payload
    else {
      return XCTFail("routeSet at start")
    }
    XCTAssertEqual(events.filter { $0.payload.kind == .waypoint }.count, 1)
    XCTAssertEqual(events.filter { $0.payload.kind == .routeStatus }.count, 1)
    XCTAssertTrue(info.routeID.hasSuffix("~reroute1"))
    XCTAssertEqual(info.totalDistance - original.totalDistance, 400, accuracy: 4)
    XCTAssertGreaterThan(events.last!.t, plain.last!.t)
    let last = progressAndSpeed(events).last!.progress
    XCTAssertEqual(last.distanceTravelled, info.totalDistance, accuracy: 0.2)
  }

  // MARK: - Recorded drives and fixtures

  func testATimedTrackIsReplayedAtItsOwnTiming() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let scenario = try Scenario(
      name: "visnjan",
      route: .file(path: Fixtures.route("gpxpy-around-visnjan-with-car.gpx"), precision: nil))
    let trip = try Trip(scenario: scenario)
    XCTAssertTrue(trip.isRecordedDrive)
    XCTAssertEqual(trip.createdAt, "2020-12-18T06:15:50Z")
    var events: [Event] = []
    let summary = try trip.run { events.append(($0, $1)) }
    XCTAssertEqual(summary.arrivalMilliseconds, 514_000)
    XCTAssertEqual(summary.distance, (trip.route.totalDistance * 10).rounded() / 10)
    let first = progressAndSpeed(events)
    XCTAssertEqual(first.count, 515)
    XCTAssertTrue(
      first.contains { $0.speed < 1 && $0.t > 0 && $0.t < 514_000 }, "stop-and-go on the way")
    XCTAssertTrue(first.allSatisfy { $0.report.severity == .unknown }, "GPX has no limits")
  }

  func testEveryFixtureWithARouteRecords() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let files = [
      "ferrostar-standard_osrm_polyline6_response.json", "ferrostar-standard_osrm_route.polyline6",
      "ferrostar-valhalla_osrm_response.json", "ferrostar-valhalla_osrm_with_roundabouts.json",
      "gpxpy-around-visnjan-with-car.gpx", "gpxpy-cerknicko-jezero.gpx",
      "gpxpy-gpx1.0_with_all_fields.gpx", "gpxpy-gpx1.1_with_all_fields.gpx", "gpxpy-route.gpx",
      "gpxpy-track-with-empty-segment.gpx", "gpxpy-track_with_speed.gpx",
    ]
    for file in files {
      let scenario = try Scenario(
        name: file, route: .file(path: Fixtures.route(file), precision: nil))
      let trip = try Trip(scenario: scenario)
      trip.route._checkInvariants()
      let summary = try trip.run { _, _ in }
      XCTAssertEqual(
        summary.count(of: .arrived), try Trip(scenario: scenario).route.legs.count, file)
      XCTAssertEqual(summary.count(of: .navigationDisabled), 1, file)
      XCTAssertGreaterThan(summary.count(of: .progress), 2, file)
    }
  }

  func testGeneratedPromptsOnImportedRoutesFollowTheSeed() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let path = Fixtures.route("gpxpy-route.gpx")
    let a = try Trip(scenario: Scenario(name: "a", route: .file(path: path, precision: nil)))
    XCTAssertFalse(a.route.pointsOfInterest.isEmpty)
    XCTAssertEqual(
      a.route.pointsOfInterest,
      try Trip(scenario: Scenario(name: "a", route: .file(path: path, precision: nil))).route
        .pointsOfInterest)
    var off = try Scenario(name: "b", route: .file(path: path, precision: nil))
    off.generatedPromptSpacing = nil
    XCTAssertTrue(try Trip(scenario: off).route.pointsOfInterest.isEmpty)
  }

  // MARK: - Scripts that cannot happen

  func testScriptsThatCannotHappenAreRefusedWithTheirLine() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let cases: [(String, String)] = [
      (
        "{\"route\": \"park-loop\", \"events\": [\n{\"at\": 5000, \"lighting\": \"night\"}]}",
        "t.json:2: events[0]: at 5000.0 s is after the trip ends (arrival at "
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [\n\n{\"at\": 5, \"recenter\": true}]}",
        "t.json:3: events[0]: re-centre without a pan before it"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [{\"at\": 5, \"splitScreen\": \"1/2\"}]}",
        "t.json:1: events[0]: split screen needs an iPad profile (the device is iphone-15-portrait)"
      ),
      (
        "{\"route\": \"park-loop\", \"device\": {\"width\": 500, \"height\": 800}, \"events\": [{\"at\": 5, \"rotate\": \"landscape\"}]}",
        "t.json:1: events[0]: rotate needs a named device profile"
      ),
      (
        "{\"route\": \"park-loop\", \"pointsOfInterest\": [\n{\"kind\": \"incident\", \"text\": \"x\", \"at\": 99999}]}",
        "t.json:2: pointsOfInterest[0]: at 99999.0 m is past the route's end (3099 m)"
      ),
    ]
    for (document, expected) in cases {
      XCTAssertThrowsError(try run(document), expected) { error in
        XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
      }
    }
    let arrival = try run(#"{"route": "park-loop"}"#).last!.t / 1000 - 2 - 4
    XCTAssertThrowsError(
      try run("{\"route\": \"park-loop\", \"events\": [{\"at\": \(arrival), \"reroute\": true}]}")
    ) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix("t.json:1: events[0]: too close to the destination to re-route"),
        "\(error)")
    }
    let track =
      "{\"route\": {\"file\": \"\(Fixtures.route("gpxpy-around-visnjan-with-car.gpx"))\"}, \"events\": [{\"at\": 5, \"speeding\": {\"factor\": 1.2, \"duration\": 5}}]}"
    XCTAssertThrowsError(try run(track)) { error in
      XCTAssertTrue("\(error)".contains("\"timing\": \"simulate\""), "\(error)")
    }
    XCTAssertNoThrow(
      try run(
        track.replacingOccurrences(of: "\"events\"", with: "\"timing\": \"simulate\", \"events\"")))
  }

  // MARK: - Helpers

  private func run(_ json: String) throws -> [Event] {
    let scenario = try Scenario.parse(Array(json.utf8), path: "t.json")
    var events: [Event] = []
    _ = try Trip(scenario: scenario).run { events.append(($0, $1)) }
    return events
  }

  private func progressAndSpeed(_ events: [Event]) -> [(
    t: Int64, progress: SessionEvents.Progress, speed: Double, report: SpeedReport
  )] {
    var result: [(Int64, SessionEvents.Progress, Double, SpeedReport)] = []
    var pending: SessionEvents.Progress?
    for event in events {
      switch event.payload {
      case .progress(let progress): pending = progress
      case .speed(let report):
        if let progress = pending { result.append((event.t, progress, report.speed ?? -1, report)) }
        pending = nil
      default: break
      }
    }
    return result
  }
}
