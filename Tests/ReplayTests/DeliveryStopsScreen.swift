// App code: a delivery screen in the style of the SDK's samples and codelab, with what a
// real one adds around the map: the stops as markers (the next one selected) and the route
// as a polyline, a depot circle, and the app's own terms sheet presented over the map before
// the SDK's dialog, dismissed when the driver accepts. Replayed by DeliveryStopsScreenTests;
// copied unchanged into tools/client-package (Swift 6) by tools/check-client-package.sh.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import UIKit

final class DeliveryTermsSheet: UIViewController {
  var onAccept: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.accessibilityIdentifier = "termsSheet"
    view.backgroundColor = .systemBackground
    let label = UILabel()
    label.accessibilityIdentifier = "termsText"
    label.text = "Drive safely. Follow local laws."
    label.numberOfLines = 0
    label.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      label.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      label.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
    ])
  }

  func accept() {
    dismiss(animated: true) { [weak self] in self?.onAccept?() }
  }
}

final class DeliveryStopsScreen: UIViewController, GMSNavigatorListener {
  private var mapView: GMSMapView!
  private let givenMapView: GMSMapView
  private let stops: [GMSNavigationWaypoint]
  private var markers: [GMSMarker] = []
  private(set) var termsSheet: DeliveryTermsSheet?

  init(mapView: GMSMapView, stops: [GMSNavigationWaypoint]) {
    givenMapView = mapView
    self.stops = stops
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func loadView() {
    mapView = givenMapView
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let route = GMSMutablePath()
    var bounds = GMSCoordinateBounds()
    for (index, stop) in stops.enumerated() {
      route.add(stop.coordinate)
      bounds = bounds.includingCoordinate(stop.coordinate)
      let marker = GMSMarker(position: stop.coordinate)
      marker.title = stop.title
      marker.icon = GMSMarker.markerImage(with: index == 0 ? .systemGreen : .systemRed)
      marker.map = mapView
      markers.append(marker)
    }
    let line = GMSPolyline(path: route)
    line.strokeWidth = 5
    line.spans = [GMSStyleSpan(color: .systemBlue, segments: Double(max(route.count(), 1)))]
    line.map = mapView
    if let depot = stops.first {
      let circle = GMSCircle(position: depot.coordinate, radius: 100)
      circle.fillColor = UIColor.systemOrange.withAlphaComponent(0.2)
      circle.map = mapView
    }
    mapView.selectedMarker = markers.first
    if bounds.isValid { mapView.moveCamera(GMSCameraUpdate.fit(bounds, withPadding: 40)) }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    let sheet = DeliveryTermsSheet()
    sheet.modalPresentationStyle = .pageSheet
    sheet.onAccept = { [weak self] in self?.startNavigation() }
    termsSheet = sheet
    present(sheet, animated: true)
  }

  private func startNavigation() {
    termsSheet = nil
    let options = GMSNavigationTermsAndConditionsOptions(companyName: "Parcel Co.")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: options) {
      [weak self] termsAccepted in
      guard termsAccepted, let self else { return }
      self.mapView.isNavigationEnabled = true
      self.mapView.navigator?.add(self)
      self.mapView.navigator?.setDestinations(self.stops) { [weak self] routeStatus in
        guard routeStatus == .OK, let self else { return }
        self.mapView.navigator?.isGuidanceActive = true
        self.mapView.cameraMode = .following
      }
    }
  }

  // MARK: - GMSNavigatorListener

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    guard let reached = markers.first else { return }
    reached.map = nil
    markers.removeFirst()
    mapView.selectedMarker = markers.first
  }
}
