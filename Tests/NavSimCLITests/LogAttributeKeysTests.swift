import EventLog
import Foundation
import SQLite
import TestSupport
import Testing

/// `navsim log import|info` with attribute keys that `String` would merge: refused through the
/// real binary with one line and status 2; keys printed whole.
@Suite struct LogAttributeKeysTests {
  /// The problem of "café" composed and decomposed, met in this order.
  private func clash(composedFirst: Bool) -> String {
    let (composed, decomposed) = (#""caf\u{E9}""#, #""cafe\u{301}""#)
    let (first, second) = composedFirst ? (composed, decomposed) : (decomposed, composed)
    return "attribute keys \(first) and \(second) differ only in Unicode normalization, "
      + "which makes them one key: one value would be lost"
  }

  /// What a message about a stored recording adds to the problem: how to mend it.
  private let mend = "; delete one key's row to read it (docs/event-log.md)"

  /// A new log at `path` whose recording 1 (no events) holds "café" composed and decomposed
  /// as attribute keys: the second written with raw SQL, as another tool could (the table
  /// keeps keys as bytes).
  private func logHoldingBothKeys(at path: String) throws {
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(
        name: "drive", source: .imported, createdAt: "", attributes: ["caf\u{E9}": "1"]))
    try SQLiteConnection(path: path, mode: .readWrite)
      .prepare("INSERT INTO recording_attributes VALUES (1, ?1, '2')").run([.text("cafe\u{301}")])
    try writer.finish()
  }

  private func launch(_ arguments: [String]) throws -> ProcessResult {
    try launchProduct("navsim", arguments)
  }

  @Test func importOfTwoNormalizationsOfAKeyFailsWithOneLineAndWritesNothing() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("trip.jsonl")
    try Data(
      (#"{"navsimRecording":1,"name":"a","source":"imported","createdAt":"now","#
        + "\"attributes\":{\"caf\u{E9}\":\"1\",\"cafe\u{301}\":\"2\"}}\n"
        + #"{"seq":1,"t":0,"kind":"recentered","payload":{}}"# + "\n").utf8
    ).write(to: URL(fileURLWithPath: input))
    let out = directory.file("trip.sqlite")
    let result = try launch(["log", "import", input, "--out", out])
    #expect(result.status == 2)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "navsim log import: \(input):1: \(clash(composedFirst: true))\n")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["trip.jsonl"])
  }

  @Test func infoOfALogHoldingTwoNormalizationsOfAKeyFailsWithOneLine() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("both.sqlite")
    try logHoldingBothKeys(at: path)
    for command in ["info", "export"] {
      let result = try launch(["log", command, path])
      #expect(result.status == 2)
      #expect(result.standardOutput == "")
      // The log lists keys by their bytes: the decomposed one first.
      #expect(
        result.standardError
          == "navsim log \(command): \(path): recording 1: \(clash(composedFirst: false))"
            + "\(mend)\n")
    }
  }

  @Test func anotherRecordingOfALogHoldingAClashReadsAndReplays() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("mixed.sqlite")
    try logHoldingBothKeys(at: path)
    // Recording 2: the commute, a trip a delegate can replay.
    let commute = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"
    let lines = directory.file("commute.jsonl")
    try EventLogFile(path: commute, mode: .readOnly).exportJSONLines(recording: 1, toFile: lines)
    #expect(try EventLogFile.importJSONLines(from: lines, intoLogAt: path).id == 2)

    let commands = [
      ("log export", ["log", "export", path]), ("log events", ["log", "events", path]),
      ("replay", ["replay", path, "--delegate", "basic"]),
    ]
    for (name, command) in commands {
      let good = try launch(command + ["--recording", "2"])
      #expect(good.status == 0, "\(name): \(good.standardError)")
      #expect(!good.standardOutput.isEmpty, "\(name)")
      let bad = try launch(command + ["--recording", "1"])
      #expect(bad.status == 2, "\(name)")
      #expect(
        bad.standardError
          == "navsim \(name): \(path): recording 1: \(clash(composedFirst: false))\(mend)\n")
    }
    let export = try launch(["log", "export", path, "--recording", "2"]).standardOutput
    #expect(export == (try String(contentsOfFile: lines, encoding: .utf8)))
  }

  @Test func aMissingRecordingIsTheErrorWhateverAnotherRecordingHolds() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("both.sqlite")
    try logHoldingBothKeys(at: path)
    let replay = try launch(["replay", path, "--delegate", "basic", "--recording", "99"])
    #expect(replay.status == 2)
    #expect(replay.standardError == "navsim replay: \(path): no recording 99 (recordings: 1)\n")
    for command in ["export", "events"] {
      let result = try launch(["log", command, path, "--recording", "99"])
      #expect(result.status == 2)
      #expect(result.standardError == "navsim log \(command): \(path): no recording 99\n")
    }
    // Without --recording: a log of two asks for one, and replay takes the newest, reading
    // neither the other.
    let commute = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"
    let lines = directory.file("commute.jsonl")
    try EventLogFile(path: commute, mode: .readOnly).exportJSONLines(recording: 1, toFile: lines)
    #expect(try EventLogFile.importJSONLines(from: lines, intoLogAt: path).id == 2)
    let export = try launch(["log", "export", path])
    #expect(export.status != 0)
    #expect(
      export.standardError.hasPrefix(
        "navsim log export: \(path) holds recordings 1, 2: pick one with --recording ID\n"),
      "\(export.standardError)")
    let newest = try launch(["replay", path, "--delegate", "basic"])
    #expect(newest.status == 0, "\(newest.standardError)")
  }

  @Test func infoPrintsEveryKeyWholeInByteOrder() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("keys.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    // One character of 25 scalars (UTF-16 units): wider in code units than its column.
    let marks = "x" + String(repeating: "\u{301}", count: 24)
    let attributes = [marks: "marks", "\u{E9}a": "composed", "e\u{301}z": "decomposed"]
    try log.beginRecording(
      RecordingMetadata(name: "drive", source: .imported, createdAt: "", attributes: attributes)
    ).finish()
    let result = try launch(["log", "info", path])
    #expect(result.status == 0)
    let listed = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 != "  attributes" }.dropFirst().prefix(3).map { Array($0.utf8) }
    let pad = { (key: String) in String(repeating: " ", count: 20 - key.count) }
    #expect(listed == [
      Array(("    e\u{301}z" + pad("e\u{301}z") + "decomposed").utf8),
      Array(("    " + marks + pad(marks) + "marks").utf8),
      Array(("    \u{E9}a" + pad("\u{E9}a") + "composed").utf8),
    ])
  }
}
