import EventLog
import CLITestSupport
import Foundation
import JSON
import SessionEvents
import TestSupport
import Testing

@testable import NavSimCLI

/// `navsim log info|events|export|import`.
@MainActor
@Suite struct LogCommandTests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    runInProcess(arguments)
  }

  /// A log with one finished recording of `count` synthetic events.
  private func makeLog(_ directory: TemporaryDirectory, count: Int = 30) throws -> String {
    let path = directory.file("trip.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(
        name: "commute", source: .scenario, scenario: "a\nb", seed: 42,
        deviceProfile: "iphone15-portrait", createdAt: "2026-01-01T00:00:00Z"))
    for index in 0..<count {
      try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    try writer.finish()
    return path
  }

  // MARK: - info

  @Test func infoListsRecordingsCountsAndSpan() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory)
    let result = run(["log", "info", path])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(result.out.contains("\(path): NavSim event log, schema version 5, 1 recording"))
    #expect(result.out.contains("recording 1: commute"))
    #expect(result.out.contains("  source    scenario, seed 42, scenario of 2 lines"))
    #expect(result.out.contains("  device    iphone15-portrait"))
    #expect(result.out.contains("  events    30, t 0...2900 ms (2.900s)"))
    #expect(result.out.contains("  status    finished"))
    #expect(result.out.contains("    progress            12\n"))
    #expect(result.out.contains("    speed               12\n"))
  }

  @Test func infoOnAFileThatIsNotALogFailsWithOneLine() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("notes.txt")
    try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path))
    let result = run(["log", "info", path])
    #expect(result.status == 2)
    #expect(result.out == "")
    #expect(result.err == "navsim log info: \(path): not an SQLite database\n")
  }

  // MARK: - events

  @Test func eventsFiltersByKindFromAndLimit() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory)
    let result = run(["log", "events", path, "--kind", "camera,speed", "--from", "8", "--limit", "3"])
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0] == #"      8  t=700  speed  {"speed":13.5,"speedLimit":null,"#
      + #""severity":"unknown","speedingPercentage":-1.0}"#)
    #expect(lines[1].hasPrefix("      9  t=800  camera  {\"mode\":\"following\""))
    #expect(lines[2].hasPrefix("     12  t=1100  speed  "))
  }

  @Test func eventsAsJSONLinesParseBack() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory)
    let result = run(["log", "events", path, "--json"])
    #expect(result.status == 0)
    let events = try result.out.split(separator: "\n").map {
      try SessionEvent(json: JSONValue(parsing: String($0)))
    }
    #expect(events.count == 30)
    #expect(events.map(\.payload) == (0..<30).map(SyntheticEvents.payload(at:)))
  }

  @Test func eventsUsageErrors() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory)
    let unknownKind = run(["log", "events", path, "--kind", "teleport"])
    #expect(unknownKind.status == 2)
    #expect(unknownKind.err.hasPrefix("navsim log events: unknown event kind \"teleport\" (known: "))
    #expect(unknownKind.err.hasSuffix("\nSee 'navsim log events --help' for its arguments and options.\n"))
    // As an imported event line's kind is shown: on one line, a newline written `\u{A}`.
    let splitKind = run(["log", "events", path, "--kind", "recentered,tele\nport"])
    #expect(splitKind.status == 2)
    #expect(
      splitKind.err.hasPrefix(#"navsim log events: unknown event kind "tele\u{A}port" (known: "#),
      "\(splitKind.err)")
    let badFrom = run(["log", "events", path, "--from", "zero"])
    #expect(badFrom.err.hasPrefix("navsim log events: --from must be an integer in 1..."))
    let missing = run(["log", "events"])
    #expect(missing.err.hasPrefix("navsim log events: missing LOG\n"))
    let noSuchRecording = run(["log", "events", path, "--recording", "7"])
    #expect(noSuchRecording.status == 2)
    #expect(noSuchRecording.err == "navsim log events: \(path): no recording 7\n")
    let subcommand = run(["log", "frob"])
    #expect(subcommand.err.hasPrefix("navsim log: unknown subcommand 'frob'"))
  }

  @Test func severalRecordingsNeedRecordingID() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory)
    _ = try EventLogFile(path: path, mode: .readWrite).beginRecording(
      RecordingMetadata(name: "second", source: .imported, createdAt: "x"))
    let result = run(["log", "events", path])
    #expect(result.status == 2)
    #expect(result.err.hasPrefix(
      "navsim log events: \(path) holds recordings 1, 2: pick one with --recording ID\n"))
    #expect(run(["log", "events", path, "--recording", "2"]).status == 0)
  }

  // MARK: - export, import

  @Test func exportThenImportRoundTrips() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory)
    let exported = run(["log", "export", path])
    #expect(exported.status == 0)
    let jsonl = directory.file("trip.jsonl")
    #expect(run(["log", "export", path, "--out", jsonl]).status == 0)
    #expect(try String(contentsOfFile: jsonl, encoding: .utf8) == exported.out)

    let copy = directory.file("copy.sqlite")
    let imported = run(["log", "import", jsonl, "--out", copy])
    #expect(imported.status == 0)
    #expect(imported.out == "imported recording 1 \"commute\" (30 events) into \(copy)\n")
    #expect(run(["log", "export", copy]).out == exported.out)
  }

  @Test func importOfABadLineNamesItAndWritesNothing() throws {
    let directory = TemporaryDirectory()
    let jsonl = directory.file("bad.jsonl")
    try Data(
      (#"{"seq":1,"t":0,"kind":"recentered","payload":{}}"# + "\n"
        + #"{"seq":1,"t":0,"kind":"recentered","payload":{}}"# + "\n").utf8
    ).write(to: URL(fileURLWithPath: jsonl))
    let out = directory.file("new.sqlite")
    let result = run(["log", "import", jsonl, "--out", out])
    #expect(result.status == 2)
    #expect(result.err == "navsim log import: \(jsonl):2: duplicate seq 1 (expected 2)\n")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(
      run(["log", "import", jsonl]).err.hasPrefix(
        "navsim log import: missing --out LOG\n"))
  }

  // MARK: - The real binary

  @Test func theBinaryReportsErrorsOnStderrWithAStatus() throws {
    let directory = TemporaryDirectory()
    let path = try makeLog(directory, count: 3)
    func launch(_ arguments: [String]) throws -> (Int32, String, String) {
      let result = try launchProduct("navsim", arguments)
      return (result.status, result.standardOutput, result.standardError)
    }
    let (status, out, err) = try launch(["log", "events", path, "--json"])
    #expect(status == 0)
    #expect(err == "")
    #expect(out.split(separator: "\n").count == 3)
    let missing = directory.file("missing.sqlite")
    let failed = try launch(["log", "info", missing])
    #expect(failed.0 == 2)
    #expect(failed.1 == "")
    #expect(failed.2 == "navsim log info: \(missing): no such file\n")
  }
}
