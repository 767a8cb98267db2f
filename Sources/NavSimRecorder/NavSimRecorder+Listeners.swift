#if canImport(GoogleNavigation)
import CoreLocation
import GoogleNavigation
import SessionEvents

// What the navigator and the road-snapped location provider tell their listeners, turned into
// the events NavSim replays. Only the public listener API is used; what it does not carry is
// recorded as unknown (see "What the recorder cannot see" in the README).

/// What the listeners told the recorder so far.
struct ListenerState {
  var location: CLLocation?
  var severity = SpeedAlertSeverity.unknown
  var speedingPercentage = -1.0
  var routes = 0
  var hadRoute = false
  var arrivals = 0
  var nextPromptID = 1
  var shownPrompt: Int?
  /// A dismissal not yet written: when a new prompt comes in the same turn (before the next
  /// frame's `sample()`), the SDK replaced the prompt, which the log says with one event.
  var pendingDismissal: Int?
  var legCount = 0
  var startedProvider = false
}

// The SDK calls listeners on the main thread; its Objective-C protocols import without actor
// isolation on iOS (NavSim declares them `@MainActor`).
#if os(iOS)
extension NavSimRecorder: @preconcurrency GMSNavigatorListener,
  @preconcurrency GMSRoadSnappedLocationProviderListener {}
#else
extension NavSimRecorder: GMSNavigatorListener, GMSRoadSnappedLocationProviderListener {}
#endif

extension NavSimRecorder {
  /// Registers as a navigator and road-snapped location listener (starting location updates
  /// when the app has not: the provider only reports while updating).
  func attachListeners() {
    mapView.navigator?.add(self)
    if let provider = mapView.roadSnappedLocationProvider {
      provider.add(self)
      provider.startUpdatingLocation()
      listeners.startedProvider = true
    }
  }

  func detachListeners() {
    _ = mapView.navigator?.remove(self)
    if let provider = mapView.roadSnappedLocationProvider {
      _ = provider.remove(self)
    }
  }

  // MARK: - GMSNavigatorListener

  public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    sampleState()
    if let legs = navigator.routeLegs, !legs.isEmpty {
      defer { listeners.legCount = legs.count }
      if listeners.hadRoute && legs.count == listeners.legCount - 1 {
        record(.routeChanged(.nextLeg))
        return
      }
      listeners.routes += 1
      listeners.hadRoute = true
      listeners.arrivals = 0
      record(
        .routeSet(
          RouteInfo(
            routeID: "route-\(listeners.routes)", totalDistance: navigator.distanceToNextDestination,
            totalDuration: navigator.timeToNextDestination, legs: legs.count, steps: 0,
            alternateRoutes: 0)))
    } else if listeners.hadRoute {
      listeners.hadRoute = false
      listeners.legCount = 0
      record(.routeChanged(.cleared))
    }
  }

  public func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    sampleState()
    record(.arrived(waypointIndex: listeners.arrivals))
    listeners.arrivals += 1
  }

  public func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    sampleState()
    let step = navInfo.currentStep
    let location = listeners.location
    let remaining = navInfo.distanceToFinalDestinationMeters
    record(
      .progress(
        Progress(
          distanceTravelled: 0, distanceRemaining: remaining.isFinite ? remaining : 0,
          timeRemaining: navInfo.timeToFinalDestinationSeconds.isFinite
            ? navInfo.timeToFinalDestinationSeconds : 0,
          stepIndex: step?.stepNumber ?? 0,
          distanceToNextManeuver: navInfo.distanceToCurrentStepMeters.isFinite
            ? navInfo.distanceToCurrentStepMeters : 0,
          maneuver: step.map { Self.maneuverName($0.maneuver) } ?? "",
          roadName: step?.fullRoadName ?? "",
          latitude: location?.coordinate.latitude ?? 0,
          longitude: location?.coordinate.longitude ?? 0,
          course: location.map { $0.course >= 0 ? $0.course : -1 } ?? -1,
          delay: DelayCategory(navigator.delayCategoryToNextDestination))))
    recordSpeed()
  }

  public func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {
    sampleState()
    // Written with the next nav info (every tick of guidance), as the log has a speed event
    // per tick after the progress event.
    listeners.severity = SpeedAlertSeverity(speedAlertSeverity)
    listeners.speedingPercentage = Double(percentageAboveLimit)
  }

  public func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {
    sampleState()
    record(.lightingChanged(lightingMode == .lowLight ? .night : .day))
  }

  public func navigatorWillPresentPrompt(_ navigator: GMSNavigator) {
    sampleState()
    listeners.pendingDismissal = nil  // replaced, not dismissed
    let id = listeners.nextPromptID
    listeners.nextPromptID += 1
    listeners.shownPrompt = id
    // The listener says only that a prompt comes: its kind and text are not in the public API.
    record(.promptReady(Prompt(promptID: id, kind: Self.unknownPromptKind, text: "")))
  }

  public func navigatorDidDismissPrompt(_ navigator: GMSNavigator) {
    sampleState()
    guard let id = listeners.shownPrompt else { return }
    listeners.shownPrompt = nil
    listeners.pendingDismissal = id
  }

  /// Writes a dismissal that no new prompt followed in the same turn.
  func flushPromptDismissal() {
    guard let id = listeners.pendingDismissal else { return }
    listeners.pendingDismissal = nil
    record(.promptDismissed(promptID: id))
  }

  // MARK: - GMSRoadSnappedLocationProviderListener

  public func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    sampleState()
    // The speed is written with the next nav info or speed alert, after the position, as the
    // SDK reports them.
    listeners.location = location
  }

  // MARK: - Helpers

  /// The prompt kind recorded for every prompt: the listener API does not say which it is.
  static let unknownPromptKind = PromptKind(rawValue: "unknown")

  /// A speed event: the speed of the last location, the last alert. The posted limit is not
  /// in the public API: recorded as unknown.
  private func recordSpeed() {
    let speed = listeners.location.flatMap { $0.speed >= 0 ? $0.speed : nil }
    record(
      .speed(
        SpeedReport(
          speed: speed, speedLimit: nil, severity: listeners.severity,
          speedingPercentage: listeners.speedingPercentage)))
  }

  /// The recorded name of a manoeuvre (the names NavSim's importers write); `unknown` else.
  static func maneuverName(_ maneuver: GMSNavigationManeuver) -> String {
    switch maneuver {
    case .depart: "depart"
    case .destination: "arrive"
    case .destinationLeft: "arrive-left"
    case .destinationRight: "arrive-right"
    case .straight: "straight"
    case .turnLeft: "turn-left"
    case .turnRight: "turn-right"
    case .turnKeepLeft: "keep-left"
    case .turnKeepRight: "keep-right"
    case .turnSlightLeft: "turn-slight-left"
    case .turnSlightRight: "turn-slight-right"
    case .turnSharpLeft: "turn-sharp-left"
    case .turnSharpRight: "turn-sharp-right"
    case .turnUTurnClockwise, .turnUTurnCounterClockwise: "uturn"
    case .mergeUnspecified: "merge"
    case .mergeLeft: "merge-left"
    case .mergeRight: "merge-right"
    case .forkLeft: "fork-left"
    case .forkRight: "fork-right"
    case .onRampUnspecified: "on-ramp"
    case .onRampLeft: "on-ramp-left"
    case .onRampRight: "on-ramp-right"
    case .offRampUnspecified: "off-ramp"
    case .offRampLeft: "off-ramp-left"
    case .offRampRight: "off-ramp-right"
    case .roundaboutClockwise, .roundaboutCounterClockwise: "roundabout"
    case .ferryBoat: "ferry"
    case .ferryTrain: "ferry-train"
    case .nameChange: "name-change"
    default: "unknown"
    }
  }
}

extension DelayCategory {
  init(_ category: GMSNavigationDelayCategory) {
    switch category {
    case .noData: self = .noData
    case .heavy: self = .heavy
    case .medium: self = .medium
    case .light: self = .light
    @unknown default: self = .noData
    }
  }
}

extension SpeedAlertSeverity {
  init(_ severity: GMSNavigationSpeedAlertSeverity) {
    switch severity {
    case .unknown: self = .unknown
    case .notSpeeding: self = .notSpeeding
    case .minor: self = .minor
    case .major: self = .major
    @unknown default: self = .unknown
    }
  }
}
#endif
