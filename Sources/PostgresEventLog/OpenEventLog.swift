import EventLog
import PostgreSQL

/// Opens a log for reading by where it is: a `postgres://` or `postgresql://` URL opens the
/// PostgreSQL recording library, anything else is an SQLite log file (the default).
/// - Throws: `EventLogError` for a file, `PostgresEventLogError` for a server.
public func openEventLogForReading(_ location: String) throws -> any EventLogReading {
  if isPostgresURL(location) { return try PostgresEventLog(url: location, mode: .read) }
  return try EventLogFile(path: location, mode: .readOnly)
}

/// Whether `location` names a PostgreSQL server rather than a file.
public func isPostgresURL(_ location: String) -> Bool {
  PostgreSQLConnection.isURL(location)
}
