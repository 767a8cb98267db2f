import Foundation
import Lint
import NavSim
import Replay
import ReplayTestSupport
import SampleDelegates
import SessionEvents
import TestSupport
import Testing

/// A replay skips the layout pass, the layout rules and the walk of the tree on events that
/// changed nothing they read. These tests replay every canonical recording through every
/// sample delegate and screen twice, once skipping and once forcing a full pass (every
/// intrinsic size re-read, every constraint solved, every rule checked, the tree read) after
/// every event, and require the same snapshots, layout-change flags and findings: what was
/// skipped was work whose result was already known.
@MainActor
@Suite struct FullPassEquivalenceTests {
  /// What one replay produced, event by event.
  struct Outcome: Equatable {
    var snapshots: [LayoutSnapshot] = []
    var changed: [Bool] = []
    var findings: [String] = []
    var layoutChanges = 0
  }

  static func replay(_ job: ReplayJob, forced: Bool) throws -> Outcome {
    var job = job
    job.forcesFullPass = forced
    var outcome = Outcome()
    let summary = try job.run { snapshot, changed in
      outcome.snapshots.append(snapshot)
      outcome.changed.append(changed)
    }
    outcome.findings = findings(of: summary)
    outcome.layoutChanges = summary.layoutChanges
    return outcome
  }

  static func findings(of summary: ReplayJob.Summary) -> [String] {
    summary.findings.map { "\($0.finding.key) x\($0.count) from \($0.firstSeq)" }
  }

  /// What a replay that skips produced, from the outcome `CanonicalReplays` keeps (the same
  /// replay the goldens and the size-event parity check).
  static func outcome(_ shared: CanonicalReplays.Outcome) -> Outcome {
    Outcome(
      snapshots: shared.snapshots, changed: shared.changed,
      findings: findings(of: shared.summary),
      layoutChanges: shared.summary.layoutChanges)
  }

  /// Replays `job` skipping and forced; records the first differing event.
  static func expectSameOutcome(_ job: ReplayJob, _ label: String) throws {
    try expectSameOutcome(job, skipping: replay(job, forced: false), label)
  }

  /// Replays `job` forced and compares it with the skipping replay's `skipping`.
  static func expectSameOutcome(
    _ job: ReplayJob, skipping: Outcome, _ label: String
  ) throws {
    let forced = try replay(job, forced: true)
    #expect(skipping.snapshots.count > 0, "\(label): no events replayed")
    #expect(skipping.snapshots.count == forced.snapshots.count, "\(label): event counts")
    if let index = skipping.snapshots.indices.first(where: {
      $0 < forced.snapshots.count && skipping.snapshots[$0] != forced.snapshots[$0]
    }) {
      Issue.record(
        """
        \(label): snapshot of seq \(skipping.snapshots[index].seq) differs from the forced \
        full pass:\n\(skipping.snapshots[index])\nforced:\n\(forced.snapshots[index])
        """)
    }
    if let index = skipping.changed.indices.first(where: {
      $0 < forced.changed.count && skipping.changed[$0] != forced.changed[$0]
    }) {
      Issue.record(
        "\(label): seq \(skipping.snapshots[index].seq) layout changed: \(skipping.changed[index]), forced: \(forced.changed[index])")
    }
    #expect(skipping.layoutChanges == forced.layoutChanges, "\(label): layout changes")
    #expect(skipping.findings == forced.findings, "\(label): findings")
  }

  @Test(arguments: GoldenReplayTests.recordings)
  func sampleDelegatesLayOutTheSameWithAFullPassOnEveryEvent(recordingName: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: recordingName) else {
      return
    }
    for name in SampleDelegateCatalog.all.keys.sorted() + ["builtin"] {
      try Self.expectSameOutcome(
        CanonicalReplays.job(recordingName, name),
        skipping: Self.outcome(CanonicalReplays.outcome(recordingName, name)),
        "\(recordingName) through \(name)")
    }
  }

  @Test(arguments: GoldenReplayTests.recordings)
  func rtlReplaysLayOutTheSameWithAFullPassOnEveryEvent(recordingName: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: recordingName) else {
      return
    }
    try Self.expectSameOutcome(
      CanonicalReplays.job(recordingName, "complete", direction: .rtl),
      skipping: Self.outcome(CanonicalReplays.outcome(recordingName, "complete", direction: .rtl)),
      "\(recordingName) through complete, rtl")
  }

  @Test(arguments: GoldenReplayTests.recordings)
  func sampleScreensLayOutTheSameWithAFullPassOnEveryEvent(recordingName: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: recordingName) else {
      return
    }
    let events = try ScreenReplayTests.events(recordingName)
    let stops = ScreenReplayTests.stops(events)
    let log = recording(recordingName)
    for name in SampleDelegateCatalog.screens.keys.sorted() {
      try Self.expectSameOutcome(
        CanonicalReplays.job(recordingName, name),
        skipping: Self.outcome(CanonicalReplays.outcome(recordingName, name)),
        "\(recordingName) through screen \(name)")
    }
    var screens: [(String, @MainActor (GMSMapView) -> AnyObject)] = []
    screens.append(("guide-style", { GuideStyleNavigationScreen(mapView: $0, destinations: stops) }))
    screens.append(("view-controller", { NavigationViewController(mapView: $0, destinations: stops) }))
    screens.append(("courier", { mapView in
      CourierTripViewController(stops: stops, makeMap: { mapView })
    }))
    for (name, make) in screens {
      try Self.expectSameOutcome(
        ReplayJob(logPath: log, screenName: name, makeScreen: make, watchers: .layoutRules),
        "\(recordingName) through screen \(name)")
    }
  }

  /// The forced pass is a real pass: after a change that only an intrinsic-size read would
  /// see, it lays the view out anew (a test that cannot pass by doing nothing).
  @Test func aForcedPassReadsIntrinsicSizesNobodyInvalidated() throws {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let view = SizedView()
    view.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(view)
    NSLayoutConstraint.activate([
      view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      view.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    root.layoutIfNeeded()
    #expect(view.frame.size == CGSize(width: 40, height: 20))
    view.size = CGSize(width: 90, height: 30)  // no invalidateIntrinsicContentSize()
    root.layoutIfNeeded()
    #expect(view.frame.size == CGSize(width: 40, height: 20))
    root.forceFullLayoutPass()
    #expect(view.frame.size == CGSize(width: 90, height: 30))
  }
}

/// A view whose intrinsic size changes without telling the layout engine.
@MainActor
private final class SizedView: UIView {
  var size = CGSize(width: 40, height: 20)
  override var intrinsicContentSize: CGSize { size }
}
