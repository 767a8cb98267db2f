import EventLog
import Foundation
import Navigator
import Replay
import SampleDelegates
import SessionEvents
import TestSupport
import Testing

@testable import NavSimCLI

/// `navsim record --through-recorder`: the recorder and the replayer check each other. Each
/// canonical trip drives NavSim's SDK model with a `NavSimRecorder` attached; its log is
/// replayed through every sample delegate and the built-in layout and compared with the
/// simulator's own log, `replay --print` line for line with event numbers set aside.
///
/// The simulator's log is first reduced to what the SDK's public API can carry (prompt kinds
/// and texts, posted speed limits, alternate-route counts: the recorder cannot see them). What
/// still differs is pinned in `__Golden__/through-recorder.txt` and explained in the README
/// ("What the recorder cannot see"): a change there, better or worse, fails this test.
@MainActor
@Suite struct ThroughRecorderTests {
  nonisolated static let golden =
    Fixtures.repositoryRoot + "/Tests/NavSimCLITests/__Golden__/through-recorder.txt"

  /// The simulator's events as the public API shows them.
  static func observable(_ payload: EventPayload) -> EventPayload {
    switch payload {
    case .promptReady(var prompt):
      prompt.kind = PromptKind(rawValue: "unknown")
      prompt.text = ""
      return .promptReady(prompt)
    case .speed(var report):
      report.speedLimit = nil
      return .speed(report)
    case .routeSet(var route):
      route.alternateRoutes = 0
      return .routeSet(route)
    default:
      return payload
    }
  }

  /// `replay --print`'s lines without event numbers.
  static func printed(_ path: String, delegate: String) throws -> [String] {
    let catalog = SampleDelegateCatalog.all
    let job = ReplayJob(
      logPath: path, delegateName: delegate, makeDelegate: { catalog[delegate]?() })
    var lines: [String] = []
    _ = try job.run(onSnapshot: { snapshot, changed in
      guard changed || !snapshot.findings.isEmpty else { return }
      var text = snapshot.text
      if let space = text.firstIndex(of: " "), text.hasPrefix("event ") {
        let afterNumber = text[text.index(after: space)...].drop { $0 != " " }
        text = "event" + afterNumber
      }
      lines += text.split(separator: "\n").map(String.init)
    })
    return lines
  }

  /// How two printed replays differ: `identical`, or the times of the first differing lines.
  static func comparison(_ direct: [String], _ recorded: [String]) -> String {
    if direct == recorded { return "identical" }
    var times: [String] = []
    var time = "?"
    for (a, b) in zip(direct, recorded) {
      if a.hasPrefix("event ") { time = String(a.split(separator: " ")[1]) }
      if a != b && times.last != time { times.append(time) }
      if times.count == 3 { break }
    }
    return "differs from \(times.joined(separator: ", ")) (\(direct.count) vs \(recorded.count) lines)"
  }

  @Test func throughRecorderLogsReplayAsTheSimulatorsLogsDo() throws {
    let directory = TemporaryDirectory()
    var report: [String] = []
    for name in RecordingsTests.names {
      let scenario = try Scenario.load(path: RecordingsTests.directory + "/\(name).json")
      let recorded = directory.file("\(name)-recorder.sqlite")
      let result = try ThroughRecorder.record(try Trip(scenario: scenario), name: name, into: recorded)

      let direct = directory.file("\(name)-direct.sqlite")
      let copy = directory.file("\(name)-canonical.sqlite")
      try FileManager.default.copyItem(atPath: RecordingsTests.directory + "/\(name).sqlite", toPath: copy)
      let source = try EventLogFile(path: copy, mode: .readOnly)
      let writer = try EventLogFile(path: direct, mode: .create).beginRecording(
        try source.recording(1).metadata)
      let cursor = try source.events(recording: 1)
      while let event = try cursor.next() { try writer.append(Self.observable(event.payload), t: event.t) }
      try writer.finish()

      let info = try EventLogFile(path: recorded, mode: .readOnly).recording(result.recordingID)
      #expect(info.isFinished && info.metadata.attributes["recorder"] != nil)
      for delegate in SampleDelegateCatalog.all.keys.sorted() + ["builtin"] {
        let comparison = Self.comparison(
          try Self.printed(direct, delegate: delegate), try Self.printed(recorded, delegate: delegate))
        report.append("\(name) \(delegate): \(comparison)")
      }
    }
    let text = report.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["NAVSIM_RECORD_GOLDEN"] != nil {
      try text.write(toFile: Self.golden, atomically: true, encoding: .utf8)
      Issue.record("re-recorded \(Self.golden); run again without NAVSIM_RECORD_GOLDEN")
      return
    }
    let expected = try String(contentsOfFile: Self.golden, encoding: .utf8)
    #expect(text == expected, "through-recorder comparison changed:\n\(text)")
    // Most pairs are identical; the rest are the divergences the README names.
    #expect(report.filter { $0.hasSuffix(": identical") }.count >= 4)
  }

  @Test func theCommandLineRecordsThroughTheRecorder() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("trip.sqlite")
    var stdout = "", stderr = ""
    let context = CommandContext(
      delegates: DelegateRegistry([:]), standardOutput: { stdout += $0 },
      standardError: { stderr += $0 }, showsProgress: false)
    let status = NavSimCLI.run(
      ["record", "--builtin", "city-commute", "--through-recorder", "--out", out], context: context)
    #expect(status == 0, "\(stderr)")
    #expect(stdout.hasPrefix("recorded 'city-commute' as recording 1 in \(out)"))
    let info = try EventLogFile(path: out, mode: .readOnly).recording(1)
    #expect(info.metadata.source == .imported)
    #expect(info.metadata.attributes["device.model"] == "NavSim iphone-15-portrait")
    #expect(info.eventCount > 1000)
    let bad = NavSimCLI.run(
      ["record", "--builtin", "city-commute", "--through-recorder", "--speed-multiplier", "2",
       "--out", out], context: context)
    #expect(bad == 2 && stderr.contains("--speed-multiplier does not go with --through-recorder"))
  }
}
