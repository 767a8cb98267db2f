import Findings
import Replay
import ReplayTestSupport
@testable import Snapshots
import Testing
import TestSupport

// `navsim diff` writes its text and JSON as the diff runs (`SnapshotStore.writeDiff`): the
// same bytes as the whole diff's `text` and `json`, with a summary that does not grow with the
// number of differing events and the events' part in a buffer that spills to a scratch file.

@Suite struct RunDiffStreamTests {
  /// Two runs of `count` events that differ on every one: a label shows another text each
  /// event, a card moves on odd events, the viewport's z-order and state change on every
  /// third, and findings come and go (one of them reworded, the same finding).
  func store(
    count: Int, identical: Bool = false, labels: (String, String) = ("v1", "v2")
  ) throws -> (TemporaryDirectory, SnapshotStore) {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let base = sampleLayout()
    func events(_ side: Int) -> [(layout: LayoutState, findings: [Finding])] {
      (0..<count).map { index in
        guard side == 1 && !identical else { return (base, []) }
        var layout = base
        layout.nodes[2].text = "Arriving in \(index) min, caf\u{E9}"
        if index % 2 == 1 { layout.nodes[0].frame.y += 12 }
        if index % 3 == 0 {
          layout.nodes.swapAt(0, 1)
          layout.nodes[0].state = "both/major"
        }
        let finding = Finding(
          ruleID: "overlap", severity: .warning, views: ["turnCard", "viewport"],
          message: index % 5 == 0 ? "overlaps by \(index % 7) pt" : "overlaps")
        return (layout, index % 4 == 0 ? [finding] : [])
      }
    }
    _ = try writeRun(store, label: labels.0, delegate: "a", events: events(0))
    _ = try writeRun(store, label: labels.1, delegate: "b", events: events(1))
    return (directory, store)
  }

  func written(
    _ store: SnapshotStore, _ format: RunDiffFormat, tolerance: Double = 0, limit: Int = 1 << 20
  ) throws -> (text: String, summary: RunDiffSummary, statistics: RunDiffWriteStatistics) {
    var text = ""
    let result = try store.writeDiff(
      labelA: "v1", labelB: "v2", tolerance: tolerance, format: format, bufferLimit: limit
    ) { text += $0 }
    return (text, result.summary, result.statistics)
  }

  @Test(arguments: [0, 3, 1000])
  func theTextIsTheWholeDiffsText(maxEvents: Int) throws {
    let (directory, store) = try store(count: 60)
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(diff.differences.count == 60)
    for limit in [1 << 20, 200] {
      let out = try written(store, .text(maxEvents: maxEvents), limit: limit)
      #expect(out.text == diff.text(maxEvents: maxEvents))
      #expect(out.statistics.peakBufferedBytes <= limit)
    }
    _ = directory
  }

  @Test func theJSONIsTheWholeDiffsJSON() throws {
    let (directory, store) = try store(count: 60)
    for tolerance in [0.0, 20] {
      let diff = try store.diff(labelA: "v1", labelB: "v2", tolerance: tolerance)
      // In memory, and through the scratch file in pieces smaller than one event.
      for limit in [1 << 20, 100] {
        let out = try written(store, .json, tolerance: tolerance, limit: limit)
        #expect(out.text == diff.json)
        #expect(out.statistics.spilled == (limit == 100))
      }
    }
    _ = directory
  }

  /// Read back from the scratch file in chunks of 1 to 5 bytes, every "é" (2 bytes) of the
  /// label texts is cut by a chunk's end somewhere: the chunks handed on end on whole
  /// characters, and the JSON is the whole diff's.
  @Test func theScratchFileIsReadBackOnWholeCharacters() throws {
    let (directory, store) = try store(count: 20)
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(diff.json.contains("caf\u{E9}"))
    for chunk in 1...5 {
      let writer = RunDiffWriter(format: .json, bufferLimit: 64)
      writer.readChunk = chunk
      let summary = try store.diff(labelA: "v1", labelB: "v2") { try writer.add($0) }
      var pieces: [String] = []
      try writer.finish(summary) { pieces.append($0) }
      #expect(writer.statistics.spilled)
      #expect(pieces.joined() == diff.json, "chunk \(chunk)")
      #expect(!pieces.contains { $0.contains("\u{FFFD}") }, "chunk \(chunk)")
    }
    _ = directory
  }

  @Test func identicalRunsWriteTheIdenticalLine() throws {
    let (directory, store) = try store(count: 5, identical: true)
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(diff.isIdentical)
    #expect(try written(store, .text(maxEvents: 5)).text == diff.text())
    #expect(try written(store, .json).text == diff.json)
    #expect(try written(store, .text(maxEvents: 5)).text.hasPrefix("identical: v1 (a) and v2 (b)"))
    _ = directory
  }

  /// Ten times the differing events: the summary holds as much, the buffer no more than its
  /// limit (the rest went to the scratch file).
  @Test func memoryDoesNotGrowWithTheDifferingEvents() throws {
    let limit = 4096
    var retained: [Int] = []
    for count in [40, 400] {
      let (directory, store) = try store(count: count)
      let out = try written(store, .json, limit: limit)
      #expect(out.summary.differingEvents == count)
      #expect(out.statistics.peakBufferedBytes <= limit)
      #expect(out.statistics.spilled)
      retained.append(out.summary.retainedItems)
      _ = directory
    }
    // Three views (the card, the viewport, the label), one finding introduced (its rewordings
    // are the same finding) and the first difference.
    #expect(retained == [5, 5])
  }

  /// The findings kept per key are the ones sorting every finding and keeping each key's
  /// first would keep (the old way, which held them all).
  @Test func theSummaryKeepsTheFindingsASortOfAllWouldKeep() {
    let messages = ["b", "a", "c", "a"]
    let findings = messages.enumerated().map { index, message in
      Finding(
        ruleID: index == 2 ? "other" : "overlap", severity: .warning, views: ["turnCard"],
        message: message)
    }
    var summary = RunDiffSummary(
      labelA: "a", labelB: "b", delegateA: "d", delegateB: "d", tolerance: 0)
    for finding in findings {
      summary.add(
        EventDifference(
          seq: 1, t: 0, event: "progress", stateChanges: [], viewChanges: [],
          findingsIntroduced: [finding], findingsFixed: [], missingIn: nil))
    }
    var seen: Set<String> = []
    let old = findings.sorted().filter { seen.insert($0.key).inserted }
    #expect(summary.findingsIntroduced == old)
    // By rule, then message: the least of the rewordings, "a", stays.
    #expect(summary.findingsIntroduced.map(\.message) == ["c", "a"])
  }

  /// A failing diff (runs of different recordings) writes nothing.
  @Test func aFailingDiffWritesNothing() throws {
    let (directory, store) = try store(count: 3)
    _ = try writeRun(store, label: "other", fingerprint: "f2", count: 3)
    var text = ""
    #expect(throws: SnapshotStoreError.self) {
      try store.writeDiff(labelA: "v1", labelB: "other", format: .json) { text += $0 }
    }
    #expect(text.isEmpty)
    _ = directory
  }

  /// The impact of a pair summed up as its diff streams past keeps the first five changed
  /// events and per-view tallies, and reads as the impact of the whole diff.
  @Test func theImpactOfAStreamedPairIsTheWholeDiffs() throws {
    let (directory, store) = try store(count: 60, labels: ("v1/trip", "v2/trip"))
    let impact = try #require(try ChangeImpact.compare(store: store, prefixA: "v1", prefixB: "v2"))
    let diff = try store.diff(labelA: "v1/trip", labelB: "v2/trip")
    let whole = ChangeImpact(
      nameA: "v1", nameB: "v2",
      pairs: [.init(name: "trip", recording: impact.pairs[0].recording, diff: diff)],
      onlyInA: [], onlyInB: [])
    #expect(impact.pairs[0].eventsChanged == 60)
    #expect(impact.pairs[0].firstChanges.map(\.seq) == [1, 2, 3, 4, 5])
    #expect(impact.text() == whole.text())
    #expect(impact.json == whole.json)
    #expect(
      impact.text().contains(
        "  trip: 60 of 60 events (100.0 %); first at event 1 (progress), 2 (progress), "
          + "3 (progress)\n"))
    _ = directory
  }
}
