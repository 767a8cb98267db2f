import CoreLocation
import Findings
import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK
import SessionEvents
import TextBytes

// How a replay drives the navigator, and how it answers the app's calls (closed world).
//
// The recording is the source of truth. Recorded events move the navigator's trip on
// (`recorded...` below, called by `NavigationSession` in event order, through the SDK model's
// replay driving interface), and listeners hear of each change in
// the SDK's order: for a progress event, the road-snapped location (providers that were
// started), then nav info (during guidance), remaining time, remaining distance, delay
// category; for a speed event, the speeding percentage (only while `speedAlertOptions` are
// set) then the speed alert; a route set or changed calls `navigatorDidChangeRoute` before
// the route request's callback.
//
// App calls that ask for what the recording did are accepted and answered from it; calls that
// contradict it change nothing and become `replay-divergence` warnings (`ReplayControl`).

extension GMSRouteStatus {
  /// The status for a recorded case name; `.internalError` for a name NavSim does not know.
  init(recordedName name: String) {
    let all: [(String, GMSRouteStatus)] = [
      ("internalError", .internalError), ("OK", .OK), ("noRouteFound", .noRouteFound),
      ("networkError", .networkError), ("quotaExceeded", .quotaExceeded),
      ("apiKeyNotAuthorized", .apiKeyNotAuthorized), ("canceled", .canceled),
      ("duplicateWaypointsError", .duplicateWaypointsError),
      ("noWaypointsError", .noWaypointsError), ("locationUnavailable", .locationUnavailable),
      ("waypointError", .waypointError), ("travelModeUnsupported", .travelModeUnsupported),
    ]
    self = all.first { $0.0 == name }?.1 ?? .internalError
  }
}

extension TripProgress {
  /// Stand-in destinations for a route of `count` legs nobody asked for.
  static func standIns(_ count: Int) -> [GMSNavigationWaypoint] {
    (0..<count).map { GMSNavigationWaypoint(standInTitle: "Destination \($0 + 1)") }
  }
}

/// What the recording said about a navigator's next route before its `routeSet`, and the
/// destinations it named for the current one.
struct RouteNotes {
  /// `waypoint` events since the last route (schema 3), for the next `routeSet`.
  var waypoints: [RecordedWaypoint] = []
  /// The destinations the recording named for the current route, when it named them.
  var destinations: [RecordedWaypoint]?
  /// `routeLeg`, `routeStep` and `stepDetail` events since the last route (schema 4).
  var guidance = RecordedGuidance()
}

extension GMSNavigationWaypoint {
  /// A destination as the recording named it.
  convenience init(recorded: RecordedWaypoint) {
    var coordinate = kCLLocationCoordinate2DInvalid
    if let latitude = recorded.latitude, let longitude = recorded.longitude {
      coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
    self.init(
      standInTitle: recorded.title, placeID: recorded.placeID.isEmpty ? nil : recorded.placeID,
      coordinate: coordinate)
  }
}

// MARK: - Recorded events

extension GMSNavigator {
  func recordedWaypoint(_ waypoint: RecordedWaypoint, replay: ReplayControl) {
    replay.notes[ObjectIdentifier(self), default: RouteNotes()].waypoints.append(waypoint)
  }

  func recordedRouteLeg(_ leg: RecordedRouteLeg, replay: ReplayControl) {
    replay.notes[ObjectIdentifier(self), default: RouteNotes()].guidance.legs.append(leg)
  }
  func recordedRouteStep(_ step: RecordedStep, replay: ReplayControl) {
    replay.notes[ObjectIdentifier(self), default: RouteNotes()].guidance.steps.append(step)
  }
  func recordedStepDetail(_ detail: RecordedStepDetail, replay: ReplayControl) {
    replay.notes[ObjectIdentifier(self), default: RouteNotes()].guidance.details.append(detail)
  }

  /// A route request ended: a failure answers the pending request with its status.
  func recordedRouteStatus(_ name: String, replay: ReplayControl) {
    let status = GMSRouteStatus(recordedName: name)
    guard status != .OK else { return }  // the `routeSet` that follows answers
    replay.notes[ObjectIdentifier(self), default: RouteNotes()].waypoints = []
    replay.notes[ObjectIdentifier(self), default: RouteNotes()].guidance = RecordedGuidance()
    if let pending = replay.pendingRoute, pending.navigator === self {
      replay.pendingRoute = nil
      pending.callback(status)
    }
  }

  func recordedRouteSet(_ route: RouteInfo, replay: ReplayControl) {
    let legs = max(1, route.legs)
    var callback: GMSRouteStatusCallback?
    var notes = replay.notes[ObjectIdentifier(self)] ?? RouteNotes()
    let named = notes.waypoints.sorted { $0.index < $1.index }
    notes.waypoints = []
    trip.planned = PlannedRoute(notes.guidance, legs: legs)
    notes.guidance = RecordedGuidance()
    if named.count == legs {
      notes.destinations = named
    } else if !trip.hasRoute || !named.isEmpty {
      notes.destinations = nil
    }
    replay.notes[ObjectIdentifier(self)] = notes
    if let pending = replay.pendingRoute, pending.navigator === self {
      replay.pendingRoute = nil
      if let mismatch = ReplayControl.mismatch(pending.destinations, notes.destinations) {
        replay.diverge(
          pending.call, at: pending.place,
          "\(mismatch) in the route the recording set at seq \(replay.seq): the app's "
            + "destinations are ignored and its callback is not called")
      } else if pending.destinations.count == legs {
        trip.destinations = pending.destinations
        trip.destinationsCall = pending.call
        callback = pending.callback
      } else {
        replay.diverge(
          pending.call, at: pending.place,
          "asked for \(pending.destinations.count) destination(s); the route the recording set "
            + "at seq \(replay.seq) has \(legs) leg(s): the app's destinations are ignored and "
            + "its callback is not called")
      }
    }
    if callback == nil, let recorded = notes.destinations, !named.isEmpty {
      trip.destinations = recorded.map(GMSNavigationWaypoint.init(recorded:))
      trip.destinationsCall = nil
    }
    if trip.destinations.count != legs {
      trip.destinations = TripProgress.standIns(legs)
      trip.destinationsCall = nil
    }
    let rerouted = trip.hasRoute
    trip.hasRoute = true
    trip.legCount = legs
    if !rerouted {
      trip.legIndex = 0
      trip.legPaths = Array(repeating: SimplifiedPath(), count: legs)
      trip.arrivalPoints = Array(repeating: nil, count: legs)
      trip.arrivedAtFinal = false
    }
    trip.navState = .enroute
    trip.routeChangedSinceNavInfo = true
    notify { $0.navigatorDidChangeRoute(self) }
    callback?(.OK)
  }

  func recordedRouteChanged(_ reason: RouteChangeReason) {
    switch reason {
    case .reroute, .alternateChosen:
      trip.navState = .rerouting  // the new route follows as its own routeSet
      return
    case .nextLeg:
      trip.legIndex = min(trip.legIndex + 1, max(0, trip.legCount - 1))
      trip.planned?.segment = 0
      trip.reportedTime = nil
      trip.reportedDistance = nil
    case .cleared:
      trip.clearRoute()
    }
    trip.routeChangedSinceNavInfo = true
    notify { $0.navigatorDidChangeRoute(self) }
  }

  /// A fix. `tickSpeed` is the speed event that completes its tick (same time, next in the
  /// log), when the caller knows it: the location and nav info then carry that speed, as a
  /// device's fix does; else the last recorded speed.
  /// `guiding` is `isGuidanceActive` when the caller knows it (the session reads its map
  /// view's state, where the navigator loads its weak reference to the map).
  func recordedProgress(
    _ progress: SessionEvents.Progress, t: Int64, tickSpeed: SpeedReport? = nil,
    guiding: Bool? = nil
  ) {
    let coordinate = CLLocationCoordinate2D(latitude: progress.latitude, longitude: progress.longitude)
    let guiding = guiding ?? isGuidanceActive
    // The trip's bookkeeping in one access (`updateTrip`: unchecked, where each access to
    // `trip` from this module costs the runtime's exclusivity check); no listener runs inside.
    let (hasRoute, speed) = updateTrip { trip in
      if let tickSpeed { trip.speed = tickSpeed.speed }
      trip.location = coordinate
      trip.timeRemaining = progress.timeRemaining
      trip.distanceRemaining = progress.distanceRemaining
      trip.delay = GMSNavigationDelayCategory(progress.delay)
      let leg = trip.legIndex  // read first: following mutates `trip`
      trip.planned?.follow(coordinate, onLeg: leg)
      if guiding {
        trip.traveled.append(coordinate)
        if trip.legIndex < trip.legPaths.count { trip.legPaths[trip.legIndex].append(coordinate) }
      }
      return (trip.hasRoute, trip.speed)
    }
    // What nobody can hear is not built: the location for provider listeners, nav info for
    // navigator listeners that implement its callback (`wantsNavInfo`).
    if deliversLocations, provider.isUpdating, provider.hasListeners {
      let location = CLLocation(
        coordinate: coordinate, altitude: .nan, horizontalAccuracy: -1, verticalAccuracy: -1,
        course: progress.course, speed: speed ?? -1,
        timestamp: Date(timeIntervalSinceReferenceDate: Double(t) / 1000))
      provider.deliver(location)
    }
    guard hasRoute else { return }
    if guiding {
      let info = wantsNavInfo ? navInfo(progress) : nil
      updateTrip { $0.routeChangedSinceNavInfo = false }
      if let info { notify { $0.navigator(self, didUpdate: info) } }
    }
    // Each threshold is read when its report is due (a listener may change the next one), and
    // outside closures: a main-actor closure handed to `Optional.map` is checked for its
    // executor on every call (Swift 6).
    let timeThreshold = timeUpdateThreshold
    if timeThreshold < CLTimeIntervalMax,
      updateTrip({ $0.takeReport(time: progress.timeRemaining, threshold: timeThreshold) })
    {
      notify { $0.navigator(self, didUpdateRemainingTime: progress.timeRemaining) }
    }
    let distanceThreshold = distanceUpdateThreshold
    if distanceThreshold < CLLocationDistanceMax,
      updateTrip({
        $0.takeReport(distance: progress.distanceRemaining, threshold: distanceThreshold)
      })
    {
      notify { $0.navigator(self, didUpdateRemainingDistance: progress.distanceRemaining) }
    }
    if let delay = updateTrip({ $0.takeDelayReport() }) {
      notify { $0.navigator(self, didUpdate: delay) }
    }
  }

  private func navInfo(_ progress: SessionEvents.Progress) -> GMSNavigationNavInfo {
    var step: GMSNavigationStepInfo
    var remaining: [GMSNavigationStepInfo] = []
    let next = progress.stepIndex + 1
    if let planned = trip.planned, next < planned.steps.count, planned.stepLegs[next] == trip.legIndex {
      // The recording planned the steps: the upcoming one, and those after it.
      step = planned.steps[next]
      remaining = updateTrip { $0.planned?.steps(from: next + 1) } ?? []
    } else {
      // Older recordings, or a destination that is not the route's last step: the current
      // step from progress (the log does not say the side: NavSim assumes right-hand traffic).
      let side = trip.planned.map { $0.drivingSide(leg: trip.legIndex) } ?? .right
      step = GMSNavigationStepInfo(
        maneuver: GMSNavigationManeuver(recorded: progress.maneuver, drivingSide: side),
        roadName: progress.roadName,
        instruction: RecordedStep.instruction(maneuver: progress.maneuver, road: progress.roadName),
        drivingSide: side, stepNumber: progress.stepIndex)
      if let planned = trip.planned, next < planned.steps.count {
        remaining = updateTrip { $0.planned?.steps(from: next) } ?? []
      }
    }
    // `if let`, not `Optional.map`: a main-actor closure checks its executor on every call.
    let timeToStep: TimeInterval
    if let speed = trip.speed, speed > 0.5 {
      timeToStep = progress.distanceToNextManeuver / speed
    } else {
      timeToStep = progress.distanceRemaining > 0
        ? progress.timeRemaining * progress.distanceToNextManeuver / progress.distanceRemaining : 0
    }
    return GMSNavigationNavInfo(
      navState: trip.navState, currentStep: trip.navState == .enroute ? step : nil,
      remainingSteps: trip.navState == .enroute ? remaining : [],
      routeChanged: trip.routeChangedSinceNavInfo,
      timeToCurrentStepSeconds: timeToStep,
      distanceToCurrentStepMeters: progress.distanceToNextManeuver,
      timeToFinalDestinationSeconds: progress.timeRemaining,
      distanceToFinalDestinationMeters: progress.distanceRemaining)
  }

  func recordedSpeed(_ report: SpeedReport) {
    let percentage = report.speedingPercentage
    updateTrip { $0.speed = report.speed }  // one unchecked access (see `recordedProgress`)
    if speedAlertOptions != nil,
      updateTrip({ $0.takeReport(speeding: percentage) })
    {
      notify { $0.navigator(self, didUpdateSpeedingPercentage: CGFloat(percentage)) }
    }
    let severity = GMSNavigationSpeedAlertSeverity(report.severity)
    if updateTrip({ $0.takeReport(alert: severity, percentage: percentage) }) {
      notify { $0.navigator(self, didUpdate: severity, speedingPercentage: CGFloat(percentage)) }
    }
  }

  func recordedArrival(waypointIndex: Int, replay: ReplayControl) {
    guard trip.hasRoute, waypointIndex >= 0, waypointIndex < trip.destinations.count else { return }
    let waypoint = trip.destinations[waypointIndex]
    if let here = trip.location {
      if waypointIndex < trip.arrivalPoints.count { trip.arrivalPoints[waypointIndex] = here }
      if waypoint.placeID == nil, CLLocationCoordinate2DIsValid(waypoint.coordinate),
        let call = trip.destinationsCall
      {
        let distance = CLLocation(latitude: here.latitude, longitude: here.longitude).distance(
          from: CLLocation(latitude: waypoint.coordinate.latitude, longitude: waypoint.coordinate.longitude))
        if distance > ReplayControl.arrivalTolerance {
          replay.diverge(
            call, at: "at seq \(replay.seq)",
            "destination '\(waypoint.title)' is \(Int(distance.rounded())) m from where the "
              + "recording arrived (waypoint \(waypointIndex))")
        }
      }
    }
    if waypointIndex == trip.legCount - 1 { trip.arrivedAtFinal = true }
    notify { $0.navigator(self, didArriveAt: waypoint) }
  }

  func recordedGuidanceStopped(_ reason: GuidanceStopReason, replay: ReplayControl) {
    if reason == .arrived, !stopGuidanceAtArrival {
      replay.diverge(
        "stopGuidanceAtArrival = false", at: "at seq \(replay.seq)",
        "the recording stops guidance at arrival")
    }
    trip.traveled = SimplifiedPath()
  }

  func recordedGuidanceStarted() {
    trip.traveled = SimplifiedPath(start: trip.location)
  }

  func recordedLighting(_ mode: GMSNavigationLightingMode) {
    guard trip.lighting != mode else { return }
    trip.lighting = mode
    notify { $0.navigator(self, didChangeSuggestedLightingMode: mode) }
  }

  /// The prompt on screen changed from `old` to `new` (ids).
  func promptChanged(from old: Int?, to new: Int?) {
    guard old != new else { return }
    if old != nil { notify { $0.navigatorDidDismissPrompt(self) } }
    if new != nil { notify { $0.navigatorWillPresentPrompt(self) } }
  }
}

extension GMSNavigationDelayCategory {
  init(_ recorded: DelayCategory) {
    switch recorded {
    case .noData: self = .noData
    case .heavy: self = .heavy
    case .medium: self = .medium
    case .light: self = .light
    }
  }
}

// MARK: - Answering the app (closed world)

/// The replay's side of the SDK: what the app asked for, checked against the recording.
///
/// Rules (docs/sdk-model.md, "Closed-world replay"):
/// * `setDestinations` (every variant) and `simulateAlongNewRoute` are answered by the
///   recording's next (or current) route: `.OK` at the route's seq when the app asked for as
///   many destinations as the route has legs; otherwise a divergence, and the callback is not
///   called. A later request supersedes a pending one, whose callback gets `.canceled`. A
///   coordinate destination more than `arrivalTolerance` from where the recording arrives is a
///   divergence at the arrival.
/// * `isNavigationEnabled = true`, `isGuidanceActive = true`, `startUpdatingLocation()`,
///   `simulateLocationsAlongExistingRoute()`, `stopSimulation()` are accepted; navigation and
///   guidance start when the recording starts them.
/// * Switching navigation or guidance off, or clearing destinations, while the recording
///   still guides to a destination not yet reached is a divergence (accepted after the last
///   arrival); so are `continueToNextDestination()` before the current destination is
///   reached, `simulateLocation(at:)`, pausing or speeding up the simulator, simulated
///   prompts and incidents, and `stopGuidanceAtArrival = false` when the recording stops
///   guidance at arrival.
@MainActor
final class ReplayControl: ReplayAnswering {
  /// How far a coordinate destination may lie from where the recording arrives.
  static let arrivalTolerance: CLLocationDistance = 250

  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  /// The event being applied, or the last one applied.
  @exclusivity(unchecked) var seq: Int64 = 0
  @exclusivity(unchecked) var inEvent = false
  /// Whether an event has been applied: calls before it are "before the first event".
  @exclusivity(unchecked) var started = false
  @exclusivity(unchecked) var divergences: [Finding] = []
  /// What the recording said of each navigator's routes (`RouteNotes`), by navigator: only
  /// looked up, never iterated.
  var notes: [ObjectIdentifier: RouteNotes] = [:]
  var pendingRoute:
    (destinations: [GMSNavigationWaypoint], call: String, place: String,
     callback: GMSRouteStatusCallback, navigator: GMSNavigator)?

  /// Where a call happens, for messages.
  var place: String {
    inEvent ? "at seq \(seq)" : started ? "after seq \(seq)" : "before the first event"
  }

  func diverge(_ call: String, _ why: String) { diverge(call, at: nil, why) }

  func diverge(_ call: String, at place: String?, _ why: String) {
    divergences.append(
      Finding(
        ruleID: Finding.divergenceRuleID, severity: .warning, views: [],
        message: "\(call) \(place ?? self.place): \(why)"))
  }

  /// Whether `drain()` would return anything.
  var hasDivergences: Bool { !divergences.isEmpty }

  func drain() -> [Finding] {
    defer { divergences.removeAll() }
    return divergences
  }

  // MARK: Requests

  func routeRequested(
    _ destinations: [GMSNavigationWaypoint], call: String, by navigator: GMSNavigator,
    callback: @escaping GMSRouteStatusCallback
  ) {
    if let pending = pendingRoute {
      pendingRoute = nil
      pending.callback(.canceled)
    }
    let trip = navigator.trip
    if trip.hasRoute, !trip.arrivedAtFinal {
      // The route is already there: answer from it now.
      if let mismatch = Self.mismatch(destinations, notes[ObjectIdentifier(navigator)]?.destinations) {
        diverge(call, "\(mismatch) in the recording's route: nothing changes and the callback is not called")
        return
      }
      guard destinations.count == trip.legCount else {
        diverge(
          call,
          "asked for \(destinations.count) destination(s); the recording's route has "
            + "\(trip.legCount) leg(s): nothing changes and the callback is not called")
        return
      }
      navigator.trip.destinations = destinations
      navigator.trip.destinationsCall = call
      callback(.OK)
      return
    }
    pendingRoute = (destinations, call, place, callback, navigator)
  }

  /// How the app's destinations differ from the ones the recording named; nil when they
  /// agree (or the recording named none): the same count, each with the recorded Place ID or
  /// within `arrivalTolerance` of the recorded coordinate.
  static func mismatch(
    _ destinations: [GMSNavigationWaypoint], _ recorded: [RecordedWaypoint]?
  ) -> String? {
    guard let recorded else { return nil }
    guard destinations.count == recorded.count else {
      return "asked for \(destinations.count) destination(s); the recording named \(recorded.count)"
    }
    for (index, (mine, theirs)) in zip(destinations, recorded).enumerated() {
      if !theirs.placeID.isEmpty {
        // By its bytes: a Place ID is a token, and `String ==` equates "K" with U+212A.
        if !sameBytes(mine.placeID, theirs.placeID) {
          return "destination \(index + 1) '\(mine.title)' is not the recorded '\(theirs.title)' "
            + "(place \(theirs.placeID))"
        }
      } else if let latitude = theirs.latitude, let longitude = theirs.longitude {
        let distance = CLLocationCoordinate2DIsValid(mine.coordinate)
          ? CLLocation(latitude: latitude, longitude: longitude).distance(
            from: CLLocation(latitude: mine.coordinate.latitude, longitude: mine.coordinate.longitude))
          : .infinity
        if distance > arrivalTolerance {
          return "destination \(index + 1) '\(mine.title)' is not the recorded '\(theirs.title)'"
            + (distance.isFinite ? " (\(Int(distance.rounded())) m away)" : "")
        }
      }
    }
    return nil
  }

  func guidanceRequested(_ on: Bool, by navigator: GMSNavigator) {
    guard !on, navigator.isGuidanceActive, !navigator.trip.arrivedAtFinal else { return }
    diverge("isGuidanceActive = false", "the recording keeps guiding: guidance stays on")
  }

  func navigationRequested(_ on: Bool, mapView: GMSMapView) {
    guard !on, mapView.isNavigationEnabled else { return }
    if let navigator = mapView.navigator, navigator.trip.hasRoute, !navigator.trip.arrivedAtFinal {
      diverge("isNavigationEnabled = false", "the recording keeps navigating: navigation stays on")
    } else if !(mapView.navigator?.trip.arrivedAtFinal ?? false) {
      diverge("isNavigationEnabled = false", "the recording has navigation on: it stays on")
    }
  }

  func clearRequested(by navigator: GMSNavigator) {
    if let pending = pendingRoute, pending.navigator === navigator {
      pendingRoute = nil
      pending.callback(.canceled)
    }
    guard navigator.trip.hasRoute, !navigator.trip.arrivedAtFinal else { return }
    diverge("clearDestinations()", "the recording keeps its route: nothing is cleared")
  }

  func continueRequested(by navigator: GMSNavigator) -> GMSNavigationWaypoint? {
    let trip = navigator.trip
    let reached = trip.arrivalPoints.indices.contains(trip.legIndex)
      && trip.arrivalPoints[trip.legIndex] != nil
    guard reached || trip.legIndex > 0 else {
      diverge(
        "continueToNextDestination()",
        "the recording has not reached destination \(trip.legIndex + 1) yet")
      return nil
    }
    let next = reached ? trip.legIndex + 1 : trip.legIndex
    return next < trip.destinations.count ? trip.destinations[next] : nil
  }
}

extension TripProgress {
  /// Whether a remaining time is to be reported (none yet, or `threshold` away from the
  /// last); notes it as reported when so.
  mutating func takeReport(time: Double, threshold: Double) -> Bool {
    if let last = reportedTime, !(abs(time - last) >= threshold) { return false }
    reportedTime = time
    return true
  }

  /// Like `takeReport(time:threshold:)`, for the remaining distance.
  mutating func takeReport(distance: Double, threshold: Double) -> Bool {
    if let last = reportedDistance, !(abs(distance - last) >= threshold) { return false }
    reportedDistance = distance
    return true
  }

  /// The delay category when it differs from the last reported (then noted as reported).
  mutating func takeDelayReport() -> GMSNavigationDelayCategory? {
    guard reportedDelay != delay else { return nil }
    reportedDelay = delay
    return delay
  }

  /// Whether a speeding percentage differs from the last reported (then noted as reported).
  mutating func takeReport(speeding percentage: Double) -> Bool {
    guard reportedSpeeding != percentage else { return false }
    reportedSpeeding = percentage
    return true
  }

  /// Whether a speed alert differs from the last reported (then noted as reported).
  mutating func takeReport(alert severity: GMSNavigationSpeedAlertSeverity, percentage: Double)
    -> Bool
  {
    if let last = reportedAlert, !(last.severity != severity || last.percentage != percentage) {
      return false
    }
    reportedAlert = (severity, percentage)
    return true
  }
}
