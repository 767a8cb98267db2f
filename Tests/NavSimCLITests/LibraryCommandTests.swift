import Foundation
import PostgreSQL
import TestSupport
import XCTest

/// `navsim log push|pull|init` and reading commands given a postgres:// URL, through the real
/// binary against a real server (skipped, with the reason printed, without one).
final class LibraryCommandTests: XCTestCase {
  static let commute = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"

  static func freshDatabase() throws -> PostgresTestDatabase {
    let (url, reason) = PostgresTestDatabase.serverURL
    guard let url else {
      print("skipping: \(reason)")
      throw XCTSkip(reason)
    }
    return try PostgresTestDatabase(adminURL: url)
  }

  func navsim(_ arguments: [String]) throws -> ProcessResult {
    try launchProduct("navsim", arguments)
  }

  /// A copy of the canonical commute recording (reading the repository's file would leave
  /// WAL sidecar files beside it).
  func commuteCopy(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("commute.sqlite")
    try FileManager.default.copyItem(atPath: Self.commute, toPath: path)
    return path
  }

  // MARK: - Round trips

  func testPushPullAndReplayFromTheServerMatchTheFile() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let log = try commuteCopy(in: directory)
    let push = try navsim(["log", "push", log, database.url])
    XCTAssertEqual(push.status, 0, push.standardError)
    XCTAssertTrue(
      push.standardOutput.hasPrefix(#"recording 1 "city-commute" (1090 events): pushed to "#),
      push.standardOutput)
    XCTAssertFalse(push.standardOutput.contains("navsim-test"), "password printed")
    let again = try navsim(["log", "push", log, database.url])
    XCTAssertEqual(again.status, 0, again.standardError)
    XCTAssertTrue(again.standardOutput.contains("already in"), again.standardOutput)

    // Export straight from the server, and after a pull, byte-identical to the file's.
    let fileExport = try navsim(["log", "export", log])
    let serverExport = try navsim(["log", "export", database.url, "--recording", "1"])
    XCTAssertEqual(serverExport.status, 0, serverExport.standardError)
    XCTAssertEqual(serverExport.standardOutput, fileExport.standardOutput)
    let pulledPath = directory.file("pulled.sqlite")
    let pull = try navsim(["log", "pull", database.url, "1", "--out", pulledPath])
    XCTAssertEqual(pull.status, 0, pull.standardError)
    XCTAssertTrue(
      pull.standardOutput.hasPrefix(#"pulled recording 1 "city-commute" (1090 events) from "#),
      pull.standardOutput)
    XCTAssertEqual(try navsim(["log", "export", pulledPath]).standardOutput,
                   fileExport.standardOutput)

    // info and events read the server too.
    let info = try navsim(["log", "info", database.url])
    XCTAssertEqual(info.status, 0, info.standardError)
    XCTAssertTrue(info.standardOutput.contains("NavSim recording library in PostgreSQL"))
    let fileInfo = try navsim(["log", "info", log]).standardOutput
    XCTAssertEqual(
      info.standardOutput.split(separator: "\n").dropFirst(),
      fileInfo.split(separator: "\n").dropFirst())
    let events = ["events", "--kind", "promptReady,speed", "--from", "40", "--limit", "50"]
    XCTAssertEqual(
      try navsim(["log", events[0], database.url] + events.dropFirst()).standardOutput,
      try navsim(["log", events[0], log] + events.dropFirst()).standardOutput)

    // A replay streamed from the server stores the same snapshots as one from the file.
    var runs: [String] = []
    for source in [log, database.url] {
      let store = directory.file("runs-\(runs.count).sqlite")
      let replay = try navsim(
        ["replay", source, "--delegate", "complete", "--snapshots", store, "--label", "v"])
      XCTAssertEqual(replay.status, 0, replay.standardError)
      runs.append(try navsim(["runs", store, "export", "v"]).standardOutput)
      // A run from the server keeps its own events: no URL, let alone a password, is stored.
      let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
      XCTAssertNil(bytes.range(of: Data("127.0.0.1".utf8)), "the store names the server")
    }
    XCTAssertGreaterThan(runs[0].split(separator: "\n").count, 1000)
    XCTAssertEqual(runs[0], runs[1])
    let lint = try navsim(["lint", database.url, "--delegate", "broken"])
    XCTAssertEqual(lint.status, try navsim(["lint", log, "--delegate", "broken"]).status)
  }

  func testCheckReadsTheLibraryAsItReadsTheFile() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    let log = try commuteCopy(in: directory)
    XCTAssertEqual(try navsim(["log", "push", log, database.url]).status, 0)
    let options = ["--delegate", "basic", "--delegate", "broken", "--jobs", "2"]
    let fromServer = try navsim(["check", database.url] + options)
    let fromFile = try navsim(["check", log] + options)
    XCTAssertEqual(fromServer.status, 1, fromServer.standardError)  // broken has errors
    XCTAssertEqual(fromFile.status, 1, fromFile.standardError)
    // The same table, configuration names included (a library's recordings go by name).
    XCTAssertEqual(fromServer.standardOutput, fromFile.standardOutput)
    XCTAssertTrue(fromServer.standardOutput.contains("broken city-commute#1"), fromServer.standardOutput)
  }

  // MARK: - Kills and concurrency

  func testAKilledPushLeavesNothingListedAndResumes() throws {
    let directory = TemporaryDirectory()
    let log = directory.file("big.sqlite")
    XCTAssertEqual(try navsim(["log", "_append-test", log, "40000"]).status, 0)
    func storedEvents(_ admin: PostgreSQLConnection) throws -> Int64 {
      let result = try? admin.execute("SELECT count(*) FROM navsim.events")
      return try result?.int64(0, 0) ?? 0
    }
    // A busy machine can hold this test between its poll and its kill while the push ends:
    // such a try proves nothing, and the next one pushes into a fresh database.
    var killedPush: (PostgresTestDatabase, PostgreSQLConnection)?
    for _ in 0..<5 where killedPush == nil {
      let database = try Self.freshDatabase()
      let push = try RunningChild(
        product: "navsim", ["log", "push", log, database.url, "--batch", "500"])
      let admin = try PostgreSQLConnection(url: database.url)
      while push.isRunning, try storedEvents(admin) < 1500 { usleep(10_000) }
      push.send(SIGKILL)
      let ended = try push.wait()
      if ended.signal == SIGKILL {
        killedPush = (database, admin)
      } else {
        XCTAssertEqual(ended.status, 0, ended.standardError)
      }
    }
    let (database, admin) = try XCTUnwrap(killedPush, "every push finished before its kill")
    func storedEvents() throws -> Int64 { try storedEvents(admin) }
    let stored = try storedEvents()
    XCTAssertEqual(stored % 500, 0, "a batch was half stored")
    let max = try admin.execute("SELECT coalesce(max(seq), 0) FROM navsim.events").int64(0, 0)
    XCTAssertEqual(max, stored, "gap in the stored prefix")
    let info = try navsim(["log", "info", database.url])
    XCTAssertTrue(info.standardOutput.contains("0 recordings"), info.standardOutput)

    let resumed = try navsim(["log", "push", log, database.url, "--batch", "500"])
    XCTAssertEqual(resumed.status, 0, resumed.standardError)
    XCTAssertEqual(try storedEvents(), 40_000)
    XCTAssertEqual(
      try navsim(["log", "export", database.url]).standardOutput,
      try navsim(["log", "export", log]).standardOutput)
  }

  func testConcurrentPushersStoreEveryEventExactlyOnce() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    // Every pusher pushes the shared recording (8000 events) and one of its own.
    let shared = directory.file("shared.sqlite")
    XCTAssertEqual(try navsim(["log", "_append-test", shared, "8000"]).status, 0)
    var logs: [String] = []
    for index in 0..<4 {
      let own = directory.file("own-\(index).sqlite")
      XCTAssertEqual(try navsim(["log", "_append-test", own, String(1000 + index)]).status, 0)
      logs += [shared, own]
    }
    let pushers = try logs.map {
      try RunningChild(product: "navsim", ["log", "push", $0, database.url, "--batch", "500"])
    }
    // Every pusher waited for before any assertion throws (a dropped one would be killed).
    let results = pushers.map { pusher in Result { try pusher.wait() } }
    for result in results {
      let result = try result.get()
      XCTAssertEqual(result.status, 0, result.standardError)
    }
    let admin = try PostgreSQLConnection(url: database.url)
    let rows = try admin.execute(
      """
      SELECT r.event_count, count(e.seq), coalesce(max(e.seq), 0), r.complete
      FROM navsim.recordings r LEFT JOIN navsim.events e ON e.recording_id = r.id
      GROUP BY r.id ORDER BY r.event_count
      """)
    XCTAssertEqual(rows.rowCount, 5)
    for row in 0..<rows.rowCount {
      let expected = try rows.int64(row, 0)
      XCTAssertEqual(try rows.int64(row, 1), expected)
      XCTAssertEqual(try rows.int64(row, 2), expected)
      XCTAssertEqual(try rows.bool(row, 3), true)
    }
    XCTAssertEqual(try (0..<5).map { try rows.int64($0, 0)! }, [1000, 1001, 1002, 1003, 8000])
  }

  // MARK: - Errors

  func testAnUnreachableServerIsAOneLineErrorAndPullWritesNothing() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("out.sqlite")
    let url = "postgres://navsim:secret@127.0.0.1:1/library"
    for arguments in [
      ["log", "pull", url, "1", "--out", out], ["log", "info", url],
      ["replay", url, "--delegate", "complete"],
    ] {
      let result = try navsim(arguments)
      XCTAssertNotEqual(result.status, 0)
      let lines = result.standardError.split(separator: "\n")
      XCTAssertEqual(lines.count, 1, result.standardError)
      XCTAssertTrue(
        result.standardError.contains("postgres://navsim@127.0.0.1:1/library: cannot reach"),
        result.standardError)
      XCTAssertFalse(result.standardError.contains("secret"))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }

  func testPullingAnUnknownRecordingWritesNothing() throws {
    let database = try Self.freshDatabase()
    let directory = TemporaryDirectory()
    XCTAssertEqual(try navsim(["log", "init", database.url]).status, 0)
    let out = directory.file("out.sqlite")
    let result = try navsim(["log", "pull", database.url, "7", "--out", out])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(result.standardError.contains("no recording 7"), result.standardError)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
  }
}
