import Findings
import Foundation
@testable import Replay
@testable import Snapshots
import ReplayTestSupport
import SQLite
import Testing
import TestSupport

@Suite struct SnapshotStoreTests {
  @Test func aRunRoundTripsAndStoresIdenticalLayoutsOnce() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try writeRun(store, label: "v1", movesAt: [4, 5], findingAt: 7)
    #expect(run.isFinished && run.eventCount == 10 && run.layoutChanges == 3)
    let frames = try store.frames(of: run)
    #expect(frames.map(\.seq) == Array(1...10))
    #expect(frames[6].findings.map(\.ruleID) == ["missing-logo"])
    #expect(frames[0].detail == "{\"seq\":1}")
    let layouts = try store.db.scalar("SELECT count(*) FROM layouts")
    #expect(layouts == .integer(2))
    let snapshot = try #require(try store.snapshot(of: run, seq: 4))
    #expect(snapshot.layout.text == sampleLayout(turnCardY: 70).text)
    _ = directory
  }

  @Test func finishedRunsAreImmutableEvenFromRawSQL() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1")
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    for sql in [
      "UPDATE frames SET t = 0", "DELETE FROM frames",
      "UPDATE runs SET label = 'other'",
      "INSERT INTO frames VALUES (1, 99, 0, 'x', '{}', 'h', '')",
    ] {
      #expect(throws: SQLiteError.self, "\(sql)") { try raw.execute(sql) }
    }
    #expect(try store.frames(of: store.run(label: "v1")).count == 10)
    _ = directory
  }

  @Test func deletingARunRemovesItsFramesAndUnsharedLayouts() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1")
    try writeRun(store, label: "v2", movesAt: [3])
    try store.deleteRun(label: "v2")
    #expect(try store.runs().map(\.label) == ["v1"])
    #expect(try store.db.scalar("SELECT count(*) FROM layouts") == .integer(1))
    #expect(try store.db.scalar("SELECT count(*) FROM frames") == .integer(10))
    _ = directory
  }

  @Test func labelsAreUniqueAndUnknownLabelsAreNamed() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1")
    #expect(throws: SnapshotStoreError.labelTaken(path: path, label: "v1")) {
      try writeRun(store, label: "v1")
    }
    #expect(throws: SnapshotStoreError.unknownLabel(path: path, label: "v9", known: ["v1"])) {
      try store.run(label: "v9")
    }
    _ = directory
  }

  @Test func diffReportsExactlyTheEventsThatDiffer() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1")
    try writeRun(store, label: "v2", movesAt: [4, 5, 9], findingAt: 6)
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(diff.differences.map(\.seq) == [4, 5, 6, 9])
    #expect(diff.eventsCompared == 10)
    #expect(diff.findingsIntroduced.map(\.ruleID) == ["missing-logo"])
    #expect(diff.viewSummaries.first?.view == "turnCard")
    #expect(diff.viewSummaries.first?.events == 3)
    #expect(diff.text().hasPrefix("4 of 10 events differ between v1 (basic) and v2 (basic)"))
    #expect(try store.diff(labelA: "v1", labelB: "v1").isIdentical)
    #expect(try store.diff(labelA: "v1", labelB: "v2", tolerance: 20).differences.map(\.seq) == [6])
    _ = directory
  }

  @Test func runsOfDifferentRecordingsAreRefused() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1", fingerprint: "aaa")
    try writeRun(store, label: "v2", fingerprint: "bbb")
    #expect {
      try store.diff(labelA: "v1", labelB: "v2")
    } throws: { error in
      "\(error)".contains("replayed different recordings")
    }
    _ = directory
  }

  @Test func aFileThatIsNotAStoreIsRefusedAndNotModified() throws {
    let (directory, path) = freshDatabase(named: "other.sqlite")
    let other = try SQLiteConnection(path: path, mode: .create)
    try other.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: SnapshotStoreError.notASnapshotStore(path: path)) {
      try SnapshotStore(path: path, mode: .create)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    _ = directory
  }

  @Test func exportWritesOneFullSnapshotPerLine() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1", count: 3)
    var lines: [String] = []
    try store.exportRun(label: "v1") { lines.append($0) }
    #expect(lines.count == 3)
    let object = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
    #expect(object?["seq"] as? Int == 2)
    #expect((object?["layout"] as? [String: Any])?["state"] as? String == "activeGuidance")
    _ = directory
  }
}
