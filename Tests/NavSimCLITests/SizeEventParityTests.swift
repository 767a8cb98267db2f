import CLITestSupport
import EventLog
import Foundation
import NavSim
import Navigator
import Replay
import ReplayTestSupport
import SampleDelegates
import SessionEvents
import TestSupport
import Testing

import Lint
@testable import NavSimCLI

/// Size events close the gap between a phone's recording and the simulator's: a
/// `--through-recorder --view-sizes` log of each canonical trip replays to the frames of the
/// canonical log itself (not a reduced copy), from navigation's start, through every sample
/// delegate, the sample screen and the built-in layout. Prompts are compared by position, not
/// by name: a prompt's kind is not in the SDK's public API.
@MainActor
@Suite struct SizeEventParityTests {
  /// The distinct layouts (and findings) a replay goes through from the first
  /// `navigationEnabled` on, with prompt names reduced to their ids. Size events' own
  /// snapshots are left out: their sizes were applied with the change before them.
  static func frames(_ path: String, delegate: String, profile: SDKProfile = .default) throws
    -> [String]
  {
    let catalog = SampleDelegateCatalog.all
    let job: ReplayJob
    if let screen = SampleDelegateCatalog.screens[delegate] {
      job = ReplayJob(logPath: path, screenName: delegate, makeScreen: screen,
        watchers: .layoutRules, profile: profile)
    } else {
      job = ReplayJob(
        logPath: path, delegateName: delegate, makeDelegate: { catalog[delegate]?() },
        watchers: .layoutRules,
        profile: profile)
    }
    var snapshots: [LayoutSnapshot] = []
    _ = try job.run(onSnapshot: { snapshot, _ in snapshots.append(snapshot) })
    return frames(of: snapshots)
  }

  /// The frames of a canonical recording through `delegate`, from the replay the goldens and
  /// the forced-full-pass equivalence check too (`CanonicalReplays`).
  static func canonicalFrames(_ name: String, delegate: String) throws -> [String] {
    frames(of: try CanonicalReplays.outcome(name, delegate).snapshots)
  }

  static func frames(of snapshots: [LayoutSnapshot]) -> [String] {
    var frames: [String] = []
    var started = false
    for snapshot in snapshots {
      let text = snapshot.text
      let end = text.firstIndex(of: "\n") ?? text.endIndex
      if snapshot.event == EventKind.navigationEnabled.rawValue { started = true }
      // A size event's own snapshot repeats the layout pass of the change it follows.
      guard started, snapshot.event != EventKind.viewSize.rawValue else { continue }
      let body = Self.withoutPromptKinds(String(text[end...]))
      if frames.last != body { frames.append(body) }
    }
    return frames
  }

  /// `prompt.incident#3` and `prompt.unknown#3` both become `prompt#3`.
  static func withoutPromptKinds(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let range = rest.range(of: "prompt.") {
      out += rest[..<range.lowerBound]
      let after = rest[range.upperBound...]
      if let hash = after.firstIndex(of: "#"),
        after[..<hash].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
      {
        out += "prompt"
        rest = after[hash...]
      } else {
        out += "prompt."
        rest = after
      }
    }
    return out + rest
  }

  @Test func promptNamesLoseTheirKindsOnly() {
    #expect(Self.withoutPromptKinds("a prompt.speedCamera#12 b prompt.x") == "a prompt#12 b prompt.x")
  }

  @Test(arguments: RecordingsTests.names)
  func throughRecorderLogsWithSizesReplayToTheCanonicalFrames(name: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: name) else {
      return
    }
    let directory = TemporaryDirectory()
    let scenario = try Scenario.load(path: RecordingsTests.directory + "/\(name).json")
    let recorded = directory.file("\(name)-recorder.sqlite")
    _ = try ThroughRecorder.record(
      try Trip(scenario: scenario), name: name, into: recorded, viewSizes: true,
      delegate: BasicLayoutDelegate())
    let sizes = try EventLogFile(path: recorded, mode: .readOnly).events(recording: 1).readAll()
      .filter { $0.kind == .viewSize }
    #expect(!sizes.isEmpty)

    let delegates = SampleDelegateCatalog.all.keys.sorted() + ["builtin"]
      + SampleDelegateCatalog.screens.keys.sorted()
    for delegate in delegates {
      let want = try Self.canonicalFrames(name, delegate: delegate)
      let got = try Self.frames(recorded, delegate: delegate)
      if want != got { Issue.record("\(name) \(delegate): \(Self.firstDifference(want, got))") }
    }
  }

  /// The SDK sizes its views whatever the app's layout: the recorder writes the same log, size
  /// events included, whichever sample delegate it wraps (`broken` puts views where the rules
  /// forbid, and leaves some out).
  @Test(arguments: ["rotations-wide", "rtl-city"])
  func theRecordersLogIsTheSameWhicheverDelegateItWraps(name: String) throws {
    let directory = TemporaryDirectory()
    let scenario = try Scenario.load(path: RecordingsTests.directory + "/\(name).json")
    var logs: [String: [String]] = [:]
    let delegates = SampleDelegateCatalog.all.keys.sorted()
    for delegate in delegates {
      let path = directory.file("\(name)-\(delegate).sqlite")
      _ = try ThroughRecorder.record(
        try Trip(scenario: scenario), name: name, into: path, viewSizes: true,
        delegate: SampleDelegateCatalog.all[delegate]?())
      logs[delegate] = try EventLogFile(path: path, mode: .readOnly).events(recording: 1)
        .readAll().map { "\($0.t) \($0.payload)" }
    }
    let basic = try #require(logs["basic"])
    #expect(basic.contains { $0.contains("viewSize") })
    for delegate in delegates {
      #expect(logs[delegate] == basic, "\(name): \(delegate) vs basic")
    }
  }

  /// `navsim record --through-recorder --view-sizes` wraps `basic` unless `--delegate` names
  /// another; with `builtin` nothing hands the recorder the views, so no size events.
  @Test func theCommandLineNamesTheDelegateTheRecorderWraps() throws {
    let directory = TemporaryDirectory()
    func sizeEvents(_ extra: [String]) throws -> Int {
      let out = directory.file("trip\(extra.joined(separator: "-")).sqlite")
      let (status, _, stderr) = runInProcess(
        ["record", "--builtin", "city-commute", "--through-recorder", "--view-sizes"] + extra
          + ["--out", out], delegates: SampleDelegateCatalog.all)
      #expect(status == 0, "\(stderr)")
      return try EventLogFile(path: out, mode: .readOnly).events(recording: 1).readAll()
        .filter { $0.kind == .viewSize }.count
    }
    #expect(try sizeEvents([]) > 10)
    #expect(try sizeEvents(["--delegate", "complete"]) > 10)
    #expect(try sizeEvents(["--delegate", "builtin"]) == 0)
    let bad = runInProcess(
      ["record", "--builtin", "city-commute", "--delegate", "basic", "--out",
       directory.file("no.sqlite")], delegates: SampleDelegateCatalog.all)
    #expect(bad.status == 2 && bad.err.contains("--delegate goes only with --through-recorder"))
  }

  /// Where two frame lists first differ: the frame and its first differing line.
  static func firstDifference(_ want: [String], _ got: [String]) -> String {
    let index =
      (0..<min(want.count, got.count)).first { want[$0] != got[$0] } ?? min(want.count, got.count)
    let wantLines = index < want.count ? want[index].split(separator: "\n") : []
    let gotLines = index < got.count ? got[index].split(separator: "\n") : []
    let line = zip(wantLines, gotLines).first { $0 != $1 }
    return "frame \(index) of \(want.count) vs \(got.count) differs: "
      + (line.map { "'\($0.0)' vs '\($0.1)'" } ?? "\(wantLines.count) vs \(gotLines.count) lines")
  }

  /// A log carries the sizes its device drew: recorded on a model with another profile, it
  /// replays under the default profile to the frames the canonical log gives under that one.
  @Test(arguments: ["rtl-city", "rotations-wide"])
  func aLogWithSizesReplaysToTheSizesItCarriesWhateverTheProfile(name: String) throws {
    let directory = TemporaryDirectory()
    let scenario = try Scenario.load(path: RecordingsTests.directory + "/\(name).json")
    let recorded = directory.file("\(name)-device.sqlite")
    let device = ProfileFitTests.device
    _ = try ThroughRecorder.record(
      try Trip(scenario: scenario), name: name, into: recorded, profile: device, viewSizes: true,
      delegate: BasicLayoutDelegate())
    let canonical = directory.file("\(name).sqlite")
    try FileManager.default.copyItem(
      atPath: RecordingsTests.directory + "/\(name).sqlite", toPath: canonical)
    for delegate in ["complete", "builtin"] {
      let want = try Self.frames(canonical, delegate: delegate, profile: device)
      let got = try Self.frames(recorded, delegate: delegate)
      #expect(want == got, "\(name) \(delegate): \(Self.firstDifference(want, got))")
      // and not what the default profile would have drawn
      #expect(try Self.canonicalFrames(name, delegate: delegate) != got, "\(name) \(delegate)")
    }
  }
}
