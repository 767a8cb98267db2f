import Foundation
import NavSim
import SessionEvents

/// The `navsim` command line, as a library: a user's own executable registers its delegates
/// and gets every command.
public enum NavSimCLI {
  /// Every command, in the order `navsim --help` lists them.
  @MainActor
  static let commands: [any NavSimCommand.Type] = [
    DelegatesCommand.self,
    LogCommand.self,
    RecordCommand.self,
    DemoCommand.self,
    ReplayCommand.self,
    LintCommand.self,
    DiffCommand.self,
    RunsCommand.self,
    ReportCommand.self,
    RenderCommand.self,
    CheckCommand.self,
    ExploreCommand.self,
    MergeCommand.self,
    GoldensCommand.self,
  ]

  /// Commands that work but are not listed (`navsim check`'s workers).
  @MainActor
  static let hiddenCommands: [any NavSimCommand.Type] = [CheckWorkerCommand.self]

  /// Parses `CommandLine.arguments`, runs the command with `delegates` registered by name (plus
  /// `builtin`) and `screens` by name (`--screen NAME`), and exits with the command's status.
  ///
  /// A screen factory gets the replay's map view before the first event and sets it up as the
  /// app's view controller would; the replay keeps the object it returns alive.
  @MainActor
  public static func main(
    delegates: [String: @MainActor () -> any NavigationLayoutDelegate],
    screens: [String: @MainActor (GMSMapView) -> AnyObject] = [:]
  ) -> Never {
    let context = CommandContext(
      delegates: DelegateRegistry(delegates), screens: ScreenRegistry(screens))
    context.executablePath = Bundle.main.executablePath
    let status = run(Array(CommandLine.arguments.dropFirst()), context: context)
    exit(status)
  }

  /// Runs one command line (without the program name) and returns its exit status.
  @MainActor
  public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
      if arguments.count >= 2, let command = command(named: arguments[1]) {
        context.print(command.usage)
      } else {
        context.print(overview)
      }
      return 0
    }
    if first == "--version" {
      context.print("navsim \(NavSimVersion.current)")
      return 0
    }
    guard let command = command(named: first) else {
      context.printError("navsim: unknown command '\(first)'")
      context.printError(overview)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    if rest.first == "--help" || rest.first == "-h" {
      context.print(command.usage)
      return 0
    }
    do {
      return try command.run(rest, context: context)
    } catch let error as UsageError {
      context.printError("navsim \(command.name): \(error.message)")
      context.printError(command.usage)
      return 2
    } catch {
      context.printError("navsim \(command.name): \(error)")
      return 2
    }
  }

  @MainActor
  static func command(named name: String) -> (any NavSimCommand.Type)? {
    (commands + hiddenCommands).first { $0.name == name }
  }

  @MainActor
  static var overview: String {
    var lines = [
      "navsim \(NavSimVersion.current): record navigation trips, replay them through layout",
      "delegates, and compare the layouts.",
      "",
      "USAGE: navsim <command> [arguments]",
      "",
      "COMMANDS:",
    ]
    for command in commands {
      lines.append("  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0)
        + command.summary)
    }
    lines += ["", "Run 'navsim <command> --help' for a command's usage.", "navsim --version"]
    return lines.joined(separator: "\n")
  }
}
