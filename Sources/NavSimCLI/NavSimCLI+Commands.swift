import ArgumentParser
import Foundation
import SessionEvents

// The command tree as swift-argument-parser sees it: one `ParsableCommand` per command and
// subcommand, giving `--help` everywhere, `navsim help <command>`, `--version` and completion
// scripts. Each command's own options are still read by its `run(_:context:)` (see
// `PassthroughArguments`): the command implementations keep their logic and messages.

/// A parsed command that runs one of NavSim's commands and returns its exit status.
protocol RunnableCommand: ParsableCommand {
  /// How error messages name the command: `navsim log`.
  static var messagePrefix: String { get }
  /// The usage printed after a `UsageError`.
  static var usageText: String { get }
  /// Runs the command. - Throws: `UsageError`, `CommandFailure` or the command's errors.
  @MainActor func run(context: CommandContext) throws -> Int32
}

/// The arguments after the command's name, handed to the command's own parser unchanged
/// (`--help` and `-h` excepted: the argument parser answers those).
struct PassthroughArguments: ParsableArguments {
  @Argument(parsing: .allUnrecognized, help: .hidden)
  var arguments: [String] = []
}

/// A top-level command whose arguments its `NavSimCommand` parses.
protocol PassthroughCommand: RunnableCommand {
  associatedtype Implementation: NavSimCommand
  var passthrough: PassthroughArguments { get }
}

extension PassthroughCommand {
  static var messagePrefix: String { "navsim \(Implementation.name)" }
  static var usageText: String { Implementation.usage }
  static var implementation: any NavSimCommand.Type { Implementation.self }

  @MainActor func run(context: CommandContext) throws -> Int32 {
    try Implementation.run(passthrough.arguments, context: context)
  }

  /// The configuration that shows `Implementation`'s summary, usage lines and description.
  static func configuration(shown: Bool = true) -> CommandConfiguration {
    let text = UsageText(Implementation.usage)
    return CommandConfiguration(
      commandName: Implementation.name, abstract: Implementation.summary, usage: text.usage,
      discussion: text.discussion, shouldDisplay: shown)
  }
}

/// A command's usage text split where the argument parser shows it: the `USAGE:` lines, and
/// the description after the first blank line.
struct UsageText {
  var usage: String
  var discussion: String

  /// Split once per text: the argument parser reads every command's configuration many times
  /// while it builds the command tree, on every run of every command (workers included).
  init(_ text: String) {
    if let known = Self.cache.value(for: text) {
      self = known
      return
    }
    self.init(splitting: text)
    Self.cache.store(self, for: text)
  }

  private static let cache = Cache()

  /// Texts already split (a lock: `ParsableCommand.configuration` is not isolated).
  private final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: UsageText] = [:]

    func value(for text: String) -> UsageText? { lock.withLock { texts[text] } }
    func store(_ value: UsageText, for text: String) { lock.withLock { texts[text] = value } }
  }

  private init(splitting text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let blank = lines.firstIndex { $0.allSatisfy(\.isWhitespace) } ?? lines.count
    // The argument parser prints `USAGE: ` before the first line and indents the others by
    // as much: the text's own alignment is kept.
    let prefix = "USAGE: "
    usage = lines[..<blank].enumerated().map { index, line in
      if index == 0 { return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line }
      return line.hasPrefix(String(repeating: " ", count: prefix.count))
        ? String(line.dropFirst(prefix.count)) : line
    }.joined(separator: "\n")
    discussion = Self.unwrapped(Self.trimmed(lines[blank...].joined(separator: "\n"), \.isNewline))
  }

  /// `text` with each paragraph's lines joined, for the argument parser to wrap at the
  /// terminal's width. Lines that start a list item (`-`, `*`) or hold an aligned column
  /// (three spaces in a row), and the lines after them in the same paragraph, keep their
  /// breaks.
  static func unwrapped(_ text: String) -> String {
    var lines: [String] = []
    var joining = true
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = Self.trimmed(line, \.isWhitespace)
      if trimmed.isEmpty {
        joining = true
        lines.append("")
        continue
      }
      if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || line.contains("   ")
        || line.hasPrefix(" ")
      {
        joining = false
      }
      if joining, let last = lines.last, !last.isEmpty {
        lines[lines.count - 1] = last + " " + trimmed
      } else {
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `text` without the characters at either end that `isTrimmed` accepts. Foundation's
  /// `trimmingCharacters(in:)` goes through `NSString` on Linux, which made building the
  /// command tree (every command's help text, on every run) cost most of a run's start-up.
  static func trimmed(_ text: String, _ isTrimmed: (Character) -> Bool) -> String {
    guard let first = text.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = text.lastIndex(where: { !isTrimmed($0) })!
    return String(text[first...last])
  }
}

// MARK: - The root

/// `navsim`: every command as a subcommand.
struct NavSimRootCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "navsim",
      abstract: "Record navigation trips, replay them through layout delegates, and compare the "
        + "layouts.",
      discussion: "Exit status: 0 ok, 1 findings or differences, 2 bad input.",
      version: "navsim \(NavSimVersion.current)",
      subcommands: [
        Delegates.self, Log.self, Record.self, Demo.self, Replay.self, Lint.self, Diff.self,
        Runs.self, Report.self, Render.self, Check.self, Explore.self, Merge.self, Goldens.self,
        Profile.self, CheckWorker.self, ExploreWorker.self,
      ])
  }

  struct Delegates: PassthroughCommand {
    typealias Implementation = DelegatesCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Explore: PassthroughCommand {
    typealias Implementation = ExploreCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Record: PassthroughCommand {
    typealias Implementation = RecordCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Demo: PassthroughCommand {
    typealias Implementation = DemoCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Replay: PassthroughCommand {
    typealias Implementation = ReplayCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Lint: PassthroughCommand {
    typealias Implementation = LintCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Diff: PassthroughCommand {
    typealias Implementation = DiffCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Runs: PassthroughCommand {
    typealias Implementation = RunsCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Report: PassthroughCommand {
    typealias Implementation = ReportCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Render: PassthroughCommand {
    typealias Implementation = RenderCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Check: PassthroughCommand {
    typealias Implementation = CheckCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Merge: PassthroughCommand {
    typealias Implementation = MergeCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  struct Goldens: PassthroughCommand {
    typealias Implementation = GoldensCommand
    static var configuration: CommandConfiguration { configuration() }
    @OptionGroup var passthrough: PassthroughArguments
  }

  /// `navsim explore`'s worker processes (not listed).
  struct ExploreWorker: PassthroughCommand {
    typealias Implementation = ExploreWorkerCommand
    static var configuration: CommandConfiguration { configuration(shown: false) }
    @OptionGroup var passthrough: PassthroughArguments
  }

  /// `navsim check`'s worker processes (not listed).
  struct CheckWorker: PassthroughCommand {
    typealias Implementation = CheckWorkerCommand
    static var configuration: CommandConfiguration { configuration(shown: false) }
    @OptionGroup var passthrough: PassthroughArguments
  }
}
