import Foundation
import Lint
import NavSim
import Replay
import SampleDelegates
import TestSupport
import Testing

/// The layout rules are not checked again when only bare views moved: views with no subviews,
/// no background colour and not the SDK's (`UIView.paintedGeometryRevision`), such as a label
/// whose new text changed its width. A screen with two labels that grow and shrink with the
/// trip, one bare and one painted over the ETA card, replays with the same snapshots and
/// findings as a forced full pass (every rule on every event); the painted label's findings
/// name its frame, so a check skipped after it moved would repeat a stale finding.
@MainActor
@Suite struct BareFrameSkipTests {
  @Test(arguments: ["city-commute", "highway-cameras"])
  func labelsThatGrowOverTheETACardFindTheSameAsAFullPass(recordingName: String) throws {
    try expectSameAsAFullPass(recordingName) { UILabel() }
  }

  /// A badge whose `backgroundColor` getter is computed paints with some texts only: when it
  /// stops painting as its new text moves it, that move is not a bare view's (it painted at its
  /// previous frame change), so the rules run again and drop its covering finding.
  @Test func aBadgeThatPaintsWithOddTextsFindsTheSameAsAFullPass() throws {
    try expectSameAsAFullPass("city-commute") { OddTextBadge() }
  }

  /// The same badge at a fixed size: its text makes it paint or not without moving it, the
  /// rules read it painting when a ticker (a painted view that moves with every distance
  /// update) has them check again, and it moves with the remaining time. A move after it
  /// stopped painting is not a bare view's: the rules saw it painting since its last move.
  @Test func aFixedSizeBadgeThatPaintsWithOddTextsFindsTheSameAsAFullPass() throws {
    try expectSameAsAFullPass("city-commute", screen: "moving-badge") {
      MovingBadgeScreen(mapView: $0)
    }
  }

  private func expectSameAsAFullPass(
    _ recordingName: String, makeBadge: @escaping @MainActor () -> UILabel
  ) throws {
    try expectSameAsAFullPass(recordingName, screen: "growing-labels") {
      GrowingLabelsScreen(mapView: $0, badge: makeBadge())
    }
  }

  private func expectSameAsAFullPass(
    _ recordingName: String, screen: String,
    makeScreen: @escaping @MainActor (GMSMapView) -> AnyObject
  ) throws {
    let job = ReplayJob(
      logPath: Fixtures.recording(recordingName), screenName: screen, makeScreen: makeScreen,
      watchers: .layoutRules)
    let skipping = try FullPassEquivalenceTests.replay(job, forced: false)
    // The painted label covers the ETA card at several widths, each event's findings naming
    // its frame: they tell a stale check from a fresh one.
    var messages: Set<String> = []
    for snapshot in skipping.snapshots {
      for finding in snapshot.findings where finding.ruleID == "app-view-covers-sdk-view" {
        messages.insert(finding.message)
      }
    }
    #expect(messages.count >= 3, "\(messages.sorted())")
    try FullPassEquivalenceTests.expectSameOutcome(
      job, skipping: skipping, "\(recordingName) through \(screen)")
  }
}

/// Paints white only while its text has an odd number of characters: a getter override that
/// never calls the setter, as an app's themed label might.
@MainActor final class OddTextBadge: UILabel {
  override var backgroundColor: UIColor? {
    get { (text?.count ?? 0) % 2 == 1 ? .white : nil }
    set {}
  }
}

/// The basic layout, an `OddTextBadge` of a fixed size over the ETA card that moves up and
/// down with the remaining minutes, and a small painted ticker at the top whose width follows
/// the remaining distance, so the rules check again on most events.
@MainActor
final class MovingBadgeScreen: NSObject, GMSNavigatorListener {
  let mapView: GMSMapView
  let badge = OddTextBadge()
  let ticker = UIView()
  private let layout: GrowingLabelsLayout
  private let badgeBottom: NSLayoutConstraint
  private let tickerWidth: NSLayoutConstraint

  init(mapView: GMSMapView) {
    self.mapView = mapView
    layout = GrowingLabelsLayout(labels: [badge])
    let safe = mapView.safeAreaLayoutGuide
    badgeBottom = badge.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -12)
    tickerWidth = ticker.widthAnchor.constraint(equalToConstant: 8)
    super.init()
    try? mapView.setLayoutDelegate(layout)
    mapView.navigator?.add(self)
    badge.accessibilityIdentifier = "badge"
    ticker.accessibilityIdentifier = "ticker"
    ticker.backgroundColor = .red
    for view in [badge, ticker] {
      view.translatesAutoresizingMaskIntoConstraints = false
      mapView.addSubview(view)
    }
    NSLayoutConstraint.activate([
      badge.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 24),
      badge.widthAnchor.constraint(equalToConstant: 80),
      badge.heightAnchor.constraint(equalToConstant: 24), badgeBottom,
      ticker.centerXAnchor.constraint(equalTo: safe.centerXAnchor),
      ticker.centerYAnchor.constraint(equalTo: safe.centerYAnchor),
      ticker.heightAnchor.constraint(equalToConstant: 8), tickerWidth,
    ])
    let terms = GMSNavigationTermsAndConditionsOptions(companyName: "Labels & Co")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: terms) { [weak self] in
      self?.mapView.isNavigationEnabled = $0
    }
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    badgeBottom.constant = -12 - CGFloat(Int(time / 60) % 3) * 6
  }

  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {
    badge.text = String(repeating: "w", count: Int(distance / 200) % 5 + 1)
    tickerWidth.constant = 8 + CGFloat(Int(distance / 50) % 4) * 2
  }
}

/// The basic layout, and two labels near the bottom of the map, in front of the SDK's views:
/// `badge` (opaque background) over the ETA card, its text the remaining distance, and `note`
/// (no background) above it, its text the remaining time. Each grows with its text.
@MainActor
final class GrowingLabelsScreen: NSObject, GMSNavigatorListener {
  let mapView: GMSMapView
  let badge: UILabel
  let note = UILabel()
  private let layout: GrowingLabelsLayout

  init(mapView: GMSMapView, badge: UILabel) {
    self.mapView = mapView
    self.badge = badge
    layout = GrowingLabelsLayout(labels: [badge, note])
    super.init()
    try? mapView.setLayoutDelegate(layout)
    mapView.navigator?.add(self)
    badge.backgroundColor = .white
    badge.accessibilityIdentifier = "badge"
    note.accessibilityIdentifier = "note"
    let safe = mapView.safeAreaLayoutGuide
    for label in [badge, note] {
      label.translatesAutoresizingMaskIntoConstraints = false
      mapView.addSubview(label)
    }
    NSLayoutConstraint.activate([
      badge.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 24),
      badge.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -12),
      note.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 24),
      note.bottomAnchor.constraint(equalTo: badge.topAnchor, constant: -4),
    ])
    let terms = GMSNavigationTermsAndConditionsOptions(companyName: "Labels & Co")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: terms) { [weak self] in
      self?.mapView.isNavigationEnabled = $0
    }
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    note.text = String(repeating: "m", count: Int(time / 60) % 7 + 1)
  }

  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {
    badge.text = String(repeating: "w", count: Int(distance / 200) % 9 + 1)
  }
}

/// `BasicLayoutDelegate`, then the labels brought in front of the SDK's views.
@MainActor
final class GrowingLabelsLayout: NSObject, NavigationLayoutDelegate {
  private let base = BasicLayoutDelegate()
  private let labels: [UILabel]

  init(labels: [UILabel]) { self.labels = labels }

  private func front(_ mapView: GMSMapView) {
    for label in labels { mapView.bringSubviewToFront(label) }
  }

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    base.enableNavigationUI(navMap: mapView, newState: newState)
    front(mapView)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    base.disableNavigationUI(navMap: mapView, oldState: oldState)
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    base.startGuidance(navMap: mapView, newState: newState, oldState: oldState)
    front(mapView)
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    base.stopGuidance(navMap: mapView, newState: newState, oldState: oldState)
  }

  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    base.sizeChanged(navMap: mapView, newState: newState)
  }

  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    base.showPrompt(navMap: mapView, newPrompt: newPrompt)
  }

  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    base.hidePrompt(navMap: mapView, oldPrompt: oldPrompt)
  }

  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    base.changePrompt(navMap: mapView, newPrompt: newPrompt, oldPrompt: oldPrompt)
  }
}
