import Replay
@testable import Report
import ReplayTestSupport
@testable import Snapshots
import Testing

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
    let html = HTMLReport.summaryHTML(diff, firstFrameOfView: [:], indexOfSeq: [:])
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
}
