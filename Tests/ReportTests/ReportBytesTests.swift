import Foundation
import Replay
@testable import Report
import ReplayTestSupport
@testable import Snapshots
import Testing

// A report shows texts as the store holds them, byte for byte: "é" precomposed (U+00E9) and
// "e" with a combining accent (U+0301) are equal Swift `String`s, but a report that interned
// them as one would show one form for both (a label's new text as its old one).

@Suite struct ReportBytesTests {
  static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

  @Test func theStringTableKeepsBothForms() {
    let data = ReportData(layouts: [:])
    let first = data.string(Self.composed), second = data.string(Self.decomposed)
    #expect(first != second)
    #expect(data.strings.map { Array($0.utf8) } == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)])
    #expect(data.string(Self.composed) == first)
  }

  /// A layout with one app view `id` showing `text`.
  func layout(id: String, text: String, y: Double = 10) -> LayoutState {
    LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
      safeArea: .zero, direction: "ltr",
      nodes: [
        SnapshotNode(
          id: id, kind: .appView, parent: "map",
          frame: SnapshotRect(x: 0, y: y, width: 100, height: 20), text: text)
      ],
      animations: [])
  }

  /// A label whose text changes only in normalization: the page's change line and string
  /// table carry B's bytes, and the views that differ only so each jump to their own first
  /// difference.
  @Test func aDiffPageShowsEachFormAndFindsEachViewsFirstDifference() throws {
    let steps: [(LayoutState, LayoutState)] = [
      (layout(id: "x", text: "a"), layout(id: "x", text: "a")),
      (layout(id: "x", text: Self.composed), layout(id: "x", text: Self.decomposed)),
      (layout(id: Self.composed, text: "a"), layout(id: Self.composed, text: "a", y: 30)),
      (layout(id: Self.decomposed, text: "a"), layout(id: Self.decomposed, text: "a", y: 50)),
    ]
    var framesA: [StoredFrame] = [], framesB: [StoredFrame] = []
    var layouts: [String: LayoutState] = [:], differences: [EventDifference] = []
    for (index, (a, b)) in steps.enumerated() {
      let seq = Int64(index + 1)
      framesA.append(StoredFrame(seq: seq, t: seq, event: "progress", detail: "{}", layoutHash: a.hash, findings: []))
      framesB.append(StoredFrame(seq: seq, t: seq, event: "progress", detail: "{}", layoutHash: b.hash, findings: []))
      layouts[a.hash] = a
      layouts[b.hash] = b
      let difference = compareSnapshots(
        LayoutSnapshot(seq: seq, t: seq, event: "progress", layout: a, findings: []),
        LayoutSnapshot(seq: seq, t: seq, event: "progress", layout: b, findings: []),
        labels: ("v1", "v2"))
      if !difference.isEmpty { differences.append(difference) }
    }
    #expect(differences.map(\.seq) == [2, 3, 4])
    let diff = RunDiff(
      labelA: "v1", labelB: "v2", delegateA: "d", delegateB: "d", tolerance: 0,
      eventsCompared: steps.count, differences: differences)
    let run = ReportFixtureRun.info
    let page = HTMLReport.diffPage(
      runA: run, runB: run, framesA: framesA, framesB: framesB, layouts: layouts, diff: diff)
    let bytes = Array(page.utf8)
    func has(_ part: String) -> Bool {
      let needle = Array(part.utf8)
      return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
    #expect(has("x text \\\"\(Self.composed)\\\" -> \\\"\(Self.decomposed)\\\""))
    // B's label text is a string of its own (the layouts' nodes refer to it).
    #expect(has("\"" + Self.decomposed + "\""))
    // Each view's summary row jumps to its own first difference (frames 2 and 3).
    #expect(has("<tr data-frame=\"2\"><td>\(Self.composed)</td>"))
    #expect(has("<tr data-frame=\"3\"><td>\(Self.decomposed)</td>"))
  }
}

/// A repeated id's later node: its change carries the occurrence, its summary row its name.
@Suite struct ReportRepeatedIDTests {
  @Test func aDiffPageNamesARepeatedIDsSecondNode() {
    // Two badges, and two nodes named `viewport`: the SDK's camera frame, which the picture
    // draws after the other nodes, and an app view, so document order is not layout order.
    func layout(_ y: Double) -> LayoutState {
      LayoutState(
        state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
        safeArea: .zero, direction: "ltr",
        nodes: [
          SnapshotNode(
            id: "viewport", kind: .sdkView, parent: "map",
            frame: SnapshotRect(x: 0, y: 0, width: 393, height: 700 + y))
        ]
          + [10, y].map {
            SnapshotNode(
              id: "badge", kind: .appView, parent: "map",
              frame: SnapshotRect(x: 0, y: $0, width: 100, height: 20))
          }
          + [
            SnapshotNode(
              id: "viewport", kind: .appView, parent: "map",
              frame: SnapshotRect(x: 150, y: 200, width: 50, height: 50))
          ],
        animations: [])
    }
    let a = layout(40), b = layout(60)
    let difference = compareSnapshots(
      LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: a, findings: []),
      LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: b, findings: []),
      labels: ("v1", "v2"))
    let diff = RunDiff(
      labelA: "v1", labelB: "v2", delegateA: "d", delegateB: "d", tolerance: 0,
      eventsCompared: 1, differences: [difference])
    let frame = { (layout: LayoutState) in
      [StoredFrame(seq: 1, t: 0, event: "progress", detail: "{}", layoutHash: layout.hash, findings: [])]
    }
    let page = HTMLReport.diffPage(
      runA: ReportFixtureRun.info, runB: ReportFixtureRun.info, framesA: frame(a),
      framesB: frame(b), layouts: [a.hash: a, b.hash: b], diff: diff)
    if let directory = ProcessInfo.processInfo.environment["NAVSIM_SAMPLE_REPORTS"] {
      // For a look in a browser (tools/check-reports.py DIR/diff-repeated-id.html).
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try? page.write(toFile: directory + "/diff-repeated-id.html", atomically: true, encoding: .utf8)
    }
    #expect(page.contains("<tr data-frame=\"0\"><td>badge (2nd)</td>"))
    #expect(page.contains("badge (2nd) moved (0, 40, 100x20) -> (0, 60, 100x20) Δy 20"))
    // The change's encoding ends with its occurrence and the name the page shows, from the
    // string table: [view, line, delta, from, to, 2, name].
    #expect(page.contains(",[0,40,100,20],[0,60,100,20],2,"))
    #expect(page.contains("\"badge (2nd)\""))
  }
}

enum ReportFixtureRun {
  static let info = RunInfo(
    id: 1,
    metadata: RunMetadata(
      label: "v", delegate: "d", recordingID: 1, recordingName: "r", logFingerprint: "f",
      navsimVersion: "0.1.0", sdkProfile: "default", variants: ""),
    eventCount: 4, layoutChanges: 0, isFinished: true)
}
