// A screen that reacts to what an app observes of its process: the location permission (its
// manager's authorization callback), the notification center (permission, pending requests),
// the SDK's terms and transaction IDs, and `UIApplication.shared`. Each replay is an app of its
// own (`LayoutContext`): a replay after another one in the same process - as a `check` worker
// replays configuration after configuration - observes exactly what the first one did.
// Linux only: Apple's CoreLocation and UserNotifications are not headless.
import CoreLocation
import GoogleNavigation
import NavSimTesting
import Replay
import Testing
import TestSupport
import UIKit
import UserNotifications

/// Waits for the location permission before it enables navigation, asks for notifications,
/// records a drop-off with a generated transaction ID at each arrival and schedules a
/// notification for it, and signs the driver out when it is dismissed (terms reset, pending
/// notifications kept for the next shift). Its labels show what it observed.
final class PermissionGatedScreen: UIViewController, @preconcurrency CLLocationManagerDelegate,
  GMSNavigatorListener
{
  private let makeMap: @MainActor () -> GMSMapView
  private let locationManager = CLLocationManager()
  private(set) var mapView: GMSMapView!
  let locationLabel = UILabel()
  let alertsLabel = UILabel()
  let termsLabel = UILabel()
  let deliveryLabel = UILabel()
  /// The authorization callbacks heard.
  private(set) var authorizationCallbacks = 0

  init(makeMap: @escaping @MainActor () -> GMSMapView) {
    self.makeMap = makeMap
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  override func loadView() {
    mapView = makeMap()
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let rows = UIStackView(arrangedSubviews: [locationLabel, alertsLabel, termsLabel, deliveryLabel])
    rows.axis = .vertical
    rows.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(rows)
    NSLayoutConstraint.activate([
      rows.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor, constant: 16),
      rows.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor, constant: -96),
    ])
    for (label, id) in [
      (locationLabel, "location"), (alertsLabel, "alerts"), (termsLabel, "terms"),
      (deliveryLabel, "delivery"),
    ] {
      label.accessibilityIdentifier = id
    }
    locationLabel.text = "Waiting for location"
    deliveryLabel.text = "No delivery yet"
    UIApplication.shared.isIdleTimerDisabled = true
    termsLabel.text = GMSNavigationServices.areTermsAndConditionsAccepted()
      ? "Terms accepted" : "Terms asked again"
    let terms = GMSNavigationTermsAndConditionsOptions(companyName: "Parcel & Co")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: terms) { _ in }
    locationManager.delegate = self
    locationManager.requestWhenInUseAuthorization()
    UNUserNotificationCenter.current().requestAuthorization(options: [.alert]) { granted, _ in
      MainActor.assumeIsolated { self.alertsLabel.text = granted ? "Alerts on" : "Alerts off" }
    }
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    mapView.navigator?.remove(self)
    GMSNavigationServices.resetTermsAndConditionsAccepted()  // the driver signs out
  }

  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    authorizationCallbacks += 1
    guard manager.authorizationStatus == .authorizedWhenInUse else { return }
    locationLabel.text = "Location allowed"
    mapView.navigator?.add(self)
    mapView.isNavigationEnabled = true
  }

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    let id = GMSNavigationTransactionRecorder.generateTransactionID()
    GMSNavigationTransactionRecorder.sharedInstance().recordDropoff(
      at: waypoint, forTransactionIDs: [id])
    let content = UNMutableNotificationContent()
    content.title = "Delivered"
    UNUserNotificationCenter.current().add(
      UNNotificationRequest(identifier: id, content: content, trigger: nil))
    UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
      MainActor.assumeIsolated {
        self.deliveryLabel.text = "Delivered \(id), \(requests.count) pending"
      }
    }
  }
}

@MainActor
@Suite struct PermissionScreenTests {
  /// Replays `name` through a fresh `PermissionGatedScreen`: its snapshots and the screen.
  static func replay(_ name: String) throws -> (golden: GoldenText, screen: PermissionGatedScreen) {
    var screen: PermissionGatedScreen?
    let (golden, summary) = try ReplayTesting.replay(
      log: recording(name),
      screen: { mapView in
        let made = PermissionGatedScreen(makeMap: { mapView })
        screen = made
        return made
      })
    #expect(summary.findings.isEmpty, "\(summary.findings.map(\.finding.message))")
    return (golden, try #require(screen))
  }

  @Test func aScreenReplayedTwiceInOneProcessObservesTheSameBothTimes() throws {
    let first = try Self.replay("city-commute")
    let second = try Self.replay("city-commute")
    #expect(first.screen.authorizationCallbacks == 1)
    #expect(second.screen.authorizationCallbacks == 1, "the second replay's app is asked too")
    // The check has teeth: each reaction shows in the snapshots.
    let lines = first.golden.text.split(separator: "\n")
    for text in [
      "text=Location%20allowed", "text=Alerts%20on", "text=Terms%20accepted",
      "text=Delivered%20navsim-transaction-1%2C%201%20pending",
      "text=Delivered%20navsim-transaction-2%2C%202%20pending",
    ] {
      #expect(lines.contains { $0.hasSuffix(text) }, "\(text) in the first replay")
    }
    #expect(second.golden.text == first.golden.text)
  }

  @Test func twoReplaysOfTheScreenInterleavedKeepTheirOwnApps() throws {
    let events = try ScreenReplayTests.events("city-commute")
    func start() throws -> Replayer {
      try Replayer(
        delegate: nil, watchers: .layoutRules,
        screen: { mapView in PermissionGatedScreen(makeMap: { mapView }) })
    }
    let alone = try start()
    var aloneSnapshots: [LayoutSnapshot] = []
    for (index, event) in events.enumerated() {
      let next = index + 1 < events.count ? events[index + 1] : nil
      aloneSnapshots.append(alone.apply(ReplayTick(event, next: next)))
    }
    let replayers = [try start(), try start()]
    var snapshots: [[LayoutSnapshot]] = [[], []]
    for (index, event) in events.enumerated() {
      let next = index + 1 < events.count ? events[index + 1] : nil
      for side in 0..<2 { snapshots[side].append(replayers[side].apply(ReplayTick(event, next: next))) }
    }
    #expect(snapshots[0] == aloneSnapshots)
    #expect(snapshots[1] == aloneSnapshots)
  }

  @Test func outsideAnyReplayTheStaticsReadTheProcessDefault() {
    let context = LayoutContext()
    let inReplay = context.run { (UIApplication.shared, UNUserNotificationCenter.current()) }
    #expect(inReplay.0 === context.run { UIApplication.shared })
    #expect(inReplay.0 !== UIApplication.shared)
    #expect(inReplay.1 !== UNUserNotificationCenter.current())
    #expect(UIApplication.shared === LayoutContext.unbound.application)
    #expect(UNUserNotificationCenter.current() === UNUserNotificationCenter.current())
  }
}
