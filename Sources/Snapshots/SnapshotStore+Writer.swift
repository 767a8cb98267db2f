import Findings
import Foundation
import Replay
import SQLite
import TextBytes

// MARK: - Writing a run

extension SnapshotStore {
  /// Writes one run: for each event only what changed (the layout, when it differs from the
  /// previous event's; a finding, when it starts or stops holding), all in one transaction
  /// that `finish()` commits. A writer dropped without `finish()` (a failed replay) rolls the
  /// run back; a killed process leaves nothing of it.
  public final class RunWriter {
    public let store: SnapshotStore
    public let runID: Int64
    public let label: String
    /// Nil when the run keeps its events' times, kinds and payloads itself.
    let logPath: String?
    private let insertLayout: SQLiteStatement
    private let layoutDepth: SQLiteStatement
    private let insertChange: SQLiteStatement
    private let insertSpan: SQLiteStatement
    private let insertEvent: SQLiteStatement?
    private var previousLayout: LayoutState?
    /// The run's last distinct layout, which the next is stored as a delta against.
    private var chain: ChainLink?
    /// The last stored layout's node lines and styles, reused for the nodes that did not change.
    private var textCache = LayoutTextCache()
    /// The styles body (`SnapshotStore.stylesBody`) of the text cache's styles at
    /// `stylesBodyRevision`: written again only when a style changed, not for each new label
    /// text.
    private var stylesBody = ""
    private var stylesBodyRevision = 0
    /// The findings of the previous event, by position, each with the seq it began holding.
    /// `@exclusivity(unchecked)`: compared on every event; no access overlaps another.
    @exclusivity(unchecked) private var open: [(finding: Finding, firstSeq: Int64)] = []
    private var firstSeq: Int64 = 0
    private var lastSeq: Int64 = 0
    private var events = 0
    private var layoutChanges = 0
    private var isOpen = true

    init(store: SnapshotStore, runID: Int64, label: String, logPath: String?) throws {
      self.store = store
      self.runID = runID
      self.label = label
      self.logPath = logPath
      insertLayout = try store.db.prepare(
        "INSERT OR IGNORE INTO layouts (hash, body, base, depth, styles) VALUES (?, ?, ?, ?, ?)")
      layoutDepth = try store.db.prepare("SELECT depth FROM layouts WHERE hash = ?")
      insertChange = try store.db.prepare(
        "INSERT INTO layout_changes (run_id, seq, layout_hash) VALUES (?, ?, ?)")
      insertSpan = try store.db.prepare(
        "INSERT INTO finding_spans (run_id, first_seq, last_seq, position, line) VALUES (?, ?, ?, ?, ?)")
      insertEvent =
        logPath == nil
        ? try store.db.prepare(
          "INSERT INTO run_events (run_id, seq, t, event, detail) VALUES (?, ?, ?, ?, ?)") : nil
    }

    /// Stores one event's snapshot of a run replayed from a log (`RunMetadata.logPath`):
    /// nothing at all when its layout and findings are the previous event's. For a run
    /// without a log it is `append(_:detail:)` with an empty payload.
    /// - Throws: `SnapshotStoreError.seqOutOfOrder` when a run of a log skips an event.
    /// - Complexity: O(1) for an unchanged event (the layout is compared by value, which is
    ///   quick when the replayer hands back the same layout).
    public func append(_ snapshot: LayoutSnapshot) throws {
      try append(snapshot, detail: "{}")
    }

    /// Stores one snapshot. A run without a log keeps the event's time, kind and payload
    /// (`detail`, a JSON object); a run of a log reads them from the log and ignores `detail`.
    public func append(_ snapshot: LayoutSnapshot, detail: String) throws {
      try append(
        snapshot, detail: detail,
        layoutChanged: events == 0 || previousLayout != snapshot.layout,
        findingsChanged: !sameFindings(snapshot.findings))
    }

    /// `append(_:detail:)` for the replayer, which knows whether the findings changed (byte
    /// for byte, as `sameFindings(_:)` would answer).
    public func append(_ snapshot: LayoutSnapshot, detail: String, findingsChanged: Bool) throws {
      try append(
        snapshot, detail: detail,
        layoutChanged: events == 0 || previousLayout != snapshot.layout,
        findingsChanged: findingsChanged)
    }

    /// `append(_:)` for the replayer, which knows whether the layout and the findings changed
    /// (the findings byte for byte, as `sameFindings(_:)` would answer): an unchanged event
    /// compares nothing here.
    public func append(_ snapshot: LayoutSnapshot, layoutChanged: Bool, findingsChanged: Bool)
      throws
    {
      try append(
        snapshot, detail: "{}", layoutChanged: layoutChanged || events == 0,
        findingsChanged: findingsChanged)
    }

    @inline(__always)
    private func append(
      _ snapshot: LayoutSnapshot, detail: String, layoutChanged: Bool, findingsChanged: Bool
    ) throws {
      // A caller's "unchanged" that is wrong would keep the old findings' spans open.
      assert(findingsChanged || sameFindings(snapshot.findings), "findings changed unannounced")
      let seq = snapshot.seq
      if events == 0 {
        firstSeq = seq
      } else if seq <= lastSeq || (logPath != nil && seq != lastSeq + 1) {
        throw SnapshotStoreError.seqOutOfOrder(
          path: store.path, label: label, seq: seq, expected: lastSeq + 1)
      }
      if let insertEvent {
        try insertEvent.run([
          .integer(runID), .integer(seq), .integer(snapshot.t), .text(snapshot.event), .text(detail),
        ])
      }
      if layoutChanged { try storeLayout(snapshot.layout, at: seq) }
      if findingsChanged { try updateFindings(snapshot.findings, at: seq) }
      lastSeq = seq
      events += 1
    }

    /// Commits the run and marks it finished (immutable from now on).
    /// - Parameter logFingerprint: the fingerprint of the replayed events, when it was only
    ///   known at the end (see `EventFingerprint`); nil keeps the one given at the start.
    public func finish(logFingerprint: String? = nil) throws -> RunInfo {
      for position in open.indices { try closeSpan(at: position) }
      open.removeAll()
      if let logFingerprint {
        let update = try store.db.prepare("UPDATE runs SET log_fingerprint = ? WHERE id = ?")
        try update.run([.text(logFingerprint), .integer(runID)])
      }
      let update = try store.db.prepare(
        """
        UPDATE runs SET event_count = ?, layout_changes = ?, first_seq = ?, last_seq = ?,
          finished = 1 WHERE id = ?
        """)
      try update.run([
        .integer(Int64(events)), .integer(Int64(layoutChanges)), .integer(firstSeq),
        .integer(lastSeq), .integer(runID),
      ])
      try store.db.execute("COMMIT")
      isOpen = false
      return try store.run(id: runID)
    }

    deinit {
      if isOpen && !store.db.isAutocommit {
        try? store.db.execute("ROLLBACK")
        store.schemaRolledBack()
      }
    }

    // MARK: - Change points

    /// Stores the layout shown from `seq` on: as a delta against the run's previous distinct
    /// layout when that is smaller (`SnapshotStore.storeLayout(_:hash:base:insert:depthOf:)`).
    private func storeLayout(_ layout: LayoutState, at seq: Int64) throws {
      let text = layout.text(reusing: &textCache)
      let hash = contentHash(text)
      previousLayout = layout
      if textCache.stylesRevision != stylesBodyRevision {
        stylesBodyRevision = textCache.stylesRevision
        stylesBody = SnapshotStore.stylesBody(textCache.styles)
      }
      chain = try store.storeLayout(
        StoredLayoutText(text: text, styles: stylesBody),
        hash: hash, base: chain, insert: insertLayout, depthOf: layoutDepth)
      try insertChange.run([.integer(runID), .integer(seq), .text(hash)])
      layoutChanges += 1
    }

    /// Whether `findings` (as many as are open) are the open ones, byte for byte: a message
    /// whose normalization alone changes is stored again (`sameBytes`), not continued with its
    /// old bytes.
    @inline(__always)
    private func sameFindings(_ findings: [Finding]) -> Bool {
      guard findings.count == open.count else { return false }  // the reads below stay inside
      // Most events raise none: answered without reaching into the arrays (which retains them).
      if findings.isEmpty { return true }
      // In place: copying each pair out of the arrays retained and released their texts.
      return findings.withUnsafeBufferPointer { new in
        open.withUnsafeBufferPointer { old in
          for index in new.indices where !sameBytes(new[index], old[index].finding) {
            return false
          }
          return true
        }
      }
    }

    /// Ends the spans of findings that no longer hold at their position and opens new ones.
    private func updateFindings(_ findings: [Finding], at seq: Int64) throws {
      var position = 0
      while position < max(findings.count, open.count) {
        let held = position < open.count ? open[position].finding : nil
        let now = position < findings.count ? findings[position] : nil
        if !sameBytes(held, now) {
          if held != nil { try closeSpan(at: position) }
          if let now {
            if position < open.count {
              open[position] = (now, seq)
            } else {
              open.append((now, seq))
            }
          }
        }
        position += 1
      }
      if open.count > findings.count { open.removeLast(open.count - findings.count) }
    }

    /// Writes the span of the finding open at `position`, which held until the last event.
    private func closeSpan(at position: Int) throws {
      let span = open[position]
      try insertSpan.run([
        .integer(runID), .integer(span.firstSeq), .integer(lastSeq), .integer(Int64(position)),
        .text(span.finding.textLine),
      ])
    }
  }

  /// Starts a new run. Nothing of it is visible to readers until `RunWriter.finish()`, and
  /// the store is locked for writing until then (other writers wait up to 5 s).
  /// - Throws: `SnapshotStoreError.labelTaken` when the label is in use.
  public func beginRun(_ metadata: RunMetadata) throws -> RunWriter {
    try db.execute("BEGIN IMMEDIATE")
    do {
      if try runs().contains(where: { $0.label == metadata.label }) {
        throw SnapshotStoreError.labelTaken(path: path, label: metadata.label)
      }
      let insert = try db.prepare(
        """
        INSERT INTO runs (label, delegate, recording_id, recording_name, log_fingerprint,
          navsim_version, sdk_profile, variants, log_path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
      try insert.run([
        .text(metadata.label), .text(metadata.delegate), .integer(metadata.recordingID),
        .text(metadata.recordingName), .text(metadata.logFingerprint),
        .text(metadata.navsimVersion), .text(metadata.sdkProfile), .text(metadata.variants),
        metadata.logPath.map(SQLiteValue.text) ?? .null,
      ])
      let runID = db.lastInsertRowID
      try upgradeToDeltas()
      if let start = metadata.tripStart { try storeTripStart(start, run: runID) }
      if let font = metadata.font { try storeFont(font, run: runID) }
      return try RunWriter(
        store: self, runID: runID, label: metadata.label, logPath: metadata.logPath)
    } catch {
      try? db.execute("ROLLBACK")
      schemaRolledBack()
      throw error
    }
  }
}
