import EventLog
import Foundation
import OutputPolicy
import SQLite
import SessionEvents
import TestSupport
import XCTest

final class EventLogJSONLinesTests: XCTestCase {
  private func exportText(_ log: EventLogFile, _ id: Int64) throws -> String {
    var text = ""
    try log.exportJSONLines(recording: id) { text += $0 }
    return text
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  // MARK: - Round trip

  func testExportImportRoundTripIsLossless() throws {
    let directory = TemporaryDirectory()
    let (log, id) = try writeSampleLog(at: directory.file("a.sqlite"), count: 500)
    let exported = try exportText(log, id)
    let lines = exported.split(separator: "\n")
    XCTAssertEqual(lines.count, 501)
    XCTAssertTrue(lines[0].hasPrefix(#"{"navsimRecording":1,"name":"commute","source":"scenario""#))
    XCTAssertTrue(exported.hasSuffix("\n"))

    try write(exported, to: directory.file("a.jsonl"))
    let imported = try EventLogFile.importJSONLines(
      from: directory.file("a.jsonl"), intoLogAt: directory.file("b.sqlite"))
    let copy = try EventLogFile(path: directory.file("b.sqlite"), mode: .readOnly)
    XCTAssertEqual(imported, try log.recording(id))
    XCTAssertEqual(try copy.events(recording: imported.id).readAll(),
                   try log.events(recording: id).readAll())
    XCTAssertEqual(try exportText(copy, imported.id), exported)
  }

  func testAnUnfinishedRecordingStaysUnfinished() throws {
    let directory = TemporaryDirectory()
    let (log, id) = try writeSampleLog(at: directory.file("a.sqlite"), count: 5, finish: false)
    try write(try exportText(log, id), to: directory.file("a.jsonl"))
    let imported = try EventLogFile.importJSONLines(
      from: directory.file("a.jsonl"), intoLogAt: directory.file("b.sqlite"))
    XCTAssertFalse(imported.isFinished)
    XCTAssertEqual(imported.eventCount, 5)
  }

  func testEventsWithoutAHeaderImportAsAFinishedImportedRecording() throws {
    let directory = TemporaryDirectory()
    try write(
      """
      {"seq":1,"t":0,"kind":"navigationEnabled","payload":{}}

      {"seq":2,"t":5,"kind":"arrived","payload":{"waypointIndex":0}}\r

      """, to: directory.file("drive home.jsonl"))
    let imported = try EventLogFile.importJSONLines(
      from: directory.file("drive home.jsonl"), intoLogAt: directory.file("b.sqlite"))
    XCTAssertEqual(imported.metadata.name, "drive home")
    XCTAssertEqual(imported.metadata.source, .imported)
    XCTAssertEqual(imported.eventCount, 2)
    XCTAssertTrue(imported.isFinished)
  }

  func testImportAddsARecordingToAnExistingLog() throws {
    let directory = TemporaryDirectory()
    let (log, id) = try writeSampleLog(at: directory.file("a.sqlite"), count: 5)
    try write(try exportText(log, id), to: directory.file("a.jsonl"))
    let imported = try log.importJSONLines(from: directory.file("a.jsonl"))
    XCTAssertEqual(imported.id, 2)
    XCTAssertEqual(try log.recordings().count, 2)
  }

  func testExportToAFileIsAtomic() throws {
    let directory = TemporaryDirectory()
    let (log, id) = try writeSampleLog(at: directory.file("a.sqlite"), count: 5)
    try log.exportJSONLines(recording: id, toFile: directory.file("out.jsonl"))
    XCTAssertEqual(
      try String(contentsOfFile: directory.file("out.jsonl"), encoding: .utf8),
      try exportText(log, id))
    let unwritable = directory.file("no-such-dir/out.jsonl")
    XCTAssertThrowsError(try log.exportJSONLines(recording: id, toFile: unwritable)) {
      XCTAssertEqual(
        $0 as? OutputError,
        .missingDirectory(path: unwritable, directory: directory.file("no-such-dir")))
    }
    // The log itself is refused as the output, under any name.
    let itself = directory.file("./a.sqlite")
    XCTAssertThrowsError(try log.exportJSONLines(recording: id, toFile: itself)) {
      XCTAssertEqual($0 as? OutputError, .isInput(path: itself))
    }
    XCTAssertEqual(try log.recordings().count, 1)
  }

  // MARK: - Bad lines

  /// Imports `text`; expects `problem` on `line`, no new log file, and an existing log untouched.
  private func assertImportFails(
    _ text: String, line: Int, problem: String, file: StaticString = #filePath,
    lineNumber: UInt = #line
  ) throws {
    let directory = TemporaryDirectory()
    let input = directory.file("bad.jsonl")
    try write(text, to: input)
    let fresh = directory.file("fresh.sqlite")
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: input, intoLogAt: fresh),
                         file: file, line: lineNumber) { error in
      XCTAssertEqual(error as? EventLogError,
                     .badImportLine(path: input, line: line, problem: problem),
                     file: file, line: lineNumber)
      XCTAssertEqual("\(error)", "\(input):\(line): \(problem)", file: file, line: lineNumber)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "a failed import left a log",
                   file: file, line: lineNumber)
    let (log, _) = try writeSampleLog(at: directory.file("existing.sqlite"), count: 3)
    XCTAssertThrowsError(try log.importJSONLines(from: input), file: file, line: lineNumber)
    XCTAssertEqual(try log.recordings().count, 1, file: file, line: lineNumber)
  }

  private let header =
    #"{"navsimRecording":1,"name":"x","source":"scenario","createdAt":"now","finished":true}"#
  private func event(_ seq: Int, t: Int = 0) -> String {
    #"{"seq":\#(seq),"t":\#(t),"kind":"recentered","payload":{}}"#
  }

  func testInvalidJSONNamesTheLineAndColumn() throws {
    try assertImportFails(
      [header, event(1), #"{"seq":2,"t":0,"kind":"recentered""#].joined(separator: "\n"),
      line: 3, problem: "invalid JSON at column 35: unterminated object")
  }

  func testUnknownKind() throws {
    try assertImportFails(
      [event(1), #"{"seq":2,"t":0,"kind":"teleported","payload":{}}"#].joined(separator: "\n"),
      line: 2, problem: #"unknown event kind "teleported""#)
  }

  func testMissingPayloadField() throws {
    try assertImportFails(
      #"{"seq":1,"t":0,"kind":"userPanned","payload":{"dx":1}}"#,
      line: 1, problem: "userPanned payload is missing 'dy'")
  }

  func testSeqOutOfOrder() throws {
    try assertImportFails(
      [header, event(1), event(3)].joined(separator: "\n"),
      line: 3, problem: "seq 3 is out of order (expected 2)")
    try assertImportFails(
      [event(2)].joined(separator: "\n"), line: 1, problem: "seq 2 is out of order (expected 1)")
  }

  func testDuplicateSeq() throws {
    try assertImportFails(
      [event(1), event(2), event(2)].joined(separator: "\n"),
      line: 3, problem: "duplicate seq 2 (expected 3)")
  }

  func testTimeGoingBackwards() throws {
    try assertImportFails(
      [event(1, t: 50), event(2, t: 40)].joined(separator: "\n"),
      line: 2, problem: "t 40 is before the previous event's t 50")
  }

  func testHeaderProblems() throws {
    try assertImportFails(
      [event(1), header].joined(separator: "\n"),
      line: 2, problem: "a recording header must be the first line")
    try assertImportFails(
      #"{"navsimRecording":2,"name":"x","source":"scenario","createdAt":"now"}"#,
      line: 1, problem: "export format 2 is newer than this NavSim reads (1)")
    try assertImportFails(
      #"{"navsimRecording":1,"name":"x","source":"dream","createdAt":"now"}"#,
      line: 1, problem: #"unknown source "dream" (scenario, imported)"#)
  }

  func testNotUTF8() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("latin1.jsonl")
    try Data([0x7B, 0xE9, 0x7D, 0x0A]).write(to: URL(fileURLWithPath: input))
    XCTAssertThrowsError(
      try EventLogFile.importJSONLines(from: input, intoLogAt: directory.file("x.sqlite"))
    ) {
      XCTAssertEqual(
        $0 as? EventLogError, .badImportLine(path: input, line: 1, problem: "not UTF-8 text"))
    }
  }

  func testEmptyAndMissingInputs() throws {
    let directory = TemporaryDirectory()
    let empty = directory.file("empty.jsonl")
    try write("", to: empty)
    let out = directory.file("x.sqlite")
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: empty, intoLogAt: out)) {
      XCTAssertEqual($0 as? EventLogError,
                     .io(path: empty, problem: "empty file: nothing to import"))
    }
    let missing = directory.file("missing.jsonl")
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: missing, intoLogAt: out)) {
      XCTAssertEqual($0 as? EventLogError, .fileNotFound(path: missing))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testImportIntoAnotherProgramsDatabaseLeavesItAlone() throws {
    let directory = TemporaryDirectory()
    let foreign = directory.file("contacts.db")
    try SQLiteConnection(path: foreign, mode: .create).execute("CREATE TABLE c (name TEXT)")
    let before = try Data(contentsOf: URL(fileURLWithPath: foreign))
    try write(event(1), to: directory.file("a.jsonl"))
    XCTAssertThrowsError(
      try EventLogFile.importJSONLines(from: directory.file("a.jsonl"), intoLogAt: foreign)
    ) {
      XCTAssertEqual(
        $0 as? EventLogError,
        .notAnEventLog(path: foreign, detail: "an SQLite database of another program"))
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: foreign)), before)
  }
}
