import Foundation
import SQLite

// MARK: - Writing a run

extension SnapshotStore {
  /// Appends the snapshots of one replay, in batched transactions.
  public final class RunWriter {
    public let store: SnapshotStore
    public let runID: Int64
    private let insertFrame: SQLiteStatement
    private let insertLayout: SQLiteStatement
    private var previousLayout: LayoutState?
    private var previousHash = ""
    private var pending = 0
    private var events = 0
    private var layoutChanges = 0
    private static let batchSize = 4096

    init(store: SnapshotStore, runID: Int64) throws {
      self.store = store
      self.runID = runID
      insertFrame = try store.db.prepare(
        "INSERT INTO frames (run_id, seq, t, event, detail, layout_hash, findings) VALUES (?, ?, ?, ?, ?, ?, ?)")
      insertLayout = try store.db.prepare("INSERT OR IGNORE INTO layouts (hash, body) VALUES (?, ?)")
      try store.db.execute("BEGIN IMMEDIATE")
    }

    /// Stores one snapshot; its layout text is written only when it differs from the previous.
    /// - Parameter detail: the event's payload as a JSON object.
    public func append(_ snapshot: LayoutSnapshot, detail: String) throws {
      if previousLayout != snapshot.layout {
        let text = snapshot.layout.text
        previousHash = contentHash(text)
        previousLayout = snapshot.layout
        try insertLayout.bind(previousHash, at: 1)
        try insertLayout.bind(text, at: 2)
        try insertLayout.run()
        layoutChanges += 1
      }
      try insertFrame.bind(runID, at: 1)
      try insertFrame.bind(snapshot.seq, at: 2)
      try insertFrame.bind(snapshot.t, at: 3)
      try insertFrame.bind(snapshot.event, at: 4)
      try insertFrame.bind(detail, at: 5)
      try insertFrame.bind(previousHash, at: 6)
      try insertFrame.bind(snapshot.findings.map(\.textLine).joined(separator: "\n"), at: 7)
      try insertFrame.run()
      events += 1
      pending += 1
      if pending >= Self.batchSize {
        try store.db.execute("COMMIT; BEGIN IMMEDIATE")
        pending = 0
      }
    }

    /// Commits the last batch and marks the run finished (immutable from now on).
    /// - Parameter logFingerprint: the fingerprint of the replayed events, when it was only
    ///   known at the end (see `EventFingerprint`); nil keeps the one given at the start.
    public func finish(logFingerprint: String? = nil) throws -> RunInfo {
      if let logFingerprint {
        let update = try store.db.prepare("UPDATE runs SET log_fingerprint = ? WHERE id = ?")
        try update.run([.text(logFingerprint), .integer(runID)])
      }
      try store.db.execute(
        "UPDATE runs SET event_count = \(events), layout_changes = \(layoutChanges), finished = 1 WHERE id = \(runID)")
      try store.db.execute("COMMIT")
      return try store.run(id: runID)
    }

    deinit {
      if !store.db.isAutocommit { try? store.db.execute("COMMIT") }
    }
  }

  /// Starts a new run.
  /// - Throws: `SnapshotStoreError.labelTaken` when the label is in use.
  public func beginRun(_ metadata: RunMetadata) throws -> RunWriter {
    if try runs().contains(where: { $0.label == metadata.label }) {
      throw SnapshotStoreError.labelTaken(path: path, label: metadata.label)
    }
    let insert = try db.prepare(
      """
      INSERT INTO runs (label, delegate, recording_id, recording_name, log_fingerprint,
        navsim_version, sdk_profile, variants) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """)
    try insert.run([
      .text(metadata.label), .text(metadata.delegate), .integer(metadata.recordingID),
      .text(metadata.recordingName), .text(metadata.logFingerprint), .text(metadata.navsimVersion),
      .text(metadata.sdkProfile), .text(metadata.variants),
    ])
    return try RunWriter(store: self, runID: db.lastInsertRowID)
  }
}

// MARK: - Reading runs

extension SnapshotStore {
  private static let runColumns = """
    id, label, delegate, recording_id, recording_name, log_fingerprint, navsim_version,
    sdk_profile, variants, event_count, layout_changes, finished
    """

  /// Every run, in the order they were stored.
  public func runs() throws -> [RunInfo] {
    let statement = try db.prepare("SELECT \(Self.runColumns) FROM runs ORDER BY id")
    var runs: [RunInfo] = []
    while try statement.step() { runs.append(Self.readRun(statement)) }
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
    return Self.readRun(statement)
  }

  private static func readRun(_ row: SQLiteStatement) -> RunInfo {
    RunInfo(
      id: row.int64(at: 0),
      metadata: RunMetadata(
        label: row.text(at: 1) ?? "", delegate: row.text(at: 2) ?? "",
        recordingID: row.int64(at: 3), recordingName: row.text(at: 4) ?? "",
        logFingerprint: row.text(at: 5) ?? "", navsimVersion: row.text(at: 6) ?? "",
        sdkProfile: row.text(at: 7) ?? "", variants: row.text(at: 8) ?? ""),
      eventCount: Int(row.int64(at: 9)), layoutChanges: Int(row.int64(at: 10)),
      isFinished: row.int64(at: 11) != 0)
  }

  /// Calls `body` with each frame of `run` in seq order, streaming.
  public func forEachFrame(of run: RunInfo, _ body: (StoredFrame) throws -> Void) throws {
    let statement = try db.prepare(
      "SELECT seq, t, event, detail, layout_hash, findings FROM frames WHERE run_id = ? ORDER BY seq")
    try statement.bind(run.id, at: 1)
    while try statement.step() {
      var findings: [SnapshotFinding] = []
      if let text = statement.text(at: 5), !text.isEmpty {
        for line in text.split(separator: "\n") {
          do {
            findings.append(try SnapshotFinding(textLine: String(line)))
          } catch {
            throw SnapshotStoreError.badStoredText(path: path, detail: "run '\(run.label)' event \(statement.int64(at: 0)): \(error)")
          }
        }
      }
      try body(
        StoredFrame(
          seq: statement.int64(at: 0), t: statement.int64(at: 1), event: statement.text(at: 2) ?? "",
          detail: statement.text(at: 3) ?? "{}", layoutHash: statement.text(at: 4) ?? "",
          findings: findings))
    }
  }

  /// Every frame of `run`, in seq order.
  public func frames(of run: RunInfo) throws -> [StoredFrame] {
    var frames: [StoredFrame] = []
    try forEachFrame(of: run) { frames.append($0) }
    return frames
  }

  /// The layout stored under `hash`.
  /// - Throws: `SnapshotStoreError.missingLayout` / `.badStoredText` for a damaged store.
  public func layout(hash: String) throws -> LayoutState {
    let statement = try db.prepare("SELECT body FROM layouts WHERE hash = ?")
    try statement.bind(hash, at: 1)
    guard try statement.step(), let body = statement.text(at: 0) else {
      throw SnapshotStoreError.missingLayout(path: path, hash: hash)
    }
    do {
      return try LayoutState(text: body)
    } catch {
      throw SnapshotStoreError.badStoredText(path: path, detail: "layout \(hash): \(error)")
    }
  }

  /// The full snapshot of `run` at event `seq`, nil when the run has no such event.
  public func snapshot(of run: RunInfo, seq: Int64) throws -> LayoutSnapshot? {
    let statement = try db.prepare(
      "SELECT t, event, layout_hash, findings FROM frames WHERE run_id = ? AND seq = ?")
    try statement.bind(run.id, at: 1)
    try statement.bind(seq, at: 2)
    guard try statement.step() else { return nil }
    let findings = try (statement.text(at: 3) ?? "").split(separator: "\n").map {
      try SnapshotFinding(textLine: String($0))
    }
    return LayoutSnapshot(
      seq: seq, t: statement.int64(at: 0), event: statement.text(at: 1) ?? "",
      layout: try layout(hash: statement.text(at: 2) ?? ""), findings: findings)
  }

  /// Deletes a whole run and the layouts no other run uses.
  public func deleteRun(label: String) throws {
    let run = try self.run(label: label)
    try db.transaction(.immediate) {
      try db.execute("UPDATE runs SET deleting = 1 WHERE id = \(run.id)")
      try db.execute("DELETE FROM frames WHERE run_id = \(run.id)")
      try db.execute("DELETE FROM runs WHERE id = \(run.id)")
      try db.execute("DELETE FROM layouts WHERE hash NOT IN (SELECT layout_hash FROM frames)")
    }
  }

  /// Writes every snapshot of `run` as JSON Lines (one full snapshot a line) to `output`.
  public func exportRun(label: String, to output: (String) throws -> Void) throws {
    let run = try self.run(label: label)
    var cache: (hash: String, layout: LayoutState)?
    try forEachFrame(of: run) { frame in
      if cache?.hash != frame.layoutHash { cache = (frame.layoutHash, try layout(hash: frame.layoutHash)) }
      let snapshot = LayoutSnapshot(
        seq: frame.seq, t: frame.t, event: frame.event, layout: cache!.layout, findings: frame.findings)
      try output(snapshot.json + "\n")
    }
  }
}

// MARK: - Diff

extension SnapshotStore {
  /// Compares two finished runs of the same recording event by event.
  /// - Throws: `SnapshotStoreError` for unknown labels, unfinished runs or runs of
  ///   different recordings.
  public func diff(labelA: String, labelB: String, tolerance: Double = 0) throws -> RunDiff {
    let runA = try run(label: labelA), runB = try run(label: labelB)
    for run in [runA, runB] where !run.isFinished {
      throw SnapshotStoreError.unfinishedRun(path: path, label: run.label)
    }
    guard runA.logFingerprint == runB.logFingerprint else {
      throw SnapshotStoreError.differentRecordings(
        path: path, labelA: labelA, labelB: labelB,
        detail: "'\(runA.recordingName)' #\(runA.recordingID) vs '\(runB.recordingName)' #\(runB.recordingID)")
    }
    let framesA = try frames(of: runA), framesB = try frames(of: runB)
    var layouts: [String: LayoutState] = [:]
    func layoutFor(_ hash: String) throws -> LayoutState {
      if let layout = layouts[hash] { return layout }
      let layout = try layout(hash: hash)
      layouts[hash] = layout
      return layout
    }
    var differences: [EventDifference] = []
    var indexA = 0, indexB = 0
    var compared = 0
    while indexA < framesA.count || indexB < framesB.count {
      let a = indexA < framesA.count ? framesA[indexA] : nil
      let b = indexB < framesB.count ? framesB[indexB] : nil
      var left: StoredFrame?, right: StoredFrame?
      if let a, let b, a.seq == b.seq {
        left = a; right = b; indexA += 1; indexB += 1
      } else if let a, b == nil || a.seq < b!.seq {
        left = a; indexA += 1
      } else {
        right = b; indexB += 1
      }
      compared += 1
      if let left, let right, left.layoutHash == right.layoutHash,
        left.findings.map(\.key) == right.findings.map(\.key)
      {
        continue
      }
      let snapshotA = try left.map {
        LayoutSnapshot(seq: $0.seq, t: $0.t, event: $0.event, layout: try layoutFor($0.layoutHash), findings: $0.findings)
      }
      let snapshotB = try right.map {
        LayoutSnapshot(seq: $0.seq, t: $0.t, event: $0.event, layout: try layoutFor($0.layoutHash), findings: $0.findings)
      }
      let difference = compareSnapshots(snapshotA, snapshotB, labels: (labelA, labelB), tolerance: tolerance)
      if !difference.isEmpty { differences.append(difference) }
    }
    return RunDiff(
      labelA: labelA, labelB: labelB, delegateA: runA.delegate, delegateB: runB.delegate,
      tolerance: tolerance, eventsCompared: compared, differences: differences)
  }
}
