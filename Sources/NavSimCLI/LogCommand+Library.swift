import EventLog
import PostgresEventLog
import SessionEvents

// MARK: - navsim log push, navsim log pull, navsim log init

extension LogCommand {
  /// `navsim log push LOG URL [--recording ID] [--batch N]`: every recording of LOG (or one)
  /// into the PostgreSQL library; a recording already there is not stored again.
  static func push(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["--recording", "--batch"], flagOptions: [])
    let path = try parsed.positional(0, "LOG")
    let url = try parsed.positional(1, "URL (postgres://...)")
    try parsed.expectPositionals(atMost: 2)
    guard isPostgresURL(url) else {
      throw UsageError("'\(url)' is not a postgres:// or postgresql:// URL")
    }
    let batch = try parsed.int("--batch", in: 1...1_000_000) ?? 5000
    let log = try EventLogFile(path: path, mode: .readOnly)
    let ids: [Int64]
    if let id = try parsed.int("--recording", in: 1...Int64.max) {
      ids = [try log.recording(id).id]
    } else {
      ids = try log.recordings().map(\.id)
      if ids.isEmpty { throw CommandFailure("\(path): holds no recordings") }
    }
    let library = try PostgresEventLog(url: url, mode: .write)
    for id in ids {
      let info = try log.recording(id)
      let result = try library.push(recording: id, of: log, batchSize: Int(batch))
      let what = "recording \(id) '\(info.metadata.name)' (\(info.eventCount) events)"
      if result.wasAlreadyStored {
        context.print("\(what): already in \(library.location) as recording \(result.id)")
      } else {
        context.print("\(what): pushed to \(library.location) as recording \(result.id)")
      }
    }
    return 0
  }

  /// `navsim log pull URL RECORDING --out LOG`: one library recording into an SQLite log.
  static func pull(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, valueOptions: ["--out"], flagOptions: [])
    let url = try parsed.positional(0, "URL (postgres://...)")
    let idText = try parsed.positional(1, "RECORDING")
    try parsed.expectPositionals(atMost: 2)
    guard isPostgresURL(url) else {
      throw UsageError("'\(url)' is not a postgres:// or postgresql:// URL")
    }
    guard let id = Int64(idText), id >= 1 else {
      throw UsageError("RECORDING must be a recording id (navsim log info \(url) lists them)")
    }
    guard let out = parsed.value("--out") else { throw UsageError("missing --out LOG") }
    let library = try PostgresEventLog(url: url)
    let pulled = try library.pull(recording: id, intoLogAt: out)
    context.print(
      "pulled recording \(id) '\(pulled.metadata.name)' (\(pulled.eventCount) events) from "
        + "\(library.location) into \(out) as recording \(pulled.id)")
    return 0
  }

  /// `navsim log init URL [--grant ROLE]`: creates the library's schema; grants ROLE the
  /// append-only privileges a team's NavSim needs.
  static func initLibrary(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, valueOptions: ["--grant"], flagOptions: [])
    let url = try parsed.positional(0, "URL (postgres://...)")
    try parsed.expectPositionals(atMost: 1)
    guard isPostgresURL(url) else {
      throw UsageError("'\(url)' is not a postgres:// or postgresql:// URL")
    }
    let role = parsed.value("--grant")
    try PostgresEventLog.initialize(url: url, grantingTo: role)
    let library = try PostgresEventLog(url: url)
    var line = "\(library.location): \(try library.storeDescription())"
    if let role { line += "; role \(role) may read, push and nothing else" }
    context.print(line)
    return 0
  }
}
