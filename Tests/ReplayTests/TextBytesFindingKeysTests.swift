import Findings
import Foundation
import ReplayTestSupport
import TestSupport
import Testing
@testable import Replay
@testable import Report
@testable import Snapshots

/// Where findings are matched by key (rule and views, a divergence's message too) across runs
/// or events, keys are compared byte for byte: a store holds each finding's line as bytes, so
/// two findings whose views (or a divergence's message) differ only in normalization are two
/// findings, not one (`TextBytesStoreTests` for the two forms of "Café").
@MainActor
@Suite struct TextBytesFindingKeysTests {
  static let composed = TextBytesStoreTests.composed
  static let decomposed = TextBytesStoreTests.decomposed

  static func divergence(_ text: String) -> Finding {
    Finding(
      ruleID: Finding.divergenceRuleID, severity: .error, views: [],
      message: "setText(\"\(text)\") on a label the recording never showed")
  }

  static func truncated(view: String) -> Finding {
    Finding(ruleID: "label-truncated", severity: .warning, views: [view], message: "cut off")
  }

  /// Two finished runs of one event each, same layout, with these findings.
  static func store(_ a: [Finding], _ b: [Finding]) throws -> (
    SnapshotStore, RunInfo, RunInfo, TemporaryDirectory
  ) {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    var runs: [RunInfo] = []
    for (label, findings) in [("a", a), ("b", b)] {
      runs.append(
        try writeRun(
          store, label: label, events: [(TextBytesStoreTests.layout(text: "x"), findings)]))
    }
    return (store, runs[0], runs[1], directory)
  }

  @Test func aDiffMatchesFindingKeysByBytes() throws {
    for (a, b) in [
      (Self.divergence(Self.composed), Self.divergence(Self.decomposed)),
      (Self.truncated(view: Self.composed), Self.truncated(view: Self.decomposed)),
    ] {
      let (store, _, _, directory) = try Self.store([a], [b])
      let diff = try store.diff(labelA: "a", labelB: "b")
      #expect(diff.differences.count == 1)
      #expect(diff.findingsIntroduced.map(\.key.utf8).map(Array.init) == [Array(b.key.utf8)])
      #expect(diff.findingsFixed.map(\.key.utf8).map(Array.init) == [Array(a.key.utf8)])
      #expect(containsBytes(diff.text(), "+ finding in b: [\(b.severity.rawValue)] \(b.ruleID)"))
      _ = directory
    }
    // A reworded layout finding is still the same finding (its key has no message).
    var reworded = Self.truncated(view: "cafe")
    reworded.message = "cut off, " + Self.decomposed
    let (store, _, _, directory) = try Self.store([Self.truncated(view: "cafe")], [reworded])
    #expect(try store.diff(labelA: "a", labelB: "b").isIdentical)
    _ = directory
  }

  /// The diff's per-view summary keeps views whose ids differ only in normalization apart,
  /// ordered by their bytes where `String <` cannot tell them apart.
  @Test func aDiffsViewSummariesKeepViewsApartByBytes() {
    var a = TextBytesStoreTests.layout(text: "x"), b = a
    a.nodes[0].id = Self.composed
    b.nodes[0].id = Self.decomposed
    let difference = compareSnapshots(
      LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: a, findings: []),
      LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: b, findings: []),
      labels: ("a", "b"))
    let diff = RunDiff(
      labelA: "a", labelB: "b", delegateA: "x", delegateB: "y", tolerance: 0, eventsCompared: 1,
      differences: [difference])
    let summaries = diff.viewSummaries
    #expect(summaries.map { Array($0.view.utf8) }
      == [Array(Self.decomposed.utf8), Array(Self.composed.utf8)])  // "e" (0x65) < 0xC3
    #expect(summaries.map { [$0.appeared, $0.disappeared] } == [[1, 0], [0, 1]])
  }

  /// `navsim render A B` draws each event whose layouts or findings (messages included) differ
  /// between the runs.
  @Test func aContactSheetShowsAPairWhoseFindingsDifferOnlyInNormalization() throws {
    func finding(_ text: String) -> Finding {
      Finding(ruleID: "label-truncated", severity: .warning, views: ["cafe"], message: text)
    }
    let (store, a, b, directory) = try Self.store(
      [finding("cut off, " + Self.composed)], [finding("cut off, " + Self.decomposed)])
    let cells = try store.pairedCells(a, b)
    #expect(cells.map { Array($0.findings[0].message.utf8) }
      == [Array(("cut off, " + Self.composed).utf8), Array(("cut off, " + Self.decomposed).utf8)])
    let (same, c, d, sameDirectory) = try Self.store(
      [finding("cut off, " + Self.composed)], [finding("cut off, " + Self.composed)])
    #expect(try same.pairedCells(c, d).isEmpty)
    _ = (directory, sameDirectory)
  }
}
