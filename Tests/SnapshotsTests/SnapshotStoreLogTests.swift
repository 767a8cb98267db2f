import EventLog
import Foundation
import Lint
@testable import Replay
import ReplayTestSupport
import SQLite
import SampleDelegates
@testable import Snapshots
import TestSupport
import Testing

/// Runs replayed from a log: the store keeps change points, finding spans and a reference to
/// the recording, and answers exactly what the replay saw.
@MainActor
@Suite struct SnapshotStoreLogTests {
  /// Replays `name` through `delegate` into a new run and returns every snapshot it took.
  private func replay(
    _ log: String, into store: SnapshotStore, label: String, broken: Bool = false
  ) throws -> [LayoutSnapshot] {
    var snapshots: [LayoutSnapshot] = []
    _ = try ReplayJob(
      logPath: log, delegateName: broken ? "broken" : "complete",
      makeDelegate: { broken ? BrokenLayoutDelegate() : CompleteLayoutDelegate() },
      watchers: .layoutRules
    ).run(store: store, label: label) { snapshot, _ in snapshots.append(snapshot) }
    return snapshots
  }

  private func copyOfRecording(_ name: String, to directory: TemporaryDirectory) throws -> String {
    let path = directory.file("\(name).sqlite")
    try FileManager.default.copyItem(atPath: Fixtures.recording(name), toPath: path)
    return path
  }

  @Test func aReplayedRunStoresChangesOnlyAndAnswersWhatTheReplaySaw() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let log = try copyOfRecording("city-commute", to: directory)
    let store = try SnapshotStore(path: path, mode: .create)
    let snapshots = try replay(log, into: store, label: "broken", broken: true)
    let run = try store.run(label: "broken")
    #expect(run.logPath == URL(fileURLWithPath: log).standardizedFileURL.path)
    #expect(run.eventCount == snapshots.count)

    let events = try EventLogFile(path: log, mode: .readOnly).events(recording: run.recordingID).readAll()
    let frames = try store.frames(of: run)
    #expect(frames.count == events.count)
    for (index, frame) in frames.enumerated() {
      let event = events[index], snapshot = snapshots[index]
      #expect(frame.seq == event.seq && frame.t == event.t && frame.event == event.kind.rawValue)
      #expect(frame.detail == event.payload.jsonText)
      #expect(frame.findings == snapshot.findings, "event \(frame.seq)")
      #expect(try store.layout(hash: frame.layoutHash) == snapshot.layout, "event \(frame.seq)")
    }
    // Nothing per event: a row per layout change and per finding span.
    let findingOccurrences = snapshots.reduce(0) { $0 + $1.findings.count }
    let spans = try store.db.scalar("SELECT count(*) FROM finding_spans")
    let changes = try store.db.scalar("SELECT count(*) FROM layout_changes")
    #expect(try store.db.scalar("SELECT count(*) FROM run_events") == .integer(0))
    #expect(changes == .integer(Int64(run.layoutChanges)))
    guard case .integer(let spanCount)? = spans else {
      Issue.record("no finding spans counted")
      return
    }
    #expect(findingOccurrences > 1000 && spanCount > 0 && spanCount * 20 < findingOccurrences)
    // The readable view still shows one row per event.
    #expect(try store.db.scalar("SELECT count(*) FROM frames") == .integer(Int64(events.count)))
    #expect(
      try store.db.scalar("SELECT findings FROM frames WHERE seq = \(frames[frames.count / 2].seq)")
        == .text(frames[frames.count / 2].findings.map(\.textLine).joined(separator: "\n")))
  }

  @Test func snapshotAtASeqAndExportAreTheReplaysSnapshots() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let log = try copyOfRecording("rotations-wide", to: directory)
    let store = try SnapshotStore(path: path, mode: .create)
    let snapshots = try replay(log, into: store, label: "v1")
    let run = try store.run(label: "v1")
    for snapshot in snapshots where snapshot.seq % 97 == 1 || snapshot.seq == snapshots.last?.seq {
      #expect(try store.snapshot(of: run, seq: snapshot.seq) == snapshot)
    }
    #expect(try store.snapshot(of: run, seq: Int64(snapshots.count) + 1) == nil)
    var lines: [String] = []
    try store.exportRun(label: "v1") { lines.append($0) }
    #expect(lines == snapshots.map { $0.json + "\n" })
  }

  @Test func aRunWhoseLogIsGoneOrDifferentIsRefusedWithOneLine() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let log = try copyOfRecording("city-commute", to: directory)
    let store = try SnapshotStore(path: path, mode: .create)
    _ = try replay(log, into: store, label: "v1")
    let run = try store.run(label: "v1")
    try FileManager.default.removeItem(atPath: log)
    #expect {
      try store.frames(of: run)
    } throws: { error in
      guard case .logUnavailable(_, "v1", let named, _)? = error as? SnapshotStoreError else { return false }
      return named == run.logPath && !"\(error)".contains("\n")
    }
    // Another recording at the same path is not mistaken for the replayed one.
    try FileManager.default.copyItem(atPath: Fixtures.recording("pan-reroute"), toPath: log)
    #expect {
      try store.frames(of: run)
    } throws: { error in
      guard case .logChanged(_, "v1", _, _)? = error as? SnapshotStoreError else { return false }
      return "\(error)".contains("replay it again")
    }
  }

  @Test func aStoreOfTheOlderSchemaIsRefusedAndNotModified() throws {
    let (directory, path) = freshDatabase(named: "old.sqlite")
    let old = try SQLiteConnection(path: path, mode: .create)
    try old.execute(
      """
      PRAGMA application_id = \(SnapshotStore.applicationID); PRAGMA user_version = 1;
      CREATE TABLE runs (id INTEGER PRIMARY KEY, label TEXT);
      CREATE TABLE frames (run_id INTEGER, seq INTEGER, detail TEXT);
      """)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for mode in [SQLiteOpenMode.readOnly, .readWrite, .create] {
      #expect(throws: SnapshotStoreError.olderSchema(path: path, version: 1)) {
        try SnapshotStore(path: path, mode: mode)
      }
    }
    let message = "\(SnapshotStoreError.olderSchema(path: path, version: 1))"
    #expect(message.hasPrefix(path + ": snapshot store schema 1 was written by an older NavSim"))
    #expect(!message.contains("\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    _ = directory
  }

  @Test func aWriterDroppedBeforeFinishingLeavesNoTraceOfItsRun() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "kept")
    do {
      let writer = try store.beginRun(
        RunMetadata(
          label: "dropped", delegate: "basic", recordingID: 1, recordingName: "commute",
          logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
      try writer.append(
        LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: sampleLayout(turnCardY: 99), findings: []),
        detail: "{}")
    }
    #expect(try store.runs().map(\.label) == ["kept"])
    #expect(try store.db.scalar("SELECT count(*) FROM layouts") == .integer(1))
    try writeRun(store, label: "dropped")  // the label is free again
    _ = directory
  }

  @Test func aRunOfALogMustNotSkipEvents() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let writer = try store.beginRun(
      RunMetadata(
        label: "v1", delegate: "basic", recordingID: 1, recordingName: "commute",
        logFingerprint: "", navsimVersion: "test", sdkProfile: "default", variants: "",
        logPath: "/nowhere/log.sqlite"))
    func snapshot(_ seq: Int64) -> LayoutSnapshot {
      LayoutSnapshot(seq: seq, t: seq, event: "progress", layout: sampleLayout(), findings: [])
    }
    try writer.append(snapshot(1))
    #expect(throws: SnapshotStoreError.seqOutOfOrder(path: path, label: "v1", seq: 3, expected: 2)) {
      try writer.append(snapshot(3))
    }
    _ = directory
  }
}
