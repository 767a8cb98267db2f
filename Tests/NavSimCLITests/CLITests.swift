import CLITestSupport
import Foundation
import SampleDelegates
import TestSupport
import SessionEvents
import Testing
@testable import NavSimCLI

@MainActor
@Suite struct CLITests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    runInProcess(arguments)
  }

  @Test func versionPrintsTheRelease() {
    let result = run(["--version"])
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("navsim "))
  }

  @Test func unknownCommandFailsWithUsage() {
    let result = run(["frobnicate"])
    #expect(result.status == 2)
    #expect(result.err.contains("unknown command 'frobnicate'"))
  }

  /// The version a user puts in `Package.swift` is the one NavSim records and tags: the
  /// README's and the DocC article's snippets say `from: "<NavSimVersion.current>"`.
  @Test func theDocumentedPackageVersionIsTheRelease() throws {
    let snippet = "from: \"\(NavSimVersion.current)\")"
    for file in ["README.md", "Sources/NavSimTesting/NavSimTesting.docc/GettingStarted.md"] {
      let text = try String(contentsOfFile: Fixtures.repositoryRoot + "/" + file, encoding: .utf8)
      #expect(text.contains(snippet), "\(file)")
    }
  }

  @Test func delegatesListsBuiltin() {
    let result = run(["delegates"])
    #expect(result.status == 0)
    #expect(result.out.split(separator: "\n").contains("builtin"))
  }

  @Test func unknownOptionIsAUsageErrorPointingToTheHelp() {
    let result = run(["delegates", "--nope"])
    #expect(result.status == 2)
    #expect(result.err.contains("unknown option '--nope'"))
    #expect(result.err.contains("See 'navsim delegates --help'"))
  }

  private static let spec = CommandSpec(
    name: "events", summary: "test",
    arguments: [ArgumentSpec("LOG", "a log")],
    options: [
      .value("--kind", "K", "a kind", repeatable: true),
      .value("--limit", "N", "a limit"),
      .value("--mode", "M", "a mode", allowed: ["a", "b"]),
      .value("--out", "FILE", "required", required: true),
      .flag("--json", "json"),
    ])

  @Test func parsedArgumentsReadsValuesFlagsAndPositionals() throws {
    let parsed = try ParsedArguments(
      ["a.sqlite", "--kind", "speed", "--json", "--limit=5", "--kind", "mark", "--out", "-"],
      spec: Self.spec)
    #expect(parsed.positionals == ["a.sqlite"])
    #expect(parsed.values("--kind") == ["speed", "mark"])
    #expect(try parsed.int("--limit") == 5)
    #expect(parsed.flag("--json"))
    #expect(parsed.value("--out") == "-")
    // An option's value is the next word whatever it looks like.
    #expect(try ParsedArguments(["x", "--out", "--json"], spec: Self.spec).value("--out") == "--json")
  }

  @Test(arguments: [
    (["x", "--kind"], "--kind needs a value (--kind K)"),
    (["x"], "missing --out FILE"),
    (["--out", "f"], "missing LOG"),
    (["x", "y", "--out", "f"], "unexpected argument 'y'"),
    (["x", "--out", "f", "--mode", "c"], "--mode takes one of a, b; got 'c'"),
    (["x", "--out", "f", "--lmit", "3"], "unknown option '--lmit' (did you mean '--limit'?)"),
    (["x", "--out", "f", "--json=yes"], "--json takes no value"),
    (["x", "--out", "f", "-q"], "unknown option '-q'"),
  ])
  func parsedArgumentsNamesWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ParsedArguments(arguments, spec: Self.spec) }
  }
}

@MainActor
@Suite struct ReplayProgressTests {
  @Test func aTerminalSeesProgressAndAPipeDoesNot() {
    let log = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"
    for terminal in [true, false] {
      let (status, out, err) = runInProcess(
        ["replay", log, "--delegate", "basic"], delegates: SampleDelegateCatalog.all,
        progress: terminal)
      #expect(status == 0)
      #expect(err.contains("\rreplaying 1090/1090 events") == terminal, "\(err)")
      #expect(out.contains("1090 events"))
    }
  }
}

/// `navsim goldens`: golden files no test used in a recorded run.
@MainActor
@Suite struct GoldensCommandTests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    runInProcess(arguments)
  }

  @Test func goldensNoTestUsedAreListedAndDeletedOnRequest() throws {
    let directory = TemporaryDirectory()
    let tests = directory.path + "/Tests", golden = tests + "/A/__Golden__"
    try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
    for name in ["used", "stale"] {
      try Data("event 1 t=0.000 x\n".utf8).write(to: URL(fileURLWithPath: golden + "/\(name).txt"))
    }
    try Data("notes".utf8).write(to: URL(fileURLWithPath: tests + "/A/notes.txt"))
    let usage = directory.path + "/used.txt"
    let none = run(["goldens", usage, tests])
    #expect(none.status == 2)
    #expect(none.err.hasPrefix("navsim goldens: \(usage): no golden file use recorded"))
    let stale = URL(fileURLWithPath: golden + "/stale.txt").standardizedFileURL.path
    // Listed as the command shows paths: relative to the current directory when inside it
    // (as when TMPDIR is in the checkout).
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    let shown = stale.hasPrefix(current + "/") ? String(stale.dropFirst(current.count + 1)) : stale
    try Data((URL(fileURLWithPath: golden + "/used.txt").standardizedFileURL.path + "\n").utf8)
      .write(to: URL(fileURLWithPath: usage))
    let listed = run(["goldens", usage, tests])
    #expect(listed.status == 1)
    #expect(listed.out == "\(shown)\n1 unused golden file\n")
    #expect(FileManager.default.fileExists(atPath: stale))
    let deleted = run(["goldens", usage, tests, "--delete"])
    #expect(deleted.status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: golden + "/used.txt"))
    #expect(run(["goldens", usage, tests]).status == 0)
  }

  @Test func aDirectoryNamedLikeAGoldenFileIsNeitherListedNorDeleted() throws {
    let directory = TemporaryDirectory()
    let golden = directory.path + "/Tests/A/__Golden__"
    try FileManager.default.createDirectory(
      atPath: golden + "/folder.txt", withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: golden + "/folder.txt/notes"))
    try Data("x\n".utf8).write(to: URL(fileURLWithPath: golden + "/used.txt"))
    let usage = directory.path + "/used.txt"
    try Data((URL(fileURLWithPath: golden + "/used.txt").standardizedFileURL.path + "\n").utf8)
      .write(to: URL(fileURLWithPath: usage))
    let deleted = run(["goldens", usage, directory.path + "/Tests", "--delete"])
    #expect(deleted.status == 0, "\(deleted.err)")
    #expect(deleted.out == "0 unused golden files deleted\n")
    #expect(FileManager.default.fileExists(atPath: golden + "/folder.txt/notes"))
  }
}
