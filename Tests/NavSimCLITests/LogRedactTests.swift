import EventLog
import CLITestSupport
import Foundation
import ReplayTestSupport
import SQLite
import SampleDelegates
import SessionEvents
import TestSupport
import Testing

@testable import NavSimCLI

/// `navsim log redact`: a shareable copy that replays to the same layouts.
@MainActor
@Suite struct LogRedactTests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    runInProcess(arguments, delegates: SampleDelegateCatalog.all)
  }

  /// A copy of a canonical recording (reading one leaves -wal / -shm files beside it).
  private func canonical(_ name: String, in directory: TemporaryDirectory) throws -> String {
    let copy = directory.file("\(name).sqlite")
    try FileManager.default.copyItem(
      atPath: Fixtures.repositoryRoot + "/Recordings/\(name).sqlite", toPath: copy)
    return copy
  }

  private func events(_ path: String, recording: Int64 = 1) throws -> [SessionEvent] {
    try EventLogFile(path: path, mode: .readOnly).events(recording: recording).readAll()
  }

  /// What the tests compare of a replay: every event's snapshot text and whether its layout
  /// changed, the layout changes and the findings with their counts and first events.
  private static func layouts(_ outcome: CanonicalReplays.Outcome) -> [String] {
    zip(outcome.snapshots, outcome.changed).map { "\($1 ? "changed" : "same") \($0.text)" }
      + ["\(outcome.summary.layoutChanges) layout changes"]
      + outcome.summary.findings.map { "\($0.finding.key) x\($0.count) from \($0.firstSeq)" }
  }

  // MARK: - Layouts are kept

  /// The original's replay is the one `CanonicalReplays` keeps for the goldens (through the
  /// other delegates, one made for this test and not kept); the redacted copy is replayed the
  /// same way (the layout rules watching).
  @Test(arguments: RecordingsTests.names)
  func theRedactedLogReplaysToTheSameLayoutsThroughEveryDelegate(name: String) throws {
    let directory = TemporaryDirectory()
    let original = try canonical(name, in: directory)
    let redacted = directory.file("redacted.sqlite")
    let result = run(["log", "redact", original, "--out", redacted])
    #expect(result.status == 0, "\(result.err)")
    for delegate in SampleDelegateCatalog.all.keys.sorted() + ["builtin"] {
      let before = Self.layouts(try CanonicalReplays.outcome(name, delegate))
      var job = try CanonicalReplays.job(name, delegate)
      job.logPath = redacted
      let after = Self.layouts(try CanonicalReplays.run(job))
      #expect(before.count > 600, "\(name) through \(delegate) replayed little")
      if before != after {
        let first = zip(before, after).first { $0 != $1 }
        let counts = first == nil ? " (\(before.count) lines, redacted \(after.count))" : ""
        Issue.record(
          "\(name) through \(delegate): layouts differ, first at \(String(describing: first))\(counts)")
      }
    }
  }

  // MARK: - What it removes

  @Test(arguments: RecordingsTests.names)
  func coordinatesMoveByOneOffsetAndTextsAreGone(name: String) throws {
    let directory = TemporaryDirectory()
    let original = try canonical(name, in: directory)
    let redacted = directory.file("redacted.sqlite")
    _ = try EventLogFile.redact(from: original, to: redacted)
    let before = try events(original)
    let after = try events(redacted)
    #expect(before.count == after.count)

    var latitudeOffsets: [Double] = []
    var longitudeOffsets: [Double] = []
    var secrets: Set<String> = []
    var legOffsets: [(Double, Double)] = []
    for (old, new) in zip(before, after) {
      #expect(old.seq == new.seq && old.t == new.t && old.kind == new.kind)
      switch (old.payload, new.payload) {
      case (.progress(let a), .progress(let b)):
        latitudeOffsets.append(b.latitude - a.latitude)
        var east = (b.longitude - a.longitude).truncatingRemainder(dividingBy: 360)
        if east < 0 { east += 360 }
        longitudeOffsets.append(east)
        #expect(b.roadName.count == a.roadName.count)
        #expect(b.roadName.allSatisfy { $0 == "x" || $0.isWhitespace })
        if !a.roadName.isEmpty { secrets.insert(a.roadName) }
        var same = b
        (same.latitude, same.longitude, same.roadName) = (a.latitude, a.longitude, a.roadName)
        #expect(same == a, "only position and road name change")
      case (.promptReady(let a), .promptReady(let b)):
        #expect(b.text.count == a.text.count && b.promptID == a.promptID && b.kind == a.kind)
        #expect(b.text.allSatisfy { $0 == "x" || $0.isWhitespace })
        secrets.insert(a.text)
      case (.waypoint(let a), .waypoint(let b)):
        if let north = a.latitude, let east = a.longitude {
          legOffsets.append((try #require(b.latitude) - north, try #require(b.longitude) - east))
        }
        #expect(b.title.count == a.title.count && b.index == a.index)
        if !a.title.isEmpty { secrets.insert(a.title) }
      case (.routeLeg(let a), .routeLeg(let b)):
        // Paths are kept to 1e-6 degrees, so their points move by the offset within that.
        legOffsets.append((b.latitude - a.latitude, b.longitude - a.longitude))
        #expect(a.path.count == b.path.count && b.drivingSide == a.drivingSide)
        for (p, q) in zip(a.path, b.path) {
          legOffsets.append((q.latitude - p.latitude, q.longitude - p.longitude))
        }
        secrets.insert(a.encodedPath)
      case (.routeStep(let a), .routeStep(let b)):
        #expect(b.roadName.count == a.roadName.count && b.instruction.count == a.instruction.count)
        #expect((b.roadName + b.instruction).allSatisfy { $0 == "x" || $0.isWhitespace })
        if !a.roadName.isEmpty { secrets.insert(a.roadName) }
        secrets.insert(a.instruction)
        var same = b
        (same.roadName, same.instruction) = (a.roadName, a.instruction)
        #expect(same == a, "only road name and instruction change")
      case (.routeSet(let a), .routeSet(let b)):
        #expect(b.routeID.hasPrefix("route-"))
        secrets.insert(a.routeID)
        #expect(b.totalDistance == a.totalDistance && b.steps == a.steps)
      default:
        #expect(old.payload == new.payload)
      }
    }
    // One offset for the whole recording (up to floating-point rounding), and a real one.
    let latitude = try #require(latitudeOffsets.first)
    let longitude = try #require(longitudeOffsets.first)
    #expect(latitudeOffsets.allSatisfy { abs($0 - latitude) < 1e-9 })
    #expect(longitudeOffsets.allSatisfy { abs($0 - longitude) < 1e-9 })
    #expect(abs(latitude) >= 1 && abs(latitude) <= 10)
    #expect(longitude >= 20 && longitude <= 340)
    for (north, east) in legOffsets {
      #expect(abs(north - latitude) < 1e-6)
      var wrapped = east.truncatingRemainder(dividingBy: 360)
      if wrapped < 0 { wrapped += 360 }
      #expect(abs(wrapped - longitude) < 1e-6 || abs(wrapped - longitude) > 360 - 1e-6)
    }

    // Nothing of the texts, the scenario or the time of day is left in the file's export.
    let log = try EventLogFile(path: redacted, mode: .readOnly)
    var export = ""
    try log.exportJSONLines(recording: 1) { export += $0 }
    #expect(!secrets.isEmpty)
    for secret in secrets { #expect(!export.contains(secret), "\(name) still holds \(secret)") }
    let info = try log.recording(1)
    let source = try EventLogFile(path: original, mode: .readOnly).recording(1)
    #expect(info.metadata.name == "redacted")
    #expect(info.metadata.scenario == nil && info.metadata.seed == nil)
    #expect(info.metadata.deviceProfile == source.metadata.deviceProfile)
    #expect(info.metadata.createdAt == String(source.metadata.createdAt.prefix(10)))
    #expect(info.metadata.isRedacted && !source.metadata.isRedacted)
    #expect(info.isFinished == source.isFinished)
  }

  @Test func theOffsetIsRepeatableAndDependsOnTheSeedOnly() throws {
    let directory = TemporaryDirectory()
    let original = try canonical("city-commute", in: directory)
    func firstPosition(_ arguments: [String]) throws -> (Double, Double) {
      let out = directory.file("out-\(arguments.joined()).sqlite")
      try EventLogFile.removeLogFiles(at: out)
      let result = run(["log", "redact", original, "--out", out] + arguments)
      #expect(result.status == 0, "\(result.err)")
      for event in try events(out) {
        if case .progress(let progress) = event.payload {
          return (progress.latitude, progress.longitude)
        }
      }
      Issue.record("no progress event")
      return (0, 0)
    }
    let automatic = try firstPosition([])
    #expect(try firstPosition([]) == automatic)
    let seeded = try firstPosition(["--seed", "7"])
    #expect(try firstPosition(["--seed", "7"]) == seeded)
    let other = try firstPosition(["--seed", "8"])
    #expect(seeded != automatic && seeded != other)
  }

  @Test func infoSaysTheLogWasRedacted() throws {
    let directory = TemporaryDirectory()
    let original = try canonical("pan-reroute", in: directory)
    let redacted = directory.file("shared.sqlite")
    let result = run(["log", "redact", original, "--out", redacted])
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("redacted recording 1 as recording 1 ("))
    let info = run(["log", "info", redacted])
    #expect(info.out.contains("schema version 5"))
    #expect(info.out.contains("\n  redacted  yes: coordinates offset, road names, prompt texts"))
    #expect(!run(["log", "info", original]).out.contains("redacted"))
  }

  @Test func anUnfinishedRecordingStaysUnfinishedAndEveryRecordingIsRedacted() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("two.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    for finished in [true, false] {
      let writer = try log.beginRecording(
        RecordingMetadata(
          name: "home", source: .imported, createdAt: "late",
          attributes: ["device.model": "iPhone16,1", "tester": "Ana, 12 Elm St"]))
      for index in 0..<49 {
        try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
      }
      try writer.append(.mark(text: "outside 12 Elm St"), t: SyntheticEvents.t(at: 49))
      if finished { try writer.finish() } else { try writer.flush() }
    }
    let out = directory.file("out.sqlite")
    let summaries = try EventLogFile.redact(from: path, to: out)
    #expect(summaries.map(\.recording.isFinished) == [true, false])
    #expect(summaries.map(\.recording.eventCount) == [50, 50])
    #expect(summaries.map(\.recording.metadata.createdAt) == ["unknown", "unknown"])
    #expect(summaries.allSatisfy { $0.recording.metadata.isRedacted })
    // Device facts stay; other attributes and the marks' texts go.
    #expect(summaries.allSatisfy {
      $0.recording.metadata.attributes.keys.sorted() == ["device.model", "redacted"]
    })
    #expect(try events(out, recording: 1).last?.payload == .mark(text: ""))
    #expect(try events(out, recording: 2).last?.payload == .mark(text: ""))
  }

  /// Place IDs are opaque tokens: two that differ only in Unicode normalization (U+212A
  /// KELVIN SIGN normalizes to "K") get placeholders of their own, so an app's request the
  /// original log's replay reports as a divergence is one in the redacted log's too.
  @Test func placeIDsOfOtherBytesGetOtherPlaceholders() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("places.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "places", source: .imported, createdAt: "late", attributes: [:]))
    let ids = ["ChIJKoffice", "ChIJ\u{212A}office", "ChIJKoffice"]
    #expect(ids[0] == ids[1])  // one `String`, other bytes
    for (index, id) in ids.enumerated() {
      try writer.append(
        .waypoint(RecordedWaypoint(index: index, title: "Office", placeID: id, latitude: nil,
          longitude: nil)),
        t: SyntheticEvents.t(at: index))
    }
    try writer.finish()
    let out = directory.file("out.sqlite")
    _ = try EventLogFile.redact(from: path, to: out)
    let placeIDs = try events(out).compactMap { event -> String? in
      guard case .waypoint(let waypoint) = event.payload else { return nil }
      return waypoint.placeID
    }
    #expect(placeIDs == ["place-1", "place-2", "place-1"])
  }

  // MARK: - Bad input

  @Test func badInputIsAOneLineErrorAndLeavesNothing() throws {
    let directory = TemporaryDirectory()
    let original = try canonical("rtl-city", in: directory)
    let out = directory.file("out.sqlite")
    func expectFailure(_ arguments: [String], _ message: String) {
      let result = run(["log", "redact"] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.err == "navsim log redact: \(message)\n")
      #expect(result.out.isEmpty)
    }
    expectFailure([directory.file("missing.sqlite"), "--out", out],
      "\(directory.file("missing.sqlite")): no such file")
    let text = directory.file("text.sqlite")
    try "hello".write(toFile: text, atomically: true, encoding: .utf8)
    expectFailure([text, "--out", out], "\(text): not an SQLite database")
    let newer = directory.file("newer.sqlite")
    try FileManager.default.copyItem(atPath: original, toPath: newer)
    try SQLiteConnection(path: newer, mode: .readWrite).execute("PRAGMA user_version = 99")
    expectFailure([newer, "--out", out],
      "\(newer): written by a newer NavSim (schema version 99, this NavSim reads up to 5); "
        + "upgrade NavSim")
    expectFailure([original, "--out", original],
      "\(original): is also this command's input; write the output to another file")
    #expect(FileManager.default.fileExists(atPath: out) == false)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.contains("out") }.isEmpty)

    let seed = run(["log", "redact", original, "--out", out, "--seed", "-1"])
    #expect(seed.status == 2 && seed.err.hasPrefix("navsim log redact: --seed must be a non-negative integer, got '-1'\n"))
    let missing = run(["log", "redact", original])
    #expect(missing.status != 0 && missing.err.hasPrefix("navsim log redact: missing --out LOG2\n"))
  }
}
