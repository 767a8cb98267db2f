import EventLog
import CLITestSupport
import Foundation
import Navigator
import SessionEvents
import TestSupport
import Testing

@testable import NavSimCLI

/// `navsim record`: all three input kinds, the summary, the log's contents, bad input.
@MainActor
@Suite struct RecordCommandTests {
  private func run(_ arguments: [String], progress: Bool = false) -> (
    status: Int32, out: String, err: String
  ) {
    runInProcess(arguments, progress: progress)
  }

  private func events(_ path: String, recording: Int64 = 1) throws -> [SessionEvent] {
    try EventLogFile(path: path, mode: .readOnly).events(recording: recording).readAll()
  }

  // MARK: - Inputs

  @Test func aBuiltinRouteIsRecordedWithItsSummaryAndMetadata() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("trips.sqlite")
    let result = run([
      "record", "--builtin", "park-loop", "--seed", "5", "--rate", "2", "--out", out,
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == "")
    #expect(result.out.hasPrefix("recorded 'park-loop' as recording 1 in \(out)\n"))
    #expect(result.out.contains("  device    iphone-15-portrait, seed 5, 2 Hz\n"))
    #expect(result.out.contains("    navigationEnabled   1\n"))
    #expect(!result.out.contains("camera"), "kinds that did not occur are not listed")

    let log = try EventLogFile(path: out, mode: .readOnly)
    let info = try log.recording(1)
    #expect(info.isFinished)
    #expect(info.metadata.name == "park-loop")
    #expect(info.metadata.source == .scenario)
    #expect(info.metadata.seed == 5)
    #expect(info.metadata.deviceProfile == "iphone-15-portrait")
    #expect(info.metadata.createdAt == Trip.defaultCreatedAt)
    // The stored scenario reproduces the recording.
    let stored = try Scenario.parse(Array(info.metadata.scenario!.utf8), path: "stored.json")
    var replayed: [SessionEvent] = []
    _ = try Trip(scenario: stored).run { t, payload in
      replayed.append(SessionEvent(seq: Int64(replayed.count + 1), t: t, payload: payload))
    }
    #expect(try events(out) == replayed)
    // A second record appends a second recording.
    #expect(run(["record", "--builtin", "park-loop", "--name", "again", "--out", out]).status == 0)
    #expect(
      try EventLogFile(path: out, mode: .readOnly).recordings().map(\.metadata.name) == [
        "park-loop", "again",
      ])
  }

  @Test(.enabled(if: Fixtures.hasShared, Comment(rawValue: Fixtures.sharedMissingReason)))
  func routeFilesOfEveryKindAreRecorded() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("routes.sqlite")
    let files = [
      "gpxpy-route.gpx", "ferrostar-valhalla_osrm_response.json",
      "ferrostar-standard_osrm_route.polyline6",
    ]
    for (index, file) in files.enumerated() {
      let result = run(["record", "--route", Fixtures.route(file), "--out", out])
      #expect(result.status == 0, "\(file): \(result.err)")
      let info = try EventLogFile(path: out, mode: .readOnly).recording(Int64(index + 1))
      #expect(info.metadata.name == (file as NSString).deletingPathExtension)
      #expect(info.isFinished)
      #expect(info.eventCount > 10)
    }
  }

  @Test(.enabled(if: Fixtures.hasShared, Comment(rawValue: Fixtures.sharedMissingReason)))
  func aTimedTrackIsImportedAtItsOwnTiming() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("drive.sqlite")
    let result = run([
      "record", "--route", Fixtures.route("gpxpy-around-visnjan-with-car.gpx"), "--out", out,
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("replayed at its recorded timing"))
    let info = try EventLogFile(path: out, mode: .readOnly).recording(1)
    #expect(info.metadata.source == .imported)
    #expect(info.metadata.createdAt == "2020-12-18T06:15:50Z")
    #expect(info.lastT == 516_000)
  }

  @Test(.enabled(if: Fixtures.hasShared, Comment(rawValue: Fixtures.sharedMissingReason)))
  func aScenarioFileWithARouteBesideIt() throws {
    let directory = TemporaryDirectory()
    let polyline = try String(
      contentsOfFile: Fixtures.route("ferrostar-standard_osrm_route.polyline6"), encoding: .utf8)
    try polyline.write(toFile: directory.file("berlin.polyline"), atomically: true, encoding: .utf8)
    let scenario = directory.file("berlin.json")
    try
      #"{"name": "berlin", "route": {"file": "berlin.polyline"}, "device": "ipad-mini-landscape", "events": [{"at": 10, "rotate": "portrait"}]}"#
      .write(toFile: scenario, atomically: true, encoding: .utf8)
    let out = directory.file("berlin.sqlite")
    // A .polyline file is precision 5: this one needs the override.
    let refused = run(["record", "--scenario", scenario, "--out", out])
    #expect(refused.status == 2)
    #expect(refused.err.hasPrefix("navsim record: \(directory.file("berlin.polyline")):1: point 0"))
    #expect(!FileManager.default.fileExists(atPath: out))
    let result = run(["record", "--scenario", scenario, "--precision", "6", "--out", out])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("  device    ipad-mini-landscape"))
    #expect(try events(out).filter { $0.kind == .mapResized }.count == 2)
  }

  @Test func listBuiltinShowsRoutesAndDevices() {
    let result = run(["record", "--list-builtin"])
    #expect(result.status == 0)
    for builtin in BuiltinRoutes.all { #expect(result.out.contains("  \(builtin.name) ")) }
    #expect(result.out.contains("  iphone-15-landscape         852 x 393    0/59/21/59\n"))
    #expect(result.out.contains("  ipad-pro-13-landscape       1376 x 1032  24/0/20/0\n"))
  }

  // MARK: - Determinism

  @Test func recordingTwiceGivesIdenticalEventRows() throws {
    let directory = TemporaryDirectory()
    let a = directory.file("a.sqlite")
    let b = directory.file("b.sqlite")
    let arguments = ["record", "--builtin", "city-commute", "--seed", "99", "--rate", "5"]
    #expect(run(arguments + ["--out", a]).status == 0)
    #expect(run(arguments + ["--out", b]).status == 0)
    let first = try events(a)
    let second = try events(b)
    #expect(first.count > 2000)
    #expect(first == second)
    let infoA = try EventLogFile(path: a, mode: .readOnly).recording(1)
    let infoB = try EventLogFile(path: b, mode: .readOnly).recording(1)
    #expect(infoA.metadata == infoB.metadata)
  }

  // MARK: - Pacing

  @Test func aSpeedMultiplierPacesWallTimeButNotTheTimeline() throws {
    let directory = TemporaryDirectory()
    let trip = try Trip(scenario: Scenario(name: "loop", route: .builtin("park-loop")))
    let plain = directory.file("plain.sqlite"), paced = directory.file("paced.sqlite")
    _ = try TripRecorder.record(trip, name: "loop", into: plain)
    var clock = 0.0
    var sleeps = 0
    let pacing = TripRecorder.Pacing(
      speedMultiplier: 60, now: { clock },
      sleep: { seconds in
        clock += seconds
        sleeps += 1
      })
    let result = try TripRecorder.record(trip, name: "loop", into: paced, pacing: pacing)
    // A 5-minute trip at 60x takes about 5 s of (fake) wall time: a sleep before each tick
    // after the first, and one before navigation is disabled.
    #expect(abs(clock - Double(result.summary.durationMilliseconds) / 1000 / 60) < 0.001)
    #expect(sleeps == result.summary.count(of: .progress))
    #expect(try events(paced) == events(plain))

    let cli = directory.file("cli.sqlite")
    let fast = run(["record", "--builtin", "park-loop", "--speed-multiplier", "100000", "--name", "loop", "--out", cli])
    #expect(fast.status == 0, "\(fast.err)")
    #expect(try events(cli) == events(plain))
    let refused = run(["record", "--builtin", "park-loop", "--speed-multiplier", "0", "--out", cli])
    #expect(refused.status == 2)
    #expect(refused.err.hasPrefix("navsim record: --speed-multiplier must be more than 0, got 0.0"))
  }

  // MARK: - Progress

  @Test func progressShowsOnATerminalOnly() throws {
    let directory = TemporaryDirectory()
    let quiet = run(["record", "--builtin", "city-commute", "--out", directory.file("q.sqlite")])
    #expect(quiet.err == "")
    let shown = run(
      ["record", "--builtin", "city-commute", "--out", directory.file("p.sqlite")], progress: true)
    #expect(shown.status == 0)
    #expect(shown.err.contains("\rrecording 'city-commute': "))
    // Progress is measured against the trip's real length: it climbs to within a report
    // interval (60 s of a 9-minute trip) of the end, and never past 100 %.
    let percents = shown.err.split(separator: "\r").compactMap { line -> Int? in
      guard let end = line.firstIndex(of: "%") else { return nil }
      return Int(line[..<end].split(separator: " ").last ?? "")
    }
    #expect(percents == percents.sorted())
    #expect((85...100).contains(percents.last ?? 0), "\(percents)")
    #expect(shown.out == quiet.out.replacingOccurrences(of: "q.sqlite", with: "p.sqlite"))
  }

  // MARK: - The real binary

  @Test func theBinaryRecordsQuietlyWhenNotATerminalAndFailsWithOneLine() throws {
    guard Fixtures.executable("navsim") != nil else {
      Issue.record("navsim is not built in \(Fixtures.productsDirectory)")
      return
    }
    func launch(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
      let result = try launchProduct("navsim", arguments)
      return (result.status, result.standardOutput, result.standardError)
    }
    let directory = TemporaryDirectory()
    let out = directory.file("trip.sqlite")
    let recorded = try launch(["record", "--builtin", "city-commute", "--out", out])
    #expect(recorded.status == 0)
    #expect(recorded.err == "", "stderr is not a terminal: no progress")
    #expect(recorded.out.hasPrefix("recorded 'city-commute' as recording 1 in \(out)\n"))
    let bad = directory.file("bad.polyline6")
    try "_p~iF~ps|U_ulL".write(toFile: bad, atomically: true, encoding: .utf8)
    let failed = try launch(["record", "--route", bad, "--out", out])
    #expect(failed.status == 2)
    #expect(failed.out == "")
    #expect(failed.err == "navsim record: \(bad):1: malformed polyline at character 15: a latitude without its longitude\n")
    #expect(try EventLogFile(path: out, mode: .readOnly).recordings().count == 1)
  }

  // MARK: - Bad input

  @Test func badInputIsOneLineAndWritesNothing() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("log.sqlite")
    #expect(run(["record", "--builtin", "park-loop", "--out", out]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: out))
    let badGPX = directory.file("bad.gpx")
    try "<gpx><trk><trkseg>\n<trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>".write(
      toFile: badGPX, atomically: true, encoding: .utf8)
    let late = directory.file("late.json")
    try "{\"route\": \"park-loop\",\n \"events\": [{\"at\": 9000, \"recenter\": true}]}".write(
      toFile: late, atomically: true, encoding: .utf8)
    let cases: [([String], String)] = [
      (
        ["--route", badGPX],
        "navsim record: \(badGPX):2: <trkpt> latitude 91.0 is out of range -90...90"
      ),
      (
        ["--scenario", late],
        "navsim record: \(late):2: events[0]: at 9000.0 s is after the trip ends (arrival at "
      ),
      (
        ["--builtin", "moon"],
        "navsim record: unknown built-in route \"moon\" (known: city-commute, highway, park-loop, old-town, rtl-city, long-haul)"
      ),
      (
        ["--builtin", "park-loop", "--device", "nokia"],
        "navsim record: unknown device \"nokia\" (known: "
      ),
      (
        ["--builtin", "park-loop", "--rate", "50"],
        "navsim record: --rate must be more than 0 and at most 10, got 50.0"
      ),
      (
        ["--builtin", "park-loop", "--seed", "-3"],
        "navsim record: --seed must be an integer in 0...18446744073709551615, got '-3'"
      ),
      (
        ["--route", directory.file("route.kml")],
        "navsim record: --route needs a .gpx, .json, .polyline or .polyline6 file"
      ),
      (
        ["--route", directory.file("missing.gpx")],
        "navsim record: \(directory.file("missing.gpx")): no such file"
      ),
      (
        ["--builtin", "park-loop", "--route", badGPX],
        "navsim record: give only one of --route, --builtin"
      ),
      ([], "navsim record: give one of --scenario, --route or --builtin"),
    ]
    for (arguments, expected) in cases {
      let result = run(["record"] + arguments + ["--out", out])
      #expect(result.status == 2, "\(arguments)")
      #expect(result.out == "")
      #expect(result.err.hasPrefix(expected), "\(result.err)")
      #expect(result.err.split(separator: "\n").first.map { !$0.isEmpty } == true)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before, "the log is untouched")
    #expect(
      run(["record", "--builtin", "park-loop"]).err.hasPrefix(
        "navsim record: missing --out LOG.sqlite"))
  }
}
