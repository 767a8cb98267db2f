import Findings
import Foundation
import Lint
import NavSim
import Replay
import SampleDelegates
import SessionEvents
import Testing

/// Each replay owns its context (virtual clock, layout auditor, SDK profile): two replays in one
/// process, advanced event by event alternately - different delegates, devices and profiles -
/// give exactly the snapshots and findings each gives alone.
@MainActor
@Suite struct InterleavedReplayTests {
  /// One replay to run: a recording, a delegate and a profile.
  struct Subject {
    var recording: String
    var make: @MainActor () -> any NavigationLayoutDelegate
    var profile = SDKProfile.default
  }

  /// What a replay produced: every snapshot, then what `finish()` returned.
  struct Outcome: Equatable {
    var snapshots: [LayoutSnapshot] = []
    var finished: [Finding] = []
  }

  /// A replay in progress, one event at a time.
  @MainActor final class Run {
    let replayer: Replayer
    let events: [SessionEvent]
    var index = 0
    var outcome = Outcome()

    init(_ subject: Subject) throws {
      events = try ScreenReplayTests.events(subject.recording)
      replayer = try Replayer(delegate: subject.make(),
        watchers: .layoutRules, profile: subject.profile)
    }

    var isDone: Bool { index == events.count }

    func step() {
      let next = index + 1 < events.count ? events[index + 1] : nil
      outcome.snapshots.append(replayer.apply(ReplayTick(events[index], next: next)))
      index += 1
      if isDone { outcome.finished = replayer.finish() }
    }
  }

  static func alone(_ subject: Subject) throws -> Outcome {
    let run = try Run(subject)
    while !run.isDone { run.step() }
    return run.outcome
  }

  /// Both made before either starts, then one event of each in turn (the shorter one
  /// finishing first).
  static func interleaved(_ a: Subject, _ b: Subject) throws -> (Outcome, Outcome) {
    let runs = [try Run(a), try Run(b)]
    while runs.contains(where: { !$0.isDone }) {
      for run in runs where !run.isDone { run.step() }
    }
    return (runs[0].outcome, runs[1].outcome)
  }

  static func expectSame(_ got: Outcome, _ want: Outcome, _ label: String) {
    #expect(got.snapshots.count == want.snapshots.count, "\(label): event counts")
    if let index = want.snapshots.indices.first(where: {
      $0 < got.snapshots.count && got.snapshots[$0] != want.snapshots[$0]
    }) {
      Issue.record(
        """
        \(label): seq \(want.snapshots[index].seq) differs when interleaved:
        \(got.snapshots[index])
        alone:
        \(want.snapshots[index])
        """)
    }
    #expect(got.finished == want.finished, "\(label): findings at the end")
  }

  /// A profile whose sizes differ from the default where every layout sees them.
  static var tallCards: SDKProfile {
    var profile = SDKProfile.default
    profile.etaCardHeight += 24
    profile.cardLayoutMargin += 4
    return profile
  }

  @Test func twoReplaysAdvancedAlternatelyGiveWhatEachGivesAlone() throws {
    // An iPhone trip through a delegate with findings, and an iPad trip that rotates into
    // wide mode (animated) through another delegate and another profile.
    let iphone = Subject(recording: "city-commute", make: { BrokenLayoutDelegate() })
    let ipad = Subject(
      recording: "rotations-wide", make: { CompleteLayoutDelegate() }, profile: Self.tallCards)
    let aloneA = try Self.alone(iphone)
    let aloneB = try Self.alone(ipad)
    // The check has teeth: findings to keep apart, animations on the clock, profiles that
    // show in frames.
    #expect(aloneA.snapshots.contains { !$0.findings.isEmpty })
    #expect((aloneA.snapshots + aloneB.snapshots).contains { !$0.layout.animations.isEmpty })
    let (gotA, gotB) = try Self.interleaved(iphone, ipad)
    Self.expectSame(gotA, aloneA, "city-commute through broken")
    Self.expectSame(gotB, aloneB, "rotations-wide through complete")
  }

  @Test func theSameTripThroughTwoProfilesInterleavedKeepsEachProfile() throws {
    let plain = Subject(recording: "rtl-city", make: { BasicLayoutDelegate() })
    let tall = Subject(
      recording: "rtl-city", make: { BasicLayoutDelegate() }, profile: Self.tallCards)
    let alonePlain = try Self.alone(plain)
    let aloneTall = try Self.alone(tall)
    #expect(alonePlain.snapshots != aloneTall.snapshots, "the profiles must show in frames")
    let (gotPlain, gotTall) = try Self.interleaved(plain, tall)
    Self.expectSame(gotPlain, alonePlain, "rtl-city, default profile")
    Self.expectSame(gotTall, aloneTall, "rtl-city, tall cards")
  }
}
