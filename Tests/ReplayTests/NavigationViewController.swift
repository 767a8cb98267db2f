// App code: the map screen as a view controller, the way the SDK's "Navigate a route" guide
// and codelab write it (map built in `loadView()`, terms and listeners in `viewDidLoad()`),
// with its own ETA pill that adapts to size classes. Compiled in SDKModuleTests and, by
// `tools/compat-check`, in a separate Swift 6 package. The one change from the guide's shape:
// the map view can be handed in, which is how a NavSim screen factory gives it the replay's.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import UIKit

final class NavigationViewController: UIViewController, GMSNavigatorListener {
  private var mapView: GMSMapView!
  private let givenMapView: GMSMapView?
  private let destinations: [GMSNavigationWaypoint]
  let etaPill = UILabel()
  private var compactConstraints: [NSLayoutConstraint] = []
  private var regularConstraints: [NSLayoutConstraint] = []
  /// What the controller heard, in order.
  private(set) var lifecycle: [String] = []

  init(mapView: GMSMapView? = nil, destinations: [GMSNavigationWaypoint]) {
    givenMapView = mapView
    self.destinations = destinations
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func loadView() {
    if let givenMapView {
      mapView = givenMapView
    } else {
      let options = GMSMapViewOptions()
      options.frame = UIScreen.main.bounds
      mapView = GMSMapView(options: options)
    }
    view = mapView
    lifecycle.append("loadView")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    lifecycle.append("viewDidLoad")
    etaPill.translatesAutoresizingMaskIntoConstraints = false
    etaPill.accessibilityIdentifier = "etaPill"
    etaPill.text = "--"
    etaPill.textAlignment = .center
    etaPill.backgroundColor = .systemBackground
    view.addSubview(etaPill)
    compactConstraints = [
      etaPill.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 16),
      etaPill.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
    ]
    regularConstraints = [
      etaPill.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
      etaPill.widthAnchor.constraint(equalToConstant: 240),
    ]
    NSLayoutConstraint.activate([
      etaPill.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
      etaPill.heightAnchor.constraint(equalToConstant: 36),
    ])
    applySizeClass()

    let termsOptions = GMSNavigationTermsAndConditionsOptions(companyName: "Parcel Co.")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: termsOptions) {
      [weak self] termsAccepted in
      guard termsAccepted, let self else { return }
      self.mapView.isNavigationEnabled = true
      self.mapView.navigator?.add(self)
      self.mapView.navigator?.setDestinations(self.destinations) { [weak self] routeStatus in
        guard routeStatus == .OK, let self else { return }
        self.mapView.navigator?.isGuidanceActive = true
        self.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
        self.mapView.cameraMode = .following
      }
    }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    lifecycle.append("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    lifecycle.append("viewDidAppear")
  }

  override func viewWillTransition(
    to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator
  ) {
    super.viewWillTransition(to: size, with: coordinator)
    lifecycle.append("transition(\(Int(size.width))x\(Int(size.height)))")
    coordinator.animate(alongsideTransition: { _ in
      self.etaPill.alpha = 0.8
    }, completion: { _ in
      self.etaPill.alpha = 1
    })
  }

  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    guard traitCollection.horizontalSizeClass != previousTraitCollection?.horizontalSizeClass
    else { return }
    lifecycle.append(
      "traits(\(traitCollection.horizontalSizeClass == .regular ? "regular" : "compact"))")
    applySizeClass()
  }

  private func applySizeClass() {
    if traitCollection.horizontalSizeClass == .regular {
      NSLayoutConstraint.deactivate(compactConstraints)
      NSLayoutConstraint.activate(regularConstraints)
    } else {
      NSLayoutConstraint.deactivate(regularConstraints)
      NSLayoutConstraint.activate(compactConstraints)
    }
  }

  // MARK: - GMSNavigatorListener

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    etaPill.text = "\(Int((time / 60).rounded(.up))) min"
  }

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    etaPill.text = "Arrived"
  }
}
