import EventLog
import Foundation
import PostgreSQL
@testable import PostgresEventLog
import SessionEvents
import TestSupport
import XCTest

/// The recording library against a real PostgreSQL server (skipped, with the reason printed,
/// when NAVSIM_TEST_POSTGRES_URL is not set).
final class PostgresEventLogTests: XCTestCase {
  // MARK: - Fixtures

  static func freshDatabase() throws -> PostgresTestDatabase {
    let (url, reason) = PostgresTestDatabase.serverURL
    guard let url else {
      print("skipping: \(reason)")
      throw XCTSkip(reason)
    }
    return try PostgresTestDatabase(adminURL: url)
  }

  /// An SQLite log with one finished recording of `count` events (every kind, awkward texts,
  /// -0.0, a seed above Int64.max) and one unfinished recording.
  static func sampleLog(count: Int = 3000, in directory: TemporaryDirectory) throws
    -> EventLogFile
  {
    let log = try EventLogFile(path: directory.file("trip.sqlite"), mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(
        name: "trip \"one\"", source: .scenario, scenario: "route builtin:a\n\tspeed 13.9\\",
        seed: UInt64.max - 1, deviceProfile: "iphone15-portrait",
        createdAt: "2026-12-01T12:00:00Z",
        attributes: ["device.model": "iPhone15,4", "note": "tab\there, newline\n, \\ and é"]))
    for (payload, t) in SampleEvents.events(count: count) { try writer.append(payload, t: t) }
    try writer.finish()
    let cut = try log.beginRecording(
      RecordingMetadata(name: "cut short", source: .imported, createdAt: "unknown"))
    for (payload, t) in SampleEvents.events(count: 10) { try cut.append(payload, t: t) }
    try cut.flush()
    return log
  }

  static func exportText(_ log: any EventLogReading, _ id: Int64) throws -> String {
    var text = ""
    try log.exportJSONLines(recording: id) { text += $0 }
    return text
  }

  // MARK: - Round trips

  func testPushThenPullExportsByteIdenticalJSONLines() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    for localID: Int64 in [1, 2] {
      let pushed = try library.push(recording: localID, of: local, batchSize: 700)
      XCTAssertFalse(pushed.wasAlreadyStored)
      XCTAssertEqual(pushed.sent, try local.recording(localID).eventCount)
      // Reading straight from the server, and after pulling into a new SQLite log.
      XCTAssertEqual(try Self.exportText(library, pushed.id), try Self.exportText(local, localID))
      let pulledPath = directory.file("pulled-\(localID).sqlite")
      let pulled = try library.pull(recording: pushed.id, intoLogAt: pulledPath)
      let pulledLog = try EventLogFile(path: pulledPath, mode: .readOnly)
      XCTAssertEqual(
        try Self.exportText(pulledLog, pulled.id), try Self.exportText(local, localID))
      XCTAssertFalse(FileManager.default.fileExists(atPath: pulledPath + ".navsim-pull.jsonl"))
    }
    let infos = try library.recordings()
    XCTAssertEqual(infos.map(\.metadata), try local.recordings().map(\.metadata))
    XCTAssertEqual(infos.map(\.isFinished), [true, false])
    XCTAssertEqual(
      try library.eventCountsByKind(recording: infos[0].id).map(\.count),
      try local.eventCountsByKind(recording: 1).map(\.count))
  }

  func testCursorFiltersByKindAndSeqRangeLikeSQLite() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 5000, in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    let id = try library.push(recording: 1, of: local).id
    let kinds: Set<EventKind> = [.speed, .promptReady]
    XCTAssertEqual(
      try library.eventStream(recording: id, kinds: kinds, seqRange: 100...4500).readAllEvents(),
      try local.events(recording: 1, kinds: kinds, seqRange: 100...4500).readAll())
    // Two cursors open at once share the connection's read transaction.
    let first = try library.eventStream(recording: id, kinds: nil, seqRange: nil)
    let second = try library.eventStream(recording: id, kinds: nil, seqRange: 4990...5000)
    XCTAssertEqual(try first.next()?.seq, 1)
    XCTAssertEqual(try second.readAllEvents().map(\.seq), Array(4990...5000))
    XCTAssertEqual(try first.readAllEvents().count, 4999)
  }

  func testPushingTheSameRecordingTwiceStoresItOnce() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 500, in: directory)
    let first = try PostgresEventLog(url: database.url, mode: .write).push(recording: 1, of: local)
    let again = try PostgresEventLog(url: database.url, mode: .write).push(recording: 1, of: local)
    XCTAssertEqual(again, .init(id: first.id, eventCount: 500, sent: 0, wasAlreadyStored: true))
    let admin = try PostgreSQLConnection(url: database.url)
    XCTAssertEqual(try admin.execute("SELECT count(*) FROM navsim.events").int64(0, 0), 500)
    XCTAssertEqual(try admin.execute("SELECT count(*) FROM navsim.recordings").int64(0, 0), 1)
  }

  func testAnInterruptedPushIsNotListedAndResumesWhereItStopped() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 2000, in: directory)
    // A push that stops after its second batch, as a killed process would.
    struct Stop: Error {}
    let library = try PostgresEventLog(url: database.url, mode: .write)
    XCTAssertThrowsError(
      try library.push(recording: 1, of: local, batchSize: 300) { if $0 >= 600 { throw Stop() } }
    )
    XCTAssertEqual(try library.recordings(), [])
    let admin = try PostgreSQLConnection(url: database.url)
    XCTAssertEqual(try admin.execute("SELECT max(seq) FROM navsim.events").int64(0, 0), 600)
    let resumed = try library.push(recording: 1, of: local, batchSize: 300)
    XCTAssertEqual(resumed.sent, 1400)
    XCTAssertEqual(try Self.exportText(library, resumed.id), try Self.exportText(local, 1))
  }

  // MARK: - Append-only on the server

  func testRawSQLCannotChangeOrRemoveEventsEvenAsOwner() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 100, in: directory)
    _ = try PostgresEventLog(url: database.url, mode: .write).push(recording: 1, of: local)
    let admin = try PostgreSQLConnection(url: database.url)
    let refused = [
      "UPDATE navsim.events SET t = 0",
      "DELETE FROM navsim.events WHERE seq = 100",
      "TRUNCATE navsim.events",
      "DELETE FROM navsim.recordings",
      "UPDATE navsim.recordings SET name = 'renamed'",
      "UPDATE navsim.recordings SET complete = false",
      // Then: a gap, a duplicate, time going backwards, an append to a complete or missing
      // recording, completing a recording that lacks events.
      "INSERT INTO navsim.recordings (fingerprint, name, source, created_at, navsim_version, "
        + "payload_format, event_count) VALUES ('x', 'x', 'imported', 'now', '1', 1, 3)",
    ]
    for sql in refused.prefix(6) {
      XCTAssertThrowsError(try admin.execute(sql), sql) { error in
        let error = error as! PostgreSQLError
        XCTAssertEqual(error.sqlstate, "NV004", sql)
        XCTAssertTrue(error.message.contains("append-only"), error.message)
      }
    }
    try admin.execute(refused[6])
    let newID = try admin.execute("SELECT id FROM navsim.recordings WHERE fingerprint = 'x'")
      .int64(0, 0)!
    func insert(_ seq: Int64, t: Int64, recording: Int64 = newID) -> String {
      "INSERT INTO navsim.events (recording_id, seq, t, kind) VALUES (\(recording), \(seq), \(t), 1)"
    }
    for (sql, state) in [
      (insert(2, t: 0), "NV001"), (insert(1, t: 10), nil), (insert(1, t: 10), "23505"),
      (insert(3, t: 20), "NV001"), (insert(2, t: 5), "NV002"),
      (insert(101, t: 99_999, recording: 1), "NV003"), (insert(1, t: 0, recording: 999), "NV003"),
      ("UPDATE navsim.recordings SET complete = true WHERE id = \(newID)", "NV005"),
    ] {
      if let state {
        XCTAssertThrowsError(try admin.execute(sql), sql) {
          XCTAssertEqual(($0 as! PostgreSQLError).sqlstate, state, sql)
        }
      } else {
        try admin.execute(sql)
      }
    }
    XCTAssertEqual(try admin.execute("SELECT count(*) FROM navsim.events").int64(0, 0), 101)
  }

  func testTheGrantedRoleHasNoPrivilegeToUpdateOrDelete() throws {
    let database = try Self.freshDatabase()
    let admin = try PostgreSQLConnection(url: database.url)
    let role = "navsim_pusher_\(getpid())"
    try admin.execute("DROP ROLE IF EXISTS \(role)")
    try admin.execute("CREATE ROLE \(role) LOGIN PASSWORD 'pusher'")
    defer {
      _ = try? admin.execute("DROP OWNED BY \(role)")
      _ = try? admin.execute("DROP ROLE IF EXISTS \(role)")
    }
    try PostgresEventLog.initialize(url: database.url, grantingTo: role)
    let pusherURL = PostgresTestDatabase.replacingCredentials(
      in: database.url, user: role, password: "pusher")
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 100, in: directory)
    let pushed = try PostgresEventLog(url: pusherURL, mode: .write).push(recording: 1, of: local)
    XCTAssertEqual(pushed.sent, 100)
    let pusher = try PostgreSQLConnection(url: pusherURL)
    for sql in [
      "UPDATE navsim.events SET t = 0", "DELETE FROM navsim.events", "TRUNCATE navsim.events",
      "DELETE FROM navsim.recordings", "UPDATE navsim.recordings SET name = 'x'",
      "ALTER TABLE navsim.events DISABLE TRIGGER USER", "DROP TABLE navsim.events",
    ] {
      XCTAssertThrowsError(try pusher.execute(sql), sql) { error in
        XCTAssertEqual((error as! PostgreSQLError).sqlstate.map { ["42501", "42809"].contains($0) },
                       true, "\(sql): \(error)")
      }
    }
  }

  // MARK: - Errors a user can act on

  func testAnUnreachableServerIsOneLine() throws {
    // A port nothing listens on: bind one, note it, close it.
    let url = "postgres://navsim@127.0.0.1:1/navsim?connect_timeout=2"
    XCTAssertThrowsError(try PostgresEventLog(url: url, mode: .read)) { error in
      let text = "\(error)"
      XCTAssertTrue(text.hasPrefix("postgres://navsim@127.0.0.1:1/navsim"), text)
      XCTAssertTrue(text.contains("cannot reach the PostgreSQL server"), text)
      XCTAssertFalse(text.contains("\n"), text)
    }
  }

  func testBadCredentialsAreOneLineWithoutThePassword() throws {
    let database = try Self.freshDatabase()
    let url = PostgresTestDatabase.replacingCredentials(
      in: database.url, user: "navsim_admin", password: "wrong-secret")
    XCTAssertThrowsError(try PostgresEventLog(url: url, mode: .read)) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("refused the credentials"), text)
      XCTAssertTrue(text.contains("password authentication failed"), text)
      XCTAssertFalse(text.contains("wrong-secret"), text)
      XCTAssertFalse(text.contains("\n"), text)
    }
  }

  func testASchemaFromANewerNavSimIsRefused() throws {
    let database = try Self.freshDatabase()
    XCTAssertThrowsError(try PostgresEventLog(url: database.url, mode: .read)) { error in
      XCTAssertTrue("\(error)".contains("holds no NavSim recordings"), "\(error)")
    }
    _ = try PostgresEventLog(url: database.url, mode: .write)
    let newer = PostgresSchema.currentVersion + 1
    try PostgreSQLConnection(url: database.url).execute(
      "UPDATE navsim.schema_version SET version = \(newer)")
    for mode in [PostgresEventLog.Mode.read, .write] {
      XCTAssertThrowsError(try PostgresEventLog(url: database.url, mode: mode)) { error in
        XCTAssertTrue(
          "\(error)".contains("schema is version \(newer), written by a newer NavSim"),
          "\(error)")
      }
    }
  }

  func testAConnectionDroppedMidStreamNamesTheRecordingAndSeq() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 5000, in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    let id = try library.push(recording: 1, of: local).id
    let reader = try PostgresEventLog(url: database.url)
    let cursor = try reader.eventStream(recording: id, kinds: nil, seqRange: nil)
    for _ in 0..<2500 { _ = try cursor.next() }
    try PostgreSQLConnection(url: database.url).execute(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        + "WHERE datname = current_database() AND pid <> pg_backend_pid() "
        + "AND query LIKE 'FETCH%'")
    XCTAssertThrowsError(try cursor.readAllEvents()) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("connection lost while reading recording \(id) after seq 4000"),
                    text)
      XCTAssertFalse(text.contains("\n"), text)
    }
  }

  func testAVersion1SchemaIsReadAndMigratedByTheFirstWriter() throws {
    let database = try Self.freshDatabase()
    let admin = try PostgreSQLConnection(url: database.url)
    try admin.execute(PostgresSchema.version1)
    XCTAssertEqual(try PostgresEventLog(url: database.url).schemaVersion(), 1)
    XCTAssertEqual(try PostgresEventLog(url: database.url).recordings(), [])
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 50, in: directory)
    let library = try PostgresEventLog(url: database.url, mode: .write)
    XCTAssertEqual(try library.schemaVersion(), PostgresSchema.currentVersion)
    let id = try library.push(recording: 1, of: local).id
    XCTAssertEqual(try library.recording(id).metadata, try local.recording(1).metadata)
    XCTAssertThrowsError(try admin.execute(
      "INSERT INTO navsim.recording_attributes VALUES (\(id), 'late', 'x')")) {
      XCTAssertEqual(($0 as! PostgreSQLError).sqlstate, "NV003")
    }
    XCTAssertThrowsError(try admin.execute("DELETE FROM navsim.recording_attributes")) {
      XCTAssertEqual(($0 as! PostgreSQLError).sqlstate, "NV004")
    }
  }

  func testAPullOverADroppedConnectionWritesNothing() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let local = try Self.sampleLog(count: 100, in: directory)
    let id = try PostgresEventLog(url: database.url, mode: .write).push(recording: 1, of: local).id
    let library = try PostgresEventLog(url: database.url)
    try PostgreSQLConnection(url: database.url).execute(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        + "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    let out = directory.file("pulled.sqlite")
    XCTAssertThrowsError(try library.pull(recording: id, intoLogAt: out)) { error in
      XCTAssertFalse("\(error)".contains("\n"), "\(error)")
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["trip.sqlite", "trip.sqlite-shm", "trip.sqlite-wal"].filter {
        FileManager.default.fileExists(atPath: directory.file($0))
      })
  }

  func testURLsLoseTheirPasswordInMessages() {
    XCTAssertEqual(
      PostgreSQLConnection.redacting("postgres://ann:s3cret@db:5432/lib?sslmode=require&password=x"),
      "postgres://ann@db:5432/lib?sslmode=require")
    XCTAssertEqual(PostgreSQLConnection.redacting("postgresql://db/lib"), "postgresql://db/lib")
  }
}
