import EventLog
import PostgresEventLog

/// How every `navsim` command opens a log: a `postgres://` or `postgresql://` URL opens the
/// PostgreSQL recording library, anything else an SQLite log file.
///
/// Only the command line knows the URL schemes; the libraries it drives (`Replay`,
/// `NavSimCheck`, `Explore`) take it as their `EventLogOpening`, and default to files only.
public struct NavSimLogOpener: EventLogOpening {
  public init() {}

  public func isServerLocation(_ location: String) -> Bool { isPostgresURL(location) }

  /// - Throws: `EventLogError` for a file, `PostgresEventLogError` for a server.
  public func openForReading(_ location: String) throws -> any EventLogReading {
    if isPostgresURL(location) { return try PostgresEventLog(url: location, mode: .read) }
    return try EventLogFile(path: location, mode: .readOnly)
  }
}
