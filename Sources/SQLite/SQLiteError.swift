import CSQLite

/// A failed SQLite call: the result code, SQLite's message, the SQL and the database file.
///
/// Printed as one line: `trip.sqlite: UNIQUE constraint failed: events.seq (code 1555) in
/// 'INSERT INTO events ...'`.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The (extended) result code, e.g. `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public var code: Int32
  /// SQLite's message for the failure (`sqlite3_errmsg`), or a description of the code.
  public var message: String
  /// The statement that failed, when there was one.
  public var sql: String?
  /// The database file the connection was opened on.
  public var path: String

  public init(code: Int32, message: String, sql: String? = nil, path: String) {
    self.code = code
    self.message = message
    self.sql = sql
    self.path = path
  }

  /// The primary result code (the low byte of `code`), e.g. `SQLITE_CONSTRAINT`.
  public var primaryCode: Int32 { code & 0xFF }

  /// True when the file is not a database or is damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
  public var isCorruption: Bool {
    primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT
  }

  /// True when another connection holds the lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

  public var description: String {
    var line = "\(path): \(message) (code \(code))"
    if let sql {
      let flat = sql.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }
        .joined(separator: " ")
      line += " in '\(flat.count > 120 ? flat.prefix(117) + "..." : flat)'"
    }
    return line
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}
