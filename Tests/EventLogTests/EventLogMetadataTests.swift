import EventLog
import Foundation
import SQLite
import TestSupport
import XCTest

/// What a recording's metadata must hold to be written, and how two metadata compare: by
/// their bytes, as the log stores them.
final class EventLogMetadataTests: XCTestCase {
  private func metadata(_ attributes: [String: String], name: String = "drive")
    -> RecordingMetadata
  {
    RecordingMetadata(name: name, source: .imported, createdAt: "", attributes: attributes)
  }

  // MARK: - An empty attribute key

  func testBeginningARecordingWithAnEmptyAttributeKeyThrowsAndWritesNothing() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("a.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    XCTAssertThrowsError(try log.beginRecording(metadata(["": "x", "device.model": "y"]))) {
      XCTAssertEqual(
        "\($0)", "\(path): recording \"drive\" not begun: an attribute has an empty key")
    }
    XCTAssertEqual(try log.recordings().count, 0)
    let rows = try SQLiteConnection(path: path, mode: .readOnly)
      .prepare("SELECT (SELECT count(*) FROM recordings), (SELECT count(*) FROM recording_attributes)")
    XCTAssertTrue(try rows.step())
    XCTAssertEqual([rows.int64(at: 0), rows.int64(at: 1)], [0, 0])
    // The log still takes a good recording.
    try log.beginRecording(metadata(["device.model": "y"])).finish()
    XCTAssertEqual(try log.recordings().map(\.id), [1])
  }

  func testARecordingNamedWithANewlineIsNamedOnOneLine() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("a.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    XCTAssertThrowsError(try log.beginRecording(metadata(["": "x"], name: "a\nb"))) {
      XCTAssertEqual(
        "\($0)", "\(path): recording \"a\\u{A}b\" not begun: an attribute has an empty key")
    }
  }

  func testImportingAnEmptyAttributeKeyIsRefusedOnItsLine() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("x.jsonl")
    try Data(
      (#"{"navsimRecording":1,"name":"a","source":"imported","createdAt":"now","#
        + #""attributes":{"b":"1","":"2"}}"# + "\n"
        + #"{"seq":1,"t":0,"kind":"recentered","payload":{}}"# + "\n").utf8
    ).write(to: URL(fileURLWithPath: input))
    let out = directory.file("x.sqlite")
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: input, intoLogAt: out)) {
      XCTAssertEqual("\($0)", "\(input):1: an attribute has an empty key")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  // MARK: - Equality

  func testMetadataDifferingOnlyInNormalizationAreNotEqual() {
    let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
    XCTAssertNotEqual(metadata([composed: "1"]), metadata([decomposed: "1"]))
    XCTAssertNotEqual(metadata(["k": composed]), metadata(["k": decomposed]))
    XCTAssertNotEqual(metadata([:], name: composed), metadata([:], name: decomposed))
    var scenario = (metadata([:]), metadata([:]))
    scenario.0.scenario = composed
    scenario.1.scenario = decomposed
    XCTAssertNotEqual(scenario.0, scenario.1)
    XCTAssertEqual(metadata([composed: "1", "b": "2"]), metadata(["b": "2", composed: "1"]))
    XCTAssertNotEqual(metadata(["a": "1"]), metadata(["a": "1", "b": "2"]))
    XCTAssertNotEqual(metadata(["a": "1"]), metadata(["b": "1"]))
    let info = { (metadata: RecordingMetadata) in
      RecordingInfo(
        id: 1, metadata: metadata, navsimVersion: "1", eventCount: 0, firstT: nil, lastT: nil,
        isFinished: true)
    }
    XCTAssertNotEqual(info(metadata([composed: "1"])), info(metadata([decomposed: "1"])))
    XCTAssertEqual(info(metadata([composed: "1"])), info(metadata([composed: "1"])))
  }
}
