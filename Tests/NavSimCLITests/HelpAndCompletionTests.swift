import CLITestSupport
import Foundation
import SampleDelegates
import TestSupport
import Testing
@testable import NavSimCLI

/// The command layer's generated side: help for every command and subcommand, usage errors,
/// `navsim help`, the version and the shell completion scripts, each checked by its own shell.
@MainActor
@Suite struct HelpAndCompletionTests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    runInProcess(arguments, delegates: SampleDelegateCatalog.all)
  }

  private static var paths: [[String]] { NavSimCLI.commandPaths().map(\.path) }

  @Test func everyCommandAndSubcommandAnswersHelpWithItsUsage() {
    let paths = Self.paths
    #expect(paths.contains(["log", "push"]) && paths.contains(["profile", "fit"]))
    #expect(paths.count >= 26)
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

  /// No line of any help is wider than the terminal, at 80 columns and at a narrow 50, and
  /// each help has one OPTIONS section.
  @Test func everyHelpFitsItsWidthWithOneOptionsSection() {
    for width in [80, 50] {
      let help = HelpText(width: width)
      var texts = [help.rootHelp(commands: NavSimCLI.commands)]
      for (path, command) in NavSimCLI.commandPaths() {
        texts.append(help.help(for: command, path: path))
      }
      for text in texts {
        for line in text.split(separator: "\n") {
          #expect(line.count <= width, "\(width) columns: '\(line)'")
        }
        #expect(text.components(separatedBy: "OPTIONS:").count == 2)
      }
    }
  }

  @Test func helpListsEveryDeclaredOptionWithItsDefaultAndValues() {
    let help = run(["check", "--help"]).out
    for option in CheckCommand.spec.options {
      #expect(help.contains("  " + option.synopsis), "\(option.name)")
    }
    #expect(help.contains("(default: the number of cores)"))
    #expect(help.contains("Values: ltr, rtl."))
  }

  @Test func helpAfterArgumentsStillShowsTheCommandsHelp() {
    let result = run(["log", "push", "trip.sqlite", "--help"])
    #expect(result.status == 0)
    #expect(result.out.contains("USAGE: navsim log push LOG URL"))
  }

  @Test func helpForAnUnknownCommandIsBadInput() {
    let result = run(["help", "log", "frobnicate"])
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("navsim help: unknown command 'log frobnicate'\n"))
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

  // MARK: - Usage errors

  /// Each mistake: exit 2, at most 3 lines on stderr, the first naming the command and what
  /// is wrong, the last pointing to the help; nothing on stdout.
  @Test(arguments: [
    (["check", "--jbos", "2"], "navsim check: unknown option '--jbos' (did you mean '--jobs'?)"),
    (["chek"], "navsim: unknown command 'chek' (did you mean 'check'?)"),
    (["log", "psh"], "navsim log: unknown subcommand 'psh' (did you mean 'push'?)"),
    (["log"], "navsim log: missing subcommand (info, events, export, import, redact, push, pull"),
    (["log", "push"], "navsim log push: missing LOG"),
    (["log", "import", "a.jsonl"], "navsim log import: missing --out LOG"),
    (["replay", "x.sqlite", "--direction", "up"],
     "navsim replay: --direction takes one of ltr, rtl; got 'up'"),
    (["replay", "x.sqlite", "--delegate"], "navsim replay: --delegate needs a value"),
    (["delegates", "extra"], "navsim delegates: unexpected argument 'extra'"),
    (["--verison"], "navsim: unknown option '--verison' (did you mean '--version'?)"),
    (["--generate-completion-script", "tcsh"],
     "navsim: --generate-completion-script takes one of bash, zsh, fish; got 'tcsh'"),
  ])
  func aMistakeIsOneLineAndAPointerToHelp(arguments: [String], first: String) {
    let result = run(arguments)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    let lines = result.err.split(separator: "\n")
    #expect(lines.count <= 3, "\(result.err)")
    #expect(lines.first.map { $0.hasPrefix(first) } == true, "\(result.err)")
    #expect(lines.last?.hasPrefix("See 'navsim") == true, "\(result.err)")
  }

  /// The built binary: a misspelt option, help wrapped to `COLUMNS`.
  @Test func theBinaryHonoursColumnsAndKeepsMistakesShort() async throws {
    guard Fixtures.executable("navsim") != nil else {
      Issue.record("navsim is not built")
      return
    }
    for columns in ["80", "60"] {
      let help = try await launchProduct("navsim", ["record", "--help"], environment: ["COLUMNS": columns])
      #expect(help.status == 0)
      let widest = help.standardOutput.split(separator: "\n").map(\.count).max() ?? 0
      #expect(widest <= Int(columns)! && widest > Int(columns)! - 10, "\(columns): \(widest)")
    }
    let typo = try await launchProduct("navsim", ["record", "--scenaro", "x.json"])
    #expect(typo.status == 2)
    #expect(typo.standardError.split(separator: "\n").count <= 3)
    #expect(typo.standardError.contains("'--scenaro' (did you mean '--scenario'?)"))
  }

  @Test func versionIsTheRelease() {
    let result = run(["--version"])
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("navsim ") && result.out.hasSuffix("\n"))
  }

  // MARK: - Completion, each script in its own shell

  /// What each shell completes for a line typed so far (a trailing space: a new word).
  private static let cases: [(line: String, expected: [String])] = [
    ("navsim che", ["check"]),
    ("navsim log pu", ["pull", "push"]),
    ("navsim help lo", ["log"]),
    ("navsim log events trip.sqlite --li", ["--limit"]),
    ("navsim check --sh", ["--shard"]),
    ("navsim check --delegate ", ["basic", "builtin"]),
    ("navsim replay trip.sqlite --direction r", ["rtl"]),
    ("navsim explore --device iphone-15-p", ["iphone-15-portrait"]),
    ("navsim --generate-completion-script z", ["zsh"]),
    ("navsim check --jobs ", []),
  ]

  private func script(_ shell: String, in directory: TemporaryDirectory) throws -> String {
    let result = run(["--generate-completion-script", shell])
    #expect(result.status == 0, "\(shell)")
    let path = directory.file("navsim.\(shell)")
    try Data(result.out.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Runs `program` with `shell` in `directory`; nil (recorded) when the shell is missing.
  private func shellOutput(_ shell: String, _ arguments: [String], in directory: String) throws
    -> [String]?
  {
    guard let path = ["/usr/bin/", "/bin/"].map({ $0 + shell })
      .first(where: FileManager.default.isExecutableFile(atPath:))
    else {
      print("skipped: \(shell) is not installed (tools/setup.sh installs it)")
      return nil
    }
    let result = try launch(
      path: path, arguments, currentDirectory: directory,
      environment: ["HOME": directory, "PATH": "/usr/bin:/bin"], inheritEnvironment: false)
    #expect(result.status == 0, "\(shell) \(arguments): \(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  @Test func bashCompletesCommandsOptionsValuesAndFiles() throws {
    let directory = TemporaryDirectory()
    let script = try script("bash", in: directory)
    try Data().write(to: URL(fileURLWithPath: directory.file("trip.sqlite")))
    let program = """
      source "$1"
      read -ra COMP_WORDS <<< "$2"
      [[ "$2" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$2"; COMP_POINT=${#2}
      _navsim
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    for (line, expected) in Self.cases + [("navsim replay tr", ["trip.sqlite"])] {
      guard let words = try shellOutput("bash", ["-c", program, "bash", script, line],
        in: directory.path) else { return }
      #expect(expected.allSatisfy(words.contains) && (!expected.isEmpty || words.isEmpty),
        "\(line): \(words)")
    }
  }

  /// zsh's `compadd` and `_files` are stood in for by functions that print what the
  /// completion function offers (`compadd` keeps the words that start with `$PREFIX`, as zsh
  /// does).
  @Test func zshCompletesCommandsOptionsValuesAndFiles() throws {
    let directory = TemporaryDirectory()
    let script = try script("zsh", in: directory)
    let program = """
      compadd() { while [[ $# -gt 0 && "$1" != "--" ]]; do shift; done; shift
        for w in "$@"; do [[ "$w" == "$PREFIX"* ]] && print -r -- "$w"; done; }
      _files() { print -r -- "@files${*:+ $*}"; }
      source "$1"
      words=(${(z)2}); [[ "$2" == *" " ]] && words+=("")
      CURRENT=${#words}; PREFIX="${words[CURRENT]}"
      _navsim
      """
    for (line, expected) in Self.cases + [("navsim replay tr", ["@files"])] {
      guard let words = try shellOutput("zsh", ["-c", program, "zsh", script, line],
        in: directory.path) else { return }
      #expect(expected.allSatisfy(words.contains) && (!expected.isEmpty || words.isEmpty),
        "\(line): \(words)")
    }
  }

  /// fish completes the line itself (`complete -C`), files included.
  @Test func fishCompletesCommandsOptionsValuesAndFiles() throws {
    let directory = TemporaryDirectory()
    let script = try script("fish", in: directory)
    try Data().write(to: URL(fileURLWithPath: directory.file("trip.sqlite")))
    for (line, expected) in Self.cases + [("navsim replay tr", ["trip.sqlite"])] {
      guard let output = try shellOutput("fish", ["-c", "source $argv[1]; complete -C $argv[2]",
        script, line], in: directory.path) else { return }
      let words = output.map { String($0.split(separator: "\t").first ?? "") }
      #expect(expected.allSatisfy(words.contains) && (!expected.isEmpty || words.isEmpty),
        "\(line): \(words)")
    }
  }

  /// A team's own `navsim` completes its own delegates.
  @Test func scriptsCompleteTheRegisteredDelegates() {
    let out = runInProcess(
      ["--generate-completion-script", "bash"], delegates: ["team-layout": { BasicLayoutDelegate() }]
    ).out
    #expect(out.contains("'check|--delegate') echo 'builtin team-layout'"))
  }
}
