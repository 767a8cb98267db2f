import Foundation
import SQLite
import SessionEvents
import TestSupport
import XCTest

@testable import EventLog

/// Schema version 5 (`viewSize`): a version-4 log reads as before, migrates when written, and
/// size events survive the readable view, JSON Lines and redaction unchanged.
final class ViewSizeLogTests: XCTestCase {
  private let sizes: [EventPayload] = [
    .viewSize(RecordedViewSize(view: "speedWidget", width: 64, height: 132, margin: 8)),
    .viewSize(RecordedViewSize(
      view: "prompt#3", width: nil, height: 124, marginTop: 8, marginLeading: 12, marginBottom: 8,
      marginTrailing: 4)),
  ]

  /// A log with one recording: a progress tick (with a road name to redact) between two size
  /// events.
  private func logWithSizes(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.file("sizes.sqlite")
    let writer = try EventLogFile(path: path, mode: .create).beginRecording(
      RecordingMetadata(name: "device", source: .imported, createdAt: "2026-12-04T20:00:00Z"))
    try writer.append(sizes[0], t: 0)
    try writer.append(
      .progress(Progress(
        distanceTravelled: 0, distanceRemaining: 900, timeRemaining: 90, stepIndex: 0,
        distanceToNextManeuver: 350, maneuver: "turn-left", roadName: "Bahnhofstrasse",
        latitude: 47.37, longitude: 8.53, course: 0, delay: .noData)), t: 500)
    try writer.append(sizes[1], t: 1000)
    try writer.finish()
    return path
  }

  func testAVersionFourLogOpensReadOnlyAsItIsAndMigratesWhenWritten() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("v4.sqlite")
    let raw = try SQLiteConnection(path: path, mode: .create)
    try raw.execute("PRAGMA application_id = \(EventLogSchema.applicationID)")
    for migration in EventLogSchema.migrations.prefix(4) { try raw.execute(migration) }
    try raw.execute("PRAGMA user_version = 4")
    try raw.execute(
      """
      INSERT INTO recordings (id, name, source, created_at, navsim_version, payload_format)
        VALUES (1, 'v4', 'imported', '2026-12-01', '0.4', 1);
      INSERT INTO events (recording_id, seq, t, kind, s1) VALUES (1, 1, 0, 20, 'OK');
      """)
    let readOnly = try EventLogFile(path: path, mode: .readOnly)
    XCTAssertEqual(try readOnly.schemaVersion(), 4)
    XCTAssertEqual(try readOnly.events(recording: 1).readAll().map(\.payload), [.routeStatus(status: "OK")])

    let writable = try EventLogFile(path: path, mode: .readWrite)
    XCTAssertEqual(try writable.schemaVersion(), 5)
    let writer = try writable.beginRecording(
      RecordingMetadata(name: "v5", source: .imported, createdAt: ""))
    try writer.append(sizes[1], t: 0)
    try writer.finish()
    let rows = try SQLiteConnection(path: path, mode: .readOnly).prepare(
      "SELECT kind, payload FROM events_readable WHERE recording_id = 2")
    XCTAssertTrue(try rows.step())
    XCTAssertEqual(rows.text(at: 0), "viewSize")
    XCTAssertEqual(
      rows.text(at: 1),
      #"{"view":"prompt#3","width":null,"height":124.0,"marginTop":8.0,"marginLeading":12.0,"marginBottom":8.0,"marginTrailing":4.0}"#
    )
  }

  func testSizeEventsRoundTripThroughJSONLines() throws {
    let directory = TemporaryDirectory()
    let path = try logWithSizes(directory)
    let jsonl = directory.file("sizes.jsonl")
    try EventLogFile(path: path, mode: .readOnly).exportJSONLines(recording: 1, toFile: jsonl)
    let text = try String(contentsOfFile: jsonl, encoding: .utf8)
    XCTAssertTrue(text.contains(#""kind":"viewSize""#), text)
    let imported = try EventLogFile.importJSONLines(from: jsonl, intoLogAt: directory.file("b.sqlite"))
    let events = try EventLogFile(path: directory.file("b.sqlite"), mode: .readOnly)
      .events(recording: imported.id).readAll()
    XCTAssertEqual(
      events, try EventLogFile(path: path, mode: .readOnly).events(recording: 1).readAll())
  }

  func testRedactionKeepsSizeEventsAsTheyAre() throws {
    let directory = TemporaryDirectory()
    let path = try logWithSizes(directory)
    let output = directory.file("redacted.sqlite")
    _ = try EventLogFile.redact(from: path, to: output, seed: 1)
    let events = try EventLogFile(path: output, mode: .readOnly).events(recording: 1).readAll()
    XCTAssertEqual(events.filter { $0.kind == .viewSize }.map(\.payload), sizes)
    guard case .progress(let progress) = events[1].payload else { return XCTFail("\(events)") }
    XCTAssertEqual(progress.roadName, "xxxxxxxxxxxxxx")
  }
}
