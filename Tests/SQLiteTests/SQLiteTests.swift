import Foundation
import SQLite
import TestSupport
import XCTest

final class SQLiteTests: XCTestCase {
  // MARK: - Values

  func testEveryStorageClassRoundTripsThroughBindAndColumns() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let connection = try SQLiteConnection(path: path, mode: .create)
    try connection.execute("CREATE TABLE t (a ANY, b ANY, c ANY, d ANY, e ANY) STRICT")
    try connection.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)").run([
      .integer(Int64.min), .real(-0.5), .text("héllo \"quoted\"\n"), .blob([0, 1, 255]), .null,
    ])
    let row = try connection.prepare("SELECT a, b, c, d, e FROM t")
    XCTAssertTrue(try row.step())
    XCTAssertEqual(row.value(at: 0), .integer(Int64.min))
    XCTAssertEqual(row.value(at: 1), .real(-0.5))
    XCTAssertEqual(row.value(at: 2), .text("héllo \"quoted\"\n"))
    XCTAssertEqual(row.value(at: 3), .blob([0, 1, 255]))
    XCTAssertEqual(row.value(at: 4), .null)
    XCTAssertEqual(row.type(at: 0), .integer)
    XCTAssertEqual(row.columnName(at: 2), "c")
    XCTAssertFalse(try row.step())
  }

  func testEmptyTextIsNotNull() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    let statement = try connection.prepare("SELECT ?1 IS NULL, typeof(?1)")
    try statement.bind("", at: 1)
    XCTAssertTrue(try statement.step())
    XCTAssertEqual(statement.int64(at: 0), 0)
    XCTAssertEqual(statement.text(at: 1), "text")
  }

  func testScalarAndPragma() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    XCTAssertEqual(try connection.scalar("SELECT ?1 + 1", [.integer(41)]), .integer(42))
    try connection.execute("PRAGMA user_version = 7")
    XCTAssertEqual(try connection.integerPragma("user_version"), 7)
  }

  // MARK: - Transactions

  func testTransactionRollsBackWhenTheBodyThrows() throws {
    struct Boom: Error {}
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    try connection.execute("CREATE TABLE t (x INTEGER)")
    XCTAssertThrowsError(
      try connection.transaction {
        try connection.execute("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    ) { XCTAssertTrue($0 is Boom) }
    XCTAssertTrue(connection.isAutocommit)
    XCTAssertEqual(try connection.scalar("SELECT count(*) FROM t"), .integer(0))
    try connection.transaction(.immediate) { try connection.execute("INSERT INTO t VALUES (1)") }
    XCTAssertEqual(try connection.scalar("SELECT count(*) FROM t"), .integer(1))
  }

  // MARK: - Errors

  func testErrorCarriesCodeMessageSQLAndPath() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let connection = try SQLiteConnection(path: path, mode: .create)
    try connection.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    let insert = try connection.prepare("INSERT INTO t VALUES (1)")
    try insert.run()
    XCTAssertThrowsError(try insert.run()) { error in
      guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.primaryCode, 19)  // SQLITE_CONSTRAINT
      XCTAssertEqual(error.code, 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
      XCTAssertTrue(error.message.contains("UNIQUE constraint failed"), error.message)
      XCTAssertEqual(error.sql, "INSERT INTO t VALUES (1)")
      XCTAssertEqual(error.path, path)
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description)
    }
    XCTAssertThrowsError(try connection.prepare("SELEKT 1")) { error in
      XCTAssertEqual((error as? SQLiteError)?.sql, "SELEKT 1")
    }
  }

  func testOpeningAMissingFileReadOnlyFails() {
    XCTAssertThrowsError(
      try SQLiteConnection(path: "/nonexistent-dir/x.sqlite", mode: .readOnly)
    ) { error in
      XCTAssertEqual((error as? SQLiteError)?.path, "/nonexistent-dir/x.sqlite")
    }
  }

  func testReadOnlyConnectionRefusesWrites() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    try SQLiteConnection(path: path, mode: .create).execute("CREATE TABLE t (x INTEGER)")
    let reader = try SQLiteConnection(path: path, mode: .readOnly)
    XCTAssertThrowsError(try reader.execute("INSERT INTO t VALUES (1)")) { error in
      XCTAssertEqual((error as? SQLiteError)?.primaryCode, 8)  // SQLITE_READONLY
    }
  }

  func testNotADatabaseIsReportedAsCorruption() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    try Data(String(repeating: "not a database\n", count: 100).utf8).write(
      to: URL(fileURLWithPath: path))
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    XCTAssertThrowsError(try connection.integerPragma("application_id")) { error in
      XCTAssertEqual((error as? SQLiteError)?.primaryCode, 26)  // SQLITE_NOTADB
      XCTAssertEqual((error as? SQLiteError)?.isCorruption, true)
    }
  }

  // MARK: - Statement lifetime

  func testReleasingAStatementEndsItsRead() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    try connection.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2);")
    var reading: SQLiteStatement? = try connection.prepare("SELECT x FROM t")
    XCTAssertTrue(try reading!.step())
    XCTAssertThrowsError(try connection.execute("DROP TABLE t"))  // table locked by the read
    reading = nil
    XCTAssertNil(reading)
    try connection.execute("DROP TABLE t")
  }
}
