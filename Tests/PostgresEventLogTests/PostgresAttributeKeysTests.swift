import EventLog
import Foundation
import PostgreSQL
import PostgresEventLog
import TestSupport
import XCTest

/// Attribute keys in the recording library: kept byte for byte, and two that differ only in
/// Unicode normalization refused on read (skipped without a test server, like
/// `PostgresEventLogTests`).
final class PostgresAttributeKeysTests: XCTestCase {
  /// An SQLite log with one finished recording of one event, with `attributes`.
  private func localLog(_ attributes: [String: String], in directory: TemporaryDirectory) throws
    -> EventLogFile
  {
    let log = try EventLogFile(path: directory.file("local.sqlite"), mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "drive", source: .imported, createdAt: "", attributes: attributes))
    try writer.append(.recentered, t: 0)
    try writer.finish()
    return log
  }

  /// Keys and values as their bytes, in the keys' byte order.
  private func bytes(_ attributes: [String: String]) -> [[UInt8]] {
    attributes.map { [Array($0.key.utf8), Array($0.value.utf8)] }
      .sorted { $0[0].lexicographicallyPrecedes($1[0]) }.flatMap { $0 }
  }

  func testADecomposedKeyKeepsItsBytesThroughPushAndPull() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    let directory = TemporaryDirectory()
    let attributes = ["cafe\u{301}": "cre\u{300}me", "\u{E9}a": "1", "K\u{212A}": "\u{212B}"]
    let local = try localLog(attributes, in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    let id = try library.push(recording: 1, of: local).id
    XCTAssertEqual(bytes(try library.recording(id).metadata.attributes), bytes(attributes))
    XCTAssertEqual(bytes(try library.recordings()[0].metadata.attributes), bytes(attributes))
    XCTAssertEqual(
      Array(try PostgresEventLogTests.exportText(library, id).utf8),
      Array(try PostgresEventLogTests.exportText(local, 1).utf8))
    let pulled = try library.pull(recording: id, intoLogAt: directory.file("pulled.sqlite"))
    XCTAssertEqual(bytes(pulled.metadata.attributes), bytes(attributes))
  }

  func testALibraryHoldingTwoNormalizationsOfAKeyIsRefusedOnRead() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try localLog(["caf\u{E9}": "1"], in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    let id = try library.push(recording: 1, of: local).id
    // Another tool's row: written past the append-only triggers, as the owner can. Keys are
    // read in byte order, so the decomposed one comes first.
    let admin = try PostgreSQLConnection(url: database.url)
    try admin.execute("SET session_replication_role = replica")
    try admin.execute(
      "INSERT INTO navsim.recording_attributes VALUES ($1, $2, '2')",
      [String(id), "cafe\u{301}"])
    let expected = EventLogError.badStoredRecording(
      path: library.location, recording: id,
      problem: #"attribute keys "cafe\u{301}" and "caf\u{E9}" differ only in Unicode "#
        + "normalization, which makes them one key: one value would be lost")
    XCTAssertThrowsError(try library.recordings()) {
      XCTAssertEqual($0 as? EventLogError, expected)
    }
    XCTAssertThrowsError(try library.recording(id)) {
      XCTAssertEqual($0 as? EventLogError, expected)
    }
    let pulled = directory.file("pulled.sqlite")
    XCTAssertThrowsError(try library.pull(recording: id, intoLogAt: pulled)) {
      XCTAssertEqual($0 as? EventLogError, expected)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: pulled))

    // The SQL the docs give the schema's owner mends it, with the trigger on again after.
    let sql = try XCTUnwrap(
      Fixtures.codeBlocks(
        in: "docs/event-log.md", after: "To read such a recording again", language: "sql"
      ).dropFirst().first)
    let owner = try PostgreSQLConnection(url: database.url)
    let deleteAll = "DELETE FROM navsim.recording_attributes"
    XCTAssertThrowsError(try owner.execute(deleteAll), "the append-only trigger is on")
    try owner.execute(
      sql.replacingOccurrences(of: "recording_id = 7", with: "recording_id = \(id)"))
    let mended = try library.recording(id).metadata.attributes
    XCTAssertEqual(mended.map { Array($0.key.utf8) }, [Array("caf\u{E9}".utf8)])
    XCTAssertThrowsError(try owner.execute(deleteAll), "the trigger is back")
  }
}
