import EventLog
import CLITestSupport
import Foundation
import Lint
import NavSim
import NavSimCheck
@testable import NavSimCLI
import Replay
import SampleDelegates
import Snapshots
import Testing
import TestSupport

/// A screen that contradicts the recording three times: while it is set up (before the first
/// event), on the last arrival (asking for a route the recording never sets) and when it is
/// torn down after the last event.
@MainActor
final class DivergingScreen: NSObject, GMSNavigatorListener {
  let mapView: GMSMapView

  init(mapView: GMSMapView) {
    self.mapView = mapView
    super.init()
    mapView.navigator?.add(self)
    mapView.locationSimulator?.simulateLocation(at: CLLocationCoordinate2D(latitude: 47, longitude: 8))
  }

  private var arrivals = 0

  /// After the last of city-commute's two stops the app asks for the next job's route.
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    arrivals += 1
    guard arrivals == 2 else { return }
    let next = GMSNavigationWaypoint(
      location: CLLocationCoordinate2D(latitude: 47.4, longitude: 8.6), title: "Next job")!
    navigator.setDestinations([next]) { _ in }
  }

  isolated deinit {
    mapView.locationSimulator?.simulateNavigationPrompt()
  }
}

/// Divergences reach every output with a seq that makes sense: calls made while the screen is
/// set up at the first event, calls after the last event (and requests the recording never
/// answers) at the last.
@MainActor
@Suite(.serialized) struct DivergenceReportingTests {
  static let log = CanonicalRecordings.log("city-commute")

  static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    var screens = SampleDelegateCatalog.screens
    screens["diverging"] = { DivergingScreen(mapView: $0) }
    return runInProcess(arguments, delegates: SampleDelegateCatalog.all, screens: screens)
  }

  static var lastSeq: Int64 {
    get throws {
      let log = try EventLogFile(path: Self.log, mode: .readOnly)
      let recording = try #require(try log.recordings().first)
      return recording.eventCount  // seqs run 1...eventCount
    }
  }

  static let setUp = "simulateLocation(at:) before the first event: the recording says where the device is"
  static let nextJob = "setDestinations(_:callback:) at seq "
  static let tornDown = "simulateNavigationPrompt() after seq "

  @Test func lintReportsEachDivergenceAtTheFirstOrLastSeq() throws {
    let last = try Self.lastSeq
    let lint = Self.run(["lint", Self.log, "--screen", "diverging"])
    #expect(lint.status == 0, "\(lint.err)")
    let lines = lint.out.split(separator: "\n").map(String.init)
    let setUp = try #require(lines.first { $0.contains(Self.setUp) })
    #expect(setUp.hasPrefix("warning: replay-divergence [] first at event 1, 1 event: "))
    let nextJob = try #require(lines.first { $0.contains(Self.nextJob) })
    #expect(nextJob.hasPrefix("warning: replay-divergence [] first at event \(last), 1 event: "))
    #expect(nextJob.hasSuffix("the recording never set a route for it: the callback is not called"))
    let tornDown = try #require(lines.first { $0.contains(Self.tornDown + "\(last):") })
    #expect(tornDown.hasPrefix("warning: replay-divergence [] first at event \(last), 1 event: "))
    #expect(lines.last?.hasSuffix("0 errors, 3 warnings ('screen:diverging' on recording 1)") == true)

    let json = Self.run(["lint", Self.log, "--screen", "diverging", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.compactMap { $0["firstSeq"] as? Int } == [1, Int(last), Int(last)])
  }

  @Test func replayPrintsAndStoresThemAndTheReportShowsThem() throws {
    let last = try Self.lastSeq
    let directory = TemporaryDirectory()
    let store = directory.file("s.sqlite")
    let replay = Self.run(["replay", Self.log, "--screen", "diverging", "--snapshots", store, "--print"])
    #expect(replay.status == 0, "\(replay.err)")
    #expect(replay.out.contains("replay-divergence: 3"))
    // --print writes each snapshot as "event SEQ t=..." and its lines.
    let printed = ("\n" + replay.out).components(separatedBy: "\nevent ").dropFirst()
    let firstPrinted = try #require(printed.first)
    #expect(firstPrinted.hasPrefix("1 t=") && firstPrinted.contains(Self.setUp))
    let lastPrinted = try #require(printed.last)
    #expect(lastPrinted.hasPrefix("\(last) t="))
    #expect(lastPrinted.contains(Self.nextJob) && lastPrinted.contains(Self.tornDown + "\(last)"))
    #expect(printed.filter { $0.contains("replay-divergence") }.count == 2)

    let snapshots = try SnapshotStore(path: store, mode: .readOnly)
    let run = try snapshots.run(label: "screen:diverging")
    let first = try #require(try snapshots.snapshot(of: run, seq: 1))
    #expect(first.findings.map(\.message).contains { $0.hasPrefix(Self.setUp) })
    let end = try #require(try snapshots.snapshot(of: run, seq: last))
    #expect(end.findings.filter { $0.ruleID == "replay-divergence" }.count == 2)
    #expect(try snapshots.snapshot(of: run, seq: last - 1)?.findings.isEmpty == true)

    let html = directory.file("r.html")
    let report = Self.run(["report", store, "screen:diverging", "--html", html])
    #expect(report.status == 0, "\(report.err)")
    let page = try String(contentsOfFile: html, encoding: .utf8)
    for message in [Self.setUp, Self.nextJob, Self.tornDown + "\(last)"] {
      #expect(page.contains(message), "\(message)")
    }
  }

  @Test func checkCarriesThemIntoTextJSONSARIFAndJUnit() throws {
    let last = try Self.lastSeq
    let directory = TemporaryDirectory()
    let sarif = directory.file("c.sarif"), junit = directory.file("c.xml")
    let check = Self.run([
      "check", Self.log, "--screen", "diverging", "--jobs", "1", "--sarif", sarif, "--junit", junit,
    ])
    #expect(check.status == 0, "\(check.err)")
    #expect(check.out.contains("replay-divergence at event 1"))
    #expect(check.out.contains(Self.tornDown + "\(last)"))
    #expect(check.out.contains("1 configuration: 0 errors, 3 warnings"))
    let json = Self.run(["check", Self.log, "--screen", "diverging", "--jobs", "1", "--json"])
    #expect(json.out.contains(Self.setUp) && json.out.contains(Self.nextJob))
    #expect(json.out.contains("\"firstSeq\":\(last)"))
    let sarifText = try String(contentsOfFile: sarif, encoding: .utf8)
    let junitText = try String(contentsOfFile: junit, encoding: .utf8)
    for text in [sarifText, junitText] {
      #expect(text.contains("replay-divergence"))
      #expect(text.contains(Self.setUp) && text.contains(Self.tornDown + "\(last)"))
    }
    // SARIF's rules are Lint's catalogue, so every result, a divergence too, has its index.
    let sarifObject = try #require(
      try JSONSerialization.jsonObject(with: Data(sarifText.utf8)) as? [String: Any])
    let sarifRun = try #require((sarifObject["runs"] as? [[String: Any]])?.first)
    let driver = try #require((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let ruleIDs = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    #expect(ruleIDs == LayoutRule.catalogue.map(\.id))
    let results = try #require(sarifRun["results"] as? [[String: Any]])
    #expect(results.count == 3)
    for result in results {
      let index = try #require(result["ruleIndex"] as? Int, "\(result)")
      #expect(ruleIDs[index] == "replay-divergence")
    }
  }
}
