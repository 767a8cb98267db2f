import ArgumentParser
import Foundation

// `navsim log`'s subcommands: each declares its arguments and options, validates them, shows
// its own usage line and entry of `LogCommand.usage`, and runs its `LogCommand` function.
// An option takes the next word as its value whatever it looks like (`--seed -1`), as the
// hand-written parser did.

/// One `navsim log` subcommand.
protocol LogSubcommand: RunnableCommand {
  /// The word after `navsim log`.
  static var name: String { get }
  /// One line for `navsim log --help`.
  static var abstract: String { get }
}

extension LogSubcommand {
  // The messages and usage are `navsim log`'s, as before the argument parser.
  static var messagePrefix: String { "navsim log" }
  static var usageText: String { LogCommand.usage }

  static var configuration: CommandConfiguration {
    let entry = LogCommand.entry(of: name)
    return CommandConfiguration(
      commandName: name, abstract: abstract, usage: entry.usage, discussion: entry.discussion,
      shouldDisplay: !name.hasPrefix("_"))
  }
}

/// `--recording ID`, shared by the subcommands that read one recording of a log.
struct RecordingOption: ParsableArguments {
  @Option(
    name: .customLong("recording"), parsing: .unconditional,
    help: ArgumentHelp(
      "The recording; may be left out when the log holds only one.", valueName: "ID"))
  var id: Int64?

  func validate() throws {
    if let id, id < 1 { throw ValidationError("--recording must be at least 1, got \(id)") }
  }
}

extension LogCommand {
  /// `name`'s usage line and its entry of the description (plus the notes for every
  /// subcommand), from `usage`.
  nonisolated static func entry(of name: String) -> (usage: String, discussion: String) {
    let text = UsageText(usage)
    let usageLine = text.usage.split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0 == "navsim log \(name)" || $0.hasPrefix("navsim log \(name) ") }
    let lines = text.discussion.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    // Entries start at column 0 with the subcommand's name; their continuation is indented.
    var entry: [String] = []
    if let start = lines.firstIndex(where: { $0.hasPrefix(name + " ") }) {
      entry.append(lines[start])
      var next = start + 1
      while next < lines.count, lines[next].hasPrefix(" ") {
        entry.append(lines[next])
        next += 1
      }
    }
    let notes = lines.drop { !$0.isEmpty }.joined(separator: "\n")
      .trimmingCharacters(in: .newlines)
    let body = entry.map { $0.count > 9 ? String($0.dropFirst(9)) : "" }.joined(separator: "\n")
    return (usageLine ?? "navsim log \(name)", [body, notes].filter { !$0.isEmpty }
      .joined(separator: "\n\n"))
  }
}

extension NavSimRootCommand {
  /// `navsim log`: one subcommand per verb.
  struct Log: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: LogCommand.name, abstract: LogCommand.summary,
        discussion: UsageText(LogCommand.usage).discussion,
        subcommands: [
          Info.self, Events.self, Export.self, Import.self, Redact.self, Push.self, Pull.self,
          Init.self, AppendTest.self,
        ])
    }

    struct Info: LogSubcommand {
      static let name = "info"
      static let abstract = "Recordings in a log: metadata, event counts, time span"
      @Argument(help: ArgumentHelp("An SQLite event log or a postgres:// URL.", valueName: "LOG"))
      var log: String
      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.info(self, context: context)
      }
    }

    struct Events: LogSubcommand {
      static let name = "events"
      static let abstract = "A recording's events in seq order"
      @Argument(help: ArgumentHelp("An SQLite event log or a postgres:// URL.", valueName: "LOG"))
      var log: String
      @OptionGroup var recording: RecordingOption
      @Option(parsing: .unconditionalSingleValue, help: "Only events of kind K (repeat, or K1,K2).")
      var kind: [String] = []
      @Option(parsing: .unconditional, help: ArgumentHelp("Start at seq SEQ.", valueName: "SEQ"))
      var from: Int64?
      @Option(parsing: .unconditional, help: ArgumentHelp("At most N events.", valueName: "N"))
      var limit: Int64?
      @Flag(help: "JSON Lines, one event per line.") var json = false

      func validate() throws {
        if let from, from < 1 { throw ValidationError("--from must be at least 1, got \(from)") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
      }

      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.events(self, context: context)
      }
    }

    struct Export: LogSubcommand {
      static let name = "export"
      static let abstract = "A recording as JSON Lines"
      @Argument(help: ArgumentHelp("An SQLite event log or a postgres:// URL.", valueName: "LOG"))
      var log: String
      @OptionGroup var recording: RecordingOption
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Write atomically to FILE instead of stdout.", valueName: "FILE"))
      var out: String?
      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.export(self, context: context)
      }
    }

    struct Import: LogSubcommand {
      static let name = "import"
      static let abstract = "A JSON Lines file as a new recording"
      @Argument(help: ArgumentHelp("The JSON Lines file.", valueName: "FILE.jsonl"))
      var file: String
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The log to add it to (created when missing).", valueName: "LOG"))
      var out: String
      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.importRecording(self, context: context)
      }
    }

    struct Redact: LogSubcommand {
      static let name = "redact"
      static let abstract = "A copy of a log that can be shared"
      @Argument(help: ArgumentHelp("The SQLite event log.", valueName: "LOG")) var log: String
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The new, redacted log.", valueName: "LOG2"))
      var out: String
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Picks the offsets (never stored).", valueName: "N"))
      var seed: UInt64?
      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.redact(self, context: context)
      }
    }

    struct Push: LogSubcommand {
      static let name = "push"
      static let abstract = "A log's recordings into the PostgreSQL recording library"
      @Argument(help: ArgumentHelp("The SQLite event log.", valueName: "LOG")) var log: String
      @Argument(help: ArgumentHelp("postgres://user:password@host:port/database", valueName: "URL"))
      var url: String
      @OptionGroup var recording: RecordingOption
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Events per transaction.", valueName: "N"))
      var batch: Int = 5000

      func validate() throws {
        try LogCommand.validatePostgresURL(url)
        guard (1...1_000_000).contains(batch) else {
          throw ValidationError("--batch must be an integer in 1...1000000, got \(batch)")
        }
      }

      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.push(self, context: context)
      }
    }

    struct Pull: LogSubcommand {
      static let name = "pull"
      static let abstract = "A library recording into a SQLite log"
      @Argument(help: ArgumentHelp("postgres://user:password@host:port/database", valueName: "URL"))
      var url: String
      @Argument(help: ArgumentHelp("The library's recording id.", valueName: "RECORDING"))
      var recording: String
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The SQLite log (created when missing).", valueName: "LOG"))
      var out: String

      func validate() throws {
        try LogCommand.validatePostgresURL(url)
        guard let id = Int64(recording), id >= 1 else {
          throw ValidationError(
            "RECORDING must be a recording id (navsim log info \(url) lists them)")
        }
      }

      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.pull(self, context: context)
      }
    }

    struct Init: LogSubcommand {
      static let name = "init"
      static let abstract = "Create the recording library's schema"
      @Argument(help: ArgumentHelp("postgres://user:password@host:port/database", valueName: "URL"))
      var url: String
      @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Lets ROLE read and push, never update or delete.", valueName: "ROLE"))
      var grant: String?

      func validate() throws { try LogCommand.validatePostgresURL(url) }

      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.initLibrary(self, context: context)
      }
    }

    /// The tests' hook (not listed).
    struct AppendTest: LogSubcommand {
      static let name = "_append-test"
      static let abstract = "Appends test events (tests only)"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor func run(context: CommandContext) throws -> Int32 {
        try LogCommand.appendTest(passthrough.arguments, context: context)
      }
    }
  }
}
