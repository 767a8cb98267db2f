import EventLog
import Foundation
import SampleDelegates
import Snapshots
import TestSupport
import Testing

import Lint
@testable import Replay

/// An opener that reads files but says they are on a server, and counts what it opened.
private final class ServerLikeOpener: EventLogOpening, @unchecked Sendable {
  private(set) var opened: [String] = []

  func isServerLocation(_ location: String) -> Bool { true }

  func openForReading(_ location: String) throws -> any EventLogReading {
    opened.append(location)
    return try EventLogFileOpener().openForReading(location)
  }
}

/// `ReplayJob` opens its log through the opener it is given; SQLite files by default.
@MainActor
@Suite struct ReplayJobLogOpenerTests {
  @Test func byDefaultAPostgresURLIsRefusedInOneLine() {
    let url = "postgres://ci:s3cret@db/navsim"
    let job = ReplayJob(logPath: url, delegateName: "complete", makeDelegate: { nil },
      watchers: .layoutRules)
    #expect(throws: EventLogLocationError(location: url, scheme: "postgres")) { try job.run() }
  }

  @Test func aServersRunKeepsItsOwnEventsAndTheSameSnapshots() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let opener = ServerLikeOpener()
    var job = ReplayJob(
      logPath: recording("city-commute"), delegateName: "complete",
      makeDelegate: { CompleteLayoutDelegate() }, watchers: .layoutRules)
    let file = try job.run(store: store, label: "file")
    job.logOpener = opener
    let server = try job.run(store: store, label: "server")
    #expect(opener.opened == [recording("city-commute")])
    #expect(file.run?.logPath != nil)
    #expect(server.run?.logPath == nil)
    let fromFile = try store.frames(of: try store.run(label: "file"))
    let fromServer = try store.frames(of: try store.run(label: "server"))
    #expect(fromServer.count == fromFile.count && fromFile.count > 100)
    #expect(fromServer.map(\.layoutHash) == fromFile.map(\.layoutHash))
    #expect(try store.diff(labelA: "file", labelB: "server").isIdentical)
    _ = directory
  }
}
