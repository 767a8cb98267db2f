import CSQLite

/// A value SQLite stores: the five storage classes.
public enum SQLiteValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// The storage class of a value in a result row.
public enum SQLiteStorageClass: Sendable {
  case null, integer, real, text, blob
}

/// A prepared statement. Owns its handle and finalizes it in `deinit`, so a statement's
/// lifetime (and the read transaction it may hold) is that of its owner.
///
/// Indices follow SQLite: bind parameters from 1, result columns from 0.
public final class SQLiteStatement {
  // MARK: - Properties

  /// The connection this statement runs on (kept alive while the statement lives).
  public let connection: SQLiteConnection
  /// The SQL it was compiled from.
  public let sql: String
  @usableFromInline let handle: OpaquePointer

  // MARK: - Life cycle

  init(connection: SQLiteConnection, sql: String) throws {
    var pointer: OpaquePointer?
    let code = sqlite3_prepare_v3(
      connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
    guard code == SQLITE_OK, let pointer else {
      throw connection.error(code: code, sql: sql)
    }
    self.connection = connection
    self.sql = sql
    self.handle = pointer
  }

  deinit {
    sqlite3_finalize(handle)
  }

  // MARK: - Binding

  /// Binds an integer to parameter `index` (1-based).
  /// - Throws: `SQLiteError` for an index out of range.
  @inline(__always)
  public func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds a double to parameter `index`. SQLite stores NaN as NULL: callers that care reject it.
  @inline(__always)
  public func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value))
  }

  /// Binds UTF-8 text to parameter `index` (SQLite copies it).
  @inline(__always)
  public func bind(_ value: String, at index: Int32) throws {
    var value = value
    let code = value.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress else {
          // SQLite reads a NULL pointer as SQL NULL: bind empty text from a literal.
          return sqlite3_bind_text(handle, index, "", 0, navsim_sqlite_transient())
        }
        return sqlite3_bind_text(
          handle, index, base, Int32(chars.count), navsim_sqlite_transient())
      }
    }
    try check(code)
  }

  /// Binds a blob to parameter `index` (SQLite copies it).
  public func bind(blob value: [UInt8], at index: Int32) throws {
    let code = value.withUnsafeBytes { bytes in
      sqlite3_bind_blob(
        handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
        navsim_sqlite_transient())
    }
    try check(code)
  }

  /// Binds NULL to parameter `index`.
  @inline(__always)
  public func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  /// Binds any value to parameter `index`.
  public func bind(_ value: SQLiteValue, at index: Int32) throws {
    switch value {
    case .null: try bindNull(at: index)
    case .integer(let number): try bind(number, at: index)
    case .real(let number): try bind(number, at: index)
    case .text(let text): try bind(text, at: index)
    case .blob(let bytes): try bind(blob: bytes, at: index)
    }
  }

  /// Binds `values` to parameters 1, 2, 3...
  public func bind(_ values: [SQLiteValue]) throws {
    for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
  }

  /// Sets every parameter back to NULL.
  public func clearBindings() {
    sqlite3_clear_bindings(handle)
  }

  // MARK: - Stepping

  /// Advances to the next row. Returns true when a row is available, false when done.
  /// - Throws: `SQLiteError` (constraint violations, corruption, a trigger's `RAISE`...).
  @inline(__always)
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw connection.error(code: code, sql: sql)
  }

  /// Rewinds the statement so it can run again; bindings are kept.
  @inline(__always)
  public func reset() {
    // The code repeats the last step's error, which `step` already threw.
    sqlite3_reset(handle)
  }

  /// Binds `values`, runs the statement to completion and rewinds it.
  /// - Throws: `SQLiteError`.
  public func run(_ values: [SQLiteValue] = []) throws {
    reset()
    try bind(values)
    while try step() {}
    reset()
  }

  // MARK: - Columns

  /// The number of result columns.
  public var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The name of result column `index`.
  public func columnName(at index: Int32) -> String {
    String(cString: sqlite3_column_name(handle, index))
  }

  /// The storage class of column `index` in the current row.
  @inlinable
  public func type(at index: Int32) -> SQLiteStorageClass {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: .integer
    case SQLITE_FLOAT: .real
    case SQLITE_TEXT: .text
    case SQLITE_BLOB: .blob
    default: .null
    }
  }

  /// True when column `index` of the current row is NULL.
  @inline(__always)
  public func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// True when column `index` of the current row holds an integer.
  @inline(__always)
  public func isInteger(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_INTEGER
  }

  @inlinable
  public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  @inlinable
  public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` as text, or nil when it is NULL.
  @inline(__always)
  public func text(at index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Column `index` as bytes (empty for NULL).
  public func blob(at index: Int32) -> [UInt8] {
    guard let pointer = sqlite3_column_blob(handle, index) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, index))
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// Column `index` in its own storage class.
  public func value(at index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: .integer(int64(at: index))
    case SQLITE_FLOAT: .real(double(at: index))
    case SQLITE_TEXT: .text(text(at: index) ?? "")
    case SQLITE_BLOB: .blob(blob(at: index))
    default: .null
    }
  }

  /// Column `index` of the current row as SQLite holds it (`SQLiteColumn`): its storage class
  /// and value read without looking the column up again for each.
  @inlinable
  public func column(_ index: Int32) -> SQLiteColumn {
    SQLiteColumn(sqlite3_column_value(handle, index))
  }

  // MARK: - Errors

  @inline(__always)
  private func check(_ code: Int32) throws {
    if code != SQLITE_OK { throw connection.error(code: code, sql: sql) }
  }
}

/// Whether `count` bytes at `a` and `b` are equal, compared a word at a time (a road name is
/// compared on every row that repeats it).
func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  let left = UnsafeRawPointer(a), right = UnsafeRawPointer(b)
  var offset = 0
  while offset + 8 <= count {
    if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < count {
    if a[offset] != b[offset] { return false }
    offset += 1
  }
  return true
}

/// A column of a statement's current row (`sqlite3_column_value`): its storage class and value.
///
/// One lookup of the column serves both, where `type(at:)` then `double(at:)` look it up twice
/// (about 50 instructions each). Valid until the statement steps again, resets or is
/// finalized. The value is "unprotected" (no mutex held while it is read): the connections
/// are opened `SQLITE_OPEN_NOMUTEX` and each is used by one owner, so no other thread steps
/// the statement meanwhile (https://sqlite.org/c3ref/value.html: the distinction matters only
/// where mutexes are in use).
public struct SQLiteColumn {
  @usableFromInline let value: OpaquePointer?

  @inlinable
  init(_ value: OpaquePointer?) { self.value = value }

  /// The storage class of the value.
  @inlinable
  public var storageClass: SQLiteStorageClass {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: .integer
    case SQLITE_FLOAT: .real
    case SQLITE_TEXT: .text
    case SQLITE_BLOB: .blob
    default: .null
    }
  }

  @inlinable
  public var int64: Int64 { sqlite3_value_int64(value) }

  @inlinable
  public var double: Double { sqlite3_value_double(value) }

  /// The value as text, nil when it is NULL (`last` untouched); `last` itself when it holds the
  /// same bytes, and otherwise a new string that `last` takes. A text that repeats from row to
  /// row (a road name...) is neither decoded again nor is a reference to it taken or dropped
  /// but the one returned.
  @inline(__always)
  public func text(updating last: inout String?) -> String? {
    guard let pointer = sqlite3_value_text(value) else { return nil }
    let count = Int(sqlite3_value_bytes(value))
    if last?.utf8.count == count {
      let same = last!.withUTF8 { bytes in
        bytes.baseAddress.map { sameBytes($0, pointer, count) } ?? true
      }
      if same { return last }
    }
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    last = text
    return text
  }
}
