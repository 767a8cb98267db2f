import ArgumentParser
import Foundation

// `navsim log`'s subcommands as the argument parser sees them: each shows its own usage line
// and entry of `LogCommand.usage`, and runs the `LogCommand` function that parses the rest.

/// One `navsim log` subcommand.
protocol LogSubcommand: RunnableCommand {
  /// The word after `navsim log`.
  static var name: String { get }
  /// One line for `navsim log --help`.
  static var abstract: String { get }
  var passthrough: PassthroughArguments { get }
  /// The `LogCommand` function that parses the arguments and runs.
  @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32
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

  @MainActor func run(context: CommandContext) throws -> Int32 {
    try Self.run(passthrough.arguments, context: context)
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
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.info(arguments, context: context)
      }
    }

    struct Events: LogSubcommand {
      static let name = "events"
      static let abstract = "A recording's events in seq order"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.events(arguments, context: context)
      }
    }

    struct Export: LogSubcommand {
      static let name = "export"
      static let abstract = "A recording as JSON Lines"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.export(arguments, context: context)
      }
    }

    struct Import: LogSubcommand {
      static let name = "import"
      static let abstract = "A JSON Lines file as a new recording"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.importRecording(arguments, context: context)
      }
    }

    struct Redact: LogSubcommand {
      static let name = "redact"
      static let abstract = "A copy of a log that can be shared"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.redact(arguments, context: context)
      }
    }

    struct Push: LogSubcommand {
      static let name = "push"
      static let abstract = "A log's recordings into the PostgreSQL recording library"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.push(arguments, context: context)
      }
    }

    struct Pull: LogSubcommand {
      static let name = "pull"
      static let abstract = "A library recording into a SQLite log"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.pull(arguments, context: context)
      }
    }

    struct Init: LogSubcommand {
      static let name = "init"
      static let abstract = "Create the recording library's schema"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.initLibrary(arguments, context: context)
      }
    }

    /// The tests' hook (not listed).
    struct AppendTest: LogSubcommand {
      static let name = "_append-test"
      static let abstract = "Appends test events (tests only)"
      @OptionGroup var passthrough: PassthroughArguments
      @MainActor static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
        try LogCommand.appendTest(arguments, context: context)
      }
    }
  }
}
