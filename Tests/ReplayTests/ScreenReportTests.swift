import Foundation
import Lint
import NavSim
import Replay
import Report
import SampleDelegates
import Snapshots
import TestSupport
import Testing

/// What app code writes into its labels shows in every output: HTML reports, `navsim render`,
/// and the diff's per-view summary (text and JSON), which names the label.
@MainActor
@Suite(.serialized) struct ScreenReportTests {
  /// A store with the delivery screen (`good`) and its buggy twin (`wrong`) on city-commute.
  static func store(_ directory: TemporaryDirectory) throws -> SnapshotStore {
    let store = try SnapshotStore(path: directory.file("screens.sqlite"), mode: .create)
    _ = try ReplayJob(
      logPath: recording("city-commute"), screenName: "delivery",
      makeScreen: { DeliveryMapScreen(mapView: $0) }, watchers: .layoutRules
    ).run(store: store, label: "good")
    _ = try ReplayJob(
      logPath: recording("city-commute"), screenName: "wrong",
      makeScreen: { WrongETAScreen(mapView: $0) }, watchers: .layoutRules
    ).run(store: store, label: "wrong")
    return store
  }

  /// The JSON a report page embeds.
  static func embeddedData(_ page: String) throws -> [String: Any] {
    let open = #"<script type="application/json" id="navsim-data">"#
    let start = try #require(page.range(of: open))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = String(page[start.upperBound..<end.lowerBound])
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test func theReplayReportCarriesEachLabelsTextAndDrawsIt() throws {
    let directory = TemporaryDirectory()
    let store = try Self.store(directory)
    let page = try store.replayReport(label: "good")
    let data = try Self.embeddedData(page)
    let strings = try #require(data["strings"] as? [String])
    let layouts = try #require(data["layouts"] as? [[Any]])
    // Every layout that has the ETA label carries its text as the node's 11th field; views
    // without text keep 10 fields.
    var texts: Set<String> = []
    for layout in layouts {
      for node in try #require(layout[6] as? [[Any]]) {
        let id = strings[node[0] as! Int]
        if id == "orderETA" {
          #expect(node.count == 11)
          texts.insert(strings[node[10] as! Int])
        } else if id.hasPrefix("UILayoutGuide") || id == "turnCard" {
          #expect(node.count == 10)
        }
      }
    }
    #expect(texts.contains("Arriving in 4 min"))
    // The layout's picture (drawn by SVGRenderer, embedded as its 10th field) shows a
    // label's text in place of its identity; the views table lists it.
    let pictures = layouts.compactMap { $0[9] as? String }
    #expect(pictures.contains { $0.contains(">Arriving in 4 min</text>") })
    #expect(page.contains("flags.push(\"text \\u201c\" + n.label"))
  }

  @Test func renderDrawsTheTextAnAppLabelShows() throws {
    let directory = TemporaryDirectory()
    let store = try Self.store(directory)
    let run = try store.run(label: "good")
    // The first event after which the sheet shows a time.
    var found: (snapshot: LayoutSnapshot, eta: SnapshotNode)?
    for seq in Int64(1)...400 where found == nil {
      guard let snapshot = try store.snapshot(of: run, seq: seq),
        let eta = snapshot.layout.nodes.first(where: { $0.id == "orderETA" }),
        eta.text?.hasPrefix("Arriving in") == true
      else { continue }
      found = (snapshot, eta)
    }
    let (snapshot, eta) = try #require(found)
    let svg = SVGRenderer.svg(layout: snapshot.layout, findings: [])
    #expect(eta.text == "Arriving in 4 min")
    #expect(svg.contains(">Arriving in 4 min</text>"))
    let title = try #require(svg.components(separatedBy: "<title>").first { $0.hasPrefix("orderETA ") })
    #expect(title.hasPrefix("orderETA (view) "))
    #expect(title.contains(" text \u{201C}Arriving in 4 min\u{201D}</title>"), "\(title)")
  }

  @Test func theDiffSummaryNamesTheLabelAndItsFirstWrongText() throws {
    let directory = TemporaryDirectory()
    let store = try Self.store(directory)
    let diff = try store.diff(labelA: "good", labelB: "wrong")
    let summary = try #require(diff.viewSummaries.first { $0.view == "orderETA" })
    #expect(summary.texts > 0 && summary.texts <= summary.events)
    #expect(summary.firstTexts?.from == "Arriving in 4 min")
    #expect(summary.firstTexts?.to == "Arriving in 3 min")
    let text = diff.text()
    // Measured glyphs: "3" and "4" differ in width, so the label also moves on some events.
    #expect(text.contains("  orderETA: \(summary.events) events, "))
    #expect(text.contains(
      "text on \(summary.texts) (\"Arriving in 4 min\" -> \"Arriving in 3 min\" first)"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(diff.json.utf8)) as? [String: Any])
    let views = try #require(json["views"] as? [[String: Any]])
    let eta = try #require(views.first { $0["view"] as? String == "orderETA" })
    #expect(eta["texts"] as? Int == summary.texts)
    #expect((eta["firstTexts"] as? [String: String]) == ["from": "Arriving in 4 min", "to": "Arriving in 3 min"])
    let events = try #require(json["events"] as? [[String: Any]])
    let changes = events.flatMap { ($0["viewChanges"] as? [[String: Any]]) ?? [] }
    #expect(changes.contains {
      $0["view"] as? String == "orderETA" && $0["change"] as? String == "text"
        && $0["from"] as? String == "Arriving in 4 min" && $0["to"] as? String == "Arriving in 3 min"
    })
    // Views whose text never differs keep their summary as before.
    #expect(diff.viewSummaries.filter { $0.view != "orderETA" }.allSatisfy { $0.texts == 0 && $0.firstTexts == nil })
  }

  @Test func theDiffPageShowsTheOldAndNewText() throws {
    let directory = TemporaryDirectory()
    let store = try Self.store(directory)
    let page = try store.diffReport(try store.diff(labelA: "good", labelB: "wrong"))
    // The summary table's row (its first change is the label's move: "3" and "4" differ in
    // width); the per-event delta drawn in B.
    #expect(page.contains("<td>orderETA</td>"))
    let strings = try #require(try Self.embeddedData(page)["strings"] as? [String])
    #expect(strings.contains("text \u{201C}Arriving in 3 min\u{201D}"))
    #expect(strings.contains("orderETA text \"Arriving in 4 min\" -> \"Arriving in 3 min\""))
  }
}
