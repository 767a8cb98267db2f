import CLITestSupport
import EventLog
import Foundation
import Navigator
import Replay
import SampleDelegates
import SessionEvents
import TestSupport
import Testing

import Lint
@testable import NavSimCLI

/// `navsim record --through-recorder`: the recorder and the replayer check each other. Each
/// canonical trip drives NavSim's SDK model with a `NavSimRecorder` attached; its log is
/// replayed through every sample delegate and the built-in layout and must print what the
/// simulator's own log prints (`replay --print`, line for line, event numbers set aside).
///
/// The simulator's log is compared as the public API shows it (`reduced`, docs/recorder.md "What the
/// recorder cannot see"). The reduction is checked too: every event it keeps replays to the
/// layout and findings the simulator's log has there, and every event it drops changed
/// nothing, so it cannot hide a layout difference.
@MainActor
@Suite struct ThroughRecorderTests {
  /// The simulator's log as the recorder sees it, and where each event came from.
  struct Reduction {
    /// Every event of the simulator's log with what the API cannot read set to unknown.
    var observable: [(t: Int64, payload: EventPayload)] = []
    /// What the recorder should write: `observable` without what changes nothing, after the
    /// recorder's statement of the starting settings.
    var events: [(t: Int64, payload: EventPayload)] = []
    /// For each event of `events`, the index of the simulator's event it stands for (nil for
    /// the recorder's statement of the starting settings).
    var sources: [Int?] = []
    /// Indices of the simulator's events the recorder cannot see because they change nothing.
    var dropped: [Int] = []
  }

  /// The settings of a fresh replay's map view (the SDK's documented defaults), in the order
  /// the recorder states them at its start.
  static let startSettings: [SettingChange] = [
    SettingChange(name: .layoutDirection, value: .text("ltr")),
    SettingChange(name: .speedometer, value: .bool(false)),
    SettingChange(name: .speedLimit, value: .bool(false)),
    SettingChange(name: .prompts, value: .bool(true)),
    SettingChange(name: .recenterButton, value: .bool(true)),
    SettingChange(name: .compass, value: .bool(false)),
    SettingChange(name: .myLocationButton, value: .bool(false)),
    SettingChange(name: .header, value: .bool(true)),
    SettingChange(name: .footer, value: .bool(true)),
    SettingChange(name: .tripProgressBar, value: .bool(false)),
    SettingChange(name: .reportIncidentButton, value: .bool(true)),
    SettingChange(name: .destinationMarkers, value: .bool(true)),
    SettingChange(name: .trafficLights, value: .bool(false)),
    SettingChange(name: .stopSigns, value: .bool(false)),
    SettingChange(name: .scrollGestures, value: .bool(true)),
    SettingChange(name: .zoomGestures, value: .bool(true)),
    SettingChange(name: .tiltGestures, value: .bool(true)),
    SettingChange(name: .rotateGestures, value: .bool(true)),
    SettingChange(name: .mapPadding, value: .text("0,0,0,0")),
  ]

  /// The simulator's events as the public API shows them:
  /// * what the recorder cannot read (these reach the layout, and both logs replay them the
  ///   same way): a prompt's kind and text (unknown, empty), the posted speed limit
  ///   (unknown), the alternate-route count (0);
  /// * what changes nothing, so the SDK tells nobody: a setting set to the value it has, a
  ///   size the map already has, a pan while the camera is already free or with scroll
  ///   gestures off; and a pan's offsets (the SDK model ignores them);
  /// * the recorder's own statement, at t = 0, of every layout setting's starting value;
  /// * a leg's driving side (not in `GMSRouteLeg`: none), and, dropped, the route's planned
  ///   steps and the request's status (schema 4), which the recorder cannot see in time.
  static func reduced(_ direct: [SessionEvent]) -> Reduction {
    var reduction = Reduction()
    var settings: [Setting: SettingValue] = [:]
    for setting in startSettings {
      settings[setting.name] = setting.value
      reduction.events.append((0, .settingChanged(setting)))
      reduction.sources.append(nil)
    }
    var geometry = MapGeometry(width: 393, height: 852)
    var cameraFree = false
    for (index, event) in direct.enumerated() {
      var payload = event.payload
      var changesNothing = false
      switch payload {
      case .promptReady(var prompt):
        prompt.kind = PromptKind(rawValue: "unknown")
        prompt.text = ""
        payload = .promptReady(prompt)
      case .speed(var report):
        report.speedLimit = nil
        payload = .speed(report)
      case .routeSet(var route):
        route.alternateRoutes = 0
        payload = .routeSet(route)
      case .settingChanged(let change):
        changesNothing = settings[change.name] == change.value
        settings[change.name] = change.value
      case .mapResized(let size):
        changesNothing = size == geometry
        geometry = size
      case .userPanned:
        changesNothing = cameraFree || settings[.scrollGestures] == .bool(false)
        cameraFree = true
        payload = .userPanned(dx: 0, dy: 0)
      case .recentered:
        cameraFree = false
      case .routeLeg(var leg):
        leg.drivingSide = .none
        payload = .routeLeg(leg)
      case .routeStep, .stepDetail, .routeStatus:
        // Unseen: a route's steps reach nav info only once guidance runs, after the route is
        // set; a request's status reaches only the app's callback (docs/recorder.md "What the recorder
        // cannot see"). Listeners hear them, layouts do not, which the check of dropped
        // events below confirms.
        changesNothing = true
      default:
        break
      }
      reduction.observable.append((event.t, payload))
      if changesNothing {
        reduction.dropped.append(index)
      } else {
        reduction.events.append((event.t, payload))
        reduction.sources.append(index)
      }
    }
    return reduction
  }

  /// One event as `replay` shows it: the header line without the event number, the layout
  /// and findings after it, and whether `replay --print` prints it.
  struct Replayed: Equatable {
    var header: String
    var body: Substring
    var printed: Bool
  }

  static func replayed(_ path: String, delegate: String) throws -> [Replayed] {
    let catalog = SampleDelegateCatalog.all
    let job = ReplayJob(
      logPath: path, delegateName: delegate, makeDelegate: { catalog[delegate]?() },
      watchers: .layoutRules)
    var events: [Replayed] = []
    _ = try job.run(onSnapshot: { snapshot, changed in
      let text = snapshot.text
      let end = text.firstIndex(of: "\n") ?? text.endIndex
      var header = text[..<end]
      if header.hasPrefix("event ") { header = "event" + header.dropFirst(6).drop { $0 != " " } }
      events.append(
        Replayed(
          header: String(header), body: text[end...],
          printed: changed || !snapshot.findings.isEmpty))
    })
    return events
  }

  /// `replay --print`'s lines without event numbers.
  static func printed(_ events: [Replayed]) -> [String] {
    events.filter(\.printed).flatMap { [$0.header] + $0.body.split(separator: "\n").map(String.init) }
  }

  /// The first line where two printed replays differ, with the event header above it.
  static func firstDifference(_ expected: [String], _ actual: [String]) -> String {
    var header = ""
    for (a, b) in zip(expected, actual) {
      if a.hasPrefix("event ") { header = a }
      if a != b { return "under '\(header)': expected '\(a)', recorded '\(b)'" }
    }
    return "\(expected.count) vs \(actual.count) lines"
  }

  static func write(_ events: [(t: Int64, payload: EventPayload)], like source: RecordingMetadata, to path: String)
    throws
  {
    let writer = try EventLogFile(path: path, mode: .create).beginRecording(source)
    for event in events { try writer.append(event.payload, t: event.t) }
    try writer.finish()
  }

  /// A scenario's header accessory is set through the recorder, which writes it as the
  /// simulator does: each height at its time, 0 when it goes.
  @Test func theScenariosHeaderAccessoryIsRecorded() throws {
    let directory = TemporaryDirectory()
    let scenario = try Scenario.parse(
      Array(
        """
        {"route": "park-loop", "events": [
          {"at": 20, "setting": {"headerAccessory": 48}},
          {"at": 40, "setting": {"headerAccessory": 72}},
          {"at": 60, "setting": {"headerAccessory": 0}}]}
        """.utf8), path: "accessory.json")
    func accessory(_ events: [SessionEvent]) -> [String] {
      events.compactMap { event in
        guard case .settingChanged(let change) = event.payload, change.name == .headerAccessory
        else { return nil }
        return "\(event.t) \(change.value)"
      }
    }
    let recorded = directory.file("recorder.sqlite")
    _ = try ThroughRecorder.record(try Trip(scenario: scenario), name: "a", into: recorded)
    let direct = directory.file("direct.sqlite")
    _ = try TripRecorder.record(try Trip(scenario: scenario), name: "a", into: direct)
    let fromRecorder = accessory(
      try EventLogFile(path: recorded, mode: .readOnly).events(recording: 1).readAll())
    #expect(fromRecorder == ["20000 number(48.0)", "40000 number(72.0)", "60000 number(0.0)"])
    let fromSimulator = accessory(
      try EventLogFile(path: direct, mode: .readOnly).events(recording: 1).readAll())
    #expect(fromRecorder == fromSimulator)
  }

  @Test(arguments: RecordingsTests.names)
  func throughRecorderLogsReplayAsTheSimulatorsLogsDo(name: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: name) else {
      return
    }
    let directory = TemporaryDirectory()
    let scenario = try Scenario.load(path: RecordingsTests.directory + "/\(name).json")
    let recorded = directory.file("\(name)-recorder.sqlite")
    let result = try ThroughRecorder.record(try Trip(scenario: scenario), name: name, into: recorded)
    let info = try EventLogFile(path: recorded, mode: .readOnly).recording(result.recordingID)
    #expect(info.isFinished && info.metadata.attributes["recorder"] != nil)

    // The canonical log (copied: opening it leaves -wal/-shm files), as the API shows it.
    let copy = directory.file("\(name)-canonical.sqlite")
    try FileManager.default.copyItem(atPath: RecordingsTests.directory + "/\(name).sqlite", toPath: copy)
    let source = try EventLogFile(path: copy, mode: .readOnly)
    let metadata = try source.recording(1).metadata
    let events = try source.events(recording: 1).readAll()
    let reduction = Self.reduced(events)
    let observable = directory.file("\(name)-observable.sqlite")
    let reducedPath = directory.file("\(name)-reduced.sqlite")
    try Self.write(reduction.observable, like: metadata, to: observable)
    try Self.write(reduction.events, like: metadata, to: reducedPath)

    for delegate in SampleDelegateCatalog.all.keys.sorted() + ["builtin"] {
      let direct = try Self.replayed(observable, delegate: delegate)
      let expected = try Self.replayed(reducedPath, delegate: delegate)
      let actual = try Self.replayed(recorded, delegate: delegate)
      // The reduction hides no layout: what it drops changed nothing, and what it keeps
      // (after the starting settings it adds) shows what the simulator's log, as the API
      // shows it, shows there.
      try #require(direct.count == events.count && expected.count == reduction.events.count)
      for index in reduction.dropped where index > 0 {
        let changesNothing = direct[index].body == direct[index - 1].body
        #expect(
          changesNothing,
          "\(name) \(delegate): the reduction drops \(direct[index].header), which changes the layout")
      }
      let otherwise = zip(reduction.sources, expected).first { index, replayed in
        guard let index else { return false }
        return replayed != Replayed(
          header: direct[index].header, body: direct[index].body, printed: replayed.printed)
      }
      #expect(
        otherwise == nil,
        "\(name) \(delegate): the reduced log shows \(otherwise?.1.header ?? "") otherwise")
      // The recorder's log replays as the simulator's does.
      let want = Self.printed(expected)
      let got = Self.printed(actual)
      let identical = want == got
      #expect(
        identical,
        "\(name) \(delegate): the recorder's log prints otherwise, \(Self.firstDifference(want, got))")
    }
  }

  @Test func theCommandLineRecordsThroughTheRecorder() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("trip.sqlite")
    let (status, stdout, stderr) = runInProcess(
      ["record", "--builtin", "city-commute", "--through-recorder", "--out", out])
    #expect(status == 0, "\(stderr)")
    #expect(stdout.hasPrefix("recorded 'city-commute' as recording 1 in \(out)"))
    let info = try EventLogFile(path: out, mode: .readOnly).recording(1)
    #expect(info.metadata.source == .imported)
    #expect(info.metadata.attributes["device.model"] == "NavSim iphone-15-portrait")
    #expect(info.eventCount > 1000)
    let bad = runInProcess(
      ["record", "--builtin", "city-commute", "--through-recorder", "--speed-multiplier", "2",
       "--out", out])
    #expect(
      bad.status == 2 && bad.err.contains("--speed-multiplier does not go with --through-recorder"))
  }
}
