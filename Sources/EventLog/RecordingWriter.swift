import SQLite
import SessionEvents

/// Appends events to one recording in batched transactions.
///
/// `append` assigns the next seq and keeps the event in memory; every `batchSize` events (and
/// on `flush()` / `finish()`) the batch is written in one `BEGIN IMMEDIATE` transaction that
/// first checks no other writer appended meanwhile. A process killed at any moment leaves the
/// events of its committed batches: a gapless prefix, with the recording unfinished.
///
/// Appending the same events gives identical rows: nothing here reads a clock.
public final class RecordingWriter {
  private enum State { case open, finished, failed }

  // MARK: - Properties

  public let recordingID: Int64
  /// Events per transaction.
  public let batchSize: Int
  /// The seq the next appended event gets.
  public private(set) var nextSeq: Int64
  /// The `t` of the last appended event (0 before the first).
  public private(set) var lastT: Int64
  private let log: EventLogFile
  private let insert: SQLiteStatement
  private let lastStoredSeq: SQLiteStatement
  private var flushedSeq: Int64
  /// Appended events not yet written, with their payloads' stored forms.
  private var pending: [(event: SessionEvent, stored: StoredPayload)] = []
  private var state = State.open

  // MARK: - Life cycle

  init(log: EventLogFile, recordingID: Int64, lastSeq: Int64, lastT: Int64, batchSize: Int)
    throws
  {
    precondition(batchSize > 0, "batchSize must be positive")
    self.log = log
    self.recordingID = recordingID
    self.batchSize = batchSize
    self.nextSeq = lastSeq + 1
    self.flushedSeq = lastSeq
    self.lastT = lastT
    (insert, lastStoredSeq) = try mappingErrors(path: log.path) {
      (
        try log.connection.prepare(EventRows.insertSQL),
        try log.connection.prepare(
          """
          SELECT coalesce((SELECT max(seq) FROM events WHERE recording_id = ?1), 0),
            (SELECT finished FROM recordings WHERE id = ?1)
          """)
      )
    }
    pending.reserveCapacity(batchSize)
  }

  /// Writes what is pending (best effort) without marking the recording finished.
  deinit {
    if state == .open { try? flush() }
  }

  // MARK: - Appending

  /// Appends an event at time `t` with the next seq; writes a batch when it is full.
  /// - Returns: the event as stored.
  /// - Throws: `EventLogError.invalidEvent` when `t` is negative or before the previous
  ///   event's, or a value is NaN / infinite (nothing is appended); `.writerClosed` after
  ///   `finish()` or a failed flush; `.concurrentWriter` from a flush.
  @discardableResult
  public func append(_ payload: EventPayload, t: Int64) throws -> SessionEvent {
    guard state == .open else {
      throw EventLogError.writerClosed(path: log.path, recording: recordingID)
    }
    if t < lastT || t < 0 {
      throw EventLogError.invalidEvent(
        path: log.path, recording: recordingID, seq: nextSeq,
        problem: t < 0
          ? "t \(t) is negative"
          : "t \(t) is before the previous event's t \(lastT)")
    }
    let stored = payload.stored
    if let field = stored.nonFiniteField(of: payload.kind) {
      throw EventLogError.invalidEvent(
        path: log.path, recording: recordingID, seq: nextSeq,
        problem: "\(payload.kind.rawValue).\(field) is not a finite number")
    }
    let event = SessionEvent(seq: nextSeq, t: t, payload: payload)
    pending.append((event, stored))
    nextSeq += 1
    lastT = t
    if pending.count >= batchSize { try flush() }
    return event
  }

  /// Writes the pending events in one transaction.
  /// - Throws: `EventLogError.concurrentWriter` when another writer appended to the
  ///   recording, `.recordingFinished`, or an SQLite failure; the writer is then closed.
  public func flush() throws {
    guard state == .open else {
      throw EventLogError.writerClosed(path: log.path, recording: recordingID)
    }
    if pending.isEmpty { return }
    try write(finishing: false)
  }

  /// Writes the pending events and marks the recording finished, in one transaction.
  /// - Throws: as `flush()`.
  public func finish() throws {
    guard state == .open else {
      throw EventLogError.writerClosed(path: log.path, recording: recordingID)
    }
    try write(finishing: true)
    state = .finished
  }

  // MARK: - Writing a batch

  private func write(finishing: Bool) throws {
    let connection = log.connection
    do {
      try connection.transaction(.immediate) {
        try checkNoOtherWriter()
        for (event, stored) in pending {
          try EventRows.insert(event, stored: stored, recording: recordingID, with: insert)
        }
        insert.reset()
        if finishing {
          try connection.prepare("UPDATE recordings SET finished = 1 WHERE id = ?1")
            .run([.integer(recordingID)])
        }
      }
    } catch {
      state = .failed
      throw EventLogError.from(error, path: log.path)
    }
    flushedSeq = nextSeq - 1
    pending.removeAll(keepingCapacity: true)
  }

  /// Optimistic concurrency: the stored last seq must be the one this writer last wrote.
  private func checkNoOtherWriter() throws {
    lastStoredSeq.reset()
    try lastStoredSeq.bind(recordingID, at: 1)
    guard try lastStoredSeq.step() else { return }
    let found = lastStoredSeq.int64(at: 0)
    let finished = lastStoredSeq.int64(at: 1)
    lastStoredSeq.reset()
    if finished != 0 {
      throw EventLogError.recordingFinished(path: log.path, recording: recordingID)
    }
    if found != flushedSeq {
      throw EventLogError.concurrentWriter(
        path: log.path, recording: recordingID, expectedLastSeq: flushedSeq, foundLastSeq: found)
    }
  }
}
