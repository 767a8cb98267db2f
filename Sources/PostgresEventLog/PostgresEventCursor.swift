import EventLog
import PostgreSQL
import SessionEvents

/// Streams a recording's events from PostgreSQL in seq order through a server-side cursor,
/// `fetchSize` rows at a time: memory stays bounded whatever the recording's length.
///
/// The cursor reads one snapshot (a REPEATABLE READ, READ ONLY transaction held while any
/// cursor of the log is open). Like the SQLite cursor it checks the log's invariants (seq
/// gapless, t never decreasing) when all kinds are read.
final class PostgresEventCursor: EventStream {
  static let fetchSize = 2000
  static let columns = "seq, t, kind, i1, i2, i3, i4, i5, i6, i7, i8, "
    + "r1, r2, r3, r4, r5, r6, r7, r8, s1, s2, s3"

  let recordingID: Int64
  private let log: PostgresEventLog
  private let name: String
  private var rows: PostgreSQLResult?
  private var row = 0
  private var isOpen = true
  private var isDone = false
  private var expectedSeq: Int64?
  private var lastSeq: Int64 = 0
  private var lastT: Int64 = 0
  /// The fingerprint of the events read so far, folded as the SQLite cursor folds it.
  private(set) var fingerprint = EventFingerprint()

  init(
    log: PostgresEventLog, recordingID: Int64, kinds: Set<EventKind>?,
    seqRange: ClosedRange<Int64>?
  ) throws {
    self.log = log
    self.recordingID = recordingID
    log.cursorSerial += 1
    name = "navsim_events_\(log.cursorSerial)"
    // Integers only are inlined (ids, seqs and kind codes), so the statement needs no binding.
    var sql = "DECLARE \(name) NO SCROLL CURSOR FOR SELECT \(Self.columns) FROM navsim.events "
      + "WHERE recording_id = \(recordingID)"
    if let seqRange { sql += " AND seq BETWEEN \(seqRange.lowerBound) AND \(seqRange.upperBound)" }
    if let kinds {
      sql += " AND kind IN (\(kinds.map(\.code).sorted().map(String.init).joined(separator: ", ")))"
    }
    sql += " ORDER BY seq"
    try mappingErrors {
      if log.openCursors == 0 {
        try log.connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      }
      log.openCursors += 1
      do {
        try log.connection.execute(sql)
      } catch {
        close()
        throw error
      }
    }
    if kinds == nil { expectedSeq = max(seqRange?.lowerBound ?? 1, 1) }
  }

  deinit { close() }

  /// Closes the server cursor, and the read transaction with the log's last cursor.
  private func close() {
    guard isOpen else { return }
    isOpen = false
    log.openCursors -= 1
    guard log.connection.isConnected else { return }
    _ = try? log.connection.execute("CLOSE \(name)")
    if log.openCursors == 0 { _ = try? log.connection.execute("COMMIT") }
  }

  // MARK: - Reading

  /// The next event, or nil after the last.
  /// - Throws: `PostgresEventLogError.connectionLost` when the server goes away mid-stream,
  ///   `EventLogError.badStoredEvent` for a row that cannot be decoded or breaks the log's
  ///   invariants.
  func next() throws -> SessionEvent? {
    if isDone { return nil }
    if rows == nil || row >= rows!.rowCount {
      do {
        rows = try log.connection.execute("FETCH \(Self.fetchSize) FROM \(name)")
      } catch let error as PostgreSQLError {
        isDone = true
        close()
        if error.kind == .connectionLost {
          throw PostgresEventLogError.connectionLost(
            location: log.location, recording: recordingID, afterSeq: lastSeq,
            message: error.message)
        }
        throw PostgresEventLogError.server(error)
      }
      row = 0
      if rows!.rowCount == 0 {
        isDone = true
        rows = nil
        close()
        return nil
      }
    }
    let event = try decode(rows!, row)
    row += 1
    lastSeq = event.seq
    fingerprint.add(event)
    if let expected = expectedSeq {
      guard event.seq == expected else {
        isDone = true
        throw bad(event.seq, "gap in seq: expected \(expected)")
      }
      expectedSeq = expected + 1
      guard event.t >= lastT else {
        isDone = true
        throw bad(event.seq, "t \(event.t) is before the previous event's t \(lastT)")
      }
      lastT = event.t
    }
    return event
  }

  private func bad(_ seq: Int64, _ problem: String) -> EventLogError {
    .badStoredEvent(path: log.location, recording: recordingID, seq: seq, problem: problem)
  }

  /// Decodes row `index` of a FETCH result (columns as `columns`).
  private func decode(_ result: PostgreSQLResult, _ index: Int) throws -> SessionEvent {
    let seq = ((try? result.int64(index, 0)) ?? nil) ?? 0
    do {
      guard let t = try result.int64(index, 1), let code = try result.int64(index, 2) else {
        throw bad(seq, "t or kind is NULL")
      }
      guard let kind = EventKind(code: Int(code)) else {
        throw bad(seq, "unknown event kind code \(code) (written by a newer NavSim?)")
      }
      var stored = StoredPayload()
      for (slot, number) in zip(Self.numberSlots, 0..<8) {
        if let integer = try result.int64(index, 3 + number) {
          stored.setNumber(.integer(integer), in: slot)
        } else if let real = try result.double(index, 11 + number) {
          stored.setNumber(.real(real), in: slot)
        }
      }
      stored.s1 = result.text(index, 19)
      stored.s2 = result.text(index, 20)
      stored.s3 = result.text(index, 21)
      let payload: EventPayload
      do {
        payload = try EventPayload(kind: kind, stored: stored)
      } catch {
        throw bad(seq, error.description)
      }
      return SessionEvent(seq: seq, t: t, payload: payload)
    } catch let error as PostgreSQLError {
      isDone = true
      throw bad(seq, error.message)
    } catch {
      isDone = true
      throw error
    }
  }

  static let numberSlots: [StoredSlot] = [.n1, .n2, .n3, .n4, .n5, .n6, .n7, .n8]
}
