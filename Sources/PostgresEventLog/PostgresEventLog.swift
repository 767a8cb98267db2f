import EventLog
import PostgreSQL
import SessionEvents

/// A team's recording library in PostgreSQL: the event log's schema in schema `navsim` of a
/// database, read through the same `EventLogReading` interface as an SQLite log file.
///
/// ```swift
/// let library = try PostgresEventLog(url: "postgres://ci@db/navsim", mode: .write)
/// let pushed = try library.push(recording: 1, of: EventLogFile(path: "trip.sqlite", mode: .readOnly))
/// let cursor = try library.eventStream(recording: pushed.id, kinds: nil, seqRange: nil)
/// ```
///
/// Not `Sendable`: one owner uses it (one connection; its cursors share it).
public final class PostgresEventLog: EventLogReading {
  public enum Mode: Sendable {
    /// Reads; the schema must exist.
    case read
    /// Reads and pushes; creates the schema when the database has none.
    case write
  }

  // MARK: - Properties

  /// The server, as a URL without its password.
  public let location: String
  let connection: PostgreSQLConnection
  /// Cursors open on the connection; the first begins the read transaction, the last ends it.
  var openCursors = 0
  /// Names server cursors uniquely on the connection.
  var cursorSerial = 0
  /// Whether the schema has recording attributes (version 2 and later; a reader may meet an
  /// older schema no writer has migrated yet).
  private(set) var hasAttributes = false

  // MARK: - Opening

  /// Connects to `url` and checks the schema's version.
  /// - Throws: `PostgresEventLogError`: `.unreachable`, `.badCredentials`, `.noSchema` (read),
  ///   `.newerSchema`, `.server`.
  public init(url: String, mode: Mode = .read) throws {
    connection = try mappingErrors { try PostgreSQLConnection(url: url) }
    location = connection.location
    if mode == .write { try migrateSchema() }
    let version = try schemaVersion()
    if version > PostgresSchema.currentVersion {
      throw PostgresEventLogError.newerSchema(
        location: location, version: version, supported: PostgresSchema.currentVersion)
    }
    hasAttributes = version >= 2
  }

  /// Creates the schema when missing (one creator at a time) and grants `role` the privileges
  /// of a NavSim pusher: SELECT, INSERT, and UPDATE of the complete / finished flags only.
  /// - Throws: `PostgresEventLogError`.
  public static func initialize(url: String, grantingTo role: String?) throws {
    let log = try PostgresEventLog(url: url, mode: .write)
    if let role {
      try mappingErrors { try log.connection.execute(PostgresSchema.grantSQL(role: role)) }
    }
  }

  /// The schema version stored in `navsim.schema_version`.
  /// - Throws: `.noSchema` when the database has no NavSim schema.
  public func schemaVersion() throws -> Int64 {
    try mappingErrors {
      let result = try connection.execute("SELECT version FROM navsim.schema_version")
      guard result.rowCount == 1, let version = try result.int64(0, 0) else {
        throw PostgresEventLogError.noSchema(location: location)
      }
      return version
    }
  }

  /// Creates the schema, or migrates an older one forward, one writer at a time. A newer
  /// schema is left alone (the caller refuses it).
  private func migrateSchema() throws {
    try mappingErrors {
      try connection.transaction {
        try connection.execute("SELECT pg_advisory_xact_lock(\(PostgresSchema.creationLockKey))")
        let exists = try connection.execute(
          "SELECT 1 FROM pg_namespace WHERE nspname = 'navsim'")
        let version = exists.rowCount == 0 ? 0 : try schemaVersion()
        guard version < PostgresSchema.currentVersion else { return }
        for migration in PostgresSchema.migrations[Int(version)...] {
          try connection.execute(migration)
        }
      }
    }
  }

  public func storeDescription() throws -> String {
    "NavSim recording library in PostgreSQL, schema version \(try schemaVersion())"
  }

  // MARK: - Recordings

  private static let recordingColumns = """
    SELECT r.id, r.name, r.source, r.scenario, r.seed, r.device_profile, r.created_at,
      r.navsim_version, r.finished, r.event_count,
      (SELECT t FROM navsim.events WHERE recording_id = r.id ORDER BY seq LIMIT 1),
      (SELECT t FROM navsim.events WHERE recording_id = r.id ORDER BY seq DESC LIMIT 1),
      r.fingerprint
    FROM navsim.recordings r WHERE r.complete
    """

  /// Every completely pushed recording, by id (a push in progress is not listed).
  public func recordings() throws -> [RecordingInfo] {
    try mappingErrors {
      let result = try connection.execute(Self.recordingColumns + " ORDER BY r.id")
      var pairs: [Int64: [(key: String, value: String)]] = [:]
      if hasAttributes {
        let rows = try connection.execute(
          "SELECT recording_id, key, value FROM navsim.recording_attributes "
            + "ORDER BY recording_id, key COLLATE \"C\"")
        for row in 0..<rows.rowCount {
          pairs[try rows.int64(row, 0) ?? 0, default: []].append(
            (rows.text(row, 1) ?? "", rows.text(row, 2) ?? ""))
        }
      }
      return try (0..<result.rowCount).map {
        try recordingInfo(result, $0, attributes: { try attributes($0, pairs[$0] ?? []) })
      }
    }
  }

  /// The ids of every completely pushed recording, in order, without reading their metadata.
  public func recordingIDs() throws -> [Int64] {
    try mappingErrors {
      let result = try connection.execute(
        "SELECT id FROM navsim.recordings WHERE complete ORDER BY id")
      return try (0..<result.rowCount).map { try result.int64($0, 0) ?? 0 }
    }
  }

  /// The completely pushed recording `id`.
  /// - Throws: `EventLogError.unknownRecording` naming the server.
  public func recording(_ id: Int64) throws -> RecordingInfo {
    try mappingErrors {
      let result = try connection.execute(
        Self.recordingColumns + " AND r.id = $1", [String(id)])
      guard result.rowCount == 1 else {
        throw EventLogError.unknownRecording(path: location, recording: id)
      }
      return try recordingInfo(result, 0, attributes: attributes(of:))
    }
  }

  private func attributes(of id: Int64) throws -> [String: String] {
    guard hasAttributes else { return [:] }
    let rows = try connection.execute(
      "SELECT key, value FROM navsim.recording_attributes WHERE recording_id = $1 "
        + "ORDER BY key COLLATE \"C\"", [String(id)])
    return try attributes(
      id, (0..<rows.rowCount).map { (rows.text($0, 0) ?? "", rows.text($0, 1) ?? "") })
  }

  /// Recording `id`'s attributes from its rows (in the keys' byte order, `COLLATE "C"`, so a
  /// message names two clashing keys in one order), their keys' bytes as stored.
  /// - Throws: `EventLogError.badStoredRecording` naming the server, for two keys that differ
  ///   only in Unicode normalization (the table tells them apart; `text` compares bytes) or an
  ///   empty key (the table takes one from another tool).
  private func attributes(_ id: Int64, _ pairs: [(key: String, value: String)]) throws
    -> [String: String]
  {
    do throws(BadAttributeKey) {
      return try RecordingMetadata.checkedAttributes(pairs)
    } catch {
      throw EventLogError.badStoredRecording(
        path: location, recording: id, problem: "\(error); \(error.mend)")
    }
  }

  /// The fingerprint (SHA-256 of the JSON Lines export) of the complete recording `id`.
  public func fingerprint(of id: Int64) throws -> String {
    try mappingErrors {
      let result = try connection.execute(
        "SELECT fingerprint FROM navsim.recordings WHERE id = $1 AND complete", [String(id)])
      guard result.rowCount == 1, let text = result.text(0, 0) else {
        throw EventLogError.unknownRecording(path: location, recording: id)
      }
      return text
    }
  }

  private func recordingInfo(
    _ row: PostgreSQLResult, _ index: Int, attributes: (Int64) throws -> [String: String]
  ) throws -> RecordingInfo {
    let id = try row.int64(index, 0) ?? 0
    guard let source = RecordingSource(rawValue: row.text(index, 2) ?? "") else {
      throw EventLogError.corrupted(path: location, detail: "recording \(id) has an unknown source")
    }
    let metadata = RecordingMetadata(
      name: row.text(index, 1) ?? "", source: source, scenario: row.text(index, 3),
      seed: try row.int64(index, 4).map { UInt64(bitPattern: $0) },
      deviceProfile: row.text(index, 5), createdAt: row.text(index, 6) ?? "",
      attributes: try attributes(id))
    return RecordingInfo(
      id: id, metadata: metadata, navsimVersion: row.text(index, 7) ?? "",
      eventCount: try row.int64(index, 9) ?? 0, firstT: try row.int64(index, 10),
      lastT: try row.int64(index, 11), isFinished: try row.bool(index, 8) ?? false)
  }

  public func eventCountsByKind(recording id: Int64) throws -> [(kind: EventKind, count: Int64)] {
    _ = try recording(id)
    return try mappingErrors {
      let result = try connection.execute(
        "SELECT kind, count(*), min(seq) FROM navsim.events WHERE recording_id = $1 "
          + "GROUP BY kind ORDER BY kind", [String(id)])
      return try (0..<result.rowCount).map { row in
        let code = try result.int64(row, 0) ?? -1
        guard let kind = EventKind(code: Int(code)) else {
          throw EventLogError.badStoredEvent(
            path: location, recording: id, seq: try result.int64(row, 2) ?? 0,
            problem: "unknown event kind code \(code)")
        }
        return (kind, try result.int64(row, 1) ?? 0)
      }
    }
  }

  // MARK: - Reading

  public func eventStream(
    recording id: Int64, kinds: Set<EventKind>?, seqRange: ClosedRange<Int64>?
  ) throws -> any EventStream {
    _ = try recording(id)
    return try PostgresEventCursor(log: self, recordingID: id, kinds: kinds, seqRange: seqRange)
  }
}
