import Foundation

/// One connection to a PostgreSQL server through libpq: owns its `PGconn` and closes it in
/// `deinit`; every result passes through `check`, which throws `PostgreSQLError`.
///
/// Not `Sendable`: one owner serialises access (libpq connections are not shared).
public final class PostgreSQLConnection {
  // MARK: - Properties

  /// The server as given, without its password (for messages).
  public let location: String
  let handle: OpaquePointer

  // MARK: - Life cycle

  /// Connects to `url` (`postgres://user:password@host:port/database?options`, or a libpq
  /// `key=value` string). Waits at most 10 s for the server unless the URL sets
  /// `connect_timeout`. Server notices are dropped, not printed.
  /// - Throws: `PostgreSQLError` of kind `.unreachable` or `.authentication` (or `.server` for a
  ///   missing database), with libpq's message on one line.
  public init(url: String) throws {
    location = Self.redacting(url)
    if case .failure(let error) = LibPQ.shared {
      throw PostgreSQLError(kind: .unreachable, message: error.message, location: location)
    }
    var keys = ["dbname", "fallback_application_name"]
    var values = [url, "navsim"]
    if !url.contains("connect_timeout") {
      keys.append("connect_timeout")
      values.append("10")
    }
    let connection = withCStrings(keys) { keyPointers in
      withCStrings(values) { valuePointers in
        PQconnectdbParams(keyPointers, valuePointers, 1)
      }
    }
    guard let connection else {
      throw PostgreSQLError(kind: .unreachable, message: "out of memory", location: location)
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let message = String(cString: PQerrorMessage(connection))
      PQfinish(connection)
      throw PostgreSQLError(kind: Self.connectFailureKind(message), message: message,
                            location: location)
    }
    handle = connection
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    // Shortest text that reads back as the same double, whatever the server's default.
    _ = try execute("SET extra_float_digits = 1")
  }

  deinit { PQfinish(handle) }

  /// Whether the connection is still up (false once the server closed it).
  public var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

  /// The server's backend process id (for `pg_terminate_backend` in tests and tools).
  public var backendPID: Int32 { PQbackendPID(handle) }

  // MARK: - Statements

  /// Runs one statement (or several, without parameters) and returns its result.
  /// - Parameters:
  ///   - parameters: `$1`, `$2`... as text (nil for NULL); the server converts them.
  /// - Throws: `PostgreSQLError` with the server's message and SQLSTATE.
  @discardableResult
  public func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgreSQLResult {
    let result: OpaquePointer?
    if parameters.isEmpty {
      result = PQexec(handle, sql)
    } else {
      result = withOptionalCStrings(parameters) { pointers in
        PQexecParams(handle, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
      }
    }
    return try check(result, sql: sql)
  }

  /// Runs `body` in a transaction: COMMIT when it returns, ROLLBACK when it throws.
  public func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      if isConnected { _ = try? execute("ROLLBACK") }
      throw error
    }
  }

  // MARK: - Results

  /// Turns a libpq result into a `PostgreSQLResult`, or throws for a failed one.
  func check(_ result: OpaquePointer?, sql: String?) throws -> PostgreSQLResult {
    guard let result else { throw failure(sql: sql, sqlstate: nil, message: nil) }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN, PGRES_EMPTY_QUERY:
      return PostgreSQLResult(result, location: location)
    default:
      let sqlstate = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      let message = String(cString: PQresultErrorMessage(result))
      PQclear(result)
      throw failure(sql: sql, sqlstate: sqlstate, message: message)
    }
  }

  /// The error for a failed call: `.connectionLost` when the connection is gone or the server
  /// ended the session (SQLSTATE class 08, or 57P01-57P03), `.server` otherwise.
  func failure(sql: String?, sqlstate: String?, message: String?) -> PostgreSQLError {
    let text = message.flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: PQerrorMessage(handle))
    let lost = !isConnected || sqlstate?.hasPrefix("08") == true
      || ["57P01", "57P02", "57P03"].contains(sqlstate ?? "")
    return PostgreSQLError(
      kind: lost ? .connectionLost : .server, message: text, sqlstate: sqlstate, sql: sql,
      location: location)
  }

  // MARK: - URLs

  /// `url` without the password (in the user part or a `password=` option).
  public static func redacting(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else {
      // key=value form: drop a password=... pair.
      return url.split(separator: " ").filter { !$0.hasPrefix("password=") }
        .joined(separator: " ")
    }
    var rest = url[schemeEnd.upperBound...]
    var query = ""
    if let mark = rest.firstIndex(of: "?") {
      let options = rest[rest.index(after: mark)...].split(separator: "&")
        .filter { !$0.hasPrefix("password=") }
      if !options.isEmpty { query = "?" + options.joined(separator: "&") }
      rest = rest[..<mark]
    }
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") {
      let user = authority[..<at]
      if let colon = user.firstIndex(of: ":") {
        authority = user[..<colon] + authority[at...]
      }
    }
    return url[..<schemeEnd.upperBound] + authority + rest[authorityEnd...] + query
  }

  /// Whether `location` names a PostgreSQL server (`postgres://` or `postgresql://`).
  public static func isURL(_ location: String) -> Bool {
    location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
  }

  static func connectFailureKind(_ message: String) -> PostgreSQLError.Kind {
    let authentication = [
      "password authentication failed", "no password supplied", "authentication failed",
      "password is required", "role \"",
    ]
    if message.contains("database \"") && message.contains("does not exist") { return .server }
    return authentication.contains(where: message.contains) ? .authentication : .unreachable
  }
}

// MARK: - C strings

/// Calls `body` with a NUL-terminated array of C strings.
func withCStrings<T>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
) -> T {
  withOptionalCStrings(strings.map { Optional($0) }) { body($0) }
}

/// Calls `body` with an array of C strings (nil stays NULL), followed by a NULL.
func withOptionalCStrings<T>(
  _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
) -> T {
  let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0)! } }
  defer { for copy in copies { free(copy) } }
  let pointers = copies.map { UnsafePointer($0) } + [nil]
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
