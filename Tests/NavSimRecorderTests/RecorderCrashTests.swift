import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// An app killed while `NavSimRecorder` records leaves a log that opens, passes
/// `PRAGMA integrity_check` and holds a gapless prefix of what was recorded, unfinished.
final class RecorderCrashTests: XCTestCase {
  func testAKilledRecordingIsAReadableGaplessPrefix() throws {
    guard Fixtures.executable("navsim") != nil else {
      return XCTFail("navsim is not built in \(Fixtures.productsDirectory): run swift build")
    }
    let directory = TemporaryDirectory()
    for (round, threshold) in [1, 300, 3000].enumerated() {
      let path = directory.file("killed-\(round).sqlite")
      let process = try RunningChild(product: "navsim", ["record", "_recorder-test", path])
      let deadline = Date().addingTimeInterval(60)
      var seen: Int64 = 0
      while seen < threshold && process.isRunning && Date() < deadline {
        if let log = try? EventLogFile(path: path, mode: .readOnly),
          let recording = try? log.recordings().first
        {
          seen = recording.eventCount
        }
        usleep(1000)
      }
      process.send(SIGKILL)
      XCTAssertEqual(try process.wait().signal, SIGKILL, "round \(round)")
      XCTAssertGreaterThanOrEqual(seen, Int64(threshold), "round \(round): recorder too slow?")

      let raw = try SQLiteConnection(path: path, mode: .readOnly)
      XCTAssertEqual(try raw.scalar("PRAGMA integrity_check"), .text("ok"), "round \(round)")
      let log = try EventLogFile(path: path, mode: .readOnly)
      let info = try XCTUnwrap(try log.recordings().first)
      XCTAssertFalse(info.isFinished, "round \(round)")
      XCTAssertEqual(info.metadata.attributes["recorder"], "NavSimRecorder \(NavSimVersion.current)")
      // The cursor checks seq is gapless and t ordered; the marks are 1, 2, 3... in order.
      let events = try log.events(recording: info.id).readAll()
      XCTAssertEqual(Int64(events.count), info.eventCount)
      let marks = events.compactMap { event -> String? in
        if case .mark(let text) = event.payload { text } else { nil }
      }
      XCTAssertEqual(marks, (1...marks.count).map(String.init), "round \(round)")
      // Before the marks, the recorder's statement of the 19 starting settings; nothing else.
      let start = events.prefix { $0.kind == .settingChanged }.count
      XCTAssertEqual(start, 19, "round \(round)")
      XCTAssertEqual(marks.count, events.count - start, "round \(round)")
      XCTAssertGreaterThanOrEqual(Int64(events.count), seen, "round \(round)")
    }
  }
}
