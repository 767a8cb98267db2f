import ArgumentParser
import Foundation
import TestSupport
import Testing
@testable import NavSimCLI

/// The argument parser's side of the command line: help for every command and subcommand,
/// `navsim help`, the version and shell completion scripts.
@MainActor
@Suite struct HelpAndCompletionTests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    var out = "", err = ""
    let context = CommandContext(
      delegates: DelegateRegistry([:]), standardOutput: { out += $0 },
      standardError: { err += $0 }, showsProgress: false)
    return (NavSimCLI.run(arguments, context: context), out, err)
  }

  /// Every command path under `navsim`, hidden ones included: `["log", "push"]`.
  private static func commandPaths(
    under command: any ParsableCommand.Type = NavSimRootCommand.self, prefix: [String] = []
  ) -> [[String]] {
    command.configuration.subcommands.flatMap { subcommand -> [[String]] in
      let path = prefix + [subcommand.configuration.commandName ?? ""]
      return [path] + commandPaths(under: subcommand, prefix: path)
    }
  }

  @Test func everyCommandAndSubcommandAnswersHelpWithItsUsage() {
    let paths = Self.commandPaths()
    #expect(paths.contains(["log", "push"]) && paths.contains(["check"]) && paths.count >= 22)
    for path in paths {
      let usage = "USAGE: navsim " + path.joined(separator: " ")
      for arguments in [path + ["--help"], path + ["-h"], ["help"] + path] {
        let result = run(arguments)
        #expect(result.status == 0, "\(arguments)")
        #expect(result.out.contains(usage), "\(arguments): \(result.out)")
        #expect(result.err.isEmpty, "\(arguments)")
      }
    }
  }

  @Test func helpAfterArgumentsStillShowsTheCommandsHelp() {
    let result = run(["log", "push", "trip.sqlite", "--help"])
    #expect(result.status == 0)
    #expect(result.out.contains("USAGE: navsim log push LOG URL"))
  }

  @Test func helpForAnUnknownCommandIsBadInput() {
    let result = run(["help", "log", "frobnicate"])
    #expect(result.status == 2)
    #expect(result.err == "navsim help: unknown command 'log frobnicate'\n")
  }

  @Test func theOverviewListsTheCommandsButNotTheWorkers() {
    let result = run(["--help"])
    #expect(result.status == 0)
    for name in ["delegates", "log", "record", "replay", "check", "merge", "goldens"] {
      #expect(result.out.contains("\n  \(name) "), "\(name)")
    }
    #expect(!result.out.contains("check-worker"))
    #expect(run([]).out == result.out)
  }

  @Test func aLogSubcommandsUsageErrorNamesWhatIsMissing() {
    let result = run(["log", "push"])
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("navsim log: Missing expected argument '<LOG>'"))
  }

  @Test func handWrappedDescriptionsAreReflowedIntoParagraphs() {
    let result = run(["check", "--help"])
    #expect(
      result.out.contains("(default: every\nregistered one but builtin) on every device profile"))
    // An aligned column keeps its lines.
    #expect(run(["log", "events", "--help"]).out.contains("\n--kind K    only events of kind K"))
  }

  @Test func completionScriptsAreGeneratedForBashZshAndFish() {
    for shell in ["bash", "zsh", "fish"] {
      let result = run(["--generate-completion-script", shell])
      #expect(result.status == 0, "\(shell)")
      #expect(result.out.contains("navsim") && result.out.contains("goldens"), "\(shell)")
    }
    #expect(run(["--generate-completion-script", "tcsh"]).status == 2)
  }

  /// Bash, given the generated script, completes a command's, a subcommand's and an option's
  /// first letters.
  @Test func bashCompletesCheAsCheck() throws {
    let script = run(["--generate-completion-script", "bash"]).out
    let directory = TemporaryDirectory()
    let path = directory.file("navsim.bash")
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    func complete(_ words: [String]) throws -> [String] {
      let line = words.joined(separator: " ")
      let program = """
        source "$1"
        COMP_LINE="\(line)"; COMP_POINT=\(line.utf8.count)
        COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
        _navsim navsim "\(words.last!)" "\(words[words.count - 2])"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", program, "bash", path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    #expect(try complete(["navsim", "che"]) == ["check"])
    #expect(try complete(["navsim", "log", "pu"]).sorted() == ["pull", "push"])
    // A subcommand that declares its options gets them completed.
    #expect(try complete(["navsim", "log", "events", "trip.sqlite", "--li"]) == ["--limit"])
  }

  @Test func versionIsTheRelease() {
    let result = run(["--version"])
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("navsim ") && result.out.hasSuffix("\n"))
  }
}
