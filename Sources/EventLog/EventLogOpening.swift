// Which store a log location names is decided at the program's edge: the libraries that read
// logs (`Replay`, `NavSimCheck`, `Explore`, `NavSimTesting`) take an opener and read through
// `EventLogReading`, so none of them links a server's client library. The default opens
// SQLite log files; the `navsim` command passes one that also opens `postgres://` recording
// libraries.

/// Opens a log for reading from where it is: a file path, or a URL a backend understands.
public protocol EventLogOpening: Sendable {
  /// Whether `location` names a log on a server rather than a file: such a location is not
  /// looked for on disk, and a run replayed from it keeps its own copy of the events.
  func isServerLocation(_ location: String) -> Bool

  /// Opens the log at `location` read-only.
  /// - Throws: the store's error (`EventLogError` for a file), or
  ///   `EventLogLocationError` for a location this opener does not handle.
  func openForReading(_ location: String) throws -> any EventLogReading
}

/// Opens SQLite log files only: what a library uses unless it is given another opener.
public struct EventLogFileOpener: EventLogOpening {
  public init() {}

  /// Never: every location is a file path.
  public func isServerLocation(_ location: String) -> Bool { false }

  /// Opens the SQLite log at the path `location`.
  /// - Throws: `EventLogLocationError` for a URL (`scheme://...`), `EventLogError` for a
  ///   file that is missing or not a log.
  public func openForReading(_ location: String) throws -> any EventLogReading {
    if let scheme = urlScheme(of: location) {
      throw EventLogLocationError(location: location, scheme: scheme)
    }
    return try EventLogFile(path: location, mode: .readOnly)
  }
}

/// A log location names a store this program cannot open: a URL given where only log files
/// are read.
public struct EventLogLocationError: Error, Equatable, CustomStringConvertible, Sendable {
  public var location: String
  public var scheme: String

  public init(location: String, scheme: String) {
    self.location = location
    self.scheme = scheme
  }

  public var description: String {
    "\(redactingPassword(location)): a \(scheme):// log is not opened here, only SQLite log "
      + "files are (the navsim command opens \(scheme):// recording libraries)"
  }
}

/// The scheme of a URL-shaped location (`postgres` for `postgres://...`), nil for a path.
func urlScheme(of location: String) -> String? {
  guard let separator = location.range(of: "://") else { return nil }
  let scheme = location[..<separator.lowerBound]
  guard let first = scheme.first, first.isASCII, first.isLetter,
    scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
  else { return nil }
  return String(scheme)
}

/// `location` with the password of a `user:password@` part replaced by `***`, so that a
/// message never shows it.
func redactingPassword(_ location: String) -> String {
  guard let start = location.range(of: "://") else { return location }
  let rest = location[start.upperBound...]
  let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex)]
  guard let at = authority.lastIndex(of: "@"),
    let colon = authority[..<at].firstIndex(of: ":")
  else { return location }
  return String(location[...colon]) + "***" + String(location[at...])
}
