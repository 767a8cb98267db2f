import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// Attribute keys are kept byte for byte: two that differ only in Unicode normalization are
/// refused on every read, never merged into one `[String: String]` key.
final class EventLogAttributeKeysTests: XCTestCase {
  /// "café" precomposed (U+00E9) and decomposed (e, U+0301): one `String`, other bytes.
  private let composed = "caf\u{E9}"
  private let decomposed = "cafe\u{301}"
  /// The problem of those keys met in this order (as a file lists them, or as a log's table
  /// orders them: by bytes, decomposed first).
  private func clash(_ first: String, _ second: String) -> String {
    "attribute keys \(first) and \(second) differ only in Unicode normalization, which makes "
      + "them one key: one value would be lost"
  }
  private let composedShown = #""caf\u{E9}""#
  private let decomposedShown = #""cafe\u{301}""#

  /// A JSON Lines file: a header whose attributes are `attributes` (written as they are), then
  /// one event.
  private func jsonl(_ directory: TemporaryDirectory, attributes: String, name: String = "x.jsonl")
    throws -> String
  {
    let path = directory.file(name)
    let text = #"{"navsimRecording":1,"name":"drive","source":"imported","createdAt":"now","#
      + #""attributes":{"# + attributes + "}}\n"
      + #"{"seq":1,"t":0,"kind":"recentered","payload":{}}"# + "\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A log whose recording 1 holds both `composed` and `decomposed` as attribute keys: the
  /// second row written with raw SQL, as another tool could (the table tells them apart).
  private func logHoldingBothKeys(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.file("both.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(
        name: "drive", source: .imported, createdAt: "", attributes: [composed: "first"]))
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    try raw.prepare("INSERT INTO recording_attributes VALUES (1, ?1, 'second')")
      .run([.text(decomposed)])
    try writer.append(.recentered, t: 0)
    try writer.finish()
    let keys = try raw.prepare("SELECT key FROM recording_attributes ORDER BY key")
    var stored: [[UInt8]] = []
    while try keys.step() { stored.append(Array((keys.text(at: 0) ?? "").utf8)) }
    XCTAssertEqual(stored, [Array(decomposed.utf8), Array(composed.utf8)])
    return path
  }

  /// Checks that importing `input` into a new log fails on line 1 with `problem` and leaves
  /// no log behind.
  private func assertRefused(
    _ input: String, _ problem: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let out = input + ".sqlite"
    XCTAssertThrowsError(
      try EventLogFile.importJSONLines(from: input, intoLogAt: out), file: file, line: line
    ) {
      XCTAssertEqual("\($0)", "\(input):1: \(problem)", file: file, line: line)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out), file: file, line: line)
  }

  // MARK: - Import

  func testAnImportWithTwoNormalizationsOfAKeyIsOneLineAndWritesNothing() throws {
    let directory = TemporaryDirectory()
    let input = try jsonl(
      directory, attributes: "\"\(composed)\":\"1\",\"\(decomposed)\":\"2\"")
    let fresh = directory.file("fresh.sqlite")
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: input, intoLogAt: fresh)) {
      let problem = clash(composedShown, decomposedShown)
      XCTAssertEqual($0 as? EventLogError, .badImportLine(path: input, line: 1, problem: problem))
      XCTAssertEqual("\($0)", "\(input):1: \(problem)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))

    // Into a log that exists: it keeps exactly what it held.
    let existing = directory.file("existing.sqlite")
    let plain = try jsonl(directory, attributes: #""a":"1""#, name: "plain.jsonl")
    _ = try EventLogFile.importJSONLines(from: plain, intoLogAt: existing)
    let before = try EventLogFile(path: existing, mode: .readOnly).recordings()
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: input, intoLogAt: existing))
    let log = try EventLogFile(path: existing, mode: .readOnly)
    XCTAssertEqual(try log.recordings(), before)
    let raw = try SQLiteConnection(path: existing, mode: .readOnly)
    let counts = try raw.prepare(
      "SELECT (SELECT count(*) FROM recordings), (SELECT count(*) FROM events), "
        + "(SELECT count(*) FROM recording_attributes)")
    XCTAssertTrue(try counts.step())
    XCTAssertEqual([counts.int64(at: 0), counts.int64(at: 1), counts.int64(at: 2)], [1, 1, 1])
  }

  func testAnImportNamesEveryKindOfClashingKey() throws {
    let directory = TemporaryDirectory()
    let cases: [(attributes: String, problem: String)] = [
      // The Kelvin sign's canonical form is the letter K.
      ("\"\u{212A}elvin\":\"1\",\"Kelvin\":\"2\"", clash(#""\u{212A}elvin""#, #""Kelvin""#)),
      // Two combining marks in either order (canonical ordering makes them one text).
      (
        "\"q\u{323}\u{307}\":\"1\",\"x\":\"2\",\"q\u{307}\u{323}\":\"3\"",
        clash(#""q\u{323}\u{307}""#, #""q\u{307}\u{323}""#)
      ),
      (#""a":"1","a":"2""#, #"attribute key "a" appears twice"#),
      (#""quote\"back\\slash":"1","quote\"back\\slash":"2""#,
       #"attribute key "quote\"back\\slash" appears twice"#),
    ]
    for (index, (attributes, problem)) in cases.enumerated() {
      assertRefused(
        try jsonl(directory, attributes: attributes, name: "\(index).jsonl"), problem)
    }
  }

  func testAHeaderKeyGivenTwiceIsRefusedNotHalfRead() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("twice.jsonl")
    try Data(
      (#"{"navsimRecording":1,"name":"a","source":"imported","createdAt":"now","#
        + #""attributes":{"a":"1"},"attributes":{"b":"2"}}"# + "\n").utf8
    ).write(to: URL(fileURLWithPath: input))
    assertRefused(input, #"header key "attributes" appears twice"#)
  }

  func testAHeaderMessageShowsAKeyOrSourceOnOneLine() throws {
    let directory = TemporaryDirectory()
    let header = #"{"navsimRecording":1,"name":"a","source":"imported","createdAt":"now""#
    let cases = [
      (#","x\ny":1}"#, #"unknown header key "x\u{A}y""#),
      (#","attributes":{"a\nb":1}}"#, #"attribute "a\u{A}b" must be a string, found a number"#),
      (
        #","attributes":{"\u00e9\"":[]}}"#,
        #"attribute "\u{E9}\"" must be a string, found an array"#
      ),
    ]
    for (index, (rest, problem)) in cases.enumerated() {
      let input = directory.file("header\(index).jsonl")
      try Data((header + rest + "\n").utf8).write(to: URL(fileURLWithPath: input))
      assertRefused(input, problem)
    }
    let source = directory.file("source.jsonl")
    try Data(
      (#"{"navsimRecording":1,"name":"a","source":"dr\neam","createdAt":"now"}"# + "\n").utf8
    ).write(to: URL(fileURLWithPath: source))
    assertRefused(source, #"unknown source "dr\u{A}eam" (scenario, imported)"#)
  }

  // MARK: - SQLite

  func testALogHoldingTwoNormalizationsOfAKeyIsRefusedOnRead() throws {
    let directory = TemporaryDirectory()
    let path = try logHoldingBothKeys(directory)
    let log = try EventLogFile(path: path, mode: .readOnly)
    let problem = clash(decomposedShown, composedShown)
    let expected = EventLogError.badStoredRecording(
      path: path, recording: 1, problem: problem + "; delete one key's row to read it")
    XCTAssertEqual(
      "\(expected)",
      "\(path): recording 1: \(problem); delete one key's row to read it (docs/event-log.md)")
    XCTAssertThrowsError(try log.recordings()) { XCTAssertEqual($0 as? EventLogError, expected) }
    XCTAssertThrowsError(try log.recording(1)) { XCTAssertEqual($0 as? EventLogError, expected) }
    XCTAssertThrowsError(try log.events(recording: 1)) {
      XCTAssertEqual($0 as? EventLogError, expected)
    }
    let out = directory.file("out.jsonl")
    XCTAssertThrowsError(try log.exportJSONLines(recording: 1, toFile: out))
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testTheSQLTheDocsGiveMendsALogHoldingBothKeys() throws {
    let directory = TemporaryDirectory()
    let path = try logHoldingBothKeys(directory)
    let sql = try XCTUnwrap(
      Fixtures.codeBlocks(
        in: "docs/event-log.md", after: "To read such a recording again", language: "sql"
      ).first)
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    let deleteAll = "DELETE FROM recording_attributes"
    XCTAssertThrowsError(try raw.execute(deleteAll), "the append-only trigger is on")
    // The docs' recording is 2; this log's is 1.
    try raw.execute(sql.replacingOccurrences(of: "recording_id = 2", with: "recording_id = 1"))
    let mended = try EventLogFile(path: path, mode: .readOnly).recording(1).metadata.attributes
    XCTAssertEqual(mended.map { Array($0.key.utf8) }, [Array(composed.utf8)])
    XCTAssertEqual(mended[composed], "first")
    XCTAssertThrowsError(try raw.execute(deleteAll), "the trigger is back")
  }

  // MARK: - Byte-exact round trips

  func testADecomposedKeyKeepsItsBytesThroughSQLiteAndJSONLines() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("nfd.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let attributes = [decomposed: "cre\u{300}me", "K\u{212A}": "\u{212B}"]
    let writer = try log.beginRecording(
      RecordingMetadata(name: "drive", source: .imported, createdAt: "", attributes: attributes))
    try writer.append(.recentered, t: 0)
    try writer.finish()
    /// Keys and values as their bytes, in byte order.
    func bytes(_ attributes: [String: String]) -> [[UInt8]] {
      attributes.map { [Array($0.key.utf8), Array($0.value.utf8)] }
        .sorted { $0[0].lexicographicallyPrecedes($1[0]) }.flatMap { $0 }
    }
    let read = try EventLogFile(path: path, mode: .readOnly).recording(1).metadata.attributes
    XCTAssertEqual(bytes(read), bytes(attributes))

    let jsonl = directory.file("nfd.jsonl")
    try log.exportJSONLines(recording: 1, toFile: jsonl)
    let text = try Data(contentsOf: URL(fileURLWithPath: jsonl))
    let header = Array(text.prefix { $0 != 0x0A })
    XCTAssertTrue(
      header.hasSubarray(
        Array(
          "\"attributes\":{\"K\u{212A}\":\"\u{212B}\",\"\(decomposed)\":\"cre\u{300}me\"}".utf8)),
      String(decoding: header, as: UTF8.self))
    let copy = directory.file("copy.sqlite")
    let imported = try EventLogFile.importJSONLines(from: jsonl, intoLogAt: copy)
    XCTAssertEqual(bytes(imported.metadata.attributes), bytes(attributes))
    var exportedAgain = Data()
    try EventLogFile(path: copy, mode: .readOnly).exportJSONLines(recording: 1) {
      exportedAgain.append(contentsOf: $0.utf8)
    }
    XCTAssertEqual(exportedAgain, text)
  }

  func testKeysAreExportedAndListedInByteOrder() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("order.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    // Byte order: "b", "e\u{301}z" (65 CC 81), "\u{E9}a" (C3 A9); `String`'s `<` compares
    // canonical forms and puts "éa" before "éz".
    let metadata = RecordingMetadata(
      name: "drive", source: .imported, createdAt: "",
      attributes: ["\u{E9}a": "1", "e\u{301}z": "2", "b": "3"])
    XCTAssertEqual(metadata.attributeKeys.map { Array($0.utf8) }, [
      Array("b".utf8), Array("e\u{301}z".utf8), Array("\u{E9}a".utf8),
    ])
    try log.beginRecording(metadata).finish()
    var text = ""
    try log.exportJSONLines(recording: 1) { text += $0 }
    let header = Array(text.utf8.prefix { $0 != 0x0A })
    XCTAssertTrue(
      header.hasSubarray(
        Array("\"attributes\":{\"b\":\"3\",\"e\u{301}z\":\"2\",\"\u{E9}a\":\"1\"}".utf8)),
      String(decoding: header, as: UTF8.self))
  }
}

extension Array where Element == UInt8 {
  /// Whether `part` occurs in the array as consecutive bytes.
  fileprivate func hasSubarray(_ part: [UInt8]) -> Bool {
    guard part.count <= count else { return false }
    return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
  }
}
