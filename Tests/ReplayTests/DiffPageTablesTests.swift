import Foundation
import NavSim
import Replay
@testable import Report
import SampleDelegates
import Snapshots
import TestSupport
import Testing

/// A diff page's screens' tables (their drawn elements and screens) keep only their recent
/// texts in memory and look older ones up in a database in the page's scratch directory: on a
/// real trip, with a small memory, the page is still the one built whole, and a failing
/// database fails the page before any of it is written.
@MainActor
@Suite(.serialized) struct DiffPageTablesTests {
  /// `city-commute` through the SDK's own layout (`sdk`) and `complete` (`mine`): the screens
  /// change every second (and the migration guide's diff, `GoldenBuiltInTests`, is theirs).
  static func store(_ directory: TemporaryDirectory) throws -> SnapshotStore {
    let store = try SnapshotStore(path: directory.file("pages.sqlite"), mode: .create)
    _ = try ReplayJob(
      logPath: recording("city-commute"), delegateName: "builtin", makeDelegate: { nil },
      watchers: .layoutRules
    ).run(store: store, label: "sdk")
    _ = try ReplayJob(
      logPath: recording("city-commute"), delegateName: "complete",
      makeDelegate: { CompleteLayoutDelegate() }, watchers: .layoutRules
    ).run(store: store, label: "mine")
    return store
  }

  @Test func aPageWhoseTablesForgetTheirTextsIsThePageThatKeepsThemAll() throws {
    let directory = TemporaryDirectory()
    let store = try Self.store(directory)
    let whole = try store.diffReport(try store.diff(labelA: "sdk", labelB: "mine"))
    let data = try ScreenReportTests.embeddedData(whole)
    let screens = try #require(data["screens"] as? [Any])
    let parts = try #require(data["parts"] as? [Any])
    // Many times the tables' memory below: most lookups go to the databases.
    #expect(
      screens.count > 80 && parts.count > 80, "\(screens.count) screens, \(parts.count) parts")
    var page = ""
    _ = try store.writeDiffReportMeasuring(
      labelA: "sdk", labelB: "mine", tolerance: 0, bufferLimit: 24 * 1024, recentLimit: 8,
      each: { _ in }
    ) { page += $0 }
    #expect(
      Array(page.utf8) == Array(whole.utf8), "\(page.utf8.count) bytes, whole \(whole.utf8.count)")
    _ = directory
  }

  /// The file-size limit (the process's: in a child process) stops the tables' database as it
  /// is made: the error names the page and `TMPDIR`, nothing of the page is written, and the
  /// scratch directory is gone.
  @Test(
    .enabled(
      if: ChildProcessTest.startsChildren,
      "lowers the file-size limit: needs a child process of its own (Linux, not in process)"))
  func theTablesDatabaseFailingFailsThePageBeforeAnyOfIt() async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: "") else { return }
    try #require(ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil)
    let directory = TemporaryDirectory()
    let store = try Self.store(directory)
    try underFileSizeLimit(1024) { scratch in
      var page = ""
      // The columns and the tables' elements fit in memory: only the databases need a file.
      let error = #expect(throws: RunDiffScratchError.self) {
        try store.writeDiffReportMeasuring(
          labelA: "sdk", labelB: "mine", tolerance: 0, bufferLimit: 1 << 30,
          page: "out/d.html", recentLimit: 8, each: { _ in }
        ) { page += $0 }
      }
      #expect(error?.problem == .fileSizeLimit)
      #expect(error?.page == "out/d.html")
      #expect(error?.directory == scratch)
      #expect(
        error?.description == "out/d.html: a scratch file of the page in TMPDIR (\(scratch)) "
          + "reached the file-size limit (ulimit -f); raise it; nothing was written")
      #expect(page.isEmpty, "\(page.prefix(80))")
    }
    _ = directory
  }
}
