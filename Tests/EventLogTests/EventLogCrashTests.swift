import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// A writer process killed with SIGKILL mid-recording leaves a log that opens, passes
/// `PRAGMA integrity_check`, and holds a gapless prefix of the events, marked unfinished.
final class EventLogCrashTests: XCTestCase {
  func testAWriterKilledAtAnyMomentLeavesAGaplessUnfinishedPrefix() throws {
    guard Fixtures.executable("navsim") != nil else {
      return XCTFail("navsim is not built in \(Fixtures.productsDirectory): run swift build")
    }
    let directory = TemporaryDirectory()
    let batch: Int64 = 64
    // Kill after different amounts of progress, so the kill lands at different moments.
    for (round, threshold) in [1, 700, 5000, 20_000].enumerated() {
      let path = directory.file("killed-\(round).sqlite")
      let process = try RunningChild(
        product: "navsim", ["log", "_append-test", path, "100000000", "--batch", "\(batch)"])
      let seen = waitForEvents(in: path, atLeast: Int64(threshold), while: process)
      process.send(SIGKILL)
      XCTAssertEqual(try process.wait().signal, SIGKILL, "round \(round)")
      XCTAssertGreaterThanOrEqual(seen, Int64(threshold), "round \(round): writer too slow?")

      let raw = try SQLiteConnection(path: path, mode: .readOnly)
      XCTAssertEqual(try raw.scalar("PRAGMA integrity_check"), .text("ok"), "round \(round)")
      let log = try EventLogFile(path: path, mode: .readWrite)
      let info = try XCTUnwrap(try log.recordings().first)
      XCTAssertFalse(info.isFinished, "round \(round)")
      XCTAssertGreaterThanOrEqual(info.eventCount, seen)
      XCTAssertEqual(info.eventCount % batch, 0, "only whole batches are committed")
      let cursor = try log.events(recording: info.id)  // checks seq is gapless, t ordered
      var index = 0
      while let event = try cursor.next() {
        if index % 1000 == 0 || Int64(index + 1) == info.eventCount {
          XCTAssertEqual(event.payload, SyntheticEvents.payload(at: index), "round \(round)")
          XCTAssertEqual(event.t, SyntheticEvents.t(at: index))
        }
        index += 1
      }
      XCTAssertEqual(Int64(index), info.eventCount)
      // The log stays usable: the cut recording can be resumed and finished.
      let writer = try log.resumeRecording(info.id)
      try writer.append(.guidanceStopped(.cancelled), t: SyntheticEvents.t(at: index))
      try writer.finish()
      XCTAssertTrue(try log.recording(info.id).isFinished)
    }
  }

  /// Polls the log until it holds `count` committed events (or the writer died / 60 s passed).
  private func waitForEvents(in path: String, atLeast count: Int64, while process: RunningChild)
    -> Int64
  {
    let deadline = Date().addingTimeInterval(60)
    var seen: Int64 = 0
    while seen < count && process.isRunning && Date() < deadline {
      if let log = try? EventLogFile(path: path, mode: .readOnly),
        let recording = try? log.recordings().first
      {
        seen = recording.eventCount
      }
      usleep(1000)
    }
    return seen
  }
}
