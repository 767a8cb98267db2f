import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// Schema version 2: recording attributes, and version-1 logs still opening.
final class EventLogAttributesTests: XCTestCase {
  /// A copy of the previous release's canonical recording, a schema-version-1 log.
  private func versionOneLog(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.file("v1.sqlite")
    try FileManager.default.copyItem(
      atPath: Fixtures.repositoryRoot + "/Tests/Fixtures/v1/city-commute.sqlite", toPath: path)
    XCTAssertEqual(try SQLiteConnection(path: path, mode: .readOnly).integerPragma("user_version"), 1)
    return path
  }

  private let facts = ["device.model": "iPhone16,1", "os.version": "18.2", "redacted": "yes"]

  func testAttributesAreStoredWithTheRecordingAndReadBack() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("a.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let metadata = RecordingMetadata(
      name: "drive", source: .imported, createdAt: "2026-12-01", attributes: facts)
    let writer = try log.beginRecording(metadata)
    try writer.append(.recentered, t: 0)
    try writer.finish()
    let plain = try log.beginRecording(RecordingMetadata(name: "b", source: .imported, createdAt: ""))
    try plain.finish()
    let reopened = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertEqual(try reopened.recordings().map(\.metadata.attributes), [facts, [:]])
    XCTAssertTrue(try reopened.recording(1).metadata.isRedacted)
    XCTAssertFalse(try reopened.recording(2).metadata.isRedacted)
  }

  func testAVersionOneLogOpensReadOnlyAsItIsAndMigratesWhenWritten() throws {
    let directory = TemporaryDirectory()
    let path = try versionOneLog(directory)
    let readOnly = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertEqual(try readOnly.schemaVersion(), 1)
    let info = try readOnly.recording(1)
    XCTAssertEqual(info.metadata.attributes, [:])
    let events = try readOnly.events(recording: 1).readAll()
    XCTAssertEqual(events.count, 1074)

    let writable = try EventLogFile(path: path, mode: .readWrite)
    XCTAssertEqual(try writable.schemaVersion(), 5)
    XCTAssertEqual(try writable.recording(1), info)
    XCTAssertEqual(try writable.events(recording: 1).readAll(), events)
    let writer = try writable.beginRecording(
      RecordingMetadata(name: "new", source: .imported, createdAt: "", attributes: facts))
    try writer.finish()
    XCTAssertEqual(try EventLogFile(path: path, mode: .readOnly).recording(2).metadata.attributes, facts)
  }

  func testAttributesAreAppendOnlyForRawSQL() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("a.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "drive", source: .imported, createdAt: "", attributes: facts))
    try writer.append(.recentered, t: 0)
    try writer.flush()
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    let attempts = [
      ("UPDATE recording_attributes SET value = 'no'", "recording attributes are append-only"),
      ("DELETE FROM recording_attributes", "recording attributes are append-only"),
      (
        "INSERT INTO recording_attributes VALUES (1, 'late', 'x')",
        "attributes are set when a recording begins, before its events"
      ),
    ]
    for (sql, message) in attempts {
      XCTAssertThrowsError(try raw.execute(sql), sql) { error in
        XCTAssertTrue("\(error)".contains(message), "\(sql): \(error)")
      }
    }
  }

  func testAttributesSurviveExportAndImport() throws {
    let directory = TemporaryDirectory()
    let log = try EventLogFile(path: directory.file("a.sqlite"), mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "drive", source: .imported, createdAt: "", attributes: facts))
    try writer.append(.recentered, t: 5)
    try writer.finish()
    var text = ""
    try log.exportJSONLines(recording: 1) { text += $0 }
    XCTAssertTrue(
      text.hasPrefix(
        #"{"navsimRecording":1,"name":"drive","source":"imported","scenario":null,"seed":null,"#
          + #""deviceProfile":null,"createdAt":"","navsimVersion":"\#(NavSimVersion.current)","#
          + #""finished":true,"attributes":{"device.model":"iPhone16,1","os.version":"18.2","#
          + #""redacted":"yes"}}"#), text)
    let jsonl = directory.file("a.jsonl")
    try Data(text.utf8).write(to: URL(fileURLWithPath: jsonl))
    let imported = try EventLogFile.importJSONLines(from: jsonl, intoLogAt: directory.file("b.sqlite"))
    XCTAssertEqual(imported.metadata.attributes, facts)

    let bad = directory.file("bad.jsonl")
    try Data(
      #"{"navsimRecording":1,"name":"x","source":"imported","createdAt":"","attributes":{"a":1}}"#
        .utf8
    ).write(to: URL(fileURLWithPath: bad))
    XCTAssertThrowsError(try EventLogFile.importJSONLines(from: bad, intoLogAt: directory.file("c.sqlite"))) {
      XCTAssertEqual("\($0)", #"\#(bad):1: attribute "a" must be a string, found a number"#)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("c.sqlite")))
  }
}
