import Replay
import ReplayTestSupport
@testable import Snapshots
import Testing
import TestSupport

// The impact of a change tells views, configurations and recordings apart by their bytes, as
// the stores name them: "é" precomposed (U+00E9) and "e" with a combining accent (U+0301) are
// equal Swift `String`s but other names.

@Suite struct ChangeImpactBytesTests {
  static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

  /// A diff of one differing event whose changes name `views`.
  func diff(_ views: [String]) -> RunDiff {
    let change = ViewChange.Change.hidden(from: false, to: true)
    return RunDiff(
      labelA: "a", labelB: "b", delegateA: "d", delegateB: "d", tolerance: 0,
      eventsCompared: 1,
      differences: [
        EventDifference(
          seq: 1, t: 0, event: "progress", stateChanges: [],
          viewChanges: views.map { ViewChange(view: $0, change: change) },
          findingsIntroduced: [], findingsFixed: [], missingIn: nil)
      ])
  }

  @Test func viewsWhoseNamesDifferOnlyInNormalizationAreOtherViews() {
    let impact = ChangeImpact(
      nameA: "v1", nameB: "v2",
      pairs: [
        .init(name: "one", recording: "r", diff: diff([Self.composed])),
        .init(name: "two", recording: "r", diff: diff([Self.decomposed, Self.composed])),
      ], onlyInA: [], onlyInB: [])
    let views = impact.views
    #expect(views.count == 2)
    // The composed one changes on two events, the decomposed one on one; each by its bytes.
    #expect(views.map { Array($0.view.utf8) } == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)])
    #expect(views.map(\.events) == [2, 1])
    #expect(views.map(\.configurations) == [2, 1])
  }

  @Test func recordingsWhoseNamesDifferOnlyInNormalizationAreOtherRecordings() {
    let impact = ChangeImpact(
      nameA: "v1", nameB: "v2",
      pairs: [
        .init(name: "one", recording: Self.composed, diff: diff(["x"])),
        .init(name: "two", recording: Self.decomposed, diff: diff(["x"])),
      ], onlyInA: [], onlyInB: [])
    #expect(impact.recordings.count == 2)
    #expect(impact.changedRecordings.count == 2)
  }

  /// Labels `v1/café` and `v2/café` in the other form name other configurations: not paired.
  @Test func labelsThatDifferOnlyInNormalizationDoNotPair() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1/" + Self.composed, events: [(sampleLayout(), [])])
    try writeRun(store, label: "v2/" + Self.decomposed, events: [(sampleLayout(), [])])
    let impact = try #require(try ChangeImpact.compare(store: store, prefixA: "v1", prefixB: "v2"))
    #expect(impact.pairs.isEmpty)
    #expect(impact.onlyInA.map { Array($0.utf8) } == [Array(Self.composed.utf8)])
    #expect(impact.onlyInB.map { Array($0.utf8) } == [Array(Self.decomposed.utf8)])
    #expect(!impact.isUnchanged)
    _ = directory
  }
}
