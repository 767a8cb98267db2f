import PostgreSQL

/// Why the PostgreSQL recording library could not be used: one case per failure a user can
/// act on, each naming the server (its URL without the password).
public enum PostgresEventLogError: Error, CustomStringConvertible, Sendable {
  /// The server could not be reached.
  case unreachable(location: String, message: String)
  /// The server refused the user or password.
  case badCredentials(location: String, message: String)
  /// The database holds no NavSim schema (nothing was ever pushed).
  case noSchema(location: String)
  /// The schema was made by a newer NavSim.
  case newerSchema(location: String, version: Int64, supported: Int64)
  /// The connection broke while reading a recording.
  case connectionLost(location: String, recording: Int64, afterSeq: Int64, message: String)
  /// The connection broke, or the server refused, while pushing.
  case pushFailed(location: String, recording: String, storedSeq: Int64, message: String)
  /// Any other refusal by the server.
  case server(PostgreSQLError)

  public var description: String {
    switch self {
    case .unreachable(let location, let message):
      "\(location): cannot reach the PostgreSQL server (\(message))"
    case .badCredentials(let location, let message):
      "\(location): the server refused the credentials (\(message)); check the user and "
        + "password in the URL (or ~/.pgpass)"
    case .noSchema(let location):
      "\(location): holds no NavSim recordings (no schema 'navsim'); "
        + "create it with 'navsim log push LOG \(location)' or 'navsim log init \(location)'"
    case .newerSchema(let location, let version, let supported):
      "\(location): the NavSim schema is version \(version), written by a newer NavSim (this "
        + "NavSim reads up to \(supported)); upgrade NavSim"
    case .connectionLost(let location, let recording, let afterSeq, let message):
      "\(location): connection lost while reading recording \(recording) after seq "
        + "\(afterSeq) (\(message))"
    case .pushFailed(let location, let recording, let storedSeq, let message):
      "\(location): push of \(recording) stopped with \(storedSeq) events stored (\(message)); "
        + "run the same push again to resume"
    case .server(let error): error.description
    }
  }

  /// Maps a wrapper error to the case a user can act on.
  static func from(_ error: any Error) -> any Error {
    guard let error = error as? PostgreSQLError else { return error }
    switch error.kind {
    case .unreachable: return Self.unreachable(location: error.location, message: error.message)
    case .authentication:
      return Self.badCredentials(location: error.location, message: error.message)
    case .server where error.isUndefinedSchema || error.isUndefinedTable:
      return Self.noSchema(location: error.location)
    default: return Self.server(error)
    }
  }
}

/// Runs `body`, turning libpq failures into `PostgresEventLogError`s.
@discardableResult
func mappingErrors<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch {
    throw PostgresEventLogError.from(error)
  }
}
