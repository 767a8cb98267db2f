import EventLog
import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

let commute = RecordingMetadata(
  name: "commute", source: .scenario, scenario: "route: builtin/short\n", seed: 42,
  deviceProfile: "iphone15-portrait", createdAt: "2026-01-01T00:00:00Z")

/// Writes `count` sample events as one finished recording; returns the log and recording id.
func writeSampleLog(
  at path: String, count: Int = SampleEvents.oneOfEachKind.count, batchSize: Int = 1024,
  finish: Bool = true
) throws -> (log: EventLogFile, recording: Int64) {
  let log = try EventLogFile(path: path, mode: .create)
  let writer = try log.beginRecording(commute, batchSize: batchSize)
  for (payload, t) in SampleEvents.events(count: count) { try writer.append(payload, t: t) }
  if finish { try writer.finish() } else { try writer.flush() }
  return (log, writer.recordingID)
}

final class EventLogTests: XCTestCase {
  // MARK: - Writing and reading

  func testAppendedEventsReadBackInOrder() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute, batchSize: 5)
    var appended: [SessionEvent] = []
    for (payload, t) in SampleEvents.events(count: 23) {
      appended.append(try writer.append(payload, t: t))
    }
    XCTAssertEqual(appended.map(\.seq), Array(1...23))
    try writer.finish()

    let reopened = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertEqual(try reopened.events(recording: writer.recordingID).readAll(), appended)
  }

  /// The reader reuses each kind's texts of its last row while they repeat: texts that
  /// change, repeat with other kinds in between, or change to a text of the same length
  /// still read back as written, and the fingerprint is the one of the events.
  func testTextsThatRepeatAcrossInterleavedKindsReadBackAsWritten() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    func progress(_ road: String, _ maneuver: String, _ delay: DelayCategory) -> EventPayload {
      .progress(Progress(
        distanceTravelled: 1, distanceRemaining: 2, timeRemaining: 3, stepIndex: 0,
        distanceToNextManeuver: 4, maneuver: maneuver, roadName: road, latitude: 5,
        longitude: 6, course: 7, delay: delay))
    }
    func speed(_ severity: SpeedAlertSeverity) -> EventPayload {
      .speed(SpeedReport(speed: 10, speedLimit: 9, severity: severity, speedingPercentage: 11))
    }
    let long = "Avenue of the Long Road Names", sameLength = "Avenue of the Long Road Namez"
    let payloads: [EventPayload] = [
      progress(long, "turn-left", .light), speed(.major), progress(long, "turn-left", .light),
      speed(.major), .mark(text: long), progress(sameLength, "turn-left", .light),
      speed(.minor), progress(sameLength, "straight", .heavy), .mark(text: "m"),
      progress(long, "straight", .heavy), .mark(text: long), speed(.major),
    ]
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute, batchSize: 4)
    var appended: [SessionEvent] = []
    var fingerprint = EventFingerprint()
    for (index, payload) in payloads.enumerated() {
      let event = try writer.append(payload, t: Int64(index) * 100)
      appended.append(event)
      fingerprint.add(event)
    }
    try writer.finish()
    let cursor = try EventLogFile(path: path, mode: .readOnly).events(recording: writer.recordingID)
    XCTAssertEqual(try cursor.readAll(), appended)
    XCTAssertEqual(cursor.fingerprint, fingerprint)
  }

  func testValuesSurviveBitForBit() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute)
    let values = [-0.0, 0.1 + 0.2, 1e-300, -1.7976931348623157e308, Double.leastNonzeroMagnitude, 123456789.0]
    try writer.append(.userPanned(dx: values[0], dy: values[1]), t: 0)
    try writer.append(.userPanned(dx: values[2], dy: values[3]), t: 0)
    try writer.append(.userPanned(dx: values[4], dy: values[5]), t: 0)
    try writer.finish()
    var read: [Double] = []
    for event in try log.events(recording: 1).readAll() {
      guard case .userPanned(let dx, let dy) = event.payload else { return XCTFail() }
      read += [dx, dy]
    }
    XCTAssertEqual(read.map(\.bitPattern), values.map(\.bitPattern))
  }

  func testRecordingInfoDescribesTheRecording() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path, count: 10)
    let empty = try log.beginRecording(
      RecordingMetadata(name: "empty", source: .imported, createdAt: "later"))
    let recordings = try log.recordings()
    XCTAssertEqual(recordings.count, 2)
    XCTAssertEqual(
      recordings[0],
      RecordingInfo(
        id: id, metadata: commute, navsimVersion: NavSimVersion.current, eventCount: 10,
        firstT: 0, lastT: 2250, isFinished: true))
    XCTAssertEqual(recordings[1].id, empty.recordingID)
    XCTAssertEqual(recordings[1].eventCount, 0)
    XCTAssertNil(recordings[1].firstT)
    XCTAssertFalse(recordings[1].isFinished)
    XCTAssertEqual(recordings[1].metadata.seed, nil)
  }

  func testLargeSeedsSurvive() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let log = try EventLogFile(path: path, mode: .create)
    var metadata = commute
    metadata.seed = UInt64.max
    let writer = try log.beginRecording(metadata)
    XCTAssertEqual(try log.recording(writer.recordingID).metadata.seed, UInt64.max)
  }

  func testCursorFiltersByKindAndSeqRange() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path, count: 100)
    let all = try log.events(recording: id).readAll()
    let speeds = try log.events(recording: id, kinds: [.speed]).readAll()
    XCTAssertEqual(speeds, all.filter { $0.kind == .speed })
    XCTAssertFalse(speeds.isEmpty)
    XCTAssertEqual(try log.events(recording: id, seqRange: 10...20).readAll(), Array(all[9..<20]))
    XCTAssertEqual(
      try log.events(recording: id, kinds: [.camera, .recentered], seqRange: 1...30).readAll(),
      all[0..<30].filter { $0.kind == .camera || $0.kind == .recentered })
    XCTAssertEqual(try log.events(recording: id, seqRange: 200...300).readAll(), [])
    XCTAssertThrowsError(try log.events(recording: 99)) { error in
      XCTAssertEqual(error as? EventLogError, .unknownRecording(path: path, recording: 99))
    }
  }

  func testEventCountsByKind() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path)
    let counts = try log.eventCountsByKind(recording: id)
    XCTAssertEqual(counts.map(\.kind), EventKind.allCases.sorted())
    XCTAssertEqual(counts.first { $0.kind == .settingChanged }?.count, 4)
    XCTAssertEqual(counts.map(\.count).reduce(0, +), Int64(SampleEvents.oneOfEachKind.count))
  }

  func testSameEventsGiveIdenticalRows() throws {
    let directory = TemporaryDirectory()
    let paths = [directory.file("a.sqlite"), directory.file("b.sqlite")]
    var dumps: [[String]] = []
    for path in paths {
      _ = try writeSampleLog(at: path, count: 50, batchSize: path.hasSuffix("a.sqlite") ? 7 : 50)
      let connection = try SQLiteConnection(path: path, mode: .readOnly)
      let rows = try connection.prepare("SELECT * FROM events ORDER BY recording_id, seq")
      var dump: [String] = []
      while try rows.step() {
        dump.append((0..<rows.columnCount).map { "\(rows.value(at: $0))" }.joined(separator: "|"))
      }
      dumps.append(dump)
    }
    XCTAssertEqual(dumps[0].count, 50)
    XCTAssertEqual(dumps[0], dumps[1])
  }

  // MARK: - Refused appends

  func testTimeGoingBackwardsIsRefused() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute)
    try writer.append(.recentered, t: 1000)
    XCTAssertThrowsError(try writer.append(.recentered, t: 999)) { error in
      XCTAssertEqual(
        "\(error)", "\(path): recording 1 seq 2: t 999 is before the previous event's t 1000")
    }
    XCTAssertThrowsError(try writer.append(.userPanned(dx: .nan, dy: 0), t: 1000)) { error in
      XCTAssertEqual("\(error)", "\(path): recording 1 seq 2: userPanned.dx is not a finite number")
    }
    // The refused events did not take a seq.
    XCTAssertEqual(try writer.append(.recentered, t: 1000).seq, 2)
    try writer.finish()
    XCTAssertThrowsError(try writer.append(.recentered, t: 2000)) { error in
      XCTAssertEqual(error as? EventLogError, .writerClosed(path: path, recording: 1))
    }
  }

  func testWritingThroughAReadOnlyLogFails() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)
    let log = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertThrowsError(try log.beginRecording(commute)) { error in
      XCTAssertEqual(error as? EventLogError, .readOnly(path: path))
    }
  }

  // MARK: - Batches, concurrency

  func testEventsBecomeVisibleAtBatchBoundariesAndWhileWriting() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute, batchSize: 10)
    let reader = try EventLogFile(path: path, mode: .readOnly)
    for (payload, t) in SampleEvents.events(count: 25) { try writer.append(payload, t: t) }
    XCTAssertEqual(try reader.recording(writer.recordingID).eventCount, 20)
    // A cursor opened mid-recording reads its snapshot while the writer goes on.
    let cursor = try reader.events(recording: writer.recordingID)
    XCTAssertEqual(try cursor.next()?.seq, 1)
    try writer.flush()
    for (payload, t) in SampleEvents.events(count: 40).dropFirst(25) {
      try writer.append(payload, t: t)
    }
    try writer.finish()
    var count = 1
    while try cursor.next() != nil { count += 1 }
    XCTAssertEqual(count, 20)
    XCTAssertEqual(try reader.events(recording: writer.recordingID).readAll().count, 40)
    XCTAssertTrue(try reader.recording(writer.recordingID).isFinished)
  }

  func testASecondWriterOnARecordingGetsAClearError() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let first = try EventLogFile(path: path, mode: .create)
    let writerA = try first.beginRecording(commute, batchSize: 4)
    for t in 0..<4 { try writerA.append(.recentered, t: Int64(t)) }
    let second = try EventLogFile(path: path, mode: .readWrite)
    let writerB = try second.resumeRecording(writerA.recordingID)
    XCTAssertEqual(writerB.nextSeq, 5)
    for t in 4..<8 { try writerA.append(.recentered, t: Int64(t)) }  // A flushes seq 5...8
    try writerB.append(.recentered, t: 10)
    XCTAssertThrowsError(try writerB.flush()) { error in
      XCTAssertEqual(
        error as? EventLogError,
        .concurrentWriter(path: path, recording: 1, expectedLastSeq: 4, foundLastSeq: 8))
    }
    try writerA.finish()
    XCTAssertEqual(try first.events(recording: 1).readAll().count, 8)
    XCTAssertThrowsError(try second.resumeRecording(1)) { error in
      XCTAssertEqual(error as? EventLogError, .recordingFinished(path: path, recording: 1))
    }
  }

  func testResumedWriterContinuesAfterTheLastEvent() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    let (log, id) = try writeSampleLog(at: path, count: 10, finish: false)
    let writer = try log.resumeRecording(id)
    XCTAssertEqual(writer.nextSeq, 11)
    XCTAssertThrowsError(try writer.append(.recentered, t: 0))  // before t 2250
    try writer.append(.recentered, t: 2250)
    try writer.finish()
    XCTAssertEqual(try log.events(recording: id).readAll().map(\.seq), Array(1...11))
  }
}

/// Redaction of the schema-3 kinds: waypoints lose their names and places, keep their shape.
final class WaypointRedactionTests: XCTestCase {
  func testWaypointTitlesPlacesAndCoordinatesAreRedacted() throws {
    let (directory, path) = freshDatabase()
    defer { _ = directory }
    _ = try writeSampleLog(at: path)
    let out = path + ".redacted.sqlite"
    _ = try EventLogFile.redact(from: path, to: out, seed: 7)
    let log = try EventLogFile(path: out, mode: .readOnly)
    let events = try log.events(recording: try log.recordings()[0].id).readAll()
    let waypoints = events.compactMap { event -> RecordedWaypoint? in
      if case .waypoint(let waypoint) = event.payload { return waypoint }
      return nil
    }
    XCTAssertEqual(waypoints.map(\.title), ["xxxxxx xx", "xxxxxx"])
    XCTAssertEqual(waypoints.map(\.placeID), ["", "place-1"])
    XCTAssertNotEqual(waypoints[0].latitude, 47.378)
    XCTAssertNil(waypoints[1].latitude)
    XCTAssertTrue(events.contains { $0.payload == .routeStatus(status: "noRouteFound") })
  }
}
