import Replay
@testable import Report
import ReplayTestSupport
@testable import Snapshots
import Testing
import TestSupport

// The diff page's per-view table names the kinds of a view's other changes as the text
// report's summary does (`other changes on 2 (z-order, state)`), not a bare count.

@Suite struct ReportDiffSummaryTests {
  func difference(_ seq: Int64, _ changes: [ViewChange]) -> EventDifference {
    EventDifference(
      seq: seq, t: seq * 100, event: "progress", stateChanges: [], viewChanges: changes,
      findingsIntroduced: [], findingsFixed: [], missingIn: nil)
  }

  @Test func theOtherColumnNamesTheKindsAsTheTextDoes() {
    let frame = SnapshotRect(x: 0, y: 0, width: 10, height: 10)
    let moved = SnapshotRect(x: 0, y: 5, width: 10, height: 10)
    let diff = RunDiff(
      labelA: "v1", labelB: "v2", delegateA: "d", delegateB: "d", tolerance: 0,
      eventsCompared: 3,
      differences: [
        difference(1, [
          ViewChange(view: "viewport", change: .zOrder(from: 0, to: 1)),
          ViewChange(view: "badge", change: .hidden(from: false, to: true)),
          ViewChange(view: "turnCard", change: .frame(from: frame, to: moved)),
        ]),
        difference(2, [
          ViewChange(view: "viewport", change: .state(from: nil, to: "both/major")),
          ViewChange(view: "viewport", change: .zOrder(from: 1, to: 0)),
        ]),
      ])
    let html = HTMLReport.summaryHTML(
      diff.summary, firstFrameOfView: [:], firstDifferenceFrame: nil)
    let text = diff.text()
    // Several kinds, in the order first seen; one kind; none.
    #expect(text.contains("  viewport: 2 events, other changes on 2 (z-order, state)\n"))
    #expect(html.contains("<td>viewport</td><td class=\"n\">2</td>"))
    #expect(html.contains("<td class=\"n\">2 (z-order, state)</td>"))
    #expect(text.contains("  badge: 1 event, hidden on 1\n"))
    #expect(html.contains("<td class=\"n\">1 (hidden)</td>"))
    #expect(html.contains("<td class=\"n\">0</td><td>(0, 0, 10x10) → (0, 5, 10x10)</td>"))
    #expect(!html.contains("<td class=\"n\">0 ("))
  }

  /// The page built as the diff streams past is the page of the whole diff, and each
  /// differing event goes on to the caller.
  @Test func aStreamedDiffPageIsTheWholeDiffsPage() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    _ = try writeRun(store, label: "v1", count: 12, movesAt: [3, 4, 9])
    _ = try writeRun(store, label: "v2", count: 12, movesAt: [4, 5], findingAt: 7)
    let whole = try store.diff(labelA: "v1", labelB: "v2")
    var seen: [Int64] = []
    let streamed = try store.diffReport(labelA: "v1", labelB: "v2") { seen.append($0.seq) }
    #expect(seen == whole.differences.map(\.seq))
    #expect(seen == [3, 5, 7, 9])
    #expect(streamed.summary.differingEvents == 4)
    #expect(streamed.page == (try store.diffReport(whole)))
    _ = directory
  }
}
