import NavSim

/// A delivery app's map screen, written as an app's view controller would be: it sets up the
/// map view it is given (terms, layout delegate, navigator listener), and its listener keeps
/// an order sheet up to date with the remaining time and distance and shows an arrival banner
/// at each stop. `DeliveryLayoutDelegate` positions the sheet and the banner.
///
/// Replay it with `navsim replay LOG --screen delivery`; snapshots then show the labels'
/// texts (`text=Arriving%20in%204%20min`).
public final class DeliveryMapScreen: NSObject, GMSNavigatorListener {
  public let mapView: GMSMapView
  public let orderSheet: DeliveryOrderSheet
  public let arrivalBanner: DeliveryArrivalBanner
  private let layout: DeliveryLayoutDelegate

  /// - Parameter orderNumber: shown in the sheet's title.
  public init(mapView: GMSMapView, orderNumber: Int = 1042) {
    self.mapView = mapView
    orderSheet = DeliveryOrderSheet(orderNumber: orderNumber)
    arrivalBanner = DeliveryArrivalBanner()
    layout = DeliveryLayoutDelegate(orderSheet: orderSheet, banner: arrivalBanner)
    super.init()
    try? mapView.setLayoutDelegate(layout)
    mapView.navigator?.add(self)
    let terms = GMSNavigationTermsAndConditionsOptions(companyName: "Parcel & Co")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: terms) { [weak self] accepted in
      self?.mapView.isNavigationEnabled = accepted
    }
  }

  // MARK: - GMSNavigatorListener

  public func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    orderSheet.etaLabel.text = Self.etaText(seconds: time)
  }

  public func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {
    orderSheet.distanceLabel.text = Self.distanceText(meters: distance)
  }

  public func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    arrivalBanner.label.text = "Arrived at \(waypoint.title)"
    arrivalBanner.isHidden = false
  }

  public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    arrivalBanner.isHidden = true  // on to the next stop
  }

  public func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {
    mapView.lightingMode = lightingMode
  }

  // MARK: - Formatting

  /// "Arriving in 4 min" (at least one minute), "Arriving now" under 30 s.
  public static func etaText(seconds: TimeInterval) -> String {
    guard seconds >= 30 else { return "Arriving now" }
    return "Arriving in \(max(1, Int((seconds / 60).rounded()))) min"
  }

  /// "350 m away" (to 10 m) under 1 km, else "2.8 km away".
  public static func distanceText(meters: CLLocationDistance) -> String {
    if meters < 995 { return "\(Int((meters / 10).rounded()) * 10) m away" }
    let tenths = Int((meters / 100).rounded())
    return "\(tenths / 10).\(tenths % 10) km away"
  }
}

/// The order sheet: the order's title, its ETA and its distance, one label each.
public final class DeliveryOrderSheet: UIView {
  public let titleLabel = UILabel()
  public let etaLabel = UILabel()
  public let distanceLabel = UILabel()

  init(orderNumber: Int) {
    super.init(frame: .zero)
    accessibilityIdentifier = "orderSheet"
    translatesAutoresizingMaskIntoConstraints = false
    titleLabel.text = "Order #\(orderNumber)"
    titleLabel.accessibilityIdentifier = "orderTitle"
    titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
    etaLabel.text = "Waiting for route"
    etaLabel.accessibilityIdentifier = "orderETA"
    distanceLabel.text = ""
    distanceLabel.accessibilityIdentifier = "orderDistance"
    distanceLabel.font = .systemFont(ofSize: 15)
    var previous = layoutMarginsGuide.topAnchor
    for label in [titleLabel, etaLabel, distanceLabel] {
      label.translatesAutoresizingMaskIntoConstraints = false
      addSubview(label)
      NSLayoutConstraint.activate([
        label.topAnchor.constraint(equalTo: previous, constant: previous === layoutMarginsGuide.topAnchor ? 0 : 4),
        label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
        label.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
      ])
      previous = label.bottomAnchor
    }
    distanceLabel.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor).isActive = true
  }

  required init?(coder: NSCoder) { return nil }
}

/// The arrival banner: one label, hidden until the vehicle arrives at a stop.
public final class DeliveryArrivalBanner: UIView {
  public let label = UILabel()

  init() {
    super.init(frame: .zero)
    accessibilityIdentifier = "arrivalBanner"
    translatesAutoresizingMaskIntoConstraints = false
    isHidden = true
    label.accessibilityIdentifier = "arrivalText"
    label.translatesAutoresizingMaskIntoConstraints = false
    label.text = ""
    addSubview(label)
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
      label.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
      label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      label.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
    ])
  }

  required init?(coder: NSCoder) { return nil }
}

/// The delivery screen's layout: the basic layout's SDK views (`BasicLayoutDelegate`), the
/// order sheet across the viewport just above the Google logo, and the arrival banner above
/// the sheet; both inset by the SDK's element padding and transparent, so the map shows
/// through.
@MainActor
final class DeliveryLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private let base = BasicLayoutDelegate()
  private let orderSheet: DeliveryOrderSheet
  private let banner: DeliveryArrivalBanner
  private var constraints: [NSLayoutConstraint] = []

  init(orderSheet: DeliveryOrderSheet, banner: DeliveryArrivalBanner) {
    self.orderSheet = orderSheet
    self.banner = banner
  }

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    base.enableNavigationUI(navMap: mapView, newState: newState)
    place(in: mapView, viewport: newState.viewport, logo: newState.googleLogo)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(constraints)
    constraints.removeAll()
    orderSheet.removeFromSuperview()
    banner.removeFromSuperview()
    base.disableNavigationUI(navMap: mapView, oldState: oldState)
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    base.startGuidance(navMap: mapView, newState: newState, oldState: oldState)
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

  /// The sheet and the banner follow the viewport and the logo, which the basic layout keeps
  /// between the cards (and above prompts), so they need no re-layout of their own.
  private func place(in mapView: GMSMapView, viewport: UIView, logo: UIView) {
    guard constraints.isEmpty else { return }
    mapView.addSubview(orderSheet)
    mapView.addSubview(banner)
    let padding = NavigationStyleValues.elementHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    constraints = [
      orderSheet.leadingAnchor.constraint(equalTo: viewport.leadingAnchor, constant: padding),
      orderSheet.trailingAnchor.constraint(equalTo: viewport.trailingAnchor, constant: -padding),
      orderSheet.bottomAnchor.constraint(equalTo: logo.topAnchor, constant: -gap),
      banner.leadingAnchor.constraint(equalTo: orderSheet.leadingAnchor),
      banner.trailingAnchor.constraint(equalTo: orderSheet.trailingAnchor),
      banner.bottomAnchor.constraint(equalTo: orderSheet.topAnchor, constant: -gap),
    ]
    NSLayoutConstraint.activate(constraints)
  }
}
