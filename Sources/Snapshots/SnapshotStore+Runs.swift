import EventLog
import Findings
import Foundation
import Replay
import SQLite

// MARK: - Reading runs

extension SnapshotStore {
  private static let runColumns = """
    id, label, delegate, recording_id, recording_name, log_fingerprint, navsim_version,
    sdk_profile, variants, event_count, layout_changes, finished, log_path
    """

  /// Every run, in the order they were stored.
  public func runs() throws -> [RunInfo] {
    let statement = try db.prepare("SELECT \(Self.runColumns) FROM runs ORDER BY id")
    var runs: [RunInfo] = []
    while try statement.step() { runs.append(Self.readRun(statement)) }
    let starts = try tripStarts(), fonts = try runFonts()
    for index in runs.indices {
      runs[index].metadata.tripStart = starts[runs[index].id]
      runs[index].metadata.font = fonts[runs[index].id]
    }
    return runs
  }

  /// The run labelled `label`.
  /// - Throws: `SnapshotStoreError.unknownLabel` listing the labels there are.
  public func run(label: String) throws -> RunInfo {
    let all = try runs()
    guard let run = all.first(where: { $0.label == label }) else {
      throw SnapshotStoreError.unknownLabel(path: path, label: label, known: all.map(\.label))
    }
    return run
  }

  func run(id: Int64) throws -> RunInfo {
    let statement = try db.prepare("SELECT \(Self.runColumns) FROM runs WHERE id = ?")
    try statement.bind(id, at: 1)
    guard try statement.step() else {
      throw SnapshotStoreError.unknownLabel(path: path, label: "#\(id)", known: try runs().map(\.label))
    }
    var run = Self.readRun(statement)
    run.metadata.tripStart = try tripStarts()[id]
    run.metadata.font = try runFonts()[id]
    return run
  }

  private static func readRun(_ row: SQLiteStatement) -> RunInfo {
    RunInfo(
      id: row.int64(at: 0),
      metadata: RunMetadata(
        label: row.text(at: 1) ?? "", delegate: row.text(at: 2) ?? "",
        recordingID: row.int64(at: 3), recordingName: row.text(at: 4) ?? "",
        logFingerprint: row.text(at: 5) ?? "", navsimVersion: row.text(at: 6) ?? "",
        sdkProfile: row.text(at: 7) ?? "", variants: row.text(at: 8) ?? "",
        logPath: row.text(at: 12)),
      eventCount: Int(row.int64(at: 9)), layoutChanges: Int(row.int64(at: 10)),
      isFinished: row.int64(at: 11) != 0)
  }

  /// Calls `body` with each frame of `run` in seq order, streaming. A run replayed from a log
  /// reads its events' times, kinds and payloads from the log as it goes.
  /// - Throws: `SnapshotStoreError.logUnavailable` / `.logChanged` when the log is gone or no
  ///   longer holds the replayed events (`.logChanged` may come after the last frame: the
  ///   fingerprint is known only then), `.badStoredText` for a damaged store.
  public func forEachFrame(of run: RunInfo, _ body: (StoredFrame) throws -> Void) throws {
    let stream = try FrameStream(store: self, run: run, details: true)
    while let frame = try stream.next() { try body(frame) }
  }

  /// Every frame of `run`, in seq order.
  public func frames(of run: RunInfo) throws -> [StoredFrame] {
    var frames: [StoredFrame] = []
    try forEachFrame(of: run) { frames.append($0) }
    return frames
  }

  /// The full snapshot of `run` at event `seq`, nil when the run has no such event.
  /// - Complexity: O(log n) lookups, plus O(findings spans begun before `seq`).
  public func snapshot(of run: RunInfo, seq: Int64) throws -> LayoutSnapshot? {
    guard let bounds = try seqBounds(of: run), bounds.contains(seq) else { return nil }
    let header: (t: Int64, event: String)
    if let logPath = run.logPath {
      let log = try openLog(logPath, of: run, through: bounds.upperBound)
      let cursor = try readingLog(logPath, of: run) {
        try log.eventStream(recording: run.recordingID, kinds: nil, seqRange: seq...seq)
      }
      guard let event = try readingLog(logPath, of: run, { try cursor.next() }) else { return nil }
      header = (event.t, event.kind.rawValue)
    } else {
      let statement = try db.prepare("SELECT t, event FROM run_events WHERE run_id = ? AND seq = ?")
      try statement.bind([.integer(run.id), .integer(seq)])
      guard try statement.step() else { return nil }
      header = (statement.int64(at: 0), statement.text(at: 1) ?? "")
    }
    let change = try db.prepare(
      "SELECT layout_hash FROM layout_changes WHERE run_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1")
    try change.bind([.integer(run.id), .integer(seq)])
    guard try change.step(), let hash = change.text(at: 0) else {
      throw SnapshotStoreError.badStoredText(path: path, detail: "run '\(run.label)' event \(seq): no layout")
    }
    let spans = try db.prepare(
      """
      SELECT line FROM finding_spans WHERE run_id = ? AND first_seq <= ? AND last_seq >= ?
      ORDER BY position
      """)
    try spans.bind([.integer(run.id), .integer(seq), .integer(seq)])
    var findings: [Finding] = []
    while try spans.step() {
      findings.append(try finding(spans.text(at: 0) ?? "", run: run, seq: seq))
    }
    return LayoutSnapshot(
      seq: seq, t: header.t, event: header.event, layout: try layout(hash: hash, seq: seq),
      findings: findings)
  }

  /// Deletes a whole run and the layouts no other run uses.
  public func deleteRun(label: String) throws {
    let run = try self.run(label: label)
    try db.transaction(.immediate) {
      try db.execute("UPDATE runs SET deleting = 1 WHERE id = \(run.id)")
      for table in ["layout_changes", "finding_spans", "run_events"] {
        try db.execute("DELETE FROM \(table) WHERE run_id = \(run.id)")
      }
      if try !tripStarts().isEmpty { try db.execute("DELETE FROM run_starts WHERE run_id = \(run.id)") }
      if try hasRunFonts() { try db.execute("DELETE FROM run_fonts WHERE run_id = \(run.id)") }
      try db.execute("DELETE FROM runs WHERE id = \(run.id)")
      try deleteUnusedLayouts()
    }
  }

  /// Writes every snapshot of `run` as JSON Lines (one full snapshot a line) to `output`.
  public func exportRun(label: String, to output: (String) throws -> Void) throws {
    let run = try self.run(label: label)
    let stream = try FrameStream(store: self, run: run, details: false)
    while let frame = try stream.next() {
      let snapshot = LayoutSnapshot(
        seq: frame.seq, t: frame.t, event: frame.event, layout: try stream.layout(of: frame),
        findings: frame.findings)
      try output(snapshot.json + "\n")
    }
  }

  // MARK: - Helpers for readers

  /// The first and last seq of `run`, nil when it has no events.
  func seqBounds(of run: RunInfo) throws -> ClosedRange<Int64>? {
    let statement = try db.prepare("SELECT first_seq, last_seq, event_count FROM runs WHERE id = ?")
    try statement.bind(run.id, at: 1)
    guard try statement.step(), statement.int64(at: 2) > 0 else { return nil }
    let first = statement.int64(at: 0), last = statement.int64(at: 1)
    return first...max(first, last)
  }

  func finding(_ line: String, run: RunInfo, seq: Int64) throws -> Finding {
    do {
      return try Finding(textLine: line)
    } catch {
      throw SnapshotStoreError.badStoredText(path: path, detail: "run '\(run.label)' event \(seq): \(error)")
    }
  }

  /// Opens the log of a log-backed run read-only and checks it still holds the recording
  /// through `lastSeq`.
  func openLog(_ logPath: String, of run: RunInfo, through lastSeq: Int64) throws
    -> any EventLogReading
  {
    let log = try readingLog(logPath, of: run) { try EventLogFile(path: logPath, mode: .readOnly) }
    let recording = try readingLog(logPath, of: run) { try log.recording(run.recordingID) }
    guard recording.eventCount >= lastSeq else {
      throw SnapshotStoreError.logChanged(
        path: path, label: run.label, log: logPath,
        detail: "recording \(run.recordingID) has \(recording.eventCount) events, the run \(lastSeq)")
    }
    return log
  }

  /// `body`, with the log's errors turned into `.logUnavailable` naming the run.
  func readingLog<T>(_ logPath: String, of run: RunInfo, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SnapshotStoreError {
      throw error
    } catch {  // the log's own errors (a file's or a server's)
      throw SnapshotStoreError.logUnavailable(
        path: path, label: run.label, log: logPath, problem: "\(error)")
    }
  }
}
