import Foundation
import SQLite
import TestSupport
import XCTest

/// A `navsim replay --snapshots` process killed with SIGKILL while it writes its run leaves
/// the store as it was: no half-visible run, nothing of it in any table, the label free.
final class ReplayCrashTests: XCTestCase {
  func testAReplayKilledWhileStoringLeavesNoTraceOfItsRun() throws {
    guard Fixtures.executable("navsim") != nil else {
      return XCTFail("navsim is not built in \(Fixtures.productsDirectory): run swift build")
    }
    let directory = TemporaryDirectory()
    let log = directory.file("highway.sqlite")
    let store = directory.file("snapshots.sqlite")
    let record = try launchProduct(
      "navsim", ["record", "--builtin", "highway", "--rate", "10", "--out", log])
    XCTAssertEqual(record.status, 0, record.standardError)
    // The first run, timed from the moment it holds the store's write lock to its exit.
    let arguments = { (label: String) in
      ["replay", log, "--delegate", "complete", "--snapshots", store, "--label", label]
    }
    let first = try RunningChild(product: "navsim", arguments("kept"))
    XCTAssertTrue(waitUntilWriting(store, while: first), "the first replay never began writing")
    let writingStarted = Date()
    let kept = try first.wait()
    let writing = Date().timeIntervalSince(writingStarted)
    XCTAssertEqual(kept.status, 0, kept.standardError)
    let tables = ["runs", "layouts", "layout_changes", "finding_spans", "run_events"]
    let before = try rowCounts(store, tables)

    // Kill at different moments of the run's transaction (fractions of the first run's writing
    // phase). A busy machine can make a run commit before its kill (finishing, or killed while
    // it ends); such a try proves nothing, so its run is deleted and the round tried again
    // sooner.
    for (round, fraction) in [0, 0.25, 0.5].enumerated() {
      var delay = fraction * writing
      var killed = false
      for _ in 0..<6 where !killed {
        let process = try RunningChild(product: "navsim", arguments("killed"))
        let began = waitUntilWriting(store, while: process)
        usleep(UInt32(delay * 1_000_000))
        process.send(SIGKILL)
        let ended = try process.wait()
        // A run that ended by itself between two probes (a loaded machine) began writing too.
        XCTAssertTrue(began || ended.signal == SIGKILL || ended.status == 0,
          "round \(round): the replay never began writing: \(ended.standardError)")
        killed = ended.signal == SIGKILL
        // A kill that came after the commit (the process was ending) found the whole run
        // stored: it proves nothing either, but the run must be whole, as one that finished.
        if killed, try launchProduct("navsim", ["runs", store]).standardOutput.contains("killed") {
          let diff = try launchProduct("navsim", ["diff", store, "kept", "killed"])
          XCTAssertEqual(diff.status, 0, "round \(round): a run killed after its commit")
          killed = false
        }
        if !killed {
          let deleted = try launchProduct("navsim", ["runs", store, "delete", "killed"])
          XCTAssertEqual(deleted.status, 0, deleted.standardError)
          delay /= 2
        }
      }
      XCTAssertTrue(killed, "round \(round): every try finished before its kill")

      let raw = try SQLiteConnection(path: store, mode: .readOnly)
      XCTAssertEqual(try raw.scalar("PRAGMA integrity_check"), .text("ok"), "round \(round)")
      XCTAssertEqual(try rowCounts(store, tables), before, "round \(round)")
      let runs = try launchProduct("navsim", ["runs", store])
      XCTAssertFalse(runs.standardOutput.contains("killed"), "round \(round)")
    }
    // The label was never taken.
    let again = try launchProduct(
      "navsim", ["replay", log, "--delegate", "complete", "--snapshots", store, "--label", "killed"])
    XCTAssertEqual(again.status, 0, again.standardError)
    XCTAssertEqual(try launchProduct("navsim", ["diff", store, "kept", "killed"]).status, 0)
  }

  private func rowCounts(_ path: String, _ tables: [String]) throws -> [SQLiteValue?] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    return try tables.map { try connection.scalar("SELECT count(*) FROM \($0)") }
  }

  /// Polls until another connection cannot take the store's write lock (the replay holds it
  /// from `beginRun` to `finish`); false when the process ended first or 60 s passed.
  private func waitUntilWriting(_ path: String, while process: RunningChild) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && Date() < deadline {
      if let probe = try? SQLiteConnection(path: path, mode: .readWrite) {
        probe.setBusyTimeout(milliseconds: 0)
        do {
          try probe.execute("BEGIN IMMEDIATE; ROLLBACK")
        } catch {
          return true
        }
      }
      usleep(500)
    }
    return false
  }
}
