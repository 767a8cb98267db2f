import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// Files that are not (good) NavSim logs: a clear one-line error naming the file, and the file
/// left exactly as it was.
final class EventLogBadInputTests: XCTestCase {
  /// The bytes of a file and the names in its directory, to prove nothing was written.
  private func snapshot(_ path: String) throws -> (bytes: Data, siblings: [String]) {
    let directory = (path as NSString).deletingLastPathComponent
    return (
      try Data(contentsOf: URL(fileURLWithPath: path)),
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    )
  }

  private func assertOpenFails(
    _ path: String, modes: [EventLogFile.Mode] = [.readOnly, .readWrite, .create],
    with expected: EventLogError, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let before = try snapshot(path)
    for mode in modes {
      XCTAssertThrowsError(try EventLogFile(path: path, mode: mode), file: file, line: line) {
        XCTAssertEqual($0 as? EventLogError, expected, "\(mode)", file: file, line: line)
        XCTAssertFalse("\($0)".contains("\n"), file: file, line: line)
        XCTAssertTrue("\($0)".hasPrefix(path + ": "), "\($0)", file: file, line: line)
      }
      let after = try snapshot(path)
      XCTAssertEqual(after.bytes, before.bytes, "\(mode) changed the file", file: file, line: line)
      XCTAssertEqual(after.siblings, before.siblings, "\(mode) made files", file: file, line: line)
    }
  }

  // MARK: - Not a log

  func testAFileThatIsNotSQLite() throws {
    let (directory, path) = freshDatabase(named: "notes.sqlite")
    defer { _ = directory }
    try Data(String(repeating: "shopping list: eggs, milk\n", count: 200).utf8)
      .write(to: URL(fileURLWithPath: path))
    try assertOpenFails(path, with: .notSQLite(path: path))
  }

  func testAnotherProgramsSQLiteDatabaseIsNotTouched() throws {
    let (directory, path) = freshDatabase(named: "contacts.db")
    defer { _ = directory }
    do {
      let other = try SQLiteConnection(path: path, mode: .create)
      try other.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');")
    }
    try assertOpenFails(
      path,
      with: .notAnEventLog(path: path, detail: "an SQLite database of another program"))
  }

  func testAnotherApplicationsDatabaseIsNamedWithoutItsID() throws {
    let (directory, path) = freshDatabase(named: "other.db")
    defer { _ = directory }
    try SQLiteConnection(path: path, mode: .create).execute(
      "PRAGMA application_id = 1196444487; CREATE TABLE x (y);")  // 'GPKG'
    try assertOpenFails(
      path, with: .notAnEventLog(path: path, detail: "an SQLite database of another program"))
    XCTAssertThrowsError(try EventLogFile(path: path, mode: .readOnly)) { error in
      XCTAssertFalse("\(error)".contains("application_id"), "\(error)")
    }
  }

  func testAnEmptyFileIsNotALogButCreateMakesOne() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    try assertOpenFails(
      path, modes: [.readOnly, .readWrite],
      with: .notAnEventLog(path: path, detail: "an empty file"))
    let log = try EventLogFile(path: path, mode: .create)
    XCTAssertEqual(try log.recordings(), [])
  }

  func testAMissingFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("missing.sqlite")
    for mode in [EventLogFile.Mode.readOnly, .readWrite] {
      XCTAssertThrowsError(try EventLogFile(path: path, mode: mode)) {
        XCTAssertEqual($0 as? EventLogError, .fileNotFound(path: path))
      }
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }

  func testADirectory() throws {
    let directory = TemporaryDirectory()
    XCTAssertThrowsError(try EventLogFile(path: directory.path, mode: .create)) {
      XCTAssertEqual($0 as? EventLogError, .io(path: directory.path, problem: "is a directory"))
    }
  }

  // MARK: - A log NavSim cannot read

  func testALogFromANewerSchemaVersion() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)
    try SQLiteConnection(path: path, mode: .readWrite).execute("PRAGMA user_version = 99")
    try assertOpenFails(path, with: .newerSchema(path: path, version: 99, supported: 5))
    XCTAssertEqual(
      "\(EventLogError.newerSchema(path: path, version: 99, supported: 5))",
      "\(path): written by a newer NavSim (schema version 99, this NavSim reads up to 5); "
        + "upgrade NavSim")
  }

  func testOpeningALogReadOnlyWritesNothing() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)  // closed: the WAL is checkpointed and removed
    let before = try snapshot(path)
    do {
      let log = try EventLogFile(path: path, mode: .readOnly)
      XCTAssertEqual(try log.events(recording: 1).readAll().count, SampleEvents.oneOfEachKind.count)
      _ = try log.eventCountsByKind(recording: 1)
    }
    XCTAssertEqual(try snapshot(path).bytes, before.bytes)
  }

  // MARK: - Damage

  func testATruncatedLog() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    do {
      let log = try EventLogFile(path: path, mode: .create)
      let writer = try log.beginRecording(commute)
      for index in 0..<5000 {
        try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
      }
      try writer.finish()
    }
    let size = try Data(contentsOf: URL(fileURLWithPath: path)).count
    XCTAssertTrue(truncate(path, off_t(size / 2)) == 0)
    XCTAssertThrowsError(try readEverything(path)) { error in
      guard case .corrupted(let errorPath, _)? = error as? EventLogError else {
        return XCTFail("expected .corrupted, got \(error)")
      }
      XCTAssertEqual(errorPath, path)
      XCTAssertTrue("\(error)".hasPrefix("\(path): damaged or truncated ("), "\(error)")
    }
  }

  func testACorruptedPage() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path, count: 3000)
    // Overwrite the middle of the file with garbage, page headers included.
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size / 2 / 4096 * 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 3 * 4096))
    try handle.close()
    XCTAssertThrowsError(try readEverything(path)) { error in
      guard case .corrupted(let errorPath, _)? = error as? EventLogError else {
        return XCTFail("expected .corrupted, got \(error)")
      }
      XCTAssertEqual(errorPath, path)
    }
  }

  private func readEverything(_ path: String) throws {
    let log = try EventLogFile(path: path, mode: .readOnly)
    for recording in try log.recordings() {
      _ = try log.eventCountsByKind(recording: recording.id)
      let cursor = try log.events(recording: recording.id)
      while try cursor.next() != nil {}
    }
  }
}
