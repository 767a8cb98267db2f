import EventLog
import Foundation
import NavSim
import Replay
import SessionEvents
import TestSupport
import Testing

import Lint
@testable import NavSimRecorder

/// The recorder against NavSim's map view: what it reads, what it writes, how it writes.
@MainActor
@Suite struct NavSimRecorderTests {
  /// A clock the test moves by hand, in seconds.
  final class ManualClock {
    var now = 100.0
  }

  /// A recorder on a manual clock. Without `viewSizes` it writes no size events, so the tests
  /// of the other kinds see only those (`SizeEventRecordingTests` has its own).
  private func recorder(
    _ mapView: GMSMapView, _ path: String, clock: ManualClock, batchSize: Int = 256,
    viewSizes: Bool = false
  ) throws -> NavSimRecorder {
    var options = NavSimRecorder.Options()
    options.recordsViewSizes = viewSizes
    options.name = "test drive"
    options.createdAt = "2026-12-01T12:00:00Z"
    options.deviceProfile = "iphone-15-portrait"
    options.clock = { clock.now }
    options.batchSize = batchSize
    options.samplesEveryFrame = false
    return try NavSimRecorder(mapView: mapView, path: path, options: options)
  }

  private func events(_ path: String) throws -> [SessionEvent] {
    try EventLogFile(path: path, mode: .readOnly).events(recording: 1).readAll()
  }

  @Test func itRecordsWhatChangesOnTheMapViewAtTheTimeItChanges() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let clock = ManualClock()
    let recorder = try recorder(mapView, path, clock: clock)
    recorder.start()  // t = 0: the size and every layout setting
    clock.now += 1.5
    mapView.shouldDisplaySpeedometer = true
    mapView.isNavigationEnabled = true
    recorder.sample()
    clock.now += 0.25
    recorder.sample()  // nothing changed: nothing written
    mapView.navigator?.isGuidanceActive = true
    recorder.mark("tunnel")
    recorder.sample()
    clock.now += 2
    mapView.frame = CGRect(x: 0, y: 0, width: 852, height: 393)
    mapView.settings.isRecenterButtonEnabled = false
    mapView.isNavigationEnabled = false
    try recorder.stop()

    let all = try events(path)
    #expect(all.prefix(20).allSatisfy { $0.t == 0 })
    #expect(all.dropFirst().prefix(19).allSatisfy { $0.kind == .settingChanged })
    let recorded = ([all[0]] + all.dropFirst(20)).map { "\($0.t) \($0.payload)" }
    #expect(
      recorded == [
        "0 mapResized(SessionEvents.MapGeometry(width: 375.0, height: 667.0, safeTop: 0.0, safeLeading: 0.0, safeBottom: 0.0, safeTrailing: 0.0))",
        "1500 settingChanged(SessionEvents.SettingChange(name: SessionEvents.Setting(rawValue: \"speedometer\"), value: SessionEvents.SettingValue.bool(true)))",
        "1500 navigationEnabled",
        "1750 mark(text: \"tunnel\")",
        "1750 guidanceStarted",
        "3750 mapResized(SessionEvents.MapGeometry(width: 852.0, height: 393.0, safeTop: 0.0, safeLeading: 0.0, safeBottom: 0.0, safeTrailing: 0.0))",
        "3750 settingChanged(SessionEvents.SettingChange(name: SessionEvents.Setting(rawValue: \"recenterButton\"), value: SessionEvents.SettingValue.bool(false)))",
        "3750 guidanceStopped(SessionEvents.GuidanceStopReason.cancelled)",
        "3750 navigationDisabled",
      ])
    let info = try EventLogFile(path: path, mode: .readOnly).recording(1)
    #expect(info.isFinished)
    #expect(info.metadata.name == "test drive" && info.metadata.source == .imported)
    #expect(info.metadata.deviceProfile == "iphone-15-portrait")
    #expect(info.metadata.attributes["device.screen"] == "375x667")
    #expect(info.metadata.attributes["recorder"] == "NavSimRecorder \(NavSimVersion.current)")
    #expect(info.metadata.attributes["os.version"] != nil)
    #expect(info.metadata.attributes["sdk.version"] != nil)
  }

  @Test func theStartingSizeIsRecordedOnlyWhenItDiffersFromAReplaysMapView() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let recorder = try recorder(mapView, path, clock: ManualClock())
    recorder.start()
    recorder.mark("start")
    try recorder.stop()
    #expect(try events(path).map(\.kind) == Array(repeating: .settingChanged, count: 19) + [.mark])
  }

  @Test func everyLayoutSettingIsRecordedWithItsValueAtTheStart() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    mapView.semanticContentAttribute = .forceRightToLeft
    mapView.settings.compassButton = true
    mapView.padding = UIEdgeInsets(top: 10, left: 0, bottom: 20.5, right: 30)
    let recorder = try recorder(mapView, path, clock: ManualClock())
    recorder.start()
    try recorder.stop()
    let settings = try events(path).compactMap { event -> String? in
      guard case .settingChanged(let change) = event.payload else { return nil }
      return "\(change.name.rawValue)=\(change.value)"
    }
    // The app's values and the defaults alike: a replay must not assume the device's SDK
    // defaults are NavSim's.
    #expect(
      settings == [
        "layoutDirection=text(\"rtl\")", "speedometer=bool(false)", "speedLimit=bool(false)",
        "prompts=bool(true)", "recenterButton=bool(true)", "compass=bool(true)",
        "myLocationButton=bool(false)", "header=bool(true)", "footer=bool(true)",
        "tripProgressBar=bool(false)", "reportIncidentButton=bool(true)",
        "destinationMarkers=bool(true)", "trafficLights=bool(false)", "stopSigns=bool(false)",
        "scrollGestures=bool(true)", "zoomGestures=bool(true)", "tiltGestures=bool(true)",
        "rotateGestures=bool(true)", "mapPadding=text(\"10,30,20.5,0\")",
      ])
  }

  @Test func aPanAndARecenterAreReadFromTheCameraMode() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let clock = ManualClock()
    let recorder = try recorder(mapView, path, clock: clock)
    recorder.start()
    mapView.cameraMode = .free
    clock.now += 1
    recorder.sample()
    mapView.cameraMode = .following
    clock.now += 1
    recorder.sample()
    mapView.cameraMode = .overview
    recorder.sample()
    try recorder.stop()
    #expect(try events(path).map(\.kind).dropFirst(20) == [.userPanned, .recentered])
  }

  /// Drives NavSim's SDK model with `payloads` (one event of lookahead, as a replay) and
  /// returns what a recorder on its map view wrote after the starting state, as text.
  private func recordedThroughTheModel(_ payloads: [(t: Int64, payload: EventPayload)]) throws
    -> [String]
  {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    let clock = ManualClock()
    let recorder = try recorder(mapView, path, clock: clock)
    clock.now = 0
    recorder.start()
    let events = payloads.enumerated().map { SessionEvent(seq: Int64($0 + 1), t: $1.t, payload: $1.payload) }
    for (index, event) in events.enumerated() {
      clock.now = Double(event.t) / 1000
      try session.apply(ReplayTick(event, next: index + 1 < events.count ? events[index + 1] : nil))
      recorder.sample()
    }
    try recorder.stop()
    return try self.events(path).filter { $0.kind != .settingChanged }.map { event in
      switch event.payload {
      case .speed(let report):
        "\(event.t) speed \(report.speed.map { "\($0)" } ?? "nil") \(report.severity)"
      case .routeSet(let route): "\(event.t) routeSet \(route.legs)"
      case .routeChanged(let reason): "\(event.t) routeChanged \(reason)"
      case .arrived(let index): "\(event.t) arrived \(index)"
      case .waypoint(let waypoint):
        "\(event.t) waypoint \(waypoint.index) \(waypoint.title) \(waypoint.placeID) "
          + "\(waypoint.latitude.map { "\($0)" } ?? "-"),\(waypoint.longitude.map { "\($0)" } ?? "-")"
      default: "\(event.t) \(event.kind.rawValue)"
      }
    }
  }

  private static func fix(_ remaining: Double) -> EventPayload {
    .progress(
      Progress(
        distanceTravelled: 0, distanceRemaining: remaining, timeRemaining: remaining / 10,
        stepIndex: 0, distanceToNextManeuver: 50, maneuver: "turn-left", roadName: "Main St",
        latitude: 47, longitude: 8, course: 90, delay: .light))
  }

  private static func speed(_ value: Double, _ severity: SpeedAlertSeverity) -> EventPayload {
    .speed(SpeedReport(speed: value, speedLimit: 10, severity: severity, speedingPercentage: 0))
  }

  @Test func aFixsSpeedEventCarriesItsOwnSpeedAndAlert() throws {
    let route = EventPayload.routeSet(
      RouteInfo(routeID: "r", totalDistance: 1000, totalDuration: 100, legs: 1, steps: 2, alternateRoutes: 0))
    let recorded = try recordedThroughTheModel([
      (0, .navigationEnabled), (0, route), (0, .guidanceStarted),
      (1000, Self.fix(900)), (1000, Self.speed(8, .notSpeeding)),
      (2000, Self.fix(880)), (2000, Self.speed(12, .minor)),
      (3000, Self.fix(860)), (3000, Self.speed(9, .notSpeeding)),
      (3000, .promptReady(Prompt(promptID: 1, kind: PromptKind(rawValue: "traffic"), text: "Slow traffic"))),
    ])
    // Each tick's speed and severity, not the tick before's; the speed event stays after
    // its progress and before what follows in the tick.
    #expect(
      recorded.drop { !$0.hasSuffix("guidanceStarted") }.dropFirst() == [
        "1000 progress", "1000 speed 8.0 notSpeeding", "2000 progress", "2000 speed 12.0 minor",
        "3000 progress", "3000 speed 9.0 notSpeeding", "3000 promptReady",
      ])
  }

  @Test func reRoutesAndNextLegsAreToldApartFromNewRoutesByTheirDestinations() throws {
    func route(_ legs: Int) -> EventPayload {
      .routeSet(
        RouteInfo(routeID: "r", totalDistance: 1000, totalDuration: 100, legs: legs, steps: 2, alternateRoutes: 0))
    }
    let recorded = try recordedThroughTheModel([
      (0, .navigationEnabled), (0, route(2)), (0, .guidanceStarted),
      (1000, Self.fix(900)), (1000, Self.speed(8, .notSpeeding)),
      // A re-route with no fix in between: the same destinations, the same leg.
      (2000, .routeChanged(.reroute)), (2000, route(2)),
      (3000, .arrived(waypointIndex: 0)), (3000, .routeChanged(.nextLeg)),
      // A re-route the nav info tells of (navState rerouting) before the new route comes.
      (4000, .routeChanged(.reroute)), (5000, Self.fix(500)), (5000, Self.speed(8, .notSpeeding)),
      (6000, route(2)),
      (7000, .arrived(waypointIndex: 1)), (7000, .guidanceStopped(.arrived)),
      (7000, .routeChanged(.cleared)),
    ])
    #expect(
      recorded.filter { !$0.contains("progress") && !$0.contains("speed") } == [
        "0 navigationEnabled", "0 routeSet 2", "0 guidanceStarted",
        "2000 routeChanged reroute", "2000 routeSet 2",
        "3000 arrived 0", "3000 routeChanged nextLeg",
        "5000 routeChanged reroute", "6000 routeSet 2",
        "7000 arrived 1", "7000 guidanceStopped", "7000 routeChanged cleared",
      ])
  }

  @Test func aRoutesDestinationsAreWrittenWhenTheNavigatorNamesThem() throws {
    let route = EventPayload.routeSet(
      RouteInfo(routeID: "r", totalDistance: 1000, totalDuration: 100, legs: 2, steps: 2, alternateRoutes: 0))
    let recorded = try recordedThroughTheModel([
      (0, .navigationEnabled),
      (0, .waypoint(RecordedWaypoint(index: 0, title: "School", latitude: 47.5, longitude: 8.25))),
      (0, .waypoint(RecordedWaypoint(index: 1, title: "Office", placeID: "ChIJoffice", latitude: nil, longitude: nil))),
      (0, route), (0, .guidanceStarted),
    ])
    #expect(
      recorded == [
        "0 navigationEnabled", "0 waypoint 0 School  47.5,8.25", "0 waypoint 1 Office ChIJoffice -,-",
        "0 routeSet 2", "0 guidanceStarted",
      ])
  }

  @Test func aStoppedRecorderWritesNothingMoreAndStopTwiceIsHarmless() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let recorder = try recorder(mapView, path, clock: ManualClock())
    recorder.start()
    try recorder.stop()
    recorder.mark("late")
    mapView.isNavigationEnabled = true
    recorder.sample()
    try recorder.stop()
    #expect(try events(path).map(\.kind) == [.mapResized] + Array(repeating: .settingChanged, count: 19))
  }

  @Test func aFileThatIsNotALogIsRefusedWithOneLine() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("notes.sqlite")
    try "hello".write(toFile: path, atomically: true, encoding: .utf8)
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    #expect(throws: EventLogError.notSQLite(path: path)) {
      _ = try NavSimRecorder(mapView: mapView, path: path)
    }
  }

  @Test func deviceFactsWithAnEmptyOrReservedKeyAreRefusedAndNothingIsWritten() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let api = "NavSimRecorder(mapView:path:options:): Options.deviceFacts"
    let refused: [([String: String], String)] = [
      (["recorder": "QA build 7"],
       #"\#(api) key "recorder" is the recorder's own fact (its name and NavSim version); "#
         + "give yours another key"),
      (["redacted": "no"],
       #"\#(api) key "redacted" marks a copy 'navsim log redact' wrote; give yours another key"#),
      (["device.model": "x", "": "y"], "\(api) has a fact with an empty key"),
    ]
    for (facts, message) in refused {
      var options = NavSimRecorder.Options()
      options.deviceFacts = facts
      options.samplesEveryFrame = false
      let error = #expect(throws: (any Error).self) {
        _ = try NavSimRecorder(mapView: mapView, path: path, options: options)
      }
      #expect(error.map { "\($0)" } == message)
      #expect(!FileManager.default.fileExists(atPath: path))
    }
    // The facts given are kept as they are, with the recorder's own fact beside them.
    var options = NavSimRecorder.Options()
    options.deviceFacts = ["device.model": "x", "recorder.build": "QA 7"]
    options.createdAt = "2026-12-01T12:00:00Z"
    options.samplesEveryFrame = false
    let recorder = try NavSimRecorder(mapView: mapView, path: path, options: options)
    try recorder.stop()
    let attributes = try EventLogFile(path: path, mode: .readOnly).recording(1).metadata.attributes
    #expect(attributes == [
      "device.model": "x", "recorder.build": "QA 7",
      "recorder": "NavSimRecorder \(NavSimVersion.current)",
    ])
  }

  // MARK: - The queue

  @Test func theQueueHoldsBoundedMemoryAndKeepsStateChangesWhenFull() throws {
    let directory = TemporaryDirectory()
    let log = try EventLogFile(path: directory.file("q.sqlite"), mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "q", source: .imported, createdAt: ""), batchSize: 8)
    let queue = RecorderQueue(
      writer: writer, limits: RecorderQueue.Limits(batchSize: 8, flushInterval: 0.01, capacity: 10))
    // Not started: nothing drains, as when the disk stalls.
    let progress = SyntheticEvents.payload(at: 0)
    for index in 0..<100 { queue.enqueue(progress, t: Int64(index)) }
    queue.enqueue(.mark(text: "kept"), t: 100)
    queue.enqueue(.navigationEnabled, t: 101)
    #expect(queue.droppedEvents == 90)
    queue.start()
    try queue.finish()
    let kinds = try EventLogFile(path: directory.file("q.sqlite"), mode: .readOnly)
      .events(recording: writer.recordingID).readAll().map(\.kind)
    #expect(kinds == Array(repeating: .progress, count: 10) + [.mark, .navigationEnabled])
  }

  @Test func theQueueWritesInBatchesWhileRecording() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("q.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "q", source: .imported, createdAt: ""), batchSize: 16)
    let queue = RecorderQueue(
      writer: writer, limits: RecorderQueue.Limits(batchSize: 16, flushInterval: 0.05))
    queue.start()
    for index in 0..<1000 {
      queue.enqueue(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    // The writer thread commits while the recording is still open.
    let reader = try EventLogFile(path: path, mode: .readOnly)
    var committed: Int64 = 0
    for _ in 0..<200 where committed < 1000 {
      Thread.sleep(forTimeInterval: 0.01)
      committed = try reader.recording(writer.recordingID).eventCount
    }
    #expect(committed == 1000)
    #expect(try !reader.recording(writer.recordingID).isFinished)
    try queue.finish()
    let info = try reader.recording(writer.recordingID)
    #expect(info.isFinished && info.eventCount == 1000)
    let stored = try reader.events(recording: writer.recordingID).readAll()
    #expect(stored.map(\.payload) == (0..<1000).map(SyntheticEvents.payload(at:)))
  }
}
