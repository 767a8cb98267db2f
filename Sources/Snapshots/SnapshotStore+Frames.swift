import EventLog
import Findings
import Foundation
import Replay
import SessionEvents
import SQLite

// MARK: - Streaming a run's frames

extension SnapshotStore {
  /// Rebuilds a run's frames one event at a time: the events' headers (from `run_events`, or
  /// from the recording in the run's log) merged with the run's layout change points and
  /// finding spans, three statements stepped in seq order. Memory stays constant whatever
  /// the run's length.
  package final class FrameStream {
    let store: SnapshotStore
    let run: RunInfo
    private let details: Bool
    // Headers: one of the two.
    private let events: SQLiteStatement?
    private let log: (file: any EventLogReading, cursor: any EventStream, path: String)?
    private var read: Int64 = 0
    // Layout change points.
    private let changes: SQLiteStatement
    private var currentHash: String?
    private var nextChange: (seq: Int64, hash: String)?
    // Finding spans, by first seq then position.
    private let spans: SQLiteStatement
    private var nextSpan: (first: Int64, last: Int64, position: Int64, line: String)?
    private var active: [(last: Int64, position: Int64, finding: Finding)] = []
    private var findings: [Finding] = []
    private var layoutCache: (hash: String, layout: LayoutState)?
    /// The text of the last layout this stream rebuilt: the next is usually a delta on it.
    private var lastText: (hash: String, layout: StoredLayoutText)?
    private var isDone = false

    /// - Parameter details: false leaves `StoredFrame.detail` empty (no payload JSON built).
    package init(store: SnapshotStore, run: RunInfo, details: Bool) throws {
      self.store = store
      self.run = run
      self.details = details
      let bounds = try store.seqBounds(of: run)
      if let logPath = run.logPath {
        events = nil
        if let bounds {
          let file = try store.openLog(logPath, of: run, through: bounds.upperBound)
          let cursor = try store.readingLog(logPath, of: run) {
            try file.eventStream(recording: run.recordingID, kinds: nil, seqRange: bounds)
          }
          log = (file, cursor, logPath)
        } else {
          log = nil
        }
      } else {
        log = nil
        events = try store.db.prepare(
          "SELECT seq, t, event, \(details ? "detail" : "''") FROM run_events WHERE run_id = ? ORDER BY seq")
        try events!.bind(run.id, at: 1)
      }
      changes = try store.db.prepare(
        "SELECT seq, layout_hash FROM layout_changes WHERE run_id = ? ORDER BY seq")
      try changes.bind(run.id, at: 1)
      spans = try store.db.prepare(
        """
        SELECT first_seq, last_seq, position, line FROM finding_spans WHERE run_id = ?
        ORDER BY first_seq, position
        """)
      try spans.bind(run.id, at: 1)
      try advanceChange()
      try advanceSpan()
      if bounds == nil { isDone = true }
    }

    /// The next frame, nil after the last.
    /// - Throws: what `SnapshotStore.forEachFrame` throws.
    package func next() throws -> StoredFrame? {
      guard !isDone, let header = try nextHeader() else {
        if !isDone { try finish() }
        isDone = true
        return nil
      }
      let seq = header.seq
      while let change = nextChange, change.seq <= seq {
        currentHash = change.hash
        try advanceChange()
      }
      guard let currentHash else {
        throw SnapshotStoreError.badStoredText(
          path: store.path, detail: "run '\(run.label)' event \(seq): no layout")
      }
      try updateFindings(at: seq)
      return StoredFrame(
        seq: seq, t: header.t, event: header.event, detail: header.detail,
        layoutHash: currentHash, findings: findings)
    }

    /// The layout of `frame` (one lookup per change point).
    package func layout(of frame: StoredFrame) throws -> LayoutState {
      if let layoutCache, layoutCache.hash == frame.layoutHash { return layoutCache.layout }
      let text = try store.layoutText(hash: frame.layoutHash, seq: frame.seq, near: lastText)
      lastText = (frame.layoutHash, text)
      let layout = try store.parsedLayout(text, hash: frame.layoutHash)
      layoutCache = (frame.layoutHash, layout)
      return layout
    }

    // MARK: - Steps

    private func nextHeader() throws -> (seq: Int64, t: Int64, event: String, detail: String)? {
      if let events {
        guard try events.step() else { return nil }
        return (events.int64(at: 0), events.int64(at: 1), events.text(at: 2) ?? "", events.text(at: 3) ?? "")
      }
      guard let log else { return nil }
      guard let event = try store.readingLog(log.path, of: run, { try log.cursor.next() }) else {
        return nil
      }
      read += 1
      return (event.seq, event.t, event.kind.rawValue, details ? event.payload.jsonText : "")
    }

    /// After the last header: a log-backed run checks that it read the very events it was
    /// replayed from.
    private func finish() throws {
      guard let log else { return }
      let fingerprint = log.cursor.fingerprint.value
      if read != Int64(run.eventCount) || fingerprint != run.logFingerprint {
        throw SnapshotStoreError.logChanged(
          path: store.path, label: run.label, log: log.path,
          detail: read != Int64(run.eventCount)
            ? "recording \(run.recordingID) gave \(read) of the run's \(run.eventCount) events"
            : "fingerprint \(fingerprint), the run's \(run.logFingerprint)")
      }
    }

    private func advanceChange() throws {
      nextChange = try changes.step() ? (changes.int64(at: 0), changes.text(at: 1) ?? "") : nil
    }

    private func advanceSpan() throws {
      nextSpan =
        try spans.step()
        ? (spans.int64(at: 0), spans.int64(at: 1), spans.int64(at: 2), spans.text(at: 3) ?? "") : nil
    }

    private func updateFindings(at seq: Int64) throws {
      var changed = false
      if active.contains(where: { $0.last < seq }) {
        active.removeAll { $0.last < seq }
        changed = true
      }
      while let span = nextSpan, span.first <= seq {
        if span.last >= seq {
          let finding = try store.finding(span.line, run: run, seq: seq)
          active.append((span.last, span.position, finding))
          changed = true
        }
        try advanceSpan()
      }
      if changed {
        active.sort { $0.position < $1.position }
        findings = active.map(\.finding)
      }
    }
  }

  /// Two runs' frames paired by seq, in seq order, streaming: an event only one run has
  /// comes without a partner. Memory stays constant whatever the runs' length.
  package final class FramePairs {
    /// The runs' own streams, to read the layouts of the frames they gave.
    package let a: FrameStream, b: FrameStream
    private var nextA: StoredFrame?, nextB: StoredFrame?

    /// - Parameter details: false leaves `StoredFrame.detail` empty (no payload JSON built).
    package init(store: SnapshotStore, runA: RunInfo, runB: RunInfo, details: Bool) throws {
      a = try FrameStream(store: store, run: runA, details: details)
      b = try FrameStream(store: store, run: runB, details: details)
      nextA = try a.next()
      nextB = try b.next()
    }

    /// The next event's frames (at least one of them), nil after the last.
    /// - Throws: what `FrameStream.next` throws.
    package func next() throws -> (a: StoredFrame?, b: StoredFrame?)? {
      var left: StoredFrame?, right: StoredFrame?
      if let frameA = nextA, let frameB = nextB, frameA.seq == frameB.seq {
        left = frameA
        right = frameB
      } else if let frameA = nextA, nextB == nil || frameA.seq < nextB!.seq {
        left = frameA
      } else if let frameB = nextB {
        right = frameB
      } else {
        return nil
      }
      if left != nil { nextA = try a.next() }
      if right != nil { nextB = try b.next() }
      return (left, right)
    }
  }
}
