import PostgreSQL

// Opening a log by location (a file path or this backend's URL) is the `navsim` command's
// job (`NavSimLogOpener`); this backend only says which locations are its own.

/// Whether `location` names a PostgreSQL server rather than a file.
public func isPostgresURL(_ location: String) -> Bool {
  PostgreSQLConnection.isURL(location)
}
