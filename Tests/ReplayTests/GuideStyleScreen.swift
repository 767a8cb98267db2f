// A map screen written the way the Navigation SDK's guides, codelab and open-source plugins
// write one, with their imports and nothing from NavSim: it must compile unchanged (in Swift 6
// mode) and replay canonical recordings. `ScreenReplayTests` checks the calls it hears.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import UIKit

final class GuideStyleNavigationScreen: NSObject, GMSNavigatorListener,
  GMSRoadSnappedLocationProviderListener
{
  let mapView: GMSMapView
  private let destinations: [GMSNavigationWaypoint]
  /// Every callback heard, in order, as one line each.
  private(set) var calls: [String] = []
  private(set) var locations = 0
  let etaLabel = UILabel()

  /// How a view controller builds its map in `loadView()`.
  static func makeMapView() -> GMSMapView {
    let options = GMSMapViewOptions()
    options.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
    options.camera = GMSCameraPosition.camera(withLatitude: 47.37, longitude: 8.54, zoom: 14)
    return GMSMapView(options: options)
  }

  init(mapView: GMSMapView, destinations: [GMSNavigationWaypoint]) {
    self.mapView = mapView
    self.destinations = destinations
    super.init()
    etaLabel.accessibilityIdentifier = "eta"
    etaLabel.text = "--"
    mapView.addSubview(etaLabel)
    mapView.navigator?.add(self)
    mapView.roadSnappedLocationProvider?.add(self)
    mapView.roadSnappedLocationProvider?.startUpdatingLocation()
    mapView.navigator?.timeUpdateThreshold = 10
    mapView.navigator?.distanceUpdateThreshold = 100
    let options = GMSNavigationTermsAndConditionsOptions(companyName: "Ride Sharing Co.")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: options) { [weak self] accepted in
      guard let self else { return }
      self.calls.append("terms(\(accepted))")
      guard accepted else { return }
      self.mapView.isNavigationEnabled = true
      self.mapView.settings.compassButton = true
      self.mapView.shouldDisplaySpeedometer = true
      self.startNavigation()
    }
  }

  private func startNavigation() {
    mapView.navigator?.setDestinations(destinations) { [weak self] routeStatus in
      guard let self else { return }
      self.calls.append("route(\(routeStatus == .OK ? "OK" : "\(routeStatus.rawValue)"))")
      guard routeStatus == .OK else { return }
      self.mapView.navigator?.isGuidanceActive = true
      self.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
      self.mapView.cameraMode = .following
    }
  }

  /// What the app does when the user ends the trip.
  func tearDown() {
    mapView.locationSimulator?.stopSimulation()
    mapView.navigator?.clearDestinations()
    mapView.navigator?.isGuidanceActive = false
    mapView.roadSnappedLocationProvider?.stopUpdatingLocation()
    _ = mapView.roadSnappedLocationProvider?.remove(self)
    _ = mapView.navigator?.remove(self)
  }

  // MARK: - GMSNavigatorListener

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    calls.append("arrive(\(waypoint.title))")
  }

  func navigatorDidChangeRoute(_ navigator: GMSNavigator) { calls.append("routeChanged") }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    calls.append("time(\(time))")
    etaLabel.text = "ETA \(Int((time / 60).rounded())) min"
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance) {
    calls.append("distance(\(distance))")
  }

  func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {
    calls.append("lighting(\(lightingMode.rawValue))")
    mapView.lightingMode = lightingMode
  }

  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    if navInfo.routeChanged, let step = navInfo.currentStep {
      calls.append("navInfo(\(step.stepNumber), \(step.fullRoadName))")
    }
  }

  // MARK: - GMSRoadSnappedLocationProviderListener

  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    locations += 1
  }
}
