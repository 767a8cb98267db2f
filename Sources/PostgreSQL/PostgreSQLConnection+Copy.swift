
// COPY ... FROM STDIN in text format: the fastest way to append many rows (one statement, so
// statement-level triggers see the whole batch at once).

/// Rows for `COPY ... FROM STDIN` in text format, built in one byte buffer.
public struct CopyRows {
  var bytes: [UInt8] = []
  private var fieldsInRow = 0
  public private(set) var rowCount = 0

  public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

  private mutating func separate() {
    if fieldsInRow > 0 { bytes.append(0x09) }
    fieldsInRow += 1
  }

  /// Appends an integer field.
  public mutating func integer(_ value: Int64) {
    separate()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Appends a double field as its shortest round-trip text (`-0.0`, `1e-300`...).
  public mutating func real(_ value: Double) {
    separate()
    bytes.append(contentsOf: value.description.utf8)
  }

  /// Appends a boolean field.
  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(value ? 0x74 : 0x66)  // t / f
  }

  /// Appends a text field, escaping backslash, tab, newline and carriage return.
  public mutating func text(_ value: String) {
    separate()
    for byte in value.utf8 {
      switch byte {
      case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
      case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
      case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
      default: bytes.append(byte)
      }
    }
  }

  /// Appends a NULL field.
  public mutating func null() {
    separate()
    bytes.append(contentsOf: [0x5C, 0x4E])  // \N
  }

  /// Ends the current row.
  public mutating func endRow() {
    bytes.append(0x0A)
    fieldsInRow = 0
    rowCount += 1
  }
}

extension PostgreSQLConnection {
  /// Runs `COPY table (columns) FROM STDIN` with `rows`, as one statement.
  /// - Returns: the rows the server stored.
  /// - Throws: `PostgreSQLError`: the server's refusal (a constraint, a trigger) with its
  ///   SQLSTATE, or `.connectionLost`.
  @discardableResult
  public func copy(_ sql: String, rows: CopyRows) throws -> Int64 {
    _ = try check(PQexec(handle, sql), sql: sql)
    let sent = rows.bytes.withUnsafeBufferPointer { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let length = min(1 << 20, buffer.count - offset)
        let status = buffer.baseAddress!.advanced(by: offset).withMemoryRebound(
          to: CChar.self, capacity: length
        ) { PQputCopyData(handle, $0, Int32(length)) }
        if status != 1 { return false }
        offset += length
      }
      return true
    }
    let ended = PQputCopyEnd(handle, sent ? nil : "NavSim could not send the rows") == 1
    // Read every result, keeping the first failure.
    var failure: (any Error)?
    var stored: Int64 = 0
    while let result = PQgetResult(handle) {
      do {
        let checked = try check(result, sql: sql)
        stored += checked.affectedRows
      } catch {
        if failure == nil { failure = error }
      }
    }
    if let failure { throw failure }
    if !sent || !ended { throw self.failure(sql: sql, sqlstate: nil, message: nil) }
    return stored
  }
}
