import SQLite
import SessionEvents

/// Streams a recording's events in seq order, one row at a time: memory stays constant
/// whatever the recording's length.
///
/// The cursor reads a consistent snapshot taken at its first `next()`; a writer appending
/// meanwhile (another connection) is not blocked. Reading every event also checks the log's
/// invariants (seq gapless, t never decreasing) and throws `.badStoredEvent` where they fail.
public final class EventCursor {
  // MARK: - Properties

  public let recordingID: Int64
  private let path: String
  private let statement: SQLiteStatement
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  /// The seq the next row must have when all kinds are read (nil with a kind filter).
  @exclusivity(unchecked) private var expectedSeq: Int64?
  @exclusivity(unchecked) private var lastT: Int64 = 0
  @exclusivity(unchecked) private var isDone = false
  /// The fingerprint and the texts carried from row to row (one property, mutated in place).
  @exclusivity(unchecked) private var decoder = RowDecoder()

  /// The fingerprint of the events read so far (all kinds: meaningful for an unfiltered read).
  public var fingerprint: EventFingerprint { decoder.fingerprint }

  // MARK: - Life cycle

  init(
    log: EventLogFile, recordingID: Int64, kinds: Set<EventKind>?, seqRange: ClosedRange<Int64>?
  ) throws {
    self.recordingID = recordingID
    self.path = log.path
    var sql = "SELECT \(EventRows.selectColumns) FROM events WHERE recording_id = ?1"
    if seqRange != nil { sql += " AND seq BETWEEN ?2 AND ?3" }
    if let kinds {
      // Codes are integers from the vocabulary: safe to inline, sorted for a stable statement.
      let codes = kinds.map(\.code).sorted().map(String.init).joined(separator: ", ")
      sql += " AND kind IN (\(codes))"
    }
    sql += " ORDER BY seq"
    statement = try mappingErrors(path: log.path) {
      let statement = try log.connection.prepare(sql)
      try statement.bind(recordingID, at: 1)
      if let seqRange {
        try statement.bind(seqRange.lowerBound, at: 2)
        try statement.bind(seqRange.upperBound, at: 3)
      }
      return statement
    }
    if kinds == nil { expectedSeq = max(seqRange?.lowerBound ?? 1, 1) }
  }

  // MARK: - Reading

  /// The next event, or nil after the last.
  /// - Throws: `EventLogError.badStoredEvent` for a row that cannot be decoded or breaks the
  ///   log's invariants, `.corrupted` for a damaged file.
  /// - Complexity: O(1) amortised (one B-tree step).
  public func next() throws -> SessionEvent? {
    if isDone { return nil }
    let hasRow: Bool
    do {
      hasRow = try statement.step()
    } catch {
      isDone = true
      throw EventLogError.from(error, path: path)
    }
    guard hasRow else {
      isDone = true
      statement.reset()  // ends the read transaction
      return nil
    }
    let event: SessionEvent
    do {
      event = try decoder.decode(statement)
    } catch {
      isDone = true
      throw EventLogError.badStoredEvent(
        path: path, recording: recordingID, seq: statement.int64(at: 0), problem: error.message)
    }
    if let expected = expectedSeq {
      guard event.seq == expected else {
        isDone = true
        throw EventLogError.badStoredEvent(
          path: path, recording: recordingID, seq: event.seq,
          problem: "gap in seq: expected \(expected)")
      }
      expectedSeq = expected + 1
      guard event.t >= lastT else {
        isDone = true
        throw EventLogError.badStoredEvent(
          path: path, recording: recordingID, seq: event.seq,
          problem: "t \(event.t) is before the previous event's t \(lastT)")
      }
      lastT = event.t
    }
    return event
  }

  /// Reads every remaining event into an array (for small recordings and tests).
  /// - Complexity: O(n) time and memory.
  public func readAll() throws -> [SessionEvent] {
    var events: [SessionEvent] = []
    while let event = try next() { events.append(event) }
    return events
  }
}
