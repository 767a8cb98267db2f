import Foundation
import OutputPolicy
import SQLite
import SessionEvents

/// A NavSim event log: one SQLite file holding one or more recordings.
///
/// ```swift
/// let log = try EventLogFile(path: "trip.sqlite", mode: .create)
/// let writer = try log.beginRecording(metadata)
/// try writer.append(.recentered, t: 1000)
/// try writer.finish()
/// let cursor = try log.events(recording: writer.recordingID)
/// while let event = try cursor.next() { ... }
/// ```
///
/// Opening checks that the file is a NavSim log before anything else and never writes to a
/// file that is not one. Not `Sendable`: one owner uses it (and its writers and cursors).
public final class EventLogFile {
  /// How a log file is opened.
  public enum Mode: Sendable {
    /// Reads only; the file is opened `SQLITE_OPEN_READONLY` and never written.
    case readOnly
    /// Reads and appends; the file must exist and be a NavSim log (migrated forward if older).
    case readWrite
    /// Like `readWrite`, creating a new log when the file is missing (or empty).
    case create
  }

  // MARK: - Properties

  /// The file, as given.
  public let path: String
  public let mode: Mode
  let connection: SQLiteConnection
  /// The schema version the file has once opened (older only for read-only opens).
  private var openedVersion = EventLogSchema.currentVersion

  // MARK: - Opening

  /// Opens the log at `path`.
  /// - Throws: `EventLogError`: `.fileNotFound`, `.notSQLite`, `.notAnEventLog`, `.newerSchema`,
  ///   `.needsMigration` (read-only on a schema older than the oldest read as it is),
  ///   `.corrupted`, `.io`.
  public init(path: String, mode: Mode) throws {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    if isDirectory.boolValue { throw EventLogError.io(path: path, problem: "is a directory") }
    if !exists && mode != .create { throw EventLogError.fileNotFound(path: path) }
    // Check the header with plain file reads before SQLite opens anything: SQLite would make
    // -wal / -shm files next to another program's WAL database even when reading it.
    let isEmpty = try !exists || Self.checkHeader(path: path, mayBeEmpty: mode == .create)

    self.path = path
    self.mode = mode
    let sqliteMode: SQLiteOpenMode =
      switch mode {
      case .readOnly: .readOnly
      case .readWrite: .readWrite
      case .create: .create
      }
    connection = try mappingErrors(path: path) {
      try SQLiteConnection(path: path, mode: sqliteMode)
    }
    connection.setBusyTimeout(milliseconds: 5000)
    // A reader streams events in seq order, which a small page cache serves as well as a big
    // one: a replay of a long log then needs no more memory than one of a short log.
    if mode == .readOnly {
      try mappingErrors(path: path) { try connection.execute("PRAGMA cache_size = -256") }
    }
    do {
      try mappingErrors(path: path) { try checkIdentity(mayInitialize: isEmpty) }
    } catch {
      if !exists { try? Self.removeFiles(of: path) }
      throw error
    }
  }

  /// A new, empty log in a temporary SQLite file with no name (`SQLiteConnection
  /// (temporaryFor:)`), which `publish(to:inputs:)` writes to `path` whole: until then `path`
  /// is untouched, and a failed or killed process leaves nothing anywhere.
  /// - Parameter path: the file the log will become, named in every message.
  /// - Throws: `EventLogError` naming `path`.
  public init(temporaryFor path: String) throws {
    self.path = path
    self.mode = .create
    connection = try mappingErrors(path: path) { try SQLiteConnection(temporaryFor: path) }
    try mappingErrors(path: path) { try checkIdentity(mayInitialize: true) }
  }

  /// Writes this log (opened with `init(temporaryFor:)`, its writers finished) to `path`
  /// under the output policy (`OutputFile.writeDatabase`): atomically, never over a directory, a special file or one of
  /// `inputs`. The file is in WAL mode, like a log written in place.
  /// - Throws: `OutputError` (nothing written), `EventLogError`.
  /// - Complexity: O(n) time and memory in the log's size.
  public func publish(to path: String, inputs: [String] = []) throws {
    let image = try mappingErrors(path: path) { try connection.image(walMode: true) }
    try OutputFile.writeDatabase(image, to: path, inputs: inputs)
  }

  /// Reads the 100-byte SQLite header of an existing file (`SQLiteFileHeader`): the magic
  /// string, `application_id` and `user_version`.
  /// - Returns: true when the file is empty (and `mayBeEmpty`).
  /// - Throws: `.notSQLite`, `.notAnEventLog`, `.newerSchema`, `.io`.
  private static func checkHeader(path: String, mayBeEmpty: Bool) throws -> Bool {
    let header: SQLiteFileHeader
    do {
      header = try SQLiteFileHeader(path: path)
    } catch let error as SQLiteFileError {
      throw EventLogError.io(
        path: path, problem: String(error.description.dropFirst(path.count + 2)))
    }
    switch header.kind {
    case .empty:
      if mayBeEmpty { return true }
      throw EventLogError.notAnEventLog(path: path, detail: "an empty file")
    case .notSQLite: throw EventLogError.notSQLite(path: path)
    case .sqlite: break
    }
    guard header.applicationID == EventLogSchema.applicationID else {
      throw EventLogError.notAnEventLog(
        path: path, detail: EventLogSchema.describeForeign(applicationID: header.applicationID))
    }
    // The on-disk header may lag the WAL, but versions only grow: a newer one here is final.
    if header.userVersion > EventLogSchema.currentVersion {
      throw EventLogError.newerSchema(
        path: path, version: header.userVersion, supported: EventLogSchema.currentVersion)
    }
    return false
  }

  /// Checks `application_id` first, then the schema version; initializes a new file and
  /// migrates an older one (read-write only).
  private func checkIdentity(mayInitialize: Bool) throws {
    let applicationID = try connection.integerPragma("application_id")
    if applicationID == 0 && mayInitialize {
      try initialize()
      return
    }
    guard applicationID == EventLogSchema.applicationID else {
      throw EventLogError.notAnEventLog(
        path: path,
        detail: EventLogSchema.describeForeign(
          applicationID: Int64(UInt32(truncatingIfNeeded: applicationID))))
    }
    let version = try connection.integerPragma("user_version")
    let current = EventLogSchema.currentVersion
    if version > current {
      throw EventLogError.newerSchema(path: path, version: version, supported: current)
    }
    if mode != .readOnly {
      try connection.execute("PRAGMA synchronous = NORMAL")
      trustOwnWrites()
    }
    if version < current {
      guard mode != .readOnly else {
        if version < EventLogSchema.oldestReadableVersion {
          throw EventLogError.needsMigration(path: path, version: version, current: current)
        }
        openedVersion = version
        return
      }
      try migrate()
    }
  }

  /// Makes a new log: identity and the current schema in one transaction, then WAL. The
  /// first transaction uses a rollback journal so the identity lands in the file's own header.
  private func initialize() throws {
    try connection.transaction(.immediate) {
      // Another writer may have made the log between our look and our write lock.
      if try connection.integerPragma("application_id") == EventLogSchema.applicationID { return }
      try connection.execute("PRAGMA application_id = \(EventLogSchema.applicationID)")
      for migration in EventLogSchema.migrations { try connection.execute(migration) }
      try connection.execute("PRAGMA user_version = \(EventLogSchema.currentVersion)")
    }
    try connection.execute("PRAGMA journal_mode = WAL")
    try connection.execute("PRAGMA synchronous = NORMAL")
    trustOwnWrites()
  }

  /// Turns the schema's append-only triggers off for this connection only: the writer and the
  /// importer check the same rules in Swift, and a trigger per row costs ~35% of the append
  /// rate. Every other connection to the file still runs them.
  private func trustOwnWrites() {
    connection.setTriggersEnabled(false)
  }

  /// Applies the pending forward migrations in one transaction.
  private func migrate() throws {
    try connection.transaction(.immediate) {
      let version = try connection.integerPragma("user_version")
      for migration in EventLogSchema.migrations.dropFirst(Int(version)) {
        try connection.execute(migration)
      }
      try connection.execute("PRAGMA user_version = \(EventLogSchema.currentVersion)")
    }
  }

  /// Removes a log file and its WAL, shared-memory and journal files (for tools and tests
  /// that start over; never called on a file NavSim did not create). Only regular files are
  /// removed: a directory, a link or a special file at one of those paths is refused, and
  /// then none of them is removed.
  /// - Throws: `EventLogError.io` naming the path that is not a regular file.
  public static func removeLogFiles(at path: String) throws { try removeFiles(of: path) }

  /// Removes a log file NavSim created, with its WAL, shared-memory and journal files: only
  /// regular files (`removeLogFiles(at:)`).
  static func removeFiles(of path: String) throws {
    var files: [String] = []
    for candidate in ["", "-wal", "-shm", "-journal"].map({ path + $0 }) {
      // Not followed: a link is itself what is at the path.
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: candidate) else {
        continue
      }
      guard attributes[.type] as? FileAttributeType == .typeRegular else {
        throw EventLogError.io(
          path: candidate, problem: "not a regular file; nothing of the log was removed")
      }
      files.append(candidate)
    }
    for file in files { try? FileManager.default.removeItem(atPath: file) }
  }

  /// The schema version of the open file (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int64 {
    try mappingErrors(path: path) { try connection.integerPragma("user_version") }
  }

  // MARK: - Recordings

  private static let recordingColumns = """
    SELECT r.id, r.name, r.source, r.scenario, r.seed, r.device_profile, r.created_at,
      r.navsim_version, r.finished,
      (SELECT max(seq) FROM events WHERE recording_id = r.id),
      (SELECT t FROM events WHERE recording_id = r.id ORDER BY seq LIMIT 1),
      (SELECT t FROM events WHERE recording_id = r.id ORDER BY seq DESC LIMIT 1)
    FROM recordings r
    """

  /// Every recording in the file, by id.
  /// - Throws: `EventLogError` (e.g. `.corrupted`).
  /// - Complexity: O(r log n): counts come from the seq index, not a scan.
  public func recordings() throws -> [RecordingInfo] {
    try mappingErrors(path: path) {
      let statement = try connection.prepare(Self.recordingColumns + " ORDER BY r.id")
      var result: [RecordingInfo] = []
      while try statement.step() { result.append(try recordingInfo(from: statement)) }
      return result
    }
  }

  /// The ids of every recording in the file, in order, without reading their metadata.
  /// - Throws: `EventLogError` (e.g. `.corrupted`).
  public func recordingIDs() throws -> [Int64] {
    try mappingErrors(path: path) {
      let statement = try connection.prepare("SELECT id FROM recordings ORDER BY id")
      var ids: [Int64] = []
      while try statement.step() { ids.append(statement.int64(at: 0)) }
      return ids
    }
  }

  /// The recording with `id`.
  /// - Throws: `EventLogError.unknownRecording`.
  public func recording(_ id: Int64) throws -> RecordingInfo {
    try mappingErrors(path: path) {
      let statement = try connection.prepare(Self.recordingColumns + " WHERE r.id = ?1")
      try statement.bind(id, at: 1)
      guard try statement.step() else {
        throw EventLogError.unknownRecording(path: path, recording: id)
      }
      return try recordingInfo(from: statement)
    }
  }

  private func recordingInfo(from row: SQLiteStatement) throws -> RecordingInfo {
    let id = row.int64(at: 0)
    guard let source = RecordingSource(rawValue: row.text(at: 2) ?? "") else {
      throw EventLogError.corrupted(path: path, detail: "recording \(id) has an unknown source")
    }
    let metadata = RecordingMetadata(
      name: row.text(at: 1) ?? "", source: source, scenario: row.text(at: 3),
      seed: row.isNull(at: 4) ? nil : UInt64(bitPattern: row.int64(at: 4)),
      deviceProfile: row.text(at: 5), createdAt: row.text(at: 6) ?? "",
      attributes: try attributes(of: id))
    return RecordingInfo(
      id: id, metadata: metadata, navsimVersion: row.text(at: 7) ?? "",
      eventCount: row.isNull(at: 9) ? 0 : row.int64(at: 9),
      firstT: row.isNull(at: 10) ? nil : row.int64(at: 10),
      lastT: row.isNull(at: 11) ? nil : row.int64(at: 11), isFinished: row.int64(at: 8) == 1)
  }

  /// A recording's attributes (none in a version-1 file), their keys' bytes as stored.
  /// - Throws: `EventLogError.badStoredRecording` for two keys that differ only in Unicode
  ///   normalization (the table tells them apart; another tool may have written both), or an
  ///   empty key (which the table's `CHECK` refuses, so only a damaged table holds one).
  private func attributes(of id: Int64) throws -> [String: String] {
    guard openedVersion >= 2 else { return [:] }
    let statement = try connection.prepare(
      "SELECT key, value FROM recording_attributes WHERE recording_id = ?1 ORDER BY key")
    try statement.bind(id, at: 1)
    var pairs: [(key: String, value: String)] = []
    while try statement.step() {
      pairs.append((statement.text(at: 0) ?? "", statement.text(at: 1) ?? ""))
    }
    do throws(BadAttributeKey) {
      return try RecordingMetadata.checkedAttributes(pairs)
    } catch {
      throw EventLogError.badStoredRecording(
        path: path, recording: id, problem: "\(error); \(error.mend)")
    }
  }

  /// How many events of each kind a recording holds, by kind code.
  /// - Throws: `EventLogError.unknownRecording`, `.badStoredEvent` for an unknown kind code.
  /// - Complexity: O(n): one scan of the recording.
  public func eventCountsByKind(recording id: Int64) throws -> [(kind: EventKind, count: Int64)] {
    _ = try recording(id)
    return try mappingErrors(path: path) {
      let statement = try connection.prepare(
        "SELECT kind, count(*), min(seq) FROM events WHERE recording_id = ?1 GROUP BY kind "
          + "ORDER BY kind")
      try statement.bind(id, at: 1)
      var counts: [(kind: EventKind, count: Int64)] = []
      while try statement.step() {
        let code = statement.int64(at: 0)
        guard let kind = EventKind.byStorageCode(code) else {
          throw EventLogError.badStoredEvent(
            path: path, recording: id, seq: statement.int64(at: 2),
            problem: "unknown event kind code \(code)")
        }
        counts.append((kind, statement.int64(at: 1)))
      }
      return counts
    }
  }

  // MARK: - Writing

  /// Starts a new recording and returns its writer.
  /// - Throws: `EventLogError.badRecordingMetadata` for an empty attribute key (nothing is
  ///   written), `.readOnly`, or an SQLite failure.
  public func beginRecording(_ metadata: RecordingMetadata, batchSize: Int = 1024) throws
    -> RecordingWriter
  {
    let id = try insertRecording(metadata, navsimVersion: NavSimVersion.current, finished: false)
    return try RecordingWriter(
      log: self, recordingID: id, lastSeq: 0, lastT: 0, batchSize: batchSize)
  }

  /// Returns a writer that appends to an existing, unfinished recording after its last event.
  ///
  /// Writers on one recording are checked optimistically: each flush verifies that the last
  /// stored seq is still the one this writer saw, so a second writer gets
  /// `EventLogError.concurrentWriter` instead of interleaving events.
  /// - Throws: `EventLogError.unknownRecording`, `.recordingFinished`, `.readOnly`.
  public func resumeRecording(_ id: Int64, batchSize: Int = 1024) throws -> RecordingWriter {
    guard mode != .readOnly else { throw EventLogError.readOnly(path: path) }
    let info = try recording(id)
    if info.isFinished { throw EventLogError.recordingFinished(path: path, recording: id) }
    return try RecordingWriter(
      log: self, recordingID: id, lastSeq: info.eventCount, lastT: info.lastT ?? 0,
      batchSize: batchSize)
  }

  func insertRecording(_ metadata: RecordingMetadata, navsimVersion: String, finished: Bool)
    throws -> Int64
  {
    guard mode != .readOnly else { throw EventLogError.readOnly(path: path) }
    // Any caller can build such metadata (an app's recorder facts, a library user): refused
    // before anything is written, where the table's `CHECK` would fail mid-transaction.
    if metadata.attributes.keys.contains("") {
      throw EventLogError.badRecordingMetadata(
        path: path, name: metadata.name, problem: "\(BadAttributeKey.empty)")
    }
    // The recording and its attributes land together (inside the caller's transaction when
    // there is one, as in an import).
    if connection.isAutocommit {
      return try mappingErrors(path: path) {
        try connection.transaction(.immediate) {
          try insertRecordingRows(metadata, navsimVersion: navsimVersion, finished: finished)
        }
      }
    }
    return try mappingErrors(path: path) {
      try insertRecordingRows(metadata, navsimVersion: navsimVersion, finished: finished)
    }
  }

  private func insertRecordingRows(
    _ metadata: RecordingMetadata, navsimVersion: String, finished: Bool
  ) throws -> Int64 {
    let statement = try connection.prepare(
      """
      INSERT INTO recordings (name, source, scenario, seed, device_profile, created_at,
        navsim_version, payload_format, finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
      """)
    try statement.run([
      .text(metadata.name), .text(metadata.source.rawValue),
      metadata.scenario.map(SQLiteValue.text) ?? .null,
      metadata.seed.map { .integer(Int64(bitPattern: $0)) } ?? .null,
      metadata.deviceProfile.map(SQLiteValue.text) ?? .null, .text(metadata.createdAt),
      .text(navsimVersion), .integer(Int64(StoredPayload.formatVersion)),
      .integer(finished ? 1 : 0),
    ])
    let id = connection.lastInsertRowID
    if !metadata.attributes.isEmpty {
      let insert = try connection.prepare(
        "INSERT INTO recording_attributes (recording_id, key, value) VALUES (?1, ?2, ?3)")
      for key in metadata.attributeKeys {
        try insert.run([.integer(id), .text(key), .text(metadata.attributes[key]!)])
      }
    }
    return id
  }

  // MARK: - Reading

  /// A cursor over a recording's events in seq order, streaming (constant memory).
  /// - Parameters:
  ///   - kinds: only these kinds; nil for all.
  ///   - seqRange: only these seqs; nil for all.
  /// - Throws: `EventLogError.unknownRecording`.
  public func events(
    recording id: Int64, kinds: Set<EventKind>? = nil, seqRange: ClosedRange<Int64>? = nil
  ) throws -> EventCursor {
    _ = try recording(id)
    return try EventCursor(log: self, recordingID: id, kinds: kinds, seqRange: seqRange)
  }
}
