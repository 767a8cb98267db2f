import CSQLite
import OutputPolicy

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a connection opens its file.
public enum SQLiteOpenMode: Sendable {
  /// Never writes: `SQLITE_OPEN_READONLY`.
  case readOnly
  /// The file must exist.
  case readWrite
  /// Creates the file when it is missing.
  case create
}

/// One connection to an SQLite database file. Owns its handle and closes it in `deinit`.
///
/// Not `Sendable`: one owner serialises access (the handle is opened `SQLITE_OPEN_NOMUTEX`).
public final class SQLiteConnection {
  // MARK: - Properties

  /// The file this connection was opened on, as given.
  public let path: String
  /// The mode it was opened in.
  public let mode: SQLiteOpenMode
  let handle: OpaquePointer

  // MARK: - Opening

  /// Opens `path` in `mode`. Nothing is read or written yet: SQLite reads the header lazily,
  /// so a file that is not a database fails on the first statement, not here.
  ///
  /// A read-only open of a WAL file with no `-wal` file beside it (no writer has it open: the
  /// last one to close checkpoints and removes the `-wal`, so nothing is left to replay) opens
  /// it immutable: SQLite then makes no `-wal` or `-shm` file, so the file reads from
  /// read-only directories and mounts and as another user, and reading leaves nothing beside
  /// it. A file with a `-wal` file (a log still being written, or one whose writer was
  /// killed) opens normally and stays followable.
  ///
  /// A writable open checks the path against the output policy first (`OutputFile`).
  /// - Throws: `OutputError` for a path the policy refuses (a directory, a special file, a
  ///   missing directory, a read-only file or directory); `SQLiteError` when the file cannot be
  ///   opened (missing, no access).
  public convenience init(path: String, mode: SQLiteOpenMode) throws {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    var location = path
    var immutable = false
    switch mode {
    case .readOnly:
      flags |= SQLITE_OPEN_READONLY
      if let uri = Self.immutableLocation(of: path) {
        flags |= SQLITE_OPEN_URI
        location = uri
        immutable = true
      }
    case .readWrite:
      flags |= SQLITE_OPEN_READWRITE
      if Self.isFilePath(path) { try OutputFile.checkStore(path) }
    case .create:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      if Self.isFilePath(path) { try OutputFile.checkStore(path) }
    }
    try self.init(location: location, flags: flags, path: path, mode: mode, immutable: immutable)
  }

  /// Opens a new, empty database in a temporary file that has no name: SQLite removes it from
  /// its directory as it creates it, and the space is freed when the connection closes, so
  /// nothing of it outlives the process, however it ends. `image(walMode:)` then gives its
  /// bytes, to write where they belong with `OutputFile`.
  /// - Parameter path: the file the database will become, for messages.
  /// - Throws: `SQLiteError` naming `path`.
  public convenience init(temporaryFor path: String) throws {
    try self.init(
      location: "", flags: SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE
        | SQLITE_OPEN_CREATE, path: path, mode: .create, immutable: false)
  }

  private init(
    location: String, flags: Int32, path: String, mode: SQLiteOpenMode, immutable: Bool
  ) throws {
    var pointer: OpaquePointer?
    let code = sqlite3_open_v2(location, &pointer, flags, nil)
    guard code == SQLITE_OK, let pointer else {
      let message = pointer.map { String(cString: sqlite3_errmsg($0)) }
        ?? String(cString: sqlite3_errstr(code))
      if let pointer { sqlite3_close_v2(pointer) }
      throw SQLiteError(code: code, message: message, path: path)
    }
    self.path = path
    self.mode = mode
    self.handle = pointer
    self.isImmutable = immutable
    // Foreign keys off, defensive mode on: a user's SQL cannot corrupt the file via pragmas.
    var ignored: Int32 = 0
    _ = navsim_sqlite_db_config_int(pointer, SQLITE_DBCONFIG_DEFENSIVE, 1, &ignored)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  // MARK: - Documents

  /// True when the file was opened immutable (see `init`): it is read as it is on disk.
  public let isImmutable: Bool

  /// The `file:` URI that opens `path` immutable, when that is safe: an SQLite file last
  /// written in WAL mode with no `-wal` file beside it. Nil otherwise (the normal open reads a
  /// rollback-journal file without making any file, and a WAL file with a `-wal` needs it).
  static func immutableLocation(of path: String) -> String? {
    guard isFilePath(path), let header = try? SQLiteFileHeader(path: path),
      header.kind == .sqlite, header.usesWAL, let resolved = realpath(path, nil)
    else { return nil }
    let file = String(cString: resolved)
    free(resolved)
    // SQLite names the WAL after the file with links resolved.
    if access(file + "-wal", F_OK) == 0 || errno != ENOENT { return nil }
    var uri = "file:"
    for byte in file.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
        uri += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      default: uri.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return uri + "?immutable=1"
  }

  /// False for SQLite's special names (`:memory:`, the empty temporary name) and URIs.
  static func isFilePath(_ path: String) -> Bool {
    !path.isEmpty && path != ":memory:" && !path.hasPrefix("file:")
  }

  // MARK: - Running SQL

  /// Runs one or more statements that return no rows (schema, pragmas, transactions).
  /// - Throws: `SQLiteError` carrying the SQL.
  public func execute(_ sql: String) throws {
    var messagePointer: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &messagePointer)
    if code != SQLITE_OK {
      let message = messagePointer.map { String(cString: $0) } ?? lastErrorMessage
      sqlite3_free(messagePointer)
      throw SQLiteError(code: sqlite3_extended_errcode(handle) == 0 ? code
        : sqlite3_extended_errcode(handle), message: message, sql: sql, path: path)
    }
  }

  /// Compiles `sql` into a statement owned by the caller.
  /// - Throws: `SQLiteError` for a syntax error or a missing table.
  public func prepare(_ sql: String) throws -> SQLiteStatement {
    try SQLiteStatement(connection: self, sql: sql)
  }

  /// Runs `sql` with `values` bound and returns the first column of the first row, or nil.
  /// - Throws: `SQLiteError`.
  public func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteValue? {
    let statement = try prepare(sql)
    try statement.bind(values)
    guard try statement.step() else { return nil }
    return statement.value(at: 0)
  }

  /// An integer pragma's value, e.g. `integerPragma("user_version")`.
  /// - Throws: `SQLiteError` (e.g. `SQLITE_NOTADB` for a file that is not a database).
  public func integerPragma(_ name: String) throws -> Int64 {
    guard case .integer(let value)? = try scalar("PRAGMA \(name)") else { return 0 }
    return value
  }

  // MARK: - Transactions

  /// How a transaction takes its locks.
  public enum TransactionKind: String, Sendable {
    /// Locks on first access.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so a conflicting writer fails (or waits) up front.
    case immediate = "IMMEDIATE"
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  /// - Throws: what `body` throws, or `SQLiteError` from `BEGIN` / `COMMIT`.
  public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws
    -> T
  {
    try execute("BEGIN \(kind.rawValue)")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      if !isAutocommit { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// True when no transaction is open.
  public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  // MARK: - State

  /// The rowid of the last row inserted on this connection.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
  public func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Switches triggers on or off for this connection only (`SQLITE_DBCONFIG_ENABLE_TRIGGER`);
  /// other connections to the same file keep running them. Affects statements prepared later.
  public func setTriggersEnabled(_ enabled: Bool) {
    var ignored: Int32 = 0
    _ = navsim_sqlite_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled ? 1 : 0, &ignored)
  }

  /// The version of the linked SQLite library, e.g. `3.40.1`.
  public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

  // MARK: - Errors

  var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// The operating system's error (`errno`) behind the last failed file operation, 0 when
  /// there was none (`sqlite3_system_errno`): tells a full disk from the file-size limit.
  public var systemErrorCode: Int32 { sqlite3_system_errno(handle) }

  /// The one check point: every result code passes through here.
  /// - Throws: `SQLiteError` unless `code` is one of `accepted`.
  @inline(__always)
  func check(_ code: Int32, sql: String?, accepted: Int32 = SQLITE_OK) throws {
    if code == accepted { return }
    throw error(code: code, sql: sql)
  }

  func error(code: Int32, sql: String?) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    return SQLiteError(
      code: extended & 0xFF == code & 0xFF ? extended : code, message: lastErrorMessage, sql: sql,
      path: path)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
