import SampleDelegates
import TestSupport
import Testing
@testable import NavSimCLI

@MainActor
@Suite struct CLITests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    var out = "", err = ""
    let context = CommandContext(
      delegates: DelegateRegistry([:]), standardOutput: { out += $0 },
      standardError: { err += $0 }, showsProgress: false)
    let status = NavSimCLI.run(arguments, context: context)
    return (status, out, err)
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

  @Test func delegatesListsBuiltin() {
    let result = run(["delegates"])
    #expect(result.status == 0)
    #expect(result.out.split(separator: "\n").contains("builtin"))
  }

  @Test func unknownOptionIsAUsageErrorWithTheCommandsUsage() {
    let result = run(["delegates", "--nope"])
    #expect(result.status == 2)
    #expect(result.err.contains("unknown option '--nope'"))
    #expect(result.err.contains("USAGE: navsim delegates"))
  }

  @Test func parsedArgumentsReadsValuesFlagsAndPositionals() throws {
    let parsed = try ParsedArguments(
      ["a.sqlite", "--kind", "speed", "--json", "--limit=5"],
      valueOptions: ["--kind", "--limit"], flagOptions: ["--json"])
    #expect(parsed.positionals == ["a.sqlite"])
    #expect(parsed.value("--kind") == "speed")
    #expect(try parsed.int("--limit") == 5)
    #expect(parsed.flag("--json"))
    #expect(throws: UsageError.self) {
      try ParsedArguments(["--kind"], valueOptions: ["--kind"], flagOptions: [])
    }
  }
}

@MainActor
@Suite struct ReplayProgressTests {
  @Test func aTerminalSeesProgressAndAPipeDoesNot() {
    let log = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"
    for terminal in [true, false] {
      var out = "", err = ""
      let context = CommandContext(
        delegates: DelegateRegistry(SampleDelegateCatalog.all), standardOutput: { out += $0 },
        standardError: { err += $0 }, showsProgress: terminal)
      #expect(NavSimCLI.run(["replay", log, "--delegate", "basic"], context: context) == 0)
      #expect(err.contains("\rreplaying 1074/1074 events") == terminal, "\(err)")
      #expect(out.contains("1074 events"))
    }
  }
}
