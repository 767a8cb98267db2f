import Foundation
import SQLite
import TestSupport
import XCTest

/// A closed database file reads like a document: opening it read-only makes nothing beside it,
/// and a file still being written stays followable.
final class SQLiteDocumentTests: XCTestCase {
  func testAClosedWALFileOpensImmutableAndMakesNothingBesideIt() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    try makeWALFileLeftInWALMode(path)
    XCTAssertTrue(try SQLiteFileHeader(path: path).usesWAL)
    XCTAssertEqual(try files(directory), ["test.sqlite"])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let reader = try SQLiteConnection(path: path, mode: .readOnly)
    XCTAssertTrue(reader.isImmutable)
    XCTAssertEqual(try reader.scalar("SELECT sum(x) FROM t"), .integer(3))
    XCTAssertEqual(try files(directory), ["test.sqlite"])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
  }

  func testAFileStillBeingWrittenIsFollowed() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let writer = try SQLiteConnection(path: path, mode: .create)
    try writer.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER)")
    try writer.execute("INSERT INTO t VALUES (1)")
    let reader = try SQLiteConnection(path: path, mode: .readOnly)
    XCTAssertFalse(reader.isImmutable)
    XCTAssertEqual(try reader.scalar("SELECT count(*) FROM t"), .integer(1))
    try writer.execute("INSERT INTO t VALUES (2)")
    XCTAssertEqual(try reader.scalar("SELECT count(*) FROM t"), .integer(2))
  }

  func testAWriterKilledMidWriteLeavesAFileReadersStillOpen() throws {
    // A killed writer leaves its -wal (with the committed rows) and -shm: a reader opens the
    // file normally, not immutable, and sees what was committed.
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let writer = try SQLiteConnection(path: path, mode: .create)
    try writer.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER)")
    try writer.execute("INSERT INTO t VALUES (1)")
    let copy = directory.file("copy.sqlite")
    for suffix in ["", "-wal"] {
      try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
    }
    let reader = try SQLiteConnection(path: copy, mode: .readOnly)
    XCTAssertFalse(reader.isImmutable)
    XCTAssertEqual(try reader.scalar("SELECT count(*) FROM t"), .integer(1))
  }

  func testAPathWithURICharactersOpensImmutable() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("a ?#%b.sqlite")
    try makeWALFileLeftInWALMode(path)
    let reader = try SQLiteConnection(path: path, mode: .readOnly)
    XCTAssertTrue(reader.isImmutable)
    XCTAssertEqual(try reader.scalar("SELECT sum(x) FROM t"), .integer(3))
  }

  func testTheHeaderSaysWhatAFileIs() throws {
    let directory = TemporaryDirectory()
    let empty = directory.file("empty"), text = directory.file("text")
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    try String(repeating: "not a database ", count: 10).write(
      toFile: text, atomically: false, encoding: .utf8)
    XCTAssertEqual(try SQLiteFileHeader(path: empty).kind, .empty)
    XCTAssertEqual(try SQLiteFileHeader(path: text).kind, .notSQLite)
    let database = directory.file("db")
    try SQLiteConnection(path: database, mode: .create).execute(
      "PRAGMA application_id = 1196444487; PRAGMA user_version = 7; CREATE TABLE x (y)")
    let header = try SQLiteFileHeader(path: database)
    XCTAssertEqual(header.kind, .sqlite)
    XCTAssertEqual(header.applicationID, 1_196_444_487)
    XCTAssertEqual(header.userVersion, 7)
    XCTAssertThrowsError(try SQLiteFileHeader(path: directory.file("missing"))) { error in
      XCTAssertEqual("\(error)", directory.file("missing") + ": no such file")
    }
  }

  func testErrorsSpeakTheUsersLanguageAndKeepTheSQLForDevelopers() throws {
    let directory = TemporaryDirectory()
    let text = directory.file("notes.sqlite")
    try String(repeating: "plain text ", count: 20).write(
      toFile: text, atomically: false, encoding: .utf8)
    let connection = try SQLiteConnection(path: text, mode: .readOnly)
    XCTAssertThrowsError(try connection.execute("PRAGMA cache_size = -256")) { error in
      let error = error as! SQLiteError
      XCTAssertEqual(
        error.description, "\(text): not an SQLite database (the file holds something else)")
      XCTAssertFalse(error.description.contains("PRAGMA"))
      XCTAssertTrue(error.debugDescription.contains("in 'PRAGMA cache_size = -256'"))
    }
  }

  // MARK: - Helpers

  /// A database whose last writer closed it in WAL mode, as NavSim's logs and stores are:
  /// WAL in the header, no -wal file (the last connection checkpointed and removed it).
  private func makeWALFileLeftInWALMode(_ path: String) throws {
    let writer = try SQLiteConnection(path: path, mode: .create)
    try writer.execute("PRAGMA journal_mode = WAL")
    try writer.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)")
  }

  private func files(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }
}
