import CSQLite

/// A failed SQLite call: the result code, SQLite's message, the SQL and the database file.
///
/// Printed (`description`) as one line a user can act on: `trip.sqlite: damaged or truncated;
/// ...`. `debugDescription` keeps SQLite's message, the code and the SQL for developers:
/// `trip.sqlite: UNIQUE constraint failed: events.seq (code 1555) in 'INSERT INTO events ...'`.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  Sendable
{
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

  /// True when the disk is full, or the file-size limit was reached (`SQLITE_FULL`).
  public var isFull: Bool { primaryCode == SQLITE_FULL }

  /// True when reading or writing the file failed (`SQLITE_IOERR`).
  public var isIOError: Bool { primaryCode == SQLITE_IOERR }

  /// True when another connection holds the lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

  /// One line in the user's words: the file, what is wrong and what to do. No SQL, no result
  /// code: those are in `debugDescription`.
  public var description: String {
    switch primaryCode {
    case SQLITE_NOTADB: "\(path): not an SQLite database (the file holds something else)"
    case SQLITE_CORRUPT: "\(path): damaged or truncated; restore it from a copy or record it again"
    case SQLITE_CANTOPEN:
      "\(path): cannot be opened; check that it exists and that its directory can be written"
    case SQLITE_READONLY where code == 264 || code == 776:  // _RECOVERY, _ROLLBACK
      "\(path): a writer was killed while writing it; it is repaired the next time NavSim "
        + "writes to it (a read-only open cannot)"
    case SQLITE_READONLY:
      "\(path): is read-only for this user or on this disk; copy it somewhere writable"
    case SQLITE_BUSY, SQLITE_LOCKED:
      "\(path): another program is writing it; try again when it has finished"
    case SQLITE_FULL: "\(path): the disk is full (or the file-size limit was reached)"
    case SQLITE_IOERR: "\(path): could not be read or written (input/output error)"
    case SQLITE_PERM, SQLITE_AUTH: "\(path): permission denied"
    default: "\(path): \(message)"
    }
  }

  /// The technical line: SQLite's message, the (extended) result code and the statement.
  public var debugDescription: String {
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
