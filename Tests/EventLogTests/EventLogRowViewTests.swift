import EventLog
import SQLite
import SessionEvents
import TestSupport
import XCTest

/// Progress and speed rows are read through row views when their slots hold what writers
/// store; rows of another shape (older or hand-made logs) are read the general way. Both
/// must give the same events, the same fingerprint and the same errors.
final class EventLogRowViewTests: XCTestCase {
  /// Rows inserted by hand after the events a writer appended, in `events` column order
  /// (kind, n1...n8, s1...s3, as SQL literals).
  private func logWithRows(_ rows: [[String]]) throws -> (path: String, keep: TemporaryDirectory) {
    let (directory, path) = freshDatabase()
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(commute)
    try writer.append(
      .progress(Progress(
        distanceTravelled: 1, distanceRemaining: 2, timeRemaining: 3, stepIndex: 0,
        distanceToNextManeuver: 4, maneuver: "turn-left", roadName: "Main St", latitude: 5,
        longitude: 6, course: 7, delay: .light)), t: 0)
    try writer.flush()
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    for (index, row) in rows.enumerated() {
      try connection.execute(
        "INSERT INTO events (recording_id, seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8, s1, s2, "
          + "s3) VALUES (\(writer.recordingID), \(index + 2), \(index * 100), "
          + row.joined(separator: ", ") + ")")
    }
    return (path, directory)
  }

  private let progress = EventKind.progress.code, speed = EventKind.speed.code

  /// An integer where writers store a real, a real step index, a NULL speed beside an integer
  /// limit, a slot the kind does not use: each read as the general decoding reads it, and
  /// fingerprinted as stored (an integer folds as an integer).
  func testRowsOfAnotherShapeReadAsTheGeneralDecodingReadsThem() throws {
    let rows = [
      ["\(progress)", "12", "2.5", "3.5", "4.0", "5.5", "6.5", "7.5", "8.5", "'straight'",
       "'Main St'", "'heavy'"],
      ["\(speed)", "NULL", "25", "0.0", "NULL", "NULL", "NULL", "NULL", "NULL", "'minor'",
       "NULL", "NULL"],
      ["\(speed)", "10.5", "NULL", "1.5", "7", "NULL", "NULL", "NULL", "NULL", "'major'",
       "NULL", "'extra'"],
      ["\(speed)", "10.5", "9.5", "1.5", "NULL", "NULL", "NULL", "NULL", "NULL", "'major'",
       "NULL", "NULL"],
    ]
    let (path, directory) = try logWithRows(rows)
    defer { _ = directory }
    let cursor = try EventLogFile(path: path, mode: .readOnly).events(recording: 1)
    let events = try cursor.readAll()
    XCTAssertEqual(events.count, 5)
    XCTAssertEqual(
      events[1].payload,
      .progress(Progress(
        distanceTravelled: 12, distanceRemaining: 2.5, timeRemaining: 3.5, stepIndex: 4,
        distanceToNextManeuver: 5.5, maneuver: "straight", roadName: "Main St", latitude: 6.5,
        longitude: 7.5, course: 8.5, delay: .heavy)))
    XCTAssertEqual(
      events[2].payload,
      .speed(SpeedReport(speed: nil, speedLimit: 25, severity: .minor, speedingPercentage: 0)))
    XCTAssertEqual(
      events[3].payload,
      .speed(SpeedReport(speed: 10.5, speedLimit: nil, severity: .major, speedingPercentage: 1.5)))
    XCTAssertEqual(
      events[4].payload,
      .speed(SpeedReport(speed: 10.5, speedLimit: 9.5, severity: .major, speedingPercentage: 1.5)))

    // The fingerprint of the rows as stored, slot by slot.
    var expected = EventFingerprint()
    expected.add(events[0])
    expected.add(
      seq: 2, t: 0, kind: .progress,
      stored: StoredPayload(
        n1: .integer(12), n2: .real(2.5), n3: .real(3.5), n4: .real(4), n5: .real(5.5),
        n6: .real(6.5), n7: .real(7.5), n8: .real(8.5), s1: "straight", s2: "Main St",
        s3: "heavy"))
    expected.add(
      seq: 3, t: 100, kind: .speed,
      stored: StoredPayload(n2: .integer(25), n3: .real(0), s1: "minor"))
    expected.add(
      seq: 4, t: 200, kind: .speed,
      stored: StoredPayload(n1: .real(10.5), n3: .real(1.5), n4: .integer(7), s1: "major",
                            s3: "extra"))
    expected.add(events[4])
    XCTAssertEqual(cursor.fingerprint, expected)
    // The last row, as writers store it, folds like the event's own storage form.
    XCTAssertEqual(events[4].payload.stored.n1, .real(10.5))
  }

  /// A delay name this NavSim does not know fails as the general decoding fails: naming the
  /// seq, the field and the names it knows.
  func testAnUnknownDelayNameFailsNamingTheSeqAndField() throws {
    let (path, directory) = try logWithRows([
      ["\(progress)", "1.0", "2.5", "3.5", "4", "5.5", "6.5", "7.5", "8.5", "'straight'",
       "'Main St'", "'jammed'"]
    ])
    defer { _ = directory }
    let cursor = try EventLogFile(path: path, mode: .readOnly).events(recording: 1)
    XCTAssertNotNil(try cursor.next())
    XCTAssertThrowsError(try cursor.next()) { error in
      guard case .badStoredEvent(_, _, let seq, let problem) = error as? EventLogError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(seq, 2)
      XCTAssertTrue(problem.contains("delay"), problem)
      XCTAssertTrue(problem.contains(#"unknown value "jammed""#), problem)
    }
  }
}
