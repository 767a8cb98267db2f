import Foundation
import OutputPolicy
import SQLite
import Snapshots
import TestSupport
import XCTest

/// What a snapshot store refuses from its header alone, before SQLite opens it, and that a store
/// a failed open created is not left behind. (XCTest, which runs one test at a time: one test
/// lowers the process's file-size limit.)
final class SnapshotStoreFileTests: XCTestCase {
  func testAnEventLogGivenAsAStoreIsNamedAndNotTouched() throws {
    let (directory, path) = freshDatabase(named: "trip.sqlite")
    do {
      let log = try SQLiteConnection(path: path, mode: .create)
      try log.execute(
        "PRAGMA application_id = 1315010124; PRAGMA journal_mode = WAL; CREATE TABLE x (y)")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for mode in [SQLiteOpenMode.readOnly, .readWrite, .create] {
      XCTAssertThrowsError(try SnapshotStore(path: path, mode: mode)) { error in
        XCTAssertEqual(error as? SnapshotStoreError, .isAnEventLog(path: path))
        XCTAssertFalse("\(error)".contains("application_id"), "\(error)")
      }
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path), ["trip.sqlite"])
  }

  func testANewerStoreIsRefusedBeforeSQLiteOpensIt() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    _ = try SnapshotStore(path: path, mode: .create)
    let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: 60)  // user_version, big-endian
    try handle.write(contentsOf: Data([0, 0, 0, 99]))
    try handle.close()
    XCTAssertThrowsError(try SnapshotStore(path: path, mode: .readOnly)) { error in
      XCTAssertEqual(error as? SnapshotStoreError, .newerSchema(path: path, version: 99))
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path), ["snapshots.sqlite"])
  }

  func testAMissingStoreIsNamedForReading() throws {
    let (directory, path) = freshDatabase(named: "missing.sqlite")
    XCTAssertThrowsError(try SnapshotStore(path: path, mode: .readOnly)) { error in
      XCTAssertEqual("\(error)", "\(path): no such file")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }

  func testAStoreThatCouldNotBeCreatedIsRemoved() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    var saved = rlimit()
    XCTAssertEqual(getrlimit(fileSizeLimitResource, &saved), 0)
    var limited = saved
    limited.rlim_cur = 512  // smaller than one page: the schema cannot be written
    XCTAssertEqual(setrlimit(fileSizeLimitResource, &limited), 0)
    defer { _ = setrlimit(fileSizeLimitResource, &saved) }
    XCTAssertThrowsError(try SnapshotStore(path: path, mode: .create))
    _ = setrlimit(fileSizeLimitResource, &saved)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }
}
