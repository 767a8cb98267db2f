import EventLog
import Foundation
import Navigator
import SessionEvents
import TestSupport
import Testing

@testable import NavSimCLI

/// The canonical trips in `Recordings/`: each re-records to the identical log, and each holds
/// what the README says it does.
@MainActor
@Suite struct RecordingsTests {
  nonisolated static let directory = Fixtures.repositoryRoot + "/Recordings"
  nonisolated static let names = [
    "city-commute", "highway-cameras", "pan-reroute", "rotations-wide", "rtl-city",
  ]

  @Test func everyScenarioHasItsLogAndAReadmeLine() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).sorted()
    #expect(files.filter { $0.hasSuffix(".json") } == Self.names.map { $0 + ".json" })
    #expect(files.filter { $0.hasSuffix(".sqlite") } == Self.names.map { $0 + ".sqlite" })
    let readme = try String(contentsOfFile: Self.directory + "/README.md", encoding: .utf8)
    for name in Self.names { #expect(readme.contains("| `\(name)` |"), "\(name)") }
  }

  @Test(arguments: names) func reRecordingGivesTheIdenticalLog(name: String) throws {
    let directory = TemporaryDirectory()
    // Read a copy: opening a WAL database leaves -wal / -shm files beside it.
    let committed = directory.file("committed.sqlite")
    try FileManager.default.copyItem(atPath: Self.directory + "/\(name).sqlite", toPath: committed)
    let fresh = directory.file("fresh.sqlite")
    let scenario = try Scenario.load(path: Self.directory + "/\(name).json")
    _ = try TripRecorder.record(try Trip(scenario: scenario), name: scenario.name, into: fresh)

    let old = try EventLogFile(path: committed, mode: .readOnly)
    let new = try EventLogFile(path: fresh, mode: .readOnly)
    let oldInfo = try old.recordings()
    let newInfo = try new.recordings()
    #expect(oldInfo.count == 1)
    #expect(oldInfo.map(\.metadata) == newInfo.map(\.metadata))
    #expect(oldInfo.first?.isFinished == true)
    let oldEvents = try old.events(recording: 1).readAll()
    let newEvents = try new.events(recording: 1).readAll()
    #expect(oldEvents.count == newEvents.count)
    if let index = oldEvents.indices.first(where: {
      $0 < newEvents.count && oldEvents[$0] != newEvents[$0]
    }) {
      Issue.record(
        "\(name): first difference at seq \(oldEvents[index].seq): \(oldEvents[index]) vs \(newEvents[index]); re-record with tools/record-canonical.sh if intended"
      )
    }
  }

  @Test func theCanonicalTripsHoldWhatTheirReadmeSays() throws {
    func events(_ name: String) throws -> [SessionEvent] {
      let directory = TemporaryDirectory()
      let copy = directory.file("copy.sqlite")
      try FileManager.default.copyItem(atPath: Self.directory + "/\(name).sqlite", toPath: copy)
      return try EventLogFile(path: copy, mode: .readOnly).events(recording: 1).readAll()
    }
    func severities(_ events: [SessionEvent]) -> Set<SpeedAlertSeverity> {
      Set(
        events.compactMap {
          if case .speed(let report) = $0.payload { report.severity } else { nil }
        })
    }

    let commute = try events("city-commute")
    #expect(replacedPrompts(commute) >= 1)
    #expect(severities(commute).isSuperset(of: [.minor, .major, .notSpeeding]))
    #expect(commute.contains { $0.payload == .routeChanged(.nextLeg) })

    let highway = try events("highway-cameras")
    let kinds = highway.compactMap {
      if case .promptReady(let prompt) = $0.payload { prompt.kind } else { nil }
    }
    #expect(kinds.filter { $0 == .speedCamera }.count == 3)
    #expect(severities(highway).contains(.unknown))
    #expect(highway.contains { $0.payload == .lightingChanged(.night) })

    let rotations = try events("rotations-wide")
    let widths = rotations.compactMap {
      if case .mapResized(let map) = $0.payload { map.width } else { nil }
    }
    #expect(widths.contains { $0 < 600 } && widths.contains { $0 >= 600 }, "narrow and wide")
    #expect(widths.count >= 8)

    let rtl = try events("rtl-city")
    #expect(
      rtl.contains {
        $0.payload == .settingChanged(SettingChange(name: .layoutDirection, value: .text("rtl")))
      })

    let pan = try events("pan-reroute")
    #expect(pan.filter { $0.kind == .userPanned }.count == 3)
    #expect(pan.filter { $0.kind == .recentered }.count == 2)
    let reroute = try #require(pan.firstIndex { $0.payload == .routeChanged(.reroute) })
    let planned = pan[(reroute + 1)...].prefix { [.routeLeg, .routeStep].contains($0.kind) }
    #expect(planned.count == 14)  // one leg, the old steps and four around the detour
    #expect(pan[reroute + 1 + planned.count].kind == .routeSet)

    // Every recording names its destinations and plans its legs and steps (schema 4); the
    // routes with lane data carry it.
    for (name, lanes) in [
      ("city-commute", 2), ("highway-cameras", 1), ("pan-reroute", 0), ("rotations-wide", 0),
      ("rtl-city", 1),
    ] {
      let all = try events(name)
      let set = try #require(all.first { $0.kind == .routeSet })
      guard case .routeSet(let route) = set.payload else { continue }
      #expect(all.filter { $0.kind == .waypoint && $0.seq < set.seq }.count == route.legs, "\(name)")
      #expect(all.filter { $0.kind == .routeLeg && $0.seq < set.seq }.count == route.legs, "\(name)")
      #expect(all.filter { $0.kind == .routeStep && $0.seq < set.seq }.count == route.steps, "\(name)")
      #expect(all.filter { $0.payload == .routeStatus(status: "OK") }.count == 1, "\(name)")
      let withLanes = all.filter {
        if case .stepDetail(let detail) = $0.payload { detail.lanes != nil } else { false }
      }
      #expect(withLanes.count == lanes, "\(name)")
    }
  }

  /// Prompts that became ready while another was shown.
  private func replacedPrompts(_ events: [SessionEvent]) -> Int {
    var shown = false
    var replaced = 0
    for event in events {
      switch event.payload {
      case .promptReady:
        if shown { replaced += 1 }
        shown = true
      case .promptDismissed: shown = false
      default: break
      }
    }
    return replaced
  }
}
