// A screen that reacts to what an app observes of its process: the location permission (its
// manager's authorization callback), the notification center (permission, pending requests),
// the SDK's terms and transaction IDs, and `UIApplication.shared`. Written as an app file, with
// the SDK's and Apple's imports only. Linux only: on Apple platforms CoreLocation and
// UserNotifications are the system's, not headless. `PermissionScreenTests` replays it in one
// process; `navsim-app-screens` registers it for `check` (`AppScreenCheckTests`).
import CoreLocation
import GoogleNavigation
import UIKit
import UserNotifications

/// Waits for the location permission before it enables navigation, asks for notifications,
/// records a drop-off with a generated transaction ID at each arrival and schedules a
/// notification for it, and signs the driver out when it is dismissed (terms reset, pending
/// notifications kept for the next shift). Its labels show what it observed.
public final class PermissionGatedScreen: UIViewController,
  @preconcurrency CLLocationManagerDelegate, GMSNavigatorListener
{
  private let makeMap: @MainActor () -> GMSMapView
  private let locationManager = CLLocationManager()
  public private(set) var mapView: GMSMapView!
  public let locationLabel = UILabel()
  public let alertsLabel = UILabel()
  public let termsLabel = UILabel()
  public let deliveryLabel = UILabel()
  /// The authorization callbacks heard.
  public private(set) var authorizationCallbacks = 0

  /// - Parameter makeMap: builds the map view (a replay's: `{ mapView }`).
  public init(makeMap: @escaping @MainActor () -> GMSMapView) {
    self.makeMap = makeMap
    super.init(nibName: nil, bundle: nil)
  }

  public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  public override func loadView() {
    mapView = makeMap()
    view = mapView
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    let rows = UIStackView(
      arrangedSubviews: [locationLabel, alertsLabel, termsLabel, deliveryLabel])
    rows.axis = .vertical
    rows.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(rows)
    let safeArea = mapView.safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      rows.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 16),
      rows.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -96),
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

  public override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    mapView.navigator?.remove(self)
    GMSNavigationServices.resetTermsAndConditionsAccepted()  // the driver signs out
  }

  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    authorizationCallbacks += 1
    guard manager.authorizationStatus == .authorizedWhenInUse else { return }
    locationLabel.text = "Location allowed"
    mapView.navigator?.add(self)
    mapView.isNavigationEnabled = true
  }

  public func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
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
