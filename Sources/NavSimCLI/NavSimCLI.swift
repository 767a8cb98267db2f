import Foundation
import NavSim
import SessionEvents

/// The `navsim` command line, as a library: a user's own executable registers its delegates
/// and gets every command.
public enum NavSimCLI {
  /// Parses `CommandLine.arguments`, runs the command with `delegates` registered by name (plus
  /// `builtin`) and `screens` by name (`--screen NAME`), and exits with the command's status.
  ///
  /// A screen factory gets the replay's map view before the first event and sets it up as the
  /// app's view controller would; the replay keeps the object it returns alive.
  ///
  /// Delegates named in `onlyWhenNamed` (examples that break rules on purpose) run only when a
  /// command names them: `navsim check` leaves them out of its default matrix.
  @MainActor
  public static func main(
    delegates: [String: @MainActor () -> any NavigationLayoutDelegate],
    screens: [String: @MainActor (GMSMapView) -> AnyObject] = [:],
    onlyWhenNamed: Set<String> = []
  ) -> Never {
    let context = CommandContext(
      delegates: DelegateRegistry(delegates, onlyWhenNamed: onlyWhenNamed),
      screens: ScreenRegistry(screens))
    context.executablePath = Bundle.main.executablePath
    let status = run(Array(CommandLine.arguments.dropFirst()), context: context)
    exit(status)
  }

  /// The commands, in the order `navsim --help` lists them (hidden ones last).
  nonisolated static let commands: [any NavSimCommand.Type] = [
    DelegatesCommand.self, LogCommand.self, RecordCommand.self, DemoCommand.self,
    ReplayCommand.self, LintCommand.self, DiffCommand.self, RunsCommand.self,
    ReportCommand.self, RenderCommand.self, CheckCommand.self, ExploreCommand.self,
    MergeCommand.self, GoldensCommand.self, ProfileCommand.self, CheckWorkerCommand.self,
    ExploreWorkerCommand.self,
  ]

  /// Runs one command line (without the program name) and returns its exit status: the
  /// command's own, 0 for help, the version and completion scripts, 2 for bad input (one
  /// line naming the problem and a pointer to the help, on stderr).
  @MainActor
  public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    guard let first = arguments.first else {
      context.print(HelpText().rootHelp(commands: commands))
      return 0
    }
    if first == "help" { return help(Array(arguments.dropFirst()), context: context) }
    if first.hasPrefix("-") { return runRootOption(arguments, context: context) }
    // The command, and the subcommands named after it.
    var path = [first]
    guard var command = command(named: first, in: commands) else {
      return usageError(
        "navsim", unknownWordMessage("command", first, commands), help: "navsim --help",
        context: context)
    }
    var rest = Array(arguments.dropFirst())
    while let next = rest.first, let subcommand = Self.command(named: next, in: command.subcommands)
    {
      command = subcommand
      path.append(next)
      rest.removeFirst()
    }
    let invocation = (["navsim"] + path).joined(separator: " ")
    let options = rest.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      context.print(HelpText().help(for: command, path: path))
      return 0
    }
    if command.requiresSubcommand {
      let known = command.subcommands.filter { !$0.spec.isHidden }.map { $0.spec.name }
      let message =
        rest.first.map { unknownWordMessage("subcommand", $0, command.subcommands) }
        ?? "missing subcommand (\(known.joined(separator: ", ")))"
      return usageError(invocation, message, help: invocation + " --help", context: context)
    }
    do {
      return try parseAndRun(command, rest, context: context)
    } catch let error as UsageError {
      return usageError(invocation, error.message, help: invocation + " --help", context: context)
    } catch {
      context.printError("\(invocation): \(error)")
      return 2
    }
  }

  /// Parses `arguments` against `Command`'s declaration and runs it.
  @MainActor
  private static func parseAndRun<Command: NavSimCommand>(
    _ command: Command.Type, _ arguments: [String], context: CommandContext
  ) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: Command.spec)
    return try Command.run(parsed, context: context)
  }

  /// `navsim --version`, `--help`, `--generate-completion-script SHELL`.
  @MainActor
  private static func runRootOption(_ arguments: [String], context: CommandContext) -> Int32 {
    switch arguments[0] {
    case "--help", "-h":
      context.print(HelpText().rootHelp(commands: commands))
      return 0
    case "--version":
      context.print("navsim \(NavSimVersion.current)")
      return 0
    case "--generate-completion-script":
      let shells = CompletionScript.Shell.allCases.map(\.rawValue)
      guard arguments.count == 2, let shell = CompletionScript.Shell(rawValue: arguments[1]) else {
        let got = arguments.count > 1 ? "; got '\(arguments[1])'" : ""
        return usageError(
          "navsim",
          "--generate-completion-script takes one of \(shells.joined(separator: ", "))\(got)",
          help: "navsim --help", context: context)
      }
      let script = CompletionScript(
        commands: commands, delegates: context.delegates.names, screens: context.screens.names)
      context.standardOutput(script.text(for: shell))
      return 0
    default:
      let known = ["--help", "--version", "--generate-completion-script"]
      let suggestion = closestWord(to: arguments[0], in: known).map { " (did you mean '\($0)'?)" }
      return usageError(
        "navsim", "unknown option '\(arguments[0])'" + (suggestion ?? ""),
        help: "navsim --help", context: context)
    }
  }

  /// Bad input: one line naming the command and the problem, one line pointing to the help;
  /// exit status 2.
  @MainActor
  private static func usageError(
    _ invocation: String, _ message: String, help: String, context: CommandContext
  ) -> Int32 {
    context.printError("\(invocation): \(message)")
    context.printError(
      invocation == "navsim"
        ? "See 'navsim --help' for the commands." : "See '\(help)' for its arguments and options.")
    return 2
  }

  /// "unknown command 'chek' (did you mean 'check'?)".
  private static func unknownWordMessage(
    _ what: String, _ word: String, _ commands: [any NavSimCommand.Type]
  ) -> String {
    let names = commands.filter { !$0.spec.isHidden }.map { $0.spec.name }
    if let suggestion = closestWord(to: word, in: names) {
      return "unknown \(what) '\(word)' (did you mean '\(suggestion)'?)"
    }
    return "unknown \(what) '\(word)' (known: \(names.joined(separator: ", ")))"
  }

  /// `navsim help [COMMAND [SUBCOMMAND]]`: that command's help, exit 0; an unknown one is bad
  /// input, exit 2.
  @MainActor
  static func help(_ path: [String], context: CommandContext) -> Int32 {
    guard let first = path.first else {
      context.print(HelpText().rootHelp(commands: commands))
      return 0
    }
    var current = command(named: first, in: commands)
    for word in path.dropFirst() {
      current = current.flatMap { command(named: word, in: $0.subcommands) }
    }
    guard let command = current else {
      context.printError("navsim help: unknown command '\(path.joined(separator: " "))'")
      context.printError("See 'navsim --help' for the commands.")
      return 2
    }
    context.print(HelpText().help(for: command, path: path))
    return 0
  }

  /// The command of `commands` named `name`, hidden ones included.
  static func command(named name: String, in commands: [any NavSimCommand.Type])
    -> (any NavSimCommand.Type)?
  {
    commands.first { $0.spec.name == name }
  }

  /// Every command path under `navsim`, hidden ones included: `["log", "push"]`.
  static func commandPaths(
    under list: [any NavSimCommand.Type] = commands, prefix: [String] = []
  ) -> [(path: [String], command: any NavSimCommand.Type)] {
    list.flatMap { command -> [(path: [String], command: any NavSimCommand.Type)] in
      let path = prefix + [command.spec.name]
      return [(path, command)] + commandPaths(under: command.subcommands, prefix: path)
    }
  }
}
