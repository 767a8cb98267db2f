import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// A log built in a temporary SQLite file with no name and written to its path whole
/// (`EventLogFile(temporaryFor:)`, `publish(to:)`): what redact, explore and the demo write.
final class EventLogPublishTests: XCTestCase {
  func testAPublishedLogHoldsTheEventsAndIsADocumentInWALMode() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    let log = try EventLogFile(temporaryFor: path)
    let writer = try log.beginRecording(commute, batchSize: 7)
    let events = SampleEvents.events(count: 200)
    for (payload, t) in events { try writer.append(payload, t: t) }
    try writer.finish()
    // Nothing is anywhere in the directory before publishing: the temporary file has no name.
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    try log.publish(to: path)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [path]
      .map { URL(fileURLWithPath: $0).lastPathComponent })
    XCTAssertTrue(try SQLiteFileHeader(path: path).usesWAL)

    let read = try EventLogFile(path: path, mode: .readOnly)
    let recording = try XCTUnwrap(try read.recordings().first)
    XCTAssertEqual(recording.eventCount, Int64(events.count))
    XCTAssertTrue(recording.isFinished)
    let cursor = try read.events(recording: recording.id)
    var seen = 0
    while let event = try cursor.next() {
      XCTAssertEqual(event.payload, events[seen].payload)
      seen += 1
    }
    XCTAssertEqual(seen, events.count)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).count, 1)

    // A writer appends to it in WAL mode and leaves one file again.
    let again = try EventLogFile(path: path, mode: .readWrite)
    let second = try again.beginRecording(commute)
    try second.append(.recentered, t: 1)
    try second.finish()
    XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"))
    withExtendedLifetime(again) {}
  }

  func testPublishingOverADirectoryIsRefusedAndMessagesNameTheOutput() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("out.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let log = try EventLogFile(temporaryFor: path)
    XCTAssertEqual(log.path, path)
    XCTAssertThrowsError(try log.publish(to: path)) { error in
      XCTAssertTrue("\(error)".hasPrefix(path + ": is a directory"), "\(error)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path), [])
  }
}
