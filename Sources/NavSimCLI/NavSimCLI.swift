import ArgumentParser
import Foundation
import NavSim
import SessionEvents

/// The `navsim` command line, as a library: a user's own executable registers its delegates
/// and gets every command.
public enum NavSimCLI {
  // The commands, in the order `navsim --help` lists them, are `NavSimRootCommand`'s
  // subcommands (NavSimCLI+Commands.swift): a new command is added there.

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

  /// Runs one command line (without the program name) and returns its exit status: the
  /// command's own, 0 for help, the version and completion scripts, 2 for bad input.
  @MainActor
  public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    // A command that parses its own arguments (all but `log` and `profile`) gets them as they
    // are, as the argument parser passes them, without building its command tree: that was half of a run's start-up (about 64 M of 126 M instructions, 15 ms), paid
    // again by every worker `check --jobs` and `explore --jobs` start. Help goes the long way.
    if let first = arguments.first, let command = passthroughCommands[first],
      !arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" })
    {
      return execute(prefix: "navsim \(first)", usage: command.usage, context: context) {
        try command.run(Array(arguments.dropFirst()), context: context)
      }
    }
    if let first = arguments.first, !first.hasPrefix("-"), first != "help",
      commandType([first]) == nil
    {
      context.printError("navsim: unknown command '\(first)'")
      context.printError(NavSimRootCommand.helpMessage())
      return 2
    }
    if arguments.first == "help" { return help(Array(arguments.dropFirst()), context: context) }
    // `--help` anywhere before `--`: the help of the command named so far (the argument parser
    // would answer a subcommand's with its `help` command's own).
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      return help(commandPath(arguments), context: context)
    }
    // A command with subcommands (`navsim log`) needs a known one, as before the parser.
    let path = commandPath(arguments)
    if let group = commandType(path), !path.isEmpty, !group.configuration.subcommands.isEmpty {
      var names: [String] = []
      for subcommand in group.configuration.subcommands {
        let configuration = subcommand.configuration
        if configuration.shouldDisplay, let name = configuration.commandName { names.append(name) }
      }
      let known = names.joined(separator: ", ")
      let prefix = "navsim " + path.joined(separator: " ")
      let next = arguments.dropFirst(path.count).first ?? ""
      if !next.hasPrefix("-") {
        context.printError(
          next.isEmpty
            ? "\(prefix): missing subcommand (\(known))"
            : "\(prefix): unknown subcommand '\(next)' (\(known))")
        context.printError(NavSimRootCommand.helpMessage(for: group))
        return 2
      }
    }
    let parsed: any ParsableCommand
    do {
      parsed = try NavSimRootCommand.parseAsRoot(arguments)
    } catch {
      // Help, the version and completion scripts arrive as "errors" with a success status.
      let message = NavSimRootCommand.fullMessage(for: error)
      if NavSimRootCommand.exitCode(for: error) == .success {
        context.print(message)
        return 0
      }
      // Bad input: one line naming the command, as its own errors do, then its usage.
      if let command = commandType(commandPath(arguments)) as? any RunnableCommand.Type {
        context.printError("\(command.messagePrefix): \(NavSimRootCommand.message(for: error))")
        context.printError(command.usageText)
      } else {
        context.printError(message)
      }
      return 2
    }
    guard let runnable = parsed as? any RunnableCommand else {
      // `navsim` alone, or `navsim log` without a subcommand: that command's help.
      context.print(NavSimRootCommand.helpMessage(for: type(of: parsed)))
      return 0
    }
    let kind = type(of: runnable)
    return execute(prefix: kind.messagePrefix, usage: kind.usageText, context: context) {
      try runnable.run(context: context)
    }
  }

  /// The top-level commands that parse their own arguments, by name.
  @MainActor private static let passthroughCommands: [String: any NavSimCommand.Type] = {
    var commands: [String: any NavSimCommand.Type] = [:]
    for case let command as any PassthroughCommand.Type
      in NavSimRootCommand.configuration.subcommands
    {
      commands[command.implementation.name] = command.implementation
    }
    return commands
  }()

  /// Runs a command's body: its status, or 2 after one line naming the command (and its
  /// usage, for bad input).
  @MainActor
  private static func execute(
    prefix: String, usage: String, context: CommandContext, _ body: () throws -> Int32
  ) -> Int32 {
    do {
      return try body()
    } catch let error as UsageError {
      context.printError("\(prefix): \(error.message)")
      context.printError(usage)
      return 2
    } catch {
      context.printError("\(prefix): \(error)")
      return 2
    }
  }

  /// `navsim help [COMMAND [SUBCOMMAND]]`: that command's help, exit 0; an unknown one is bad
  /// input, exit 2.
  @MainActor
  static func help(_ path: [String], context: CommandContext) -> Int32 {
    guard let command = commandType(path) else {
      let known = commandPath(path)
      let words = path.prefix(known.count + 1).joined(separator: " ")
      context.printError("navsim help: unknown command '\(words)'")
      return 2
    }
    context.print(NavSimRootCommand.helpMessage(for: command))
    return 0
  }

  /// The command that `path` names under `navsim`, if any.
  static func commandType(_ path: [String]) -> (any ParsableCommand.Type)? {
    var current: any ParsableCommand.Type = NavSimRootCommand.self
    for word in path {
      guard
        let next = current.configuration.subcommands.first(where: {
          $0.configuration.commandName == word
        })
      else { return nil }
      current = next
    }
    return current
  }

  /// The leading words of `arguments` that name a command and its subcommands.
  static func commandPath(_ arguments: [String]) -> [String] {
    var current: any ParsableCommand.Type = NavSimRootCommand.self
    var path: [String] = []
    for word in arguments {
      guard
        let next = current.configuration.subcommands.first(where: {
          $0.configuration.commandName == word
        })
      else { break }
      path.append(word)
      current = next
    }
    return path
  }
}
