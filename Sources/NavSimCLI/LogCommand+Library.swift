import EventLog
import PostgresEventLog
import SessionEvents
import TextBytes

// MARK: - navsim log push, navsim log pull, navsim log init

extension LogCommand {
  /// - Throws: `ValidationError` when `url` is not a PostgreSQL URL.
  nonisolated static func validatePostgresURL(_ url: String) throws {
    guard isPostgresURL(url) else {
      throw UsageError("'\(url)' is not a postgres:// or postgresql:// URL")
    }
  }

  /// `navsim log push LOG URL [--recording ID] [--batch N]`: every recording of LOG (or one)
  /// into the PostgreSQL library; a recording already there is not stored again.
  static func push(
    log path: String, to url: String, recording: Int64?, batch: Int, context: CommandContext
  ) throws -> Int32 {
    let log = try EventLogFile(path: path, mode: .readOnly)
    let ids: [Int64]
    if let id = recording {
      ids = [try log.recording(id).id]
    } else {
      ids = try log.recordings().map(\.id)
      if ids.isEmpty { throw CommandFailure("\(path): holds no recordings") }
    }
    let library = try PostgresEventLog(url: url, mode: .write)
    for id in ids {
      let info = try log.recording(id)
      let result = try library.push(recording: id, of: log, batchSize: Int(batch))
      let what = "recording \(id) \(info.metadata.name.visiblyQuoted) (\(info.eventCount) events)"
      if result.wasAlreadyStored {
        context.print("\(what): already in \(library.location) as recording \(result.id)")
      } else {
        context.print("\(what): pushed to \(library.location) as recording \(result.id)")
      }
    }
    return 0
  }

  /// `navsim log pull URL RECORDING --out LOG`: one library recording into an SQLite log.
  static func pull(
    from url: String, recording id: Int64, into out: String, context: CommandContext
  ) throws -> Int32 {
    let library = try PostgresEventLog(url: url)
    let pulled = try library.pull(recording: id, intoLogAt: out)
    context.print(
      "pulled recording \(id) \(pulled.metadata.name.visiblyQuoted) (\(pulled.eventCount) events) from "
        + "\(library.location) into \(out) as recording \(pulled.id)")
    return 0
  }

  /// `navsim log init URL [--grant ROLE]`: creates the library's schema; grants ROLE the
  /// append-only privileges a team's NavSim needs.
  static func initLibrary(
    url: String, grantingTo role: String?, context: CommandContext
  ) throws -> Int32 {
    try PostgresEventLog.initialize(url: url, grantingTo: role)
    let library = try PostgresEventLog(url: url)
    var line = "\(library.location): \(try library.storeDescription())"
    if let role { line += "; role \(role) may read, push and nothing else" }
    context.print(line)
    return 0
  }
}
