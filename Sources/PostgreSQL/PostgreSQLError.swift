/// A failed libpq call: what failed, the server's message and SQLSTATE, the SQL and the server.
///
/// Printed as one line: `postgres://alice@db:5432/navsim: permission denied for table events
/// (SQLSTATE 42501) in 'UPDATE ...'`.
public struct PostgreSQLError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What kind of failure this is, for callers that turn it into an actionable message.
  public enum Kind: Equatable, Sendable {
    /// The server could not be reached (refused, unknown host, timeout).
    case unreachable
    /// The server refused the credentials (or asked for a password none was given for).
    case authentication
    /// The connection broke after it was made (server shut down, backend terminated).
    case connectionLost
    /// The server ran the statement and refused it (`sqlstate` says why).
    case server
    /// A result NavSim did not expect (wrong column count, a value it cannot parse).
    case protocolMismatch
  }

  public var kind: Kind
  /// The server's (or libpq's) message, on one line.
  public var message: String
  /// The five-character SQLSTATE, when the server sent one (e.g. `23505` unique violation).
  public var sqlstate: String?
  /// The statement that failed, when there was one.
  public var sql: String?
  /// The server, as a URL without its password.
  public var location: String

  public init(
    kind: Kind, message: String, sqlstate: String? = nil, sql: String? = nil, location: String
  ) {
    self.kind = kind
    self.message = Self.oneLine(message)
    self.sqlstate = sqlstate
    self.sql = sql
    self.location = location
  }

  public var description: String {
    var line = "\(location): \(message)"
    if let sqlstate { line += " (SQLSTATE \(sqlstate))" }
    if let sql {
      let flat = Self.oneLine(sql)
      line += " in '\(flat.count > 120 ? flat.prefix(117) + "..." : flat)'"
    }
    return line
  }

  /// Joins a multi-line libpq message into one line, dropping the trailing newline.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { line in line.drop(while: { $0 == " " || $0 == "\t" }) }
      .filter { !$0.isEmpty }
      .joined(separator: "; ")
  }
}

// MARK: - Well-known SQLSTATEs

extension PostgreSQLError {
  /// `23505`: a unique or primary-key constraint refused a row.
  public var isUniqueViolation: Bool { sqlstate == "23505" }
  /// `42501`: the role lacks a privilege.
  public var isPermissionDenied: Bool { sqlstate == "42501" }
  /// `42P01`: the relation does not exist.
  public var isUndefinedTable: Bool { sqlstate == "42P01" }
  /// `3F000`: the schema does not exist.
  public var isUndefinedSchema: Bool { sqlstate == "3F000" }
  /// `40001` / `40P01`: a serialization failure or deadlock; the transaction may be retried.
  public var isRetryable: Bool { sqlstate == "40001" || sqlstate == "40P01" }
}
