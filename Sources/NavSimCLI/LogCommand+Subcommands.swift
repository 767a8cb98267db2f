import SessionEvents

// `navsim log`'s subcommands: each declares its arguments and options and runs its
// `LogCommand` function.

/// `LOG`: a log the subcommand reads.
private let readableLog = ArgumentSpec("LOG", "An SQLite event log or a postgres:// URL.")

/// `URL`: the recording library.
private let libraryURL = ArgumentSpec(
  "URL", "The recording library: postgres://user:password@host:port/database.",
  completion: .none)

/// `--recording ID`, shared by the subcommands that read one recording of a log.
private let recordingOption = OptionSpec.value(
  "--recording", "ID", "The recording; may be left out when the log holds only one.")

extension ParsedArguments {
  /// `--recording ID`. - Throws: `UsageError` when it is not a positive integer.
  fileprivate func recording() throws -> Int64? { try int("--recording", in: 1...Int64.max) }
}

struct LogInfoCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "info",
    summary: "Recordings in a log: metadata, event counts per kind, time span, finished or not",
    arguments: [readableLog])

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try LogCommand.info(log: parsed.positional(0, "LOG"), context: context)
  }
}

struct LogEventsCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "events", summary: "A recording's events in seq order, one per line",
    arguments: [readableLog],
    options: [
      recordingOption,
      .value(
        "--kind", "K", "Only events of kind K (repeat, or K1,K2).", repeatable: true,
        completion: .values(EventKind.allCases.map(\.rawValue))),
      .value("--from", "SEQ", "Start at seq SEQ."),
      .value("--limit", "N", "At most N events."),
      .flag("--json", "JSON Lines, one event per line."),
    ])

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try LogCommand.events(
      log: parsed.positional(0, "LOG"), recording: parsed.recording(),
      kinds: parsed.values("--kind"), from: parsed.int("--from", in: 1...Int64.max),
      limit: parsed.int("--limit", in: 0...Int64.max), json: parsed.flag("--json"),
      context: context)
  }
}

struct LogExportCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "export",
    summary: "A recording as JSON Lines (a header line, then one event per line)",
    arguments: [readableLog],
    options: [
      recordingOption,
      .value(
        "--out", "FILE", "Write atomically to FILE instead of stdout.", completion: .files),
    ])

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try LogCommand.export(
      log: parsed.positional(0, "LOG"), recording: parsed.recording(), out: parsed.value("--out"),
      context: context)
  }
}

struct LogImportCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "import", summary: "A JSON Lines file as a new recording",
    arguments: [ArgumentSpec("FILE.jsonl", "The JSON Lines file.")],
    options: [
      .value(
        "--out", "LOG", "The log to add it to (created when missing).", required: true,
        completion: .files)
    ],
    discussion: "A bad line is reported with its number and nothing is written.")

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try LogCommand.importRecording(
      from: parsed.positional(0, "FILE.jsonl"), into: parsed.value("--out")!, context: context)
  }
}

struct LogRedactCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "redact", summary: "A copy of a log that can be shared",
    arguments: [ArgumentSpec("LOG", "The SQLite event log.")],
    options: [
      .value("--out", "LOG2", "The new, redacted log.", required: true, completion: .files),
      .value(
        "--seed", "N", "Picks the offsets; never stored.",
        default: "derived from each recording's content, so the same log always redacts the "
          + "same way"),
    ],
    discussion: """
      Writes a copy of every recording as a new log LOG2: coordinates moved by one random
      offset per recording, road names, prompt texts, marks, route ids, the scenario, seed and
      time of day removed. It replays to the same layouts.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let seed = try parsed.value("--seed").map { text in
      guard let seed = UInt64(text) else {
        throw UsageError("--seed must be a non-negative integer, got '\(text)'")
      }
      return seed
    }
    return try LogCommand.redact(
      from: parsed.positional(0, "LOG"), to: parsed.value("--out")!, seed: seed,
      context: context)
  }
}

struct LogPushCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "push", summary: "A log's recordings into the PostgreSQL recording library",
    arguments: [ArgumentSpec("LOG", "The SQLite event log."), libraryURL],
    options: [
      recordingOption,
      .value("--batch", "N", "Events per transaction.", default: "5000"),
    ],
    discussion: """
      Creates the library's schema when missing; a recording already there is not stored
      again; a push that was interrupted resumes where it stopped.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let url = try parsed.positional(1, "URL")
    try LogCommand.validatePostgresURL(url)
    let batch = try parsed.int("--batch", in: 1...1_000_000) ?? 5000
    return try LogCommand.push(
      log: parsed.positional(0, "LOG"), to: url, recording: parsed.recording(),
      batch: Int(batch), context: context)
  }
}

struct LogPullCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "pull", summary: "A library recording into a SQLite log",
    arguments: [
      libraryURL, ArgumentSpec("RECORDING", "The library's recording id.", completion: .none),
    ],
    options: [
      .value(
        "--out", "LOG", "The SQLite log (created when missing).", required: true,
        completion: .files)
    ])

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let url = try parsed.positional(0, "URL")
    try LogCommand.validatePostgresURL(url)
    guard let id = Int64(try parsed.positional(1, "RECORDING")), id >= 1 else {
      throw UsageError("RECORDING must be a recording id (navsim log info \(url) lists them)")
    }
    return try LogCommand.pull(
      from: url, recording: id, into: parsed.value("--out")!, context: context)
  }
}

struct LogInitCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "init", summary: "Create the recording library's schema",
    arguments: [libraryURL],
    options: [
      .value("--grant", "ROLE", "Let ROLE read and push, never update or delete.")
    ])

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let url = try parsed.positional(0, "URL")
    try LogCommand.validatePostgresURL(url)
    return try LogCommand.initLibrary(
      url: url, grantingTo: parsed.value("--grant"), context: context)
  }
}

/// The tests' hook (not listed): appends COUNT synthetic events as a new recording.
struct LogAppendTestCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "_append-test", summary: "Append test events (tests only)",
    arguments: [
      ArgumentSpec("LOG", "The event log."),
      ArgumentSpec("COUNT", "How many events.", completion: .none),
    ],
    options: [.value("--batch", "N", "Events per transaction.", default: "1024")],
    hidden: true)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try LogCommand.appendTest(parsed, context: context)
  }
}
