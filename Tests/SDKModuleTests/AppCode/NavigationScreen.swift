// App code, written the way the SDK's guides, its pod's demo app and the open-source plugins
// set up a navigation map, with the imports it has on iOS. Compiled in SDKModuleTests and, by
// `tools/compat-check`, in a separate package in Swift 6 language mode.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import UIKit

// The demo app lists the SDK's enums in pickers: it adds the conformances itself.
extension GMSNavigationCameraMode: CaseIterable {
  public static var allCases: [GMSNavigationCameraMode] { [.free, .following, .overview] }
}

extension GMSNavigationCameraPerspective: CustomStringConvertible {
  public var description: String {
    switch self {
    case .tilted: "Tilted"
    case .topDownNorthUp: "North up"
    case .topDownHeadingUp: "Heading up"
    @unknown default: "Unknown"
    }
  }
}

/// A lane banner under the header of the built-in layout.
final class LaneBannerView: UIView, GMSNavigationAccessoryView {
  var bannerHeight: CGFloat = 40

  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    min(bannerHeight, size.height)
  }
}

/// The screen that owns the map: configures it and listens to its navigation UI.
@MainActor
final class NavigationScreen: NSObject, GMSMapViewNavigationUIDelegate {
  let mapView: GMSMapView
  private(set) var recenterTaps = 0
  private(set) var layoutError: String?
  let banner = LaneBannerView()

  init(frame: CGRect, layout: (any NavigationLayoutDelegate)?) {
    mapView = GMSMapView(frame: frame)
    super.init()
    mapView.navigationUIDelegate = self
    if let layout {
      do {
        try mapView.setLayoutDelegate(layout)
      } catch let error as NSError where error.domain == GMSMapViewNavigationLayoutErrorDomain {
        layoutError = describe(error)
      } catch {
        layoutError = "\(error)"
      }
    }
    configureMap()
  }

  private func configureMap() {
    mapView.cameraMode = .following
    mapView.followingPerspective = .topDownHeadingUp
    mapView.travelMode = .driving
    mapView.routeCalloutFormat = .time
    mapView.followingZoomLevel = GMSNavigationNoFollowingZoomLevel
    mapView.lightingMode = .lowLight
    mapView.shouldDisplaySpeedLimit = true
    mapView.shouldDisplaySpeedometer = true
    let settings = mapView.settings
    settings.showsTrafficLights = true
    settings.showsStopSigns = true
    settings.showsIncidentCards = false
    settings.showsDestinationMarkers = true
    settings.compassButton = true
    settings.allowScrollGesturesDuringRotateOrZoom = false
  }

  /// Styles the built-in header (only for maps without a layout delegate).
  func styleHeader() {
    let settings = mapView.settings
    settings.navigationHeaderPrimaryBackgroundColor = UIColor(
      red: 0.1, green: 0.3, blue: 0.6, alpha: 1)
    settings.navigationHeaderSecondaryBackgroundColor = .systemBlue
    settings.navigationHeaderPrimaryBackgroundColorNightMode = .black
    settings.navigationHeaderSecondaryBackgroundColorNightMode = .darkGray
    settings.navigationHeaderBackgroundAlpha = 0.9
    settings.navigationHeaderLargeManeuverIconColor = .white
    settings.navigationHeaderSmallManeuverIconColor = .white
    settings.navigationHeaderGuidanceRecommendedLaneColor = .systemGreen
    settings.navigationHeaderNextStepTextColor = .white
    settings.navigationHeaderDistanceValueTextColor = .white
    settings.navigationHeaderDistanceUnitsTextColor = .lightGray
    settings.navigationHeaderInstructionsTextColor = .white
    settings.navigationHeaderNextStepFont = .systemFont(ofSize: 14)
    settings.navigationHeaderDistanceValueFont = .boldSystemFont(ofSize: 24)
    settings.navigationHeaderDistanceUnitsFont = .systemFont(ofSize: 16)
    settings.navigationHeaderInstructionsFirstRowFont = .systemFont(ofSize: 22, weight: .semibold)
    settings.navigationHeaderInstructionsSecondRowFont = .systemFont(ofSize: 18)
    settings.navigationHeaderInstructionsConjunctionsFont = .italicSystemFont(ofSize: 16)
    mapView.setHeaderAccessory(banner)
  }

  /// The banner grew: the SDK measures it again.
  func growBanner() {
    banner.bannerHeight = 64
    mapView.invalidateLayout(forAccessoryView: banner)
  }

  /// CarPlay's map template forwards its pans.
  func carPlayPan() {
    mapView.didBeginPanGesture()
    mapView.didUpdatePanGesture(
      withTranslation: CGPoint(x: 20, y: 0), velocity: CGPoint(x: 100, y: 0))
    mapView.didEndPanGesture(withVelocity: .zero)
  }

  func mapViewDidTapRecenterButton(_ mapView: GMSMapView) {
    recenterTaps += 1
  }

  private func describe(_ error: NSError) -> String {
    switch GMSMapViewNavigationLayoutErrorCode(rawValue: error.code) {
    case .cannotSetDelegateWhileNavigationEnabled: "navigation already enabled"
    case .internal: "internal"
    default: "code \(error.code)"
    }
  }
}

/// Reads a state off the main actor: the SDK's state protocols are not isolated.
func describeState(_ state: any NavigationUIState) -> String {
  state.wideMode ? "wide" : "standard"
}

/// Which button a view belongs to, by the SDK's open set of types.
func buttonName(_ button: any NavigationUIButton) -> String {
  switch button.type {
  case .compass: "compass"
  case NavigationButtonKnownType(rawValue: 1): "reporting"
  default: "type \(button.type.rawValue)"
  }
}

/// The camera modes an app offers, as the demo app lists them.
func cameraModeChoices() -> [String] {
  GMSNavigationCameraMode.allCases.map { mode in
    switch mode {
    case .free: "Free"
    case .following: "Following"
    case .overview: "Overview"
    @unknown default: "Unknown"
    }
  }
}

/// Where the truck is, as the app stores it.
let depot = CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405)
