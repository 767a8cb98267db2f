import EventLog
import Foundation
import PostgreSQL
import PostgresEventLog
import SQLite
import TestSupport
import XCTest

/// Attribute keys in the recording library: kept byte for byte, and two that differ only in
/// Unicode normalization refused on read (skipped without a test server, like
/// `PostgresEventLogTests`).
final class PostgresAttributeKeysTests: XCTestCase {
  /// An SQLite log with one finished recording of one event, with `attributes`.
  /// - Parameter rawKey: a further key (value `raw`) written with raw SQL, as another tool
  ///   could: the table tells keys apart by their bytes.
  private func localLog(
    _ attributes: [String: String], rawKey: String? = nil, in directory: TemporaryDirectory
  ) throws -> EventLogFile {
    let path = directory.file("local.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "drive", source: .imported, createdAt: "", attributes: attributes))
    if let rawKey {
      try SQLiteConnection(path: path, mode: .readWrite)
        .prepare("INSERT INTO recording_attributes VALUES (1, ?1, 'raw')").run([.text(rawKey)])
    }
    try writer.append(.recentered, t: 0)
    try writer.finish()
    return log
  }

  /// A library holding `attributes`' recording, pushed, and then a row of `rawKey` (value
  /// `2`) another tool wrote past the append-only triggers, as the schema's owner can.
  /// - Returns: the library and the recording's id in it.
  private func libraryWithRawKey(
    _ rawKey: String, after attributes: [String: String], url: String,
    in directory: TemporaryDirectory
  ) throws -> (library: PostgresEventLog, id: Int64) {
    let local = try localLog(attributes, in: directory)
    let library = try PostgresEventLog(url: url, mode: .write)
    let id = try library.push(recording: 1, of: local).id
    let admin = try PostgreSQLConnection(url: url)
    try admin.execute("SET session_replication_role = replica")
    try admin.execute(
      "INSERT INTO navsim.recording_attributes VALUES ($1, $2, '2')", [String(id), rawKey])
    return (library, id)
  }

  /// How many recordings and attribute rows the library at `url` holds.
  private func storedRows(_ url: String) throws -> [Int64?] {
    let rows = try PostgreSQLConnection(url: url).execute(
      "SELECT (SELECT count(*) FROM navsim.recordings), "
        + "(SELECT count(*) FROM navsim.recording_attributes)")
    return [try rows.int64(0, 0), try rows.int64(0, 1)]
  }

  /// Keys and values as their bytes, in the keys' byte order.
  private func bytes(_ attributes: [String: String]) -> [[UInt8]] {
    attributes.map { [Array($0.key.utf8), Array($0.value.utf8)] }
      .sorted { $0[0].lexicographicallyPrecedes($1[0]) }.flatMap { $0 }
  }

  func testADecomposedKeyKeepsItsBytesThroughPushAndPull() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    let directory = TemporaryDirectory()
    // "\u{E9}a" and "e\u{301}z": `String`'s order (by canonical form) and the bytes' differ.
    let attributes = [
      "cafe\u{301}": "cre\u{300}me", "\u{E9}a": "1", "e\u{301}z": "2", "K\u{212A}": "\u{212B}",
    ]
    let local = try localLog(attributes, in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    let id = try library.push(recording: 1, of: local).id
    XCTAssertEqual(bytes(try library.recording(id).metadata.attributes), bytes(attributes))
    XCTAssertEqual(bytes(try library.recordings()[0].metadata.attributes), bytes(attributes))
    let export = try PostgresEventLogTests.exportText(library, id)
    XCTAssertEqual(Array(export.utf8), Array(try PostgresEventLogTests.exportText(local, 1).utf8))
    let inByteOrder = #""attributes":{"K\#u{212A}":"\#u{212B}","cafe\#u{301}":"cre\#u{300}me","#
      + #""e\#u{301}z":"2","\#u{E9}a":"1"}"#
    XCTAssertNotNil(Array(export.utf8).firstRange(of: Array(inByteOrder.utf8)), export)
    let pulled = try library.pull(recording: id, intoLogAt: directory.file("pulled.sqlite"))
    XCTAssertEqual(bytes(pulled.metadata.attributes), bytes(attributes))
  }

  func testPushingALogHoldingTwoNormalizationsOfAKeyStoresNothing() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try localLog(["caf\u{E9}": "1"], rawKey: "cafe\u{301}", in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    XCTAssertThrowsError(try library.push(recording: 1, of: local)) {
      guard case .badStoredRecording(let path, 1, _)? = $0 as? EventLogError else {
        return XCTFail("\($0)")
      }
      XCTAssertEqual(path, local.location)
    }
    XCTAssertEqual(try storedRows(database.url), [0, 0])
  }

  func testALibraryHoldingTwoNormalizationsOfAKeyIsRefusedOnRead() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    let directory = TemporaryDirectory()
    // Keys are read in byte order, so the decomposed one comes first.
    let (library, id) = try libraryWithRawKey(
      "cafe\u{301}", after: ["caf\u{E9}": "1"], url: database.url, in: directory)
    let expected = EventLogError.badStoredRecording(
      path: library.location, recording: id,
      problem: #"attribute keys "cafe\u{301}" and "caf\u{E9}" differ only in Unicode "#
        + "normalization, which makes them one key: one value would be lost; delete one "
        + "key's row to read it")
    XCTAssertThrowsError(try library.recordings()) {
      XCTAssertEqual($0 as? EventLogError, expected)
    }
    XCTAssertThrowsError(try library.recording(id)) {
      XCTAssertEqual($0 as? EventLogError, expected)
    }
    // Listing the ids reads no attribute: a reader asking for another recording says it is
    // missing (`navsim replay --recording N`).
    XCTAssertEqual(try library.recordingIDs(), [id])
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

  func testPushingAnEmptyKeyFromAnotherStoreStoresNothing() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    // A store of another package's making: its keys are not checked as a log's are.
    let metadata = RecordingMetadata(
      name: "drive", source: .imported, createdAt: "", attributes: ["": "1", "a": "2"])
    let source = HeaderOnlyLog(
      location: "memory", recordings: [
        RecordingInfo(
          id: 4, metadata: metadata, navsimVersion: "1", eventCount: 0, firstT: nil, lastT: nil,
          isFinished: true)
      ])
    let library = try PostgresEventLog(url: database.url, mode: .write)
    XCTAssertThrowsError(try library.push(recording: 4, of: source)) {
      XCTAssertEqual(
        "\($0)",
        "\(library.location): recording \"drive\" not begun: an attribute has an empty key "
          + "(recording 4 of memory)")
    }
    XCTAssertEqual(try storedRows(database.url), [0, 0])
  }

  func testALibraryHoldingAnEmptyKeyIsRefusedOnReadAndPullWritesNothing() throws {
    let database = try PostgresEventLogTests.freshDatabase()
    let directory = TemporaryDirectory()
    // The library's table, unlike a log's, takes an empty key.
    let (library, id) = try libraryWithRawKey(
      "", after: ["a": "1"], url: database.url, in: directory)
    let expected =
      "\(library.location): recording \(id): an attribute has an empty key; delete its row "
      + "to read it (docs/event-log.md)"
    XCTAssertThrowsError(try library.recording(id)) { XCTAssertEqual("\($0)", expected) }
    XCTAssertThrowsError(try library.recordings()) { XCTAssertEqual("\($0)", expected) }
    let pulled = directory.file("pulled.sqlite")
    XCTAssertThrowsError(try library.pull(recording: id, intoLogAt: pulled)) {
      XCTAssertEqual("\($0)", expected)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: pulled))
  }
}
