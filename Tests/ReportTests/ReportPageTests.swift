import Foundation
@testable import Replay
@testable import Report
@testable import Snapshots
import Testing

/// The data object a report page embeds, parsed back.
private func embeddedData(_ page: String) throws -> [String: Any] {
  let open = #"<script type="application/json" id="navsim-data">"#
  let start = try #require(page.range(of: open))
  let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
  let json = String(page[start.upperBound..<end.lowerBound])
  return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

private func occurrences(of needle: String, in text: String) -> Int {
  text.components(separatedBy: needle).count - 1
}

/// Writes the fixture's reports where `NAVSIM_SAMPLE_REPORTS` points, for a look in a browser
/// (`tools/check-reports.py`) before real recordings exist.
private func keepSample(_ name: String, _ page: String) throws {
  guard let directory = ProcessInfo.processInfo.environment["NAVSIM_SAMPLE_REPORTS"] else { return }
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  try page.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
}

@Suite struct ReportPageTests {
  @Test func replayPageEmbedsEachDistinctLayoutOnceWithTheSnapshotsGeometry() throws {
    let run = ReportFixture.run(shift: 0)
    let page = HTMLReport.replayPage(
      run: ReportFixture.reportRun("v1", delegate: "classic", events: run.frames.count),
      frames: run.frames, layouts: run.layouts)
    try keepSample("replay.html", page)
    let data = try embeddedData(page)
    let layouts = try #require(data["layouts"] as? [[Any]])
    #expect(layouts.count == Set(run.frames.map(\.layoutHash)).count)
    let strings = try #require(data["strings"] as? [String])
    let frames = try #require(data["frames"] as? [String: [Any]])
    #expect((frames["seq"] as? [Int]) == run.frames.map { Int($0.seq) })
    // Every frame's layout entry carries that frame's layout, node by node, at its frame.
    let layoutColumn = try #require(frames["layout"] as? [Int])
    for (frame, index) in zip(run.frames, layoutColumn) {
      let entry = layouts[index]
      #expect(entry[8] as? String == frame.layoutHash)
      let expected = try #require(run.layouts[frame.layoutHash])
      let nodes = try #require(entry[6] as? [[Any]])
      #expect(nodes.count == expected.nodes.count)
      for (node, snapshot) in zip(nodes, expected.nodes) {
        #expect(strings[node[0] as! Int] == snapshot.id)
        let geometry = node[3...6].map { ($0 as! NSNumber).doubleValue }
        #expect(geometry == [snapshot.frame.x, snapshot.frame.y, snapshot.frame.width, snapshot.frame.height])
        #expect((node[7] as? Int == 1) == snapshot.isHidden)
      }
    }
  }

  @Test func replayPageIsSelfContained() {
    let run = ReportFixture.run(shift: 0)
    let page = HTMLReport.replayPage(
      run: ReportFixture.reportRun("v1", delegate: "classic", events: run.frames.count),
      frames: run.frames, layouts: run.layouts)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    for external in ["https://", "src=", "<link", "@import", "url(", "@font-face"] {
      #expect(!page.contains(external), "page refers to \(external)")
    }
    // The only http: is the SVG namespace name, which is never loaded.
    #expect(page.components(separatedBy: "http://").dropFirst()
      .allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") })
  }

  @Test func userStringsCannotOpenMarkupInThePage() throws {
    let run = ReportFixture.run(shift: 0)
    let page = HTMLReport.replayPage(
      run: ReportFixture.runInfo(
        label: "v1</title><script>x()</script>", delegate: "d<b>", recordingName: "harbour <trip>",
        sdkProfile: "<default>", variants: "a=<i>", eventCount: run.frames.count),
      frames: run.frames, layouts: run.layouts)
    // Exactly the page's own two script elements; user strings appear escaped.
    #expect(occurrences(of: "<script", in: page) == 2)
    #expect(occurrences(of: "</script", in: page) == 2)
    #expect(page.contains("harbour &lt;trip&gt;"))
    #expect(page.contains("v1&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;"))
    #expect(!page.contains("<b>") && !page.contains("<i>"))
    // Inside the data, the hostile view id and road name survive as text.
    let data = try embeddedData(page)
    let strings = try #require(data["strings"] as? [String])
    #expect(strings.contains(ReportFixture.hostileID))
    let frames = try #require(data["frames"] as? [String: [Any]])
    let schemas = try #require(data["payloadSchemas"] as? [[String]])
    let road = try #require(frames["detail"]).compactMap { entry -> String? in
      guard let row = entry as? [Any], let keys = row.first.flatMap({ $0 as? Int }).map({ schemas[$0] }),
        let at = keys.firstIndex(of: "roadName")
      else { return nil }
      return row[at + 1] as? String
    }.first
    #expect(road == "Main St <script>alert('road')</script>")
  }

  @Test func payloadsShareTheirKeysAndKeepTheirValuesExactly() throws {
    let data = ReportData(layouts: [:])
    let first = #"{"distanceRemaining":2796.10, "roadName":"A \"<b>\" St","lane":{"a":[1,"}"]},"x":null}"#
    #expect(data.payload(first) == #"[0,2796.10,"A \"\u003cb>\" St",{"a":[1,"}"]},null]"#)
    #expect(data.payload(#"{"distanceRemaining":1,"roadName":"B","lane":{},"x":true}"#) == #"[0,1,"B",{},true]"#)
    #expect(data.payload("{}") == "[1]")
    #expect(data.payloadSchemas == [#"["distanceRemaining","roadName","lane","x"]"#, "[]"])
  }

  @Test func payloadsThatAreNotJSONObjectsAreShownAsText() throws {
    let data = ReportData(layouts: [:])
    #expect(data.payload("not json <b>") == #""not json \u003cb>""#)
    #expect(data.payload("[1,2]") == #""[1,2]""#)
    #expect(data.payload(#"{"a":1"#) == #""{\"a\":1""#)
    #expect(data.payloadSchemas.isEmpty)
  }

  @Test func timelineMarksLayoutSizeSpeedWidgetAndFindingEvents() throws {
    let run = ReportFixture.run(shift: 0)
    let line = timeline(
      events: run.frames.map(\.event), layoutHashes: run.frames.map(\.layoutHash),
      layouts: run.layouts, findings: run.frames.map { !$0.findings.isEmpty })
    let seqs = { (row: TimelineRow) in row.frames.map { run.frames[$0].seq } }
    // 1 ready, 3 guidance (widget appears), 14-17 speeding (it grows, shrinks at 18), 34-35 prompt,
    // 36 dismissed, 37 wide, 43 portrait, 45 ready again (widget gone).
    #expect(seqs(line.speed) == [3, 14, 18, 45])
    #expect(seqs(line.size) == [37, 43])
    #expect(seqs(line.findings) == [34, 35])
    #expect(seqs(line.prompts) == [34, 36])
    #expect(seqs(line.layout) == [1, 3, 14, 18, 34, 36, 37, 43, 45])
    #expect(seqs(line.state) == [1, 2, 3, 44, 45])
  }

  @Test func aLongTripsReportStaysSmall() throws {
    // 36 000 events over five layouts: the page grows by the per-event columns only.
    let run = ReportFixture.run(shift: 0)
    let guiding = run.frames[5], prompting = run.frames[34]
    let frames = (1...36_000).map { (seq: Int) -> StoredFrame in
      let shown = seq % 600 < 20 ? prompting : guiding
      return StoredFrame(
        seq: Int64(seq), t: Int64(seq) * 100, event: "progress", detail: "{}",
        layoutHash: shown.layoutHash, findings: shown.findings)
    }
    let page = HTMLReport.replayPage(
      run: ReportFixture.reportRun("long", delegate: "classic", events: frames.count),
      frames: frames, layouts: run.layouts)
    let small = HTMLReport.replayPage(
      run: ReportFixture.reportRun("long", delegate: "classic", events: 100),
      frames: Array(frames.prefix(100)), layouts: run.layouts)
    try keepSample("long.html", page)
    let perEvent = Double(page.utf8.count - small.utf8.count) / 35_900
    #expect(perEvent < 40, "\(perEvent) bytes per event")
  }

  @Test func diffPageMarksEveryDifferingEventAndSummarisesPerView() throws {
    let inputs = ReportFixture.diffInputs()
    let page = HTMLReport.diffPage(
      runA: ReportFixture.reportRun("v1", delegate: "classic", events: inputs.a.count),
      runB: ReportFixture.reportRun("v2", delegate: "sheet<script>", events: inputs.b.count),
      framesA: inputs.a, framesB: inputs.b, layouts: inputs.layouts, diff: inputs.diff)
    try keepSample("diff.html", page)
    #expect(occurrences(of: "<script", in: page) == 2)
    #expect(page.contains("sheet&lt;script&gt;"))
    let data = try embeddedData(page)
    let diff = try #require(data["diff"] as? [String: [Any]])
    let frames = try #require(data["frames"] as? [String: Any])
    let seqs = try #require(frames["seq"] as? [Int])
    let marked = try #require(diff["frames"] as? [Int]).map { seqs[$0] }
    #expect(marked == inputs.diff.differences.map { Int($0.seq) })
    #expect(!marked.isEmpty)
    // Few distinct sets of differences, however many events differ.
    let signatures = try #require(diff["signatures"])
    #expect(signatures.count < marked.count)
    // One summary row per view that differs, each jumping to that view's first difference.
    for summary in inputs.diff.viewSummaries {
      #expect(page.contains("<td>\(escapeXML(summary.view))</td>"))
    }
    #expect(occurrences(of: "<tr data-frame=", in: page) == inputs.diff.viewSummaries.count)
    #expect(page.contains("\(inputs.diff.differences.count) of \(inputs.a.count) events differ"))
  }

  @Test func diffPageAlignsRunsBySeqWhenOneHasMissingEvents() {
    let run = ReportFixture.run(shift: 0).frames
    let pairs = HTMLReport.alignBySeq(Array(run[0..<5]), Array(run[2..<7]))
    #expect(pairs.map { ($0.a?.seq ?? 0, $0.b?.seq ?? 0) }.map { "\($0.0)/\($0.1)" }
      == ["1/0", "2/0", "3/3", "4/4", "5/5", "0/6", "0/7"])
  }

  @Test func deltaWordsSayWhatMoved() {
    let from = SnapshotRect(x: 0, y: 59, width: 393, height: 120)
    let to = SnapshotRect(x: 0, y: 71, width: 393, height: 110)
    #expect(HTMLReport.delta(.frame(from: from, to: to)) == "Δy +12 Δh -10")
    // A third of a point read back from six-digit text prints as the pixel step it is.
    let third = SnapshotRect(x: 0, y: 59.3333, width: 393, height: 120)
    #expect(HTMLReport.delta(.frame(from: third, to: from)) == "Δy -0.333333")
    #expect(HTMLReport.delta(.hidden(from: false, to: true)) == "hidden")
    #expect(HTMLReport.delta(.appeared(to)) == "new")
    #expect(HTMLReport.delta(.kind(from: .sdkView, to: .appView)) == "kind sdk→view")
  }
}
