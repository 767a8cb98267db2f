import Foundation

/// The rows of one statement's result, in text format: owns its `PGresult` and clears it in
/// `deinit`. Values are read by row and column index, both from 0.
public final class PostgreSQLResult {
  let handle: OpaquePointer
  let location: String

  init(_ handle: OpaquePointer, location: String) {
    self.handle = handle
    self.location = location
  }

  deinit { PQclear(handle) }

  /// Rows returned.
  public var rowCount: Int { Int(PQntuples(handle)) }
  /// Columns per row.
  public var columnCount: Int { Int(PQnfields(handle)) }
  /// Rows an INSERT / UPDATE / DELETE touched (0 for other statements).
  public var affectedRows: Int64 { Int64(String(cString: PQcmdTuples(handle))) ?? 0 }

  // MARK: - Values

  public func isNull(_ row: Int, _ column: Int) -> Bool {
    PQgetisnull(handle, Int32(row), Int32(column)) == 1
  }

  /// The value as text, nil for NULL.
  public func text(_ row: Int, _ column: Int) -> String? {
    if isNull(row, column) { return nil }
    return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
  }

  /// The value as an integer, nil for NULL.
  /// - Throws: `PostgreSQLError` (`.protocolMismatch`) for text that is not an integer.
  public func int64(_ row: Int, _ column: Int) throws -> Int64? {
    if isNull(row, column) { return nil }
    let value = PQgetvalue(handle, Int32(row), Int32(column))!
    var end: UnsafeMutablePointer<CChar>?
    errno = 0
    let number = strtoll(value, &end, 10)
    guard errno == 0, let end, end.pointee == 0, end != UnsafeMutablePointer(mutating: value)
    else { throw mismatch(row, column, "an integer") }
    return Int64(number)
  }

  /// The value as a double (PostgreSQL's shortest round-trip text), nil for NULL.
  /// - Throws: `PostgreSQLError` (`.protocolMismatch`) for text that is not a number.
  public func double(_ row: Int, _ column: Int) throws -> Double? {
    if isNull(row, column) { return nil }
    let value = PQgetvalue(handle, Int32(row), Int32(column))!
    var end: UnsafeMutablePointer<CChar>?
    let number = strtod(value, &end)
    guard let end, end.pointee == 0, end != UnsafeMutablePointer(mutating: value) else {
      throw mismatch(row, column, "a number")
    }
    return number
  }

  /// The value as a boolean (`t` / `f`), nil for NULL.
  public func bool(_ row: Int, _ column: Int) throws -> Bool? {
    switch text(row, column) {
    case nil: return nil
    case "t": return true
    case "f": return false
    default: throw mismatch(row, column, "a boolean")
    }
  }

  private func mismatch(_ row: Int, _ column: Int, _ expected: String) -> PostgreSQLError {
    let name = String(cString: PQfname(handle, Int32(column)))
    return PostgreSQLError(
      kind: .protocolMismatch,
      message: "row \(row) column \(name) is '\(text(row, column) ?? "NULL")', expected \(expected)",
      location: location)
  }
}
