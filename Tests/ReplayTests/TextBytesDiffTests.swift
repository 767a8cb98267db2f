import Foundation
import ReplayTestSupport
import TestSupport
import Testing
@testable import Replay
@testable import Snapshots

/// A diff compares texts as the stored layouts hold them, byte for byte: two layouts whose
/// texts differ only in normalization ("Café" precomposed or decomposed, `TextBytesStoreTests`)
/// have other texts and hashes in the store, so the diff names the change rather than
/// reporting none.
@MainActor
@Suite struct TextBytesDiffTests {
  static let composed = TextBytesStoreTests.composed
  static let decomposed = TextBytesStoreTests.decomposed

  @Test func aLabelWhoseTextChangesOnlyInNormalizationIsAChange() {
    let a = TextBytesStoreTests.layout(text: Self.composed)
    let b = TextBytesStoreTests.layout(text: Self.decomposed)
    let (state, views) = a.changes(to: b)
    #expect(state.isEmpty)
    #expect(views.map(\.view) == ["cafe"])
    guard case .text(let from, let to)? = views.first?.change else {
      Issue.record("no text change: \(views)")
      return
    }
    #expect(from.map { Array($0.utf8) } == Array(Self.composed.utf8))
    #expect(to.map { Array($0.utf8) } == Array(Self.decomposed.utf8))
    #expect(a.changes(to: a).views.isEmpty)
  }

  /// Names too: a view whose id changes normalization is another view (the layouts' texts name
  /// each), and a state that does is a state change.
  @Test func namesAndStatesThatChangeOnlyInNormalizationAreChanges() {
    var a = TextBytesStoreTests.layout(text: "x"), b = a
    a.nodes[0].id = Self.composed
    b.nodes[0].id = Self.decomposed
    let views = a.changes(to: b).views.map(\.textLine)
    #expect(views.count == 2)
    #expect(views.contains { $0.hasPrefix(Self.decomposed + " appeared") })
    #expect(views.contains { $0.hasPrefix(Self.composed + " disappeared") })
    var c = a, d = a
    c.state = Self.composed
    d.state = Self.decomposed
    #expect(c.changes(to: d).state.map(\.field) == ["state"])
  }

  /// The user's view: `SnapshotStore.diff` of two runs that differ only in the label's
  /// normalization lists the event and the label, in the text report and the JSON.
  @Test func aStoreDiffOfTwoRunsDifferingInNormalizationOnlyNamesTheLabel() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    for (label, text) in [("a", Self.composed), ("b", Self.decomposed)] {
      try writeRun(store, label: label, events: [(TextBytesStoreTests.layout(text: text), [])])
    }
    let diff = try store.diff(labelA: "a", labelB: "b")
    #expect(!diff.isIdentical)
    #expect(diff.differences.map(\.seq) == [1])
    #expect(diff.differences.first?.viewChanges.map(\.view) == ["cafe"])
    let text = diff.text()
    #expect(text.hasPrefix("1 of 1 events differ"))
    let line = "  cafe text \"\(Self.composed)\" -> \"\(Self.decomposed)\""
    #expect(text.utf8.split(separator: UInt8(ascii: "\n")).contains { $0.elementsEqual(line.utf8) })
    let json = diff.json
    #expect(json.contains("\"identical\":false"))
    let change = "{\"change\":\"text\",\"from\":\"\(Self.composed)\",\"to\":\"\(Self.decomposed)\""
    #expect(containsBytes(json, change))
    _ = directory
  }
}

/// Whether `text` holds `part`'s bytes (`String.contains` would match canonically equivalent
/// text too).
func containsBytes(_ text: String, _ part: String) -> Bool {
  let bytes = Array(text.utf8), needle = Array(part.utf8)
  guard needle.count <= bytes.count else { return false }
  return (0...(bytes.count - needle.count)).contains { start in
    bytes[start..<(start + needle.count)].elementsEqual(needle)
  }
}
