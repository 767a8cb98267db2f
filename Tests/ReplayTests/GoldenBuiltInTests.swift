import EventLog
import Foundation
import Lint
import NavSim
import NavSimTesting
import Replay
import SampleDelegates
import SessionEvents
import Snapshots
import TestSupport
import Testing

/// The canonical recordings replayed through the SDK's built-in layout (no delegate), with
/// the recordings' own settings and with the built-in controls switched on and off, compared
/// with the golden files in `__Golden__/` (re-record with `NAVSIM_RECORD=1` and review).
@MainActor
@Suite struct GoldenBuiltInTests {
  nonisolated static let recordings = [
    "city-commute", "highway-cameras", "pan-reroute", "rotations-wide", "rtl-city",
  ]

  /// Header and footer on (their defaults), speed widget as the recording sets it, compass,
  /// progress bar and accessory off.
  @Test(arguments: recordings)
  func builtInLayoutWithTheRecordedSettings(recordingName: String) {
    CanonicalGolden.expectMatches(recordingName, "builtin", golden: "\(recordingName).builtin")
  }

  /// Compass, trip progress bar, my-location button, header accessory, header colours,
  /// traffic lights and stop signs on; the iPad recording covers wide mode, the RTL one a
  /// landscape phone too short for the accessory, the pan one the compass leaving in free
  /// camera mode and the re-center button.
  @Test(arguments: ["city-commute", "rotations-wide", "rtl-city", "pan-reroute"])
  func everyControlOn(recordingName: String) throws {
    let golden = try Self.replay(recordingName) { mapView in
      mapView.settings.compassButton = true
      mapView.settings.isNavigationTripProgressBarEnabled = true
      mapView.settings.myLocationButton = true
      mapView.settings.navigationHeaderPrimaryBackgroundColor = UIColor(
        red: 0.1, green: 0.45, blue: 0.9, alpha: 1)
      mapView.settings.showsTrafficLights = true
      mapView.settings.showsStopSigns = true
      mapView.setHeaderAccessory(LaneBanner(height: 48))
    }
    expectMatches(golden, "\(recordingName).builtin-all-on")
  }

  /// Header, footer, report-incident button, destination markers and the speed widget off
  /// (the recording's speedometer and speed-limit settings are overridden).
  @Test(arguments: ["city-commute", "rotations-wide"])
  func everyControlOff(recordingName: String) throws {
    let golden = try Self.replay(
      recordingName, pinned: [.speedometer: false, .speedLimit: false]
    ) { mapView in
      mapView.settings.isNavigationHeaderEnabled = false
      mapView.settings.isNavigationFooterEnabled = false
      mapView.settings.isNavigationReportIncidentButtonEnabled = false
      mapView.settings.showsDestinationMarkers = false
      mapView.setHeaderAccessory(LaneBanner(height: 48))
    }
    expectMatches(golden, "\(recordingName).builtin-all-off")
  }

  /// Scrolling disabled: the recorded pans neither free the camera nor show the re-center
  /// button, so the compass (following camera) never leaves.
  @Test func panningWithScrollGesturesOffChangesNothing() throws {
    let golden = try Self.replay("pan-reroute") { mapView in
      mapView.settings.scrollGestures = false
      mapView.settings.compassButton = true
    }
    expectMatches(golden, "pan-reroute.builtin-no-scroll")
  }

  // MARK: - Migration diff

  /// `navsim diff` of the built-in layout against the sample delegate reads per view (where
  /// the SDK put it -> where the delegate puts it), and the migration guide's excerpt of it is
  /// real:
  /// every line of the excerpt is a line of the diff.
  @Test func theMigrationGuidesDiffIsWhatNavSimPrints() throws {
    let directory = TemporaryDirectory()
    defer { _ = directory }
    let store = try DiffPageTablesTests.store(directory)
    let text = try store.diff(labelA: "sdk", labelB: "mine").text()
    #expect(
      text.contains(
        "etaCard: 1067 events, moved on 1067 (up to 96 pt), z-order on 1067; "
          + "(0, 746, 393x72) -> (0, 650, 393x72)"))
    let section = try String(
      contentsOfFile: Fixtures.repositoryRoot + "/docs/builtin-migration.md", encoding: .utf8)
    let excerpt = try #require(section.components(separatedBy: "```").dropFirst(3).first)
    let lines = excerpt.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    #expect(lines.count > 10)
    let printed = Set(text.split(separator: "\n").map(String.init))
    for line in lines { #expect(printed.contains(line), "not in the diff: \(line)") }
  }

  // MARK: - Helpers

  /// Replays a canonical recording through the built-in layout after `configure` set the
  /// map up (as an app does before enabling navigation); `pinned` settings keep their value
  /// whatever the recording's `settingChanged` events say.
  static func replay(
    _ name: String, pinned: [Setting: Bool] = [:], configure: (GMSMapView) -> Void
  ) throws -> GoldenText {
    let log = try EventLogFile(path: recording(name), mode: .readOnly)
    let info = try #require(try log.recordings().first)
    let replayer = try Replayer(delegate: nil, watchers: .layoutRules)
    configure(replayer.mapView)
    var golden = GoldenText(font: ReplayJob.fontIdentity)
    let cursor = try log.events(recording: info.id)
    while var event = try cursor.next() {
      if case .settingChanged(let change) = event.payload, let value = pinned[change.name] {
        event = SessionEvent(
          seq: event.seq, t: event.t,
          payload: .settingChanged(SettingChange(name: change.name, value: .bool(value))))
      }
      golden.append(replayer.apply(ReplayTick(event)))
    }
    return golden
  }

  private func expectMatches(
    _ golden: GoldenText, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let path = ReplayTesting.goldenPath(named: name, filePath: #filePath)
    if let message = GoldenFile.compare(golden, withFileAt: path).failureMessage {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}

/// A header accessory view of fixed height (a lane-guidance banner an app might add).
@MainActor
final class LaneBanner: UIView, GMSNavigationAccessoryView {
  var height: CGFloat
  private(set) var measurements = 0

  init(height: CGFloat) {
    self.height = height
    super.init(frame: .zero)
    accessibilityIdentifier = "laneBanner"
  }

  required init?(coder: NSCoder) { return nil }

  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    measurements += 1
    return min(height, size.height)
  }
}
