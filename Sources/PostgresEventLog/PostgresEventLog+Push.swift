import EventLog
import Foundation
import PostgreSQL
import SessionEvents

// Push: copy a recording from any log into the library. Idempotent (a recording is stored
// once, by the fingerprint of its JSON Lines export), safe with many pushers at once (each
// batch is one COPY the server checks against the recording's last stored seq), resumable
// (a killed push leaves an incomplete prefix that readers do not list; pushing again
// continues after the last stored seq).

/// The fingerprint of a recording: SHA-256 of its JSON Lines export (header and events), as
/// 64 hex digits. Equal fingerprints mean byte-identical exports.
/// - Throws: the log's errors.
/// - Complexity: O(n) time, constant memory.
public func recordingFingerprint(_ log: any EventLogReading, recording id: Int64) throws
  -> String
{
  let hash = SHA256()
  try log.exportJSONLines(recording: id) { chunk in
    var chunk = chunk
    chunk.withUTF8 { hash.update($0) }
  }
  return hash.hexDigest()
}

extension PostgresEventLog {
  /// What a push did.
  public struct PushResult: Equatable, Sendable {
    /// The recording's id in the library.
    public var id: Int64
    /// Events the recording holds.
    public var eventCount: Int64
    /// Events this push stored (0 when the library already had them all).
    public var sent: Int64
    /// True when the library already held the complete recording.
    public var wasAlreadyStored: Bool

    public init(id: Int64, eventCount: Int64, sent: Int64, wasAlreadyStored: Bool) {
      self.id = id
      self.eventCount = eventCount
      self.sent = sent
      self.wasAlreadyStored = wasAlreadyStored
    }
  }

  static let copySQL = "COPY navsim.events (recording_id, seq, t, kind, "
    + "i1, i2, i3, i4, i5, i6, i7, i8, r1, r2, r3, r4, r5, r6, r7, r8, s1, s2, s3) FROM STDIN"

  /// Pushes recording `localID` of `source` into the library.
  /// - Parameters:
  ///   - batchSize: events per COPY (each one transaction; a kill loses at most one batch).
  ///   - onBatch: called after each stored batch with the events stored so far.
  /// - Throws: the source's errors; `EventLogError.badRecordingMetadata` naming the library
  ///   and the recording when the source gives an empty attribute key (the library's table
  ///   would take it; nothing is stored); `PostgresEventLogError.pushFailed` naming how far
  ///   the push got when the server refuses or the connection drops.
  public func push(
    recording localID: Int64, of source: any EventLogReading, batchSize: Int = 5000,
    onBatch: (Int64) throws -> Void = { _ in }
  ) throws -> PushResult {
    let info = try source.recording(localID)
    let label = "recording \(localID) of \(source.location)"
    if info.metadata.attributes.keys.contains("") {
      throw EventLogError.badRecordingMetadata(
        path: location, name: info.metadata.name, problem: "\(BadAttributeKey.empty) (\(label))")
    }
    let fingerprint = try recordingFingerprint(source, recording: localID)
    var stored: Int64 = 0
    do {
      let (id, isComplete) = try addRecording(info, fingerprint: fingerprint)
      if isComplete {
        return PushResult(id: id, eventCount: info.eventCount, sent: 0, wasAlreadyStored: true)
      }
      stored = try lastStoredSeq(id)
      var sent: Int64 = 0
      while stored < info.eventCount {
        let upper = min(stored + Int64(batchSize), info.eventCount)
        let cursor = try source.eventStream(
          recording: localID, kinds: nil, seqRange: (stored + 1)...upper)
        var rows = CopyRows(capacity: batchSize * 96)
        while let event = try cursor.next() { Self.encode(event, recording: id, into: &rows) }
        do {
          try connection.copy(Self.copySQL, rows: rows)
          sent += Int64(rows.rowCount)
          stored = upper
          try onBatch(stored)
        } catch let error as PostgreSQLError
          where error.isUniqueViolation || error.sqlstate == PostgresSchema.seqGap
        {
          stored = try lastStoredSeq(id)  // another pusher of the same recording got there
        } catch let error as PostgreSQLError
          where error.sqlstate == PostgresSchema.recordingComplete
        {
          break  // another pusher completed it
        }
      }
      try connection.execute(
        "UPDATE navsim.recordings SET complete = true, finished = $2 "
          + "WHERE id = $1 AND NOT complete",
        [String(id), info.isFinished ? "true" : "false"])
      return PushResult(id: id, eventCount: info.eventCount, sent: sent, wasAlreadyStored: false)
    } catch let error as PostgreSQLError {
      throw PostgresEventLogError.pushFailed(
        location: location, recording: label, storedSeq: stored, message: error.message
          + (error.sqlstate.map { " (SQLSTATE \($0))" } ?? ""))
    }
  }

  /// Inserts the recording's row unless its fingerprint is there already.
  /// - Returns: its id, and whether it is complete.
  private func addRecording(_ info: RecordingInfo, fingerprint: String) throws
    -> (id: Int64, isComplete: Bool)
  {
    let metadata = info.metadata
    // One transaction: a recording is never seen without its attributes.
    return try connection.transaction {
      let inserted = try connection.execute(
        """
        INSERT INTO navsim.recordings (fingerprint, name, source, scenario, seed,
          device_profile, created_at, navsim_version, payload_format, event_count)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (fingerprint) DO NOTHING RETURNING id
        """,
        [
          fingerprint, metadata.name, metadata.source.rawValue, metadata.scenario,
          metadata.seed.map { String(Int64(bitPattern: $0)) }, metadata.deviceProfile,
          metadata.createdAt, info.navsimVersion, String(StoredPayload.formatVersion),
          String(info.eventCount),
        ])
      if inserted.rowCount == 1, let id = try inserted.int64(0, 0) {
        for key in metadata.attributeKeys {
          try connection.execute(
            "INSERT INTO navsim.recording_attributes (recording_id, key, value) "
              + "VALUES ($1, $2, $3)", [String(id), key, metadata.attributes[key]])
        }
        return (id, false)
      }
      let existing = try connection.execute(
        "SELECT id, complete FROM navsim.recordings WHERE fingerprint = $1", [fingerprint])
      guard existing.rowCount == 1, let id = try existing.int64(0, 0) else {
        throw PostgreSQLError(
          kind: .protocolMismatch, message: "recording with fingerprint \(fingerprint) vanished",
          location: location)
      }
      return (id, try existing.bool(0, 1) ?? false)
    }
  }

  private func lastStoredSeq(_ id: Int64) throws -> Int64 {
    let result = try connection.execute(
      "SELECT coalesce(max(seq), 0) FROM navsim.events WHERE recording_id = $1", [String(id)])
    return try result.int64(0, 0) ?? 0
  }

  /// One COPY row: ids, then each number slot as its integer or real column, then the texts.
  static func encode(_ event: SessionEvent, recording: Int64, into rows: inout CopyRows) {
    let stored = event.payload.stored
    rows.integer(recording)
    rows.integer(event.seq)
    rows.integer(event.t)
    rows.integer(Int64(event.kind.code))
    let numbers = [stored.n1, stored.n2, stored.n3, stored.n4, stored.n5, stored.n6, stored.n7,
                   stored.n8]
    for number in numbers {
      if case .integer(let value)? = number { rows.integer(value) } else { rows.null() }
    }
    for number in numbers {
      if case .real(let value)? = number { rows.real(value) } else { rows.null() }
    }
    for text in [stored.s1, stored.s2, stored.s3] {
      if let text { rows.text(text) } else { rows.null() }
    }
    rows.endRow()
  }
}

// MARK: - Pull

extension PostgresEventLog {
  /// Copies the complete recording `id` into the SQLite log at `path` (created when missing),
  /// through its JSON Lines export, so what arrives is exactly what was pushed. Nothing is
  /// written when anything fails (the import is one transaction; a log created here is
  /// removed again), and the export waits in a temporary file with no name, so nothing of it
  /// outlives the process.
  /// - Returns: the new recording in the SQLite log.
  /// - Throws: `EventLogError.unknownRecording`, `PostgresEventLogError`, `EventLogError`,
  ///   `OutputError` for a path the output policy refuses.
  public func pull(recording id: Int64, intoLogAt path: String) throws -> RecordingInfo {
    try EventLogFile.importJSONLines(named: "\(location) recording \(id)", intoLogAt: path) {
      write in
      try exportJSONLines(recording: id) { chunk in try write(chunk) }
    }
  }
}
