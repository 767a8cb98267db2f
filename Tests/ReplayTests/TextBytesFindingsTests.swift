import Findings
import Foundation
import ReplayTestSupport
import TestSupport
import Testing
import TextBytes
@testable import Replay
@testable import Snapshots

/// A store keeps a finding that holds over several events as one span, written with the
/// finding's message when it ends. A message that changes only in normalization (a label's
/// "Café" quoted precomposed, then decomposed, `TextBytesStoreTests`) is another stored line,
/// so the finding starts again: each event reads back the bytes it was raised with.
@MainActor
@Suite struct TextBytesFindingsTests {
  static let composed = TextBytesStoreTests.composed
  static let decomposed = TextBytesStoreTests.decomposed

  static func finding(quoting text: String) -> Finding {
    Finding(
      ruleID: "label-truncated", severity: .warning, views: ["cafe"],
      message: "cafe's text \"\(text)\" is cut off")
  }

  @Test func aMessageWhoseNormalizationAloneChangesIsStoredAsRaised() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let quoted = [Self.composed, Self.decomposed, Self.decomposed, Self.composed, Self.composed]
    let layout = TextBytesStoreTests.layout(text: "x")
    let run = try writeRun(
      store, label: "run", events: quoted.map { (layout, [Self.finding(quoting: $0)]) })
    let read = try store.frames(of: run).map { $0.findings.map { Array($0.message.utf8) } }
    #expect(read == quoted.map { [Array(Self.finding(quoting: $0).message.utf8)] })
    // Three spans (the forms' runs), not one.
    #expect(try store.db.scalar("SELECT count(*) FROM finding_spans") == .integer(3))
    _ = directory
  }

  @Test func findingsDifferingOnlyInNormalizationAreNotTheSameBytes() {
    let a = Self.finding(quoting: Self.composed), b = Self.finding(quoting: Self.decomposed)
    #expect(a == b)  // what `Finding ==` says, and why the store cannot use it
    #expect(!sameBytes(a, b))
    #expect(sameBytes(a, a))
    var c = a
    c.views = [Self.composed]
    var d = a
    d.views = [Self.decomposed]
    #expect(!sameBytes(c, d))
    c.source = FindingSource(path: Self.composed, line: 1)
    #expect(!sameBytes(c, d) && !sameBytes(nil, Optional(c)) && sameBytes(nil as Finding?, nil))
  }
}
