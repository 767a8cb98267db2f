import SQLite
import TextBytes

/// Why an event log could not be opened, read or written: one case per failure, each naming
/// the file and, where there is one, the recording, event seq or import line.
///
/// `description` is one line, e.g. `trip.sqlite: not a NavSim event log (application_id 0)`.
public enum EventLogError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file does not exist (and the mode does not create it).
  case fileNotFound(path: String)
  /// The file is not an SQLite database at all.
  case notSQLite(path: String)
  /// An SQLite database, but not a NavSim event log; it was not modified.
  case notAnEventLog(path: String, detail: String)
  /// A log written by a newer NavSim, with a schema this version cannot read.
  case newerSchema(path: String, version: Int64, supported: Int64)
  /// A log from an older schema that needs a migration, opened read-only.
  case needsMigration(path: String, version: Int64, current: Int64)
  /// The file is damaged or truncated.
  case corrupted(path: String, detail: String)
  /// A write through a log opened `.readOnly`.
  case readOnly(path: String)
  /// No recording with this id.
  case unknownRecording(path: String, recording: Int64)
  /// The recording was finished cleanly and takes no more events.
  case recordingFinished(path: String, recording: Int64)
  /// Another writer appended to the recording since this writer last flushed.
  case concurrentWriter(path: String, recording: Int64, expectedLastSeq: Int64, foundLastSeq: Int64)
  /// An event refused on append (time going backwards, a non-finite value...).
  case invalidEvent(path: String, recording: Int64, seq: Int64, problem: String)
  /// A stored event that cannot be read back (unknown kind, malformed payload, a gap).
  case badStoredEvent(path: String, recording: Int64, seq: Int64, problem: String)
  /// A stored recording whose metadata cannot be read as it is: two attribute keys that are
  /// one `String` (another tool wrote them), where keeping one would drop the other's value,
  /// or an empty key (in the library, whose table does not refuse one). `problem` says what
  /// is wrong and how to mend it; the message adds where the SQL is (docs/event-log.md).
  case badStoredRecording(path: String, recording: Int64, problem: String)
  /// Metadata `beginRecording` refused (an empty attribute key); nothing was written.
  case badRecordingMetadata(path: String, name: String, problem: String)
  /// A bad line in a JSON Lines file being imported.
  case badImportLine(path: String, line: Int, problem: String)
  /// The writer was finished, or failed earlier, and takes no more events.
  case writerClosed(path: String, recording: Int64)
  /// Reading or writing a plain file failed.
  case io(path: String, problem: String)
  /// Any other SQLite failure (a lock held too long, a full disk...).
  case sqlite(SQLiteError)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .fileNotFound(let path), .notSQLite(let path), .notAnEventLog(let path, _),
      .newerSchema(let path, _, _), .needsMigration(let path, _, _), .corrupted(let path, _),
      .readOnly(let path), .unknownRecording(let path, _), .recordingFinished(let path, _),
      .concurrentWriter(let path, _, _, _), .invalidEvent(let path, _, _, _),
      .badStoredEvent(let path, _, _, _), .badStoredRecording(let path, _, _),
      .badRecordingMetadata(let path, _, _), .badImportLine(let path, _, _),
      .writerClosed(let path, _), .io(let path, _):
      path
    case .sqlite(let error): error.path
    }
  }

  public var description: String {
    switch self {
    case .fileNotFound(let path): "\(path): no such file"
    case .notSQLite(let path): "\(path): not an SQLite database"
    case .notAnEventLog(let path, let detail): "\(path): not a NavSim event log (\(detail))"
    case .newerSchema(let path, let version, let supported):
      "\(path): written by a newer NavSim (schema version \(version), this NavSim reads up to "
        + "\(supported)); upgrade NavSim"
    case .needsMigration(let path, let version, let current):
      "\(path): schema version \(version) needs migrating to \(current); open it read-write"
    case .corrupted(let path, let detail): "\(path): damaged or truncated (\(detail))"
    case .readOnly(let path): "\(path): opened read-only"
    case .unknownRecording(let path, let recording): "\(path): no recording \(recording)"
    case .recordingFinished(let path, let recording):
      "\(path): recording \(recording) is finished and takes no more events"
    case .concurrentWriter(let path, let recording, let expected, let found):
      "\(path): recording \(recording) was appended to by another writer (expected last seq "
        + "\(expected), found \(found))"
    case .invalidEvent(let path, let recording, let seq, let problem):
      "\(path): recording \(recording) seq \(seq): \(problem)"
    case .badStoredEvent(let path, let recording, let seq, let problem):
      "\(path): recording \(recording) seq \(seq): \(problem)"
    case .badStoredRecording(let path, let recording, let problem):
      "\(path): recording \(recording): \(problem) (docs/event-log.md)"
    case .badRecordingMetadata(let path, let name, let problem):
      "\(path): recording \(name.visiblyQuoted) not begun: \(problem)"
    case .badImportLine(let path, let line, let problem): "\(path):\(line): \(problem)"
    case .writerClosed(let path, let recording):
      "\(path): the writer of recording \(recording) is closed"
    case .io(let path, let problem): "\(path): \(problem)"
    case .sqlite(let error): error.description
    }
  }
}

extension EventLogError {
  /// Maps an SQLite failure on `path` to the case a user can act on.
  static func from(_ error: any Error, path: String) -> any Error {
    guard let error = error as? SQLiteError else { return error }
    switch error.primaryCode {
    case 26: return EventLogError.notSQLite(path: path)  // SQLITE_NOTADB
    case 11: return EventLogError.corrupted(path: path, detail: error.message)  // SQLITE_CORRUPT
    case 10 where error.code == 522:  // SQLITE_IOERR_SHORT_READ: a truncated file
      return EventLogError.corrupted(path: path, detail: error.message)
    default: return EventLogError.sqlite(error)
    }
  }
}

/// Runs `body`, turning SQLite failures on `path` into `EventLogError`s.
@inline(__always)
func mappingErrors<T>(path: String, _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch {
    throw EventLogError.from(error, path: path)
  }
}
