// A courier app's trip screen, written the way the open-source Navigation SDK plugins and the
// SDK's guides set one up: a view controller whose map attaches a navigation session it
// created after the terms, listens to the navigator and the session's road-snapped provider,
// asks for the stops with routing options, starts guidance and the simulator when the route
// is there, updates its own step / ETA / speed labels and "end trip" button from the
// callbacks, and tears everything down when it disappears. Only the SDK's and Apple's
// imports: `tools/check-client-package.sh` compiles this file unchanged in a client package
// (Swift 6 mode); `CourierScreenReplayTests` replays every canonical recording through it.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import UIKit

final class CourierTripViewController: UIViewController, GMSNavigatorListener,
  GMSRoadSnappedLocationProviderListener
{
  private let stops: [GMSNavigationWaypoint]
  private let makeMap: @MainActor () -> GMSMapView
  private var session: GMSNavigationSession?
  private let locationManager = CLLocationManager()
  private(set) var mapView: GMSMapView!
  /// Each callback the screen reacted to, one line each, in order.
  private(set) var heard: [String] = []
  private(set) var locationsHeard = 0
  private(set) var fastestSpeed: CLLocationSpeed = 0
  /// Points of the traveled path at the last arrival.
  private(set) var drivenPoints: UInt = 0
  private var shownStep = -1
  private var speedAlert: GMSNavigationSpeedAlertSeverity = .unknown

  let card = UIView()
  let stepLabel = UILabel()
  let etaLabel = UILabel()
  let speedingLabel = UILabel()
  let endTripButton = UIButton(type: .system)

  /// - Parameters:
  ///   - stops: the deliveries, in order.
  ///   - makeMap: builds the map view (the app's default builds it from options).
  init(stops: [GMSNavigationWaypoint], makeMap: @escaping @MainActor () -> GMSMapView = CourierTripViewController.defaultMap) {
    self.stops = stops
    self.makeMap = makeMap
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  static func defaultMap() -> GMSMapView {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition(latitude: 47.3769, longitude: 8.5417, zoom: 15)
    options.frame = UIScreen.main.bounds
    return GMSMapView(options: options)
  }

  // MARK: - View lifecycle

  override func loadView() {
    mapView = makeMap()
    view = mapView
  }

  // Written against an older SDK, as many apps still are: it calls API the SDK has since
  // deprecated, which NavSim keeps working. Marked deprecated itself, so those calls compile
  // without warnings (UIKit and the SDK call these methods, not app code).
  @available(*, deprecated, message: "calls the SDK's deprecated terms dialog")
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Deliveries"
    buildCard()
    GMSServices.setAbnormalTerminationReportingEnabled(false)
    locationManager.requestWhenInUseAuthorization()
    GMSNavigationServices.shouldOnlyShowDriverAwarenesssDisclaimer = true
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(
      withTitle: "Before you drive", companyName: "Parcel & Co."
    ) { [weak self] termsAccepted in
      guard let self else { return }
      self.heard.append("terms(\(termsAccepted))")
      if termsAccepted { self.startSession() }
    }
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    endTrip()
  }

  private func buildCard() {
    card.accessibilityIdentifier = "tripCard"
    card.backgroundColor = .white
    card.layer.cornerRadius = 12
    card.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(card)
    stepLabel.accessibilityIdentifier = "nextStep"
    etaLabel.accessibilityIdentifier = "eta"
    speedingLabel.accessibilityIdentifier = "speeding"
    endTripButton.accessibilityIdentifier = "endTrip"
    stepLabel.numberOfLines = 2
    stepLabel.text = "Waiting for the route…"
    etaLabel.text = nil
    speedingLabel.isHidden = true
    speedingLabel.textColor = .red
    endTripButton.setTitle("End trip", for: .normal)
    endTripButton.isHidden = true
    let rows = UIStackView(arrangedSubviews: [stepLabel, etaLabel, speedingLabel, endTripButton])
    rows.axis = .vertical
    rows.spacing = 4
    rows.translatesAutoresizingMaskIntoConstraints = false
    card.addSubview(rows)
    NSLayoutConstraint.activate([
      card.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor, constant: 12),
      card.trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor, constant: -12),
      card.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor, constant: -96),
      rows.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
      rows.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
      rows.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
      rows.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
    ])
  }

  // MARK: - Session and route

  private func startSession() {
    // As the plugins do: no session without the terms and the location permission.
    let status = CLLocationManager().authorizationStatus
    guard GMSNavigationServices.areTermsAndConditionsAccepted(),
      status == .authorizedAlways || status == .authorizedWhenInUse
    else {
      heard.append("no permission")
      return
    }
    guard let session = GMSNavigationServices.createNavigationSession() else { return }
    self.session = session
    session.isStarted = true
    session.travelMode = .driving
    guard mapView.enableNavigation(with: session), let navigator = session.navigator else { return }
    navigator.add(self)
    session.roadSnappedLocationProvider?.add(self)
    session.roadSnappedLocationProvider?.startUpdatingLocation()
    navigator.stopGuidanceAtArrival = true
    navigator.timeUpdateThreshold = 30
    navigator.distanceUpdateThreshold = CLLocationDistanceMax  // the card shows time only
    navigator.voiceGuidance = .alertsOnly
    navigator.audioDeviceType = .builtInOnly
    navigator.isVibrationEnabled = false
    navigator.avoidsTolls = true
    navigator.avoidsHighways = false
    navigator.avoidsFerries = true
    let alerts = GMSNavigationMutableSpeedAlertOptions()
    alerts.setSpeedAlertThresholdPercentage(5, for: .minor)
    alerts.setSpeedAlertThresholdPercentage(10, for: .major)
    alerts.severityUpgradeDurationSeconds = 5
    navigator.speedAlertOptions = alerts
    mapView.cameraMode = .following
    mapView.followingPerspective = .topDownHeadingUp
    mapView.travelMode = .driving
    mapView.shouldDisplaySpeedLimit = true
    mapView.settings.isNavigationFooterEnabled = false
    let routing = GMSNavigationMutableRoutingOptions()
    routing.routingStrategy = .defaultBest
    routing.alternateRoutesStrategy = .none
    navigator.setDestinations(stops, routingOptions: routing) { [weak self] routeStatus in
      self?.routeAnswered(routeStatus)
    }
  }

  private func routeAnswered(_ routeStatus: GMSRouteStatus) {
    switch routeStatus {
    case .OK:
      heard.append("route(OK)")
      session?.navigator?.isGuidanceActive = true
      session?.locationSimulator?.speedMultiplier = 1
      session?.locationSimulator?.simulateLocationsAlongExistingRoute()
      endTripButton.isHidden = false
    case .canceled:
      heard.append("route(canceled)")
    case .noRouteFound, .networkError, .quotaExceeded, .locationUnavailable:
      heard.append("route(failed \(routeStatus.rawValue))")
      stepLabel.text = "No route to the first stop"
    default:
      heard.append("route(\(routeStatus.rawValue))")
    }
  }

  /// What the "End trip" button and `viewWillDisappear` do.
  func endTrip() {
    guard let session else { return }
    heard.append("teardown")
    session.locationSimulator?.stopSimulation()
    session.navigator?.clearDestinations()
    session.navigator?.isGuidanceActive = false
    session.roadSnappedLocationProvider?.stopUpdatingLocation()
    _ = session.roadSnappedLocationProvider?.remove(self)
    _ = session.navigator?.remove(self)
    session.isStarted = false
    self.session = nil
    card.removeFromSuperview()
  }

  // MARK: - GMSNavigatorListener

  func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    let legs = navigator.routeLegs?.count ?? 0
    let next = navigator.currentRouteLeg?.destinationWaypoint?.title ?? "-"
    heard.append("routeChanged(\(legs) legs, next \(next))")
    shownStep = -1
  }

  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    guard navInfo.navState == .enroute, let step = navInfo.currentStep,
      step.stepNumber != shownStep
    else { return }
    shownStep = step.stepNumber
    heard.append("step(\(step.stepNumber), \(step.fullRoadName))")
    let options = GMSNavigationStepInfoImageOptions()
    options.maneuverImageSize = .square48
    options.screenMetrics = UIScreen.main
    _ = step.maneuverImage(with: options)  // the card's icon, were there one headless
    stepLabel.text = step.fullInstructionText
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    heard.append("time(\(Int(time)))")
    let minutes = max(1, Int((time / 60).rounded()))
    etaLabel.text = "\(minutes) min to \(navigator.currentRouteLeg?.destinationWaypoint?.title ?? "the stop")"
  }

  /// Never called: the distance threshold is `CLLocationDistanceMax`.
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance) {
    heard.append("distance(\(Int(distance)))")
  }

  func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {
    guard speedAlertSeverity != speedAlert else { return }
    speedAlert = speedAlertSeverity
    heard.append("speedAlert(\(speedAlertSeverity.rawValue))")
    switch speedAlertSeverity {
    case .minor, .major:
      speedingLabel.isHidden = false
      speedingLabel.text = "Slow down: \(Int(percentageAboveLimit.rounded()))% over the limit"
    default:
      speedingLabel.isHidden = true
    }
  }

  @available(*, deprecated, message: "calls the SDK's deprecated continueToNextDestination()")
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    heard.append("arrive(\(waypoint.title))")
    drivenPoints = navigator.traveledPath.count()
    if let next = navigator.continueToNextDestination() {
      heard.append("continue(\(next.title))")
      navigator.isGuidanceActive = true
      stepLabel.text = "Next: \(next.title)"
    } else {
      stepLabel.text = "All deliveries done"
      etaLabel.text = nil
      endTripButton.setTitle("Close", for: .normal)
    }
  }

  func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {
    heard.append("lighting(\(lightingMode.rawValue))")
    mapView.lightingMode = lightingMode
    card.backgroundColor = lightingMode == .lowLight ? .darkGray : .white
  }

  func navigatorWillPresentPrompt(_ navigator: GMSNavigator) {
    heard.append("prompt")
    card.isHidden = true
  }

  func navigatorDidDismissPrompt(_ navigator: GMSNavigator) {
    heard.append("promptGone")
    card.isHidden = false
  }

  // MARK: - GMSRoadSnappedLocationProviderListener

  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    // Recordings hold no accuracy: a replayed fix reads -1 ("unknown", as the SDK's header
    // says), so the screen checks the coordinate only.
    guard CLLocationCoordinate2DIsValid(location.coordinate) else { return }
    locationsHeard += 1
    if location.speed >= 0 { fastestSpeed = max(fastestSpeed, location.speed) }
  }
}
