import Foundation
import NavSim

/// What a command runs with: the registered delegates and where its output goes.
@MainActor
public final class CommandContext {
  /// Delegate factories by name, `builtin` included (nil factory: the SDK's built-in layout).
  public let delegates: DelegateRegistry
  /// Screen factories by name (`--screen NAME`).
  public let screens: ScreenRegistry
  public var standardOutput: (String) -> Void
  public var standardError: (String) -> Void
  /// True when stderr is a terminal: long commands may show progress there.
  public var showsProgress: Bool
  /// The running `navsim` executable (set by `main`), which `navsim check` starts as its
  /// workers; nil (as in tests calling `run`) runs everything in this process.
  public var executablePath: String?

  public init(
    delegates: DelegateRegistry, screens: ScreenRegistry = ScreenRegistry([:]),
    standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
    standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
    showsProgress: Bool = isatty(2) == 1
  ) {
    self.delegates = delegates
    self.screens = screens
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.showsProgress = showsProgress
  }

  /// How a user types this `navsim` so that it runs: `navsim` when that name on the PATH is
  /// this executable (or the executable is unknown, as in tests), else its path, relative to
  /// the current directory when inside it (`.build/release/navsim` after `swift run`).
  public var invocation: String {
    guard let executable = executablePath.map({ URL(fileURLWithPath: $0).standardizedFileURL.path })
    else { return "navsim" }
    let environment = ProcessInfo.processInfo.environment
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory) + "/navsim")
      if FileManager.default.isExecutableFile(atPath: candidate.path),
        candidate.resolvingSymlinksInPath().path
          == URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
      {
        return "navsim"
      }
    }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    if executable.hasPrefix(current + "/") {
      var relative = String(executable.dropFirst(current.count + 1))
      // `.build/x86_64-unknown-linux-gnu/release/navsim` is also `.build/release/navsim`.
      let parts = relative.split(separator: "/")
      if parts.count == 4, parts[0] == ".build" {
        let short = ".build/\(parts[2])/\(parts[3])"
        if URL(fileURLWithPath: short).resolvingSymlinksInPath().path
          == URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        {
          relative = short
        }
      }
      return relative.contains("/") ? relative : "./" + relative
    }
    return executable
  }

  /// Writes one line to stdout.
  public func print(_ line: String = "") { standardOutput(line + "\n") }
  /// Writes one line to stderr.
  public func printError(_ line: String) { standardError(line + "\n") }
}

/// `1 event`, `2 events`: a count with its noun.
func counted(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}

/// The layout delegates a `navsim` binary knows, by name.
@MainActor
public struct DelegateRegistry {
  /// The reserved name of the SDK's built-in (slot-based) layout.
  public static let builtinName = "builtin"

  public let factories: [String: @MainActor () -> any NavigationLayoutDelegate]
  /// Delegates that run only when named (`--delegate broken`), never in `navsim check`'s
  /// default matrix: examples that break rules on purpose.
  public let onlyWhenNamed: Set<String>

  public init(
    _ factories: [String: @MainActor () -> any NavigationLayoutDelegate],
    onlyWhenNamed: Set<String> = []
  ) {
    self.factories = factories
    self.onlyWhenNamed = onlyWhenNamed
  }

  /// The delegates `navsim check` runs when none is named: every registered one but
  /// `builtin` and those that run only when named, sorted.
  public var defaultNames: [String] {
    names.filter { $0 != Self.builtinName && !onlyWhenNamed.contains($0) }
  }

  /// Registered names, sorted, `builtin` included.
  public var names: [String] {
    (Array(factories.keys) + [Self.builtinName]).sorted()
  }

  /// A new delegate for `name`; nil means the built-in layout.
  /// - Throws: `CommandFailure` (one line) listing the known names when `name` is not
  ///   registered.
  public func makeDelegate(named name: String) throws -> (any NavigationLayoutDelegate)? {
    if name == Self.builtinName { return nil }
    guard let factory = factories[name] else {
      throw CommandFailure("unknown delegate '\(name)' (known: \(names.joined(separator: ", ")))")
    }
    return factory()
  }
}

/// The screens a `navsim` binary knows, by name: factories that get the replay's map view
/// before the first event and set it up as the app's view controller would.
@MainActor
public struct ScreenRegistry {
  public let factories: [String: @MainActor (GMSMapView) -> AnyObject]

  public init(_ factories: [String: @MainActor (GMSMapView) -> AnyObject]) {
    self.factories = factories
  }

  /// Registered names, sorted.
  public var names: [String] { factories.keys.sorted() }

  /// The factory for `name`.
  /// - Throws: `CommandFailure` (one line) listing the known names when `name` is not
  ///   registered.
  public func factory(named name: String) throws -> @MainActor (GMSMapView) -> AnyObject {
    guard let factory = factories[name] else {
      let known = names.isEmpty ? "none registered" : "known: " + names.joined(separator: ", ")
      throw CommandFailure("unknown screen '\(name)' (\(known))")
    }
    return factory
  }
}

/// One `navsim` command: its declaration (arguments, options, help) and what it runs.
/// Commands with subcommands (`log`, `profile`) list them; their own `run` is not called.
@MainActor
public protocol NavSimCommand: Sendable {
  /// The declaration: the word on the command line, help, arguments and options.
  nonisolated static var spec: CommandSpec { get }
  /// The subcommands, in the order help lists them.
  nonisolated static var subcommands: [any NavSimCommand.Type] { get }
  /// Whether the command only groups its subcommands (`navsim log`): called alone, it asks
  /// for one.
  nonisolated static var requiresSubcommand: Bool { get }
  /// Runs the command with its parsed arguments. Returns the exit status.
  /// - Throws: `UsageError` (exit 2, pointing to the help) or `CommandFailure` / any error
  ///   (exit 2).
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}

extension NavSimCommand {
  public nonisolated static var subcommands: [any NavSimCommand.Type] { [] }
  public nonisolated static var requiresSubcommand: Bool { false }
}

/// A command that only groups subcommands.
protocol CommandGroup: NavSimCommand {}

extension CommandGroup {
  public nonisolated static var requiresSubcommand: Bool { true }
  public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
    throw UsageError("missing subcommand")
  }
}
