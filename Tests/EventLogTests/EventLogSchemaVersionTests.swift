import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

@testable import EventLog

/// Schema version 4 (the route's legs and steps): a version-3 log, as the previous release
/// wrote it, opens read-only as it is and migrates forward when opened read-write.
final class EventLogSchemaVersionTests: XCTestCase {
  /// A log made by the first three migrations only, holding one recording with a waypoint.
  private func versionThreeLog(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.file("v3.sqlite")
    let raw = try SQLiteConnection(path: path, mode: .create)
    try raw.execute("PRAGMA application_id = \(EventLogSchema.applicationID)")
    for migration in EventLogSchema.migrations.prefix(3) { try raw.execute(migration) }
    try raw.execute("PRAGMA user_version = 3")
    try raw.execute(
      """
      INSERT INTO recordings (id, name, source, created_at, navsim_version, payload_format)
        VALUES (1, 'v3', 'imported', '2026-12-01', '0.3', 1);
      INSERT INTO events (recording_id, seq, t, kind, n1, s1, s2)
        VALUES (1, 1, 0, 19, 0, 'School', '');
      """)
    return path
  }

  func testAVersionThreeLogOpensReadOnlyAsItIsAndMigratesWhenWritten() throws {
    let directory = TemporaryDirectory()
    let path = try versionThreeLog(directory)
    let readOnly = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertEqual(try readOnly.schemaVersion(), 3)
    let events = try readOnly.events(recording: 1).readAll()
    XCTAssertEqual(
      events.map(\.payload),
      [.waypoint(RecordedWaypoint(index: 0, title: "School", latitude: nil, longitude: nil))])
    XCTAssertEqual(try SQLiteConnection(path: path, mode: .readOnly).integerPragma("user_version"), 3)

    let writable = try EventLogFile(path: path, mode: .readWrite)
    XCTAssertEqual(try writable.schemaVersion(), EventLogSchema.currentVersion)
    XCTAssertEqual(try writable.events(recording: 1).readAll(), events)
    let leg = EventPayload.routeLeg(
      RecordedRouteLeg(
        index: 0, latitude: 47.5, longitude: 8.5, drivingSide: .right,
        path: [PathPoint(latitude: 47.4, longitude: 8.5), PathPoint(latitude: 47.5, longitude: 8.5)]))
    let writer = try writable.beginRecording(
      RecordingMetadata(name: "v4", source: .imported, createdAt: ""))
    try writer.append(leg, t: 0)
    try writer.finish()
    // The view was rebuilt: it names the new kinds.
    let raw = try SQLiteConnection(path: path, mode: .readOnly)
    let rows = try raw.prepare("SELECT kind, payload FROM events_readable WHERE recording_id = 2")
    XCTAssertTrue(try rows.step())
    XCTAssertEqual(rows.text(at: 0), "routeLeg")
    XCTAssertEqual(
      rows.text(at: 1),
      #"{"index":0,"latitude":47.5,"longitude":8.5,"drivingSide":"right","path":"_calyA_qxeO_ibE?"}"#)
  }
}

/// `redact` on the guidance kinds: road names and instructions replaced, coordinates and paths
/// moved by the recording's offset, manoeuvres, lengths, exit numbers and lanes kept.
final class GuidanceRedactionTests: XCTestCase {
  func testStepsLoseTheirTextsAndLegsMoveWithTheTrip() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("in.sqlite")
    let log = try EventLogFile(path: input, mode: .create)
    let writer = try log.beginRecording(RecordingMetadata(name: "r", source: .imported, createdAt: ""))
    let path = [PathPoint(latitude: 47.37, longitude: 8.53), PathPoint(latitude: 47.378, longitude: 8.54)]
    let step = RecordedStep(
      index: 1, leg: 0, maneuver: "turn-left", roadName: "Bahnhofstrasse",
      instruction: "Turn left onto Bahnhofstrasse", distanceFromPrevStep: 350, timeFromPrevStep: 40)
    let detail = RecordedStepDetail(
      index: 1, exitNumber: "4", lanes: [RecordedLane([RecordedLaneDirection(.normalLeft, recommended: true)])])
    for payload: EventPayload in [
      .routeLeg(RecordedRouteLeg(index: 0, latitude: 47.378, longitude: 8.54, drivingSide: .left, path: path)),
      .routeStep(step), .stepDetail(detail),
      .progress(Progress(
        distanceTravelled: 0, distanceRemaining: 900, timeRemaining: 90, stepIndex: 0,
        distanceToNextManeuver: 350, maneuver: "turn-left", roadName: "Bahnhofstrasse",
        latitude: 47.37, longitude: 8.53, course: 0, delay: .noData)),
    ] {
      try writer.append(payload, t: 0)
    }
    try writer.finish()
    let output = directory.file("out.sqlite")
    _ = try EventLogFile.redact(from: input, to: output, seed: 3)
    let events = try EventLogFile(path: output, mode: .readOnly).events(recording: 1).readAll()
    guard case .routeLeg(let leg) = events[0].payload, case .routeStep(let redactedStep) = events[1].payload,
      case .progress(let progress) = events[3].payload
    else { return XCTFail("\(events)") }
    let north = progress.latitude - 47.37, east = progress.longitude - 8.53
    XCTAssertGreaterThanOrEqual(abs(north), 1)
    XCTAssertEqual(leg.latitude, 47.378 + north, accuracy: 1e-9)
    XCTAssertEqual(leg.longitude, 8.54 + east, accuracy: 1e-9)
    XCTAssertEqual(leg.drivingSide, .left)
    XCTAssertEqual(leg.path.count, 2)
    for (moved, point) in zip(leg.path, path) {
      XCTAssertEqual(moved.latitude, point.latitude + north, accuracy: 1e-6)
      XCTAssertEqual(moved.longitude, point.longitude + east, accuracy: 1e-6)
    }
    XCTAssertEqual(redactedStep.roadName, "xxxxxxxxxxxxxx")
    XCTAssertEqual(redactedStep.instruction, "xxxx xxxx xxxx xxxxxxxxxxxxxx")
    var kept = redactedStep
    (kept.roadName, kept.instruction) = (step.roadName, step.instruction)
    XCTAssertEqual(kept, step)
    XCTAssertEqual(events[2].payload, .stepDetail(detail))
  }
}
