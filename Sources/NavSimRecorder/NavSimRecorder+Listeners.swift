#if canImport(GoogleNavigation)
import CoreLocation
import GoogleNavigation
import SessionEvents

// What the navigator and the road-snapped location provider tell their listeners, turned into
// the events NavSim replays. Only the public listener API is used; what it does not carry is
// recorded as unknown (see "What the recorder cannot see" in docs/recorder.md).

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
  /// The current route's destinations (`destinationKey`) and the index of the current leg's.
  var destinations: [String] = []
  var currentLeg = 0
  /// A nav info said the navigator is re-routing; the new route is not there yet.
  var rerouting = false
  /// The speed event of the last fix, written once its tick is over (`flushPendingSpeed`).
  var pendingSpeed: (report: SpeedReport, t: Int64)?
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

  /// A route change, told apart by what the navigator shows: no legs (cleared); the same
  /// destinations with the current leg one further, or the first leg gone (next leg); the
  /// same destinations and leg (a re-route: the SDK keeps the destinations and finds a new
  /// way to them); other destinations (a new route).
  public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    sampleState()
    guard let legs = navigator.routeLegs, !legs.isEmpty else {
      if listeners.hadRoute {
        listeners.hadRoute = false
        listeners.rerouting = false
        listeners.destinations = []
        record(.routeChanged(.cleared))
      }
      return
    }
    let destinations = legs.map { Self.destinationKey($0.destinationWaypoint) }
    let current = navigator.currentRouteLeg.flatMap { leg in
      legs.firstIndex { $0 === leg || Self.destinationKey($0.destinationWaypoint)
        == Self.destinationKey(leg.destinationWaypoint) }
    } ?? 0
    let before = (destinations: listeners.destinations, current: listeners.currentLeg)
    listeners.destinations = destinations
    listeners.currentLeg = current
    if listeners.hadRoute {
      if destinations == Array(before.destinations.dropFirst()) && !destinations.isEmpty
        || destinations == before.destinations && current == before.current + 1
      {
        record(.routeChanged(.nextLeg))
        return
      }
      if destinations == before.destinations && current == before.current {
        if !listeners.rerouting { record(.routeChanged(.reroute)) }
        listeners.rerouting = false
        recordLegs(legs)
        recordRoute(navigator, legs: legs.count)
        return
      }
    }
    listeners.hadRoute = true
    listeners.rerouting = false
    listeners.arrivals = 0
    recordWaypoints(legs)
    recordLegs(legs)
    recordRoute(navigator, legs: legs.count)
  }

  /// The new route's legs as planned (`routeLeg` events, before its `routeSet`): where each
  /// ends and its geometry, when every leg's path runs to its destination, as a planned path
  /// does. (A replay of a log without planned legs answers with what was driven of each leg,
  /// which does not; nothing is written then.) The side of the road traffic drives on is not
  /// in `GMSRouteLeg` (nav info's steps say it, once guidance runs): written `none`, unknown.
  private func recordLegs(_ legs: [GMSRouteLeg]) {
    let paths = legs.map { leg -> [PathPoint] in
      guard let path = leg.path, path.count() > 0 else { return [] }
      let end = leg.destinationCoordinate
      let last = path.coordinate(at: path.count() - 1)
      guard CLLocationCoordinate2DIsValid(end),
        CLLocation(latitude: last.latitude, longitude: last.longitude)
          .distance(from: CLLocation(latitude: end.latitude, longitude: end.longitude)) <= 1
      else { return [] }
      return (0..<path.count()).map { index in
        let point = path.coordinate(at: index)
        return PathPoint(latitude: point.latitude, longitude: point.longitude)
      }
    }
    guard paths.allSatisfy({ !$0.isEmpty }) else { return }
    for (index, leg) in legs.enumerated() {
      record(
        .routeLeg(
          RecordedRouteLeg(
            index: index, latitude: leg.destinationCoordinate.latitude,
            longitude: leg.destinationCoordinate.longitude, drivingSide: .none,
            path: paths[index])))
    }
  }

  /// The new route's destinations (`waypoint` events, before its `routeSet`), when every leg
  /// names a real one: a Place ID or a valid coordinate. (A replay with stand-in destinations,
  /// which have neither, writes none, as the log it replays had none.)
  private func recordWaypoints(_ legs: [GMSRouteLeg]) {
    let waypoints = legs.compactMap(\.destinationWaypoint)
    guard waypoints.count == legs.count,
      waypoints.allSatisfy({ $0.placeID != nil || CLLocationCoordinate2DIsValid($0.coordinate) })
    else { return }
    for (index, waypoint) in waypoints.enumerated() {
      let placeID = waypoint.placeID ?? ""
      let located = placeID.isEmpty && CLLocationCoordinate2DIsValid(waypoint.coordinate)
      record(
        .waypoint(
          RecordedWaypoint(
            index: index, title: waypoint.title, placeID: placeID,
            latitude: located ? waypoint.coordinate.latitude : nil,
            longitude: located ? waypoint.coordinate.longitude : nil)))
    }
  }

  private func recordRoute(_ navigator: GMSNavigator, legs: Int) {
    listeners.routes += 1
    record(
      .routeSet(
        RouteInfo(
          routeID: "route-\(listeners.routes)", totalDistance: navigator.distanceToNextDestination,
          totalDuration: navigator.timeToNextDestination, legs: legs, steps: 0,
          alternateRoutes: 0)))
  }

  /// What identifies a destination across route changes (the SDK may hand out new waypoint
  /// objects for the same destination).
  static func destinationKey(_ waypoint: GMSNavigationWaypoint?) -> String {
    guard let waypoint else { return "" }
    let coordinate = waypoint.coordinate
    return "\(waypoint.title)|\(waypoint.placeID ?? "")|\(coordinate.latitude),\(coordinate.longitude)"
  }

  public func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    sampleState()
    record(.arrived(waypointIndex: listeners.arrivals))
    listeners.arrivals += 1
  }

  public func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    sampleState()
    if navInfo.navState == .rerouting && listeners.hadRoute && !listeners.rerouting {
      // The SDK says it is re-routing before the new route comes.
      listeners.rerouting = true
      record(.routeChanged(.reroute))
    }
    let step = navInfo.currentStep
    let location = listeners.location
    let remaining = navInfo.distanceToFinalDestinationMeters
    record(
      .progress(
        Progress(
          distanceTravelled: 0, distanceRemaining: remaining.isFinite ? remaining : 0,
          timeRemaining: navInfo.timeToFinalDestinationSeconds.isFinite
            ? navInfo.timeToFinalDestinationSeconds : 0,
          // Nav info's current step is the one whose manoeuvre comes next; the log's step
          // is the one being driven, the step before it.
          stepIndex: max(0, (step?.stepNumber ?? 0) - 1),
          distanceToNextManeuver: navInfo.distanceToCurrentStepMeters.isFinite
            ? navInfo.distanceToCurrentStepMeters : 0,
          maneuver: step.map { Self.maneuverName($0.maneuver) } ?? "",
          roadName: step?.fullRoadName ?? "",
          latitude: location?.coordinate.latitude ?? 0,
          longitude: location?.coordinate.longitude ?? 0,
          course: location.map { $0.course >= 0 ? $0.course : -1 } ?? -1,
          delay: DelayCategory(navigator.delayCategoryToNextDestination))))
    // The fix's speed event waits until the tick is over: the speed alert for this fix comes
    // after its nav info.
    let speed = listeners.location.flatMap { $0.speed >= 0 ? $0.speed : nil }
    listeners.pendingSpeed = (
      SpeedReport(
        speed: speed, speedLimit: nil, severity: listeners.severity,
        speedingPercentage: listeners.speedingPercentage),
      currentT
    )
  }

  public func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {
    // Part of the fix's speed event, written when the tick is over (`flushPendingSpeed`);
    // the SDK calls this only when the alert changes.
    let severity = SpeedAlertSeverity(speedAlertSeverity)
    let percentage = Double(percentageAboveLimit)
    listeners.severity = severity
    listeners.speedingPercentage = percentage
    listeners.pendingSpeed?.report.severity = severity
    listeners.pendingSpeed?.report.speedingPercentage = percentage
    sampleState()
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
    // Its view, handed to the layout delegate, is sized under this id.
    if isObservingSDKViews { viewObserver.promptAnnounced(id: id) }
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
    // A new fix: the last one's tick is over.
    flushPendingSpeed()
    sampleState()
    // The position and speed are written with the nav info that follows, as the SDK reports
    // them.
    listeners.location = location
  }

  // MARK: - Helpers

  /// The prompt kind recorded for every prompt: the listener API does not say which it is.
  static let unknownPromptKind = PromptKind(rawValue: "unknown")

  /// Writes the last fix's speed event (the speed of its location, the alert the SDK reported
  /// for it; the posted limit is not in the public API: unknown), if not written yet.
  func flushPendingSpeed() {
    guard let pending = listeners.pendingSpeed else { return }
    listeners.pendingSpeed = nil
    enqueue(.speed(pending.report), t: pending.t)
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
