import EventLog
import Foundation
import JSON
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// The file itself: identity, append-only enforcement in SQL, the readable view.
final class EventLogFileFormatTests: XCTestCase {
  // MARK: - Identity

  func testANewLogSaysWhatItIs() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)
    let raw = try SQLiteConnection(path: path, mode: .readOnly)
    XCTAssertEqual(try raw.integerPragma("application_id"), 0x4E61_764C)
    XCTAssertEqual(try raw.integerPragma("user_version"), 5)
    // A WAL file whose writer closed it: read as a document, with nothing made beside it.
    XCTAssertTrue(try SQLiteFileHeader(path: path).usesWAL)
    XCTAssertTrue(raw.isImmutable)
    XCTAssertEqual(try raw.scalar("PRAGMA integrity_check"), .text("ok"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"))
    let strictTables = try raw.scalar(
      "SELECT count(*) FROM pragma_table_list WHERE name IN ('events', 'recordings') AND strict")
    XCTAssertEqual(strictTables, .integer(2))
  }

  func testStrictTablesRefuseMistypedValues() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path, finish: false)
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    XCTAssertThrowsError(
      try raw.execute("INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 999, 'soon', 5)")
    ) { error in
      XCTAssertTrue("\(error)".contains("cannot store TEXT value in INTEGER column"), "\(error)")
    }
  }

  // MARK: - Append-only, enforced by the database

  func testUpdateAndDeleteOfEventsFailFromRawSQL() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    let attempts = [
      ("UPDATE events SET t = 0 WHERE seq = 3", "events are append-only, UPDATE is not allowed"),
      ("DELETE FROM events WHERE seq = 3", "events are append-only, DELETE is not allowed"),
      ("DELETE FROM events", "events are append-only, DELETE is not allowed"),
      ("DELETE FROM recordings", "recordings are append-only, DELETE is not allowed"),
      ("UPDATE recordings SET name = 'renamed'", "only finished may change (from 0 to 1)"),
      ("UPDATE recordings SET finished = 0", "only finished may change (from 0 to 1)"),
      (
        "INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 999, 99999, 16)",
        "events can only be appended to an existing, unfinished recording"
      ),
      (
        "INSERT INTO events (recording_id, seq, t, kind) VALUES (42, 1, 0, 16)",
        "events can only be appended to an existing, unfinished recording"
      ),
    ]
    for (sql, message) in attempts {
      XCTAssertThrowsError(try raw.execute(sql), sql) { error in
        XCTAssertTrue("\(error)".contains(message), "\(sql): \(error)")
      }
    }
    let log = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertEqual(
      try log.events(recording: 1).readAll().map(\.payload), SampleEvents.oneOfEachKind)
  }

  func testRawInsertsCanOnlyAppendInOrder() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path, count: 5, finish: false)  // seq 1...5, t up to 1000
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    let attempts = [
      (
        "INSERT OR REPLACE INTO events (recording_id, seq, t, kind) VALUES (1, 3, 500, 16)",
        "seq must be the recording's last seq + 1"
      ),
      (
        "INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 7, 2000, 16)",
        "seq must be the recording's last seq + 1"
      ),
      (
        "INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 6, 999, 16)",
        "t must not be before the previous event's t"
      ),
    ]
    for (sql, message) in attempts {
      XCTAssertThrowsError(try raw.execute(sql), sql) { error in
        XCTAssertTrue("\(error)".contains(message), "\(sql): \(error)")
      }
    }
    try raw.execute("INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 6, 1000, 16)")
    let log = try EventLogFile(path: path, mode: .readOnly)
    let events = try log.events(recording: 1).readAll()
    XCTAssertEqual(events.map(\.seq), Array(1...6))
    XCTAssertEqual(events[2].payload, SampleEvents.oneOfEachKind[2])
    XCTAssertEqual(events[5].payload, .recentered)
  }

  func testTheSQLiteShellCannotDeleteEventsEither() throws {
    let shell = "/usr/bin/sqlite3"
    guard FileManager.default.isExecutableFile(atPath: shell) else {
      throw XCTSkip("no sqlite3 shell (tools/setup.sh installs it)")
    }
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)
    let result = try launch(path: shell, [path, "DELETE FROM events WHERE seq = 1"])
    let message = result.standardError
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(message.contains("events are append-only, DELETE is not allowed"), message)
    XCTAssertEqual(try EventLogFile(path: path, mode: .readOnly).recording(1).eventCount,
                   Int64(SampleEvents.oneOfEachKind.count))
  }

  // MARK: - The readable view

  func testReadableViewShowsKindNamesAndTheSamePayloadJSON() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path)
    let events = try log.events(recording: id).readAll()
    let raw = try SQLiteConnection(path: path, mode: .readOnly)
    let rows = try raw.prepare(
      "SELECT recording_id, seq, t, kind, payload FROM events_readable ORDER BY seq")
    var index = 0
    while try rows.step() {
      let event = events[index]
      XCTAssertEqual(rows.int64(at: 1), event.seq)
      XCTAssertEqual(rows.int64(at: 2), event.t)
      XCTAssertEqual(rows.text(at: 3), event.kind.rawValue)
      let fromSQL = try JSONValue(parsing: rows.text(at: 4) ?? "")
      let fromSwift = try JSONValue(parsing: event.payload.jsonText)
      XCTAssertEqual(normalized(fromSQL), normalized(fromSwift), "seq \(event.seq)")
      index += 1
    }
    XCTAssertEqual(index, events.count)
  }

  /// Numbers as doubles rounded to 15 significant digits (SQLite prints reals with %.15g).
  private func normalized(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let text):
      let number = Double(text) ?? .nan
      return .number(String(format: "%.14e", number == 0 ? 0 : number))  // SQL prints -0 as 0
    case .array(let elements): return .array(elements.map(normalized))
    case .object(let members):
      return .object(members.map { JSONMember($0.key, normalized($0.value)) })
    default: return value
    }
  }

  // MARK: - Streaming

  func testReadingAStoredRowOfAnUnknownKindNamesItsSeq() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path, count: 3, finish: false)
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    try raw.execute("INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 4, 5000, 99)")
    let cursor = try log.events(recording: id)
    for _ in 0..<3 { XCTAssertNotNil(try cursor.next()) }
    XCTAssertThrowsError(try cursor.next()) { error in
      XCTAssertEqual(
        error as? EventLogError,
        .badStoredEvent(
          path: path, recording: 1, seq: 4,
          problem: "unknown event kind code 99 (written by a newer NavSim?)"))
    }
  }

  func testReadingFindsAGapInSeq() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path, count: 3, finish: false)
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    raw.setTriggersEnabled(false)  // a file damaged by a tool that bypassed the triggers
    try raw.execute("INSERT INTO events (recording_id, seq, t, kind) VALUES (1, 6, 5000, 16)")
    XCTAssertThrowsError(try log.events(recording: id).readAll()) { error in
      XCTAssertEqual("\(error)", "\(path): recording 1 seq 6: gap in seq: expected 4")
    }
  }

  func testAHundredThousandEventsStreamInOrder() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute)
    let count = 100_000
    for index in 0..<count {
      try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    try writer.finish()
    let cursor = try EventLogFile(path: path, mode: .readOnly).events(recording: 1)
    var index = 0
    while let event = try cursor.next() {
      if index % 997 == 0 {
        XCTAssertEqual(event.payload, SyntheticEvents.payload(at: index))
      }
      index += 1
    }
    XCTAssertEqual(index, count)
  }
}
