import CoreLocation
import Foundation
import HeadlessUIKit

// The navigator (navigation-sdk-api.md section 5) and its listener (section 6), under the
// SDK's names. Under replay the recording drives it (`GMSNavigator+Replay.swift`): reading a
// property returns what the trip has reached, and listeners hear of each change.

/// Hears of the trip: arrivals, route changes, remaining time and distance, traffic, lighting,
/// speeding, turn-by-turn info and prompts. Every method has a default that does nothing for
/// the app (the SDK's are optional), so a class implementing any subset compiles and gets
/// called; nav info's default also tells the navigator that this listener doesn't hear it.
@preconcurrency @MainActor
public protocol GMSNavigatorListener: NSObjectProtocol {
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint)
  func navigatorDidChangeRoute(_ navigator: GMSNavigator)
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval)
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance)
  func navigator(_ navigator: GMSNavigator, didUpdate delayCategory: GMSNavigationDelayCategory)
  func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode)
  func navigator(
    _ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat)
  func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat)
  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo)
  func navigatorWillPresentPrompt(_ navigator: GMSNavigator)
  func navigatorDidDismissPrompt(_ navigator: GMSNavigator)
}

extension GMSNavigatorListener {
  public func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {}
  public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {}
  public func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {}
  public func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {}
  public func navigator(
    _ navigator: GMSNavigator, didUpdate delayCategory: GMSNavigationDelayCategory
  ) {}
  public func navigator(
    _ navigator: GMSNavigator, didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {}
  public func navigator(
    _ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat
  ) {}
  public func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {}
  /// The default tells `navigator` that this listener does not hear nav info: the SDK asks a
  /// listener whether it responds to the call; NavSim learns it here, the first time it hands
  /// the listener nav info, and builds nav info only while some listener may hear it.
  public func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    navigator.listenerIgnoresNavInfo(self)
  }
  public func navigatorWillPresentPrompt(_ navigator: GMSNavigator) {}
  public func navigatorDidDismissPrompt(_ navigator: GMSNavigator) {}
}

/// A weakly held navigator listener. Typed, so calling it looks up no conformance: a cast
/// from `AnyObject` to the protocol cost about 400 instructions a call. A class, so that
/// reading the listener from the list retains the box rather than copying a weak reference
/// (a copy and a destroy of the weak reference cost about 100 instructions a call).
final class WeakNavigatorListener {
  weak var value: (any GMSNavigatorListener)?
  /// Whether the listener keeps the protocol's empty `navigator(_:didUpdate:)` for nav info
  /// (learned when that default is called): the conformance is fixed, so it stays so.
  var ignoresNavInfo = false
  init(_ listener: any GMSNavigatorListener) { value = listener }
  func holds(_ other: AnyObject) -> Bool { value === other }
}

/// A weakly held location listener (see `WeakNavigatorListener`).
struct WeakLocationListener {
  weak var value: (any GMSRoadSnappedLocationProviderListener)?
  init(_ listener: any GMSRoadSnappedLocationProviderListener) { value = listener }
  func holds(_ other: AnyObject) -> Bool { value === other }
}

/// The route and guidance controller of a map view or a navigation session.
///
/// Main actor only, as the SDK's (main thread only). `init()` is unavailable: map views and
/// sessions hand navigators out.
@preconcurrency @MainActor
open class GMSNavigator: NSObject {
  /// The map whose navigation UI this navigator drives (nil for a session not yet attached).
  weak var mapView: GMSMapView?
  /// The session it belongs to, if any (a stopped session delivers no locations).
  weak var session: GMSNavigationSession?
  /// Whether locations reach provider listeners: not while an attached session is stopped.
  @_spi(Replay) public var deliversLocations: Bool { session?.isStarted ?? true }
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  @exclusivity(unchecked) var listeners: [WeakNavigatorListener] = [] {
    didSet { wantsNavInfo = listeners.contains { !$0.ignoresNavInfo } }
  }
  /// Whether a registered listener may hear nav info: false when there is none, or when every
  /// one was found to keep the protocol's empty default (`listenerIgnoresNavInfo(_:)`). A
  /// listener added since has not been found so, and makes it true again.
  @exclusivity(unchecked) @_spi(Replay) public private(set) var wantsNavInfo = false
  /// The trip as the recording has told it so far.
  @exclusivity(unchecked) @_spi(Replay) public final var trip = TripProgress()

  /// Runs `body` on the trip in place. The replay's per-event bookkeeping goes through here:
  /// the access is compiled in this module, so it goes unchecked like the property, where
  /// each access from another module costs the runtime's check. `body` must not reach the
  /// navigator (a listener, a property that reads the trip): it holds the trip.
  @_spi(Replay) public func updateTrip<Result>(_ body: (inout TripProgress) -> Result) -> Result {
    body(&trip)
  }
  /// This navigator's location stream and simulator.
  @_spi(Replay) public let provider: GMSRoadSnappedLocationProvider
  let simulator: GMSLocationSimulator
  /// The simulator's reference back to this navigator, cleared when it goes.
  private let simulatorLink = NavigatorLink()

  init(sdk: Void) {
    provider = GMSRoadSnappedLocationProvider(sdk: ())
    simulator = GMSLocationSimulator(link: simulatorLink)
    super.init()
    simulatorLink.navigator = self
  }

  deinit { simulatorLink.navigator = nil }

  @available(*, unavailable, message: "use mapView.navigator or session.navigator")
  override public init() { fatalError("GMSNavigator() is unavailable") }

  // MARK: - Listeners

  /// Registers a weakly held listener (once; adding it again changes nothing).
  public func add(_ listener: any GMSNavigatorListener) {
    requireMainThread("GMSNavigator.add(_:)")
    listeners.removeAll { $0.value == nil }
    guard !listeners.contains(where: { $0.holds(listener) }) else { return }
    listeners.append(WeakNavigatorListener(listener))
  }

  /// Unregisters a listener; false if it was not registered.
  @discardableResult
  public func remove(_ listener: any GMSNavigatorListener) -> Bool {
    guard let index = listeners.firstIndex(where: { $0.holds(listener) }) else { return false }
    listeners.remove(at: index)
    return true
  }

  /// `listener` keeps the protocol's empty nav info callback (its default calls this).
  func listenerIgnoresNavInfo(_ listener: any GMSNavigatorListener) {
    for entry in listeners where !entry.ignoresNavInfo && entry.holds(listener) {
      entry.ignoresNavInfo = true
      wantsNavInfo = listeners.contains { !$0.ignoresNavInfo }
    }
  }

  /// Calls every live listener, in registration order. The entries of listeners that went
  /// away without being removed are dropped first (so nav info stops when none left hears it).
  @_spi(Replay) public func notify(_ call: (any GMSNavigatorListener) -> Void) {
    guard !listeners.isEmpty else { return }
    // One listener (a screen) is the usual case: no array of the live ones is built for it.
    if listeners.count == 1 {
      if let listener = listeners[0].value { call(listener) } else { listeners.removeAll() }
      return
    }
    let live = listeners.compactMap(\.value)
    if live.count != listeners.count { listeners.removeAll { $0.value == nil } }
    for listener in live { call(listener) }
  }

  // MARK: - Settings

  /// Avoid highways, tolls and ferries (for later route requests). Defaults false, false, true.
  public var avoidsHighways = false
  public var avoidsTolls = false
  public var avoidsFerries = true
  /// Routes around licence-plate bans (later requests). Default nil.
  public var licensePlateRestriction: GMSNavigationLicensePlateRestriction?
  /// Whether traffic, better-route and incident prompts show. Default true.
  public var shouldDisplayPrompts = true {
    didSet {
      guard oldValue != shouldDisplayPrompts else { return }
      mapView?.promptsSettingChanged(shouldDisplayPrompts)
    }
  }
  /// Whether guidance stops by itself at the last destination. Default true.
  public var stopGuidanceAtArrival = true
  /// Alternate routes to fetch with the next route. Default `.all`.
  public var alternateRoutesStrategy = GMSNavigationAlternateRoutesStrategy.all
  /// The smallest change of the remaining time that is reported. Default 1 s; the largest
  /// value turns the callback off.
  @exclusivity(unchecked) public var timeUpdateThreshold: TimeInterval = 1
  /// The smallest change of the remaining distance that is reported. Default 1 m;
  /// `CLLocationDistanceMax` turns the callback off.
  @exclusivity(unchecked) public var distanceUpdateThreshold: CLLocationDistance = 1
  /// Default `.alertsAndGuidance`.
  public var voiceGuidance = GMSNavigationVoiceGuidance.alertsAndGuidance
  /// Default `.bluetooth`.
  public var audioDeviceType = GMSVoiceGuidanceAudioDeviceType.bluetooth
  /// Vibrate with voice alerts. Default false.
  public var isVibrationEnabled = false
  /// Guidance notifications in the background. Default true.
  public var sendsBackgroundNotifications = true
  /// Custom speed-alert thresholds; nil keeps the SDK's default alerts and no speeding feed
  /// (`didUpdateSpeedingPercentage` is called only while options are set).
  @exclusivity(unchecked) @NSCopying public var speedAlertOptions: GMSNavigationSpeedAlertOptions?
  /// The transaction IDs the session is tagged with.
  public private(set) var transactionIDs: [String] = []

  /// Tags the session for per-transaction billing. An empty ID is reported to `errorHandler`.
  public func setTransactionIDs(
    _ transactionIDs: [String], errorHandler: GMSNavigationTransactionIDErrorHandler? = nil
  ) {
    if transactionIDs.contains(where: \.isEmpty) {
      errorHandler?(NavigatorCallError(message: "a transaction ID is empty"))
      return
    }
    self.transactionIDs = transactionIDs
  }

  // MARK: - The trip as it stands

  /// Seconds to the next destination; `CLTimeIntervalMax` without a route.
  public var timeToNextDestination: TimeInterval { trip.hasRoute ? trip.timeRemaining : CLTimeIntervalMax }
  /// Metres to the next destination; `CLLocationDistanceMax` without a route.
  public var distanceToNextDestination: CLLocationDistance {
    trip.hasRoute ? trip.distanceRemaining : CLLocationDistanceMax
  }
  /// Traffic to the next destination; `.noData` without a route.
  public var delayCategoryToNextDestination: GMSNavigationDelayCategory {
    trip.hasRoute ? trip.delay : .noData
  }
  /// The day / night suggestion for the time and place. Default `.normal`.
  public var suggestedLightingMode: GMSNavigationLightingMode { trip.lighting }
  /// The route's destinations, as set (NavSim: readable, for tests and recorders).
  public var destinations: [GMSNavigationWaypoint] { trip.destinations }

  /// Seconds to a destination of the route: the next one's remaining time; later ones are
  /// not in the log (`CLTimeIntervalMax`), nor are waypoints not on the route.
  public func time(to waypoint: GMSNavigationWaypoint) -> TimeInterval {
    trip.isNext(waypoint) ? timeToNextDestination : CLTimeIntervalMax
  }

  /// Metres to a destination of the route (see `time(to:)`).
  public func distance(to waypoint: GMSNavigationWaypoint) -> CLLocationDistance {
    trip.isNext(waypoint) ? distanceToNextDestination : CLLocationDistanceMax
  }

  /// The leg from the vehicle to the next destination: with a planned route (schema 4) its
  /// path starts at the vehicle's last position and follows the plan from there.
  public var currentRouteLeg: GMSRouteLeg? {
    guard let legs = routeLegs, trip.legIndex < legs.count else { return nil }
    let leg = legs[trip.legIndex]
    guard let planned = trip.planned, trip.legIndex < planned.legs.count, let here = trip.location
    else { return leg }
    return GMSRouteLeg(
      destinationWaypoint: leg.destinationWaypoint, destinationCoordinate: leg.destinationCoordinate,
      path: planned.remainingPath(from: here, onLeg: trip.legIndex))
  }

  /// One leg per destination; nil without a route.
  public var routeLegs: [GMSRouteLeg]? {
    guard trip.hasRoute else { return nil }
    return trip.legs
  }

  /// The (simplified) path driven since guidance last started; empty before.
  public var traveledPath: GMSPath { GMSPath(coordinates: trip.traveled.points) }

  // MARK: - Guidance

  /// Whether turn-by-turn guidance runs.
  ///
  /// Outside a replay, setting it starts or stops guidance (calling the layout delegate); it
  /// is ignored while navigation is disabled. Under replay the recording decides: `true` is
  /// accepted (guidance starts when the recording starts it) and `false` is accepted once the
  /// last destination is reached; switching guidance off earlier is a `replay-divergence`.
  public var isGuidanceActive: Bool {
    get { mapView?.navigationState == .activeGuidance }
    set {
      requireMainThread("GMSNavigator.isGuidanceActive")
      if let replay = mapView?.replay {
        replay.guidanceRequested(newValue, by: self)
        return
      }
      guard let mapView, newValue != isGuidanceActive else { return }
      try? mapView.transition { lifecycle throws(LifecycleError) in
        newValue ? try lifecycle.startGuidance() : try lifecycle.stopGuidance()
      }
    }
  }

  // MARK: - Destinations

  /// Replaces the destinations and requests a route; `callback` hears the outcome on the main
  /// actor. Under replay the recording's route answers (see `GMSNavigator+Replay.swift`);
  /// outside one there is no router (`.noRouteFound`).
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint], callback: @escaping GMSRouteStatusCallback
  ) {
    requireMainThread("GMSNavigator.setDestinations(_:callback:)")
    requestRoute(destinations, call: "setDestinations(_:callback:)", callback: callback)
  }

  /// `setDestinations` with routing options (the recording's route answers whatever they say).
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint], routingOptions: GMSNavigationRoutingOptions,
    callback: @escaping GMSRouteStatusCallback
  ) {
    alternateRoutesStrategy = routingOptions.alternateRoutesStrategy
    requestRoute(
      destinations, call: "setDestinations(_:routingOptions:callback:)", callback: callback)
  }

  /// `setDestinations` with a precomputed route token: driving and two-wheeler only.
  public func setDestinations(
    _ destinations: [GMSNavigationWaypoint], routeToken: String,
    callback: @escaping GMSRouteStatusCallback
  ) {
    let mode = session?.travelMode ?? .driving
    guard mode == .driving || mode == .twoWheeler else {
      callback(.travelModeUnsupported)
      return
    }
    requestRoute(destinations, call: "setDestinations(_:routeToken:callback:)", callback: callback)
  }

  func requestRoute(
    _ destinations: [GMSNavigationWaypoint], call: String,
    callback: @escaping GMSRouteStatusCallback
  ) {
    guard !destinations.isEmpty else {
      callback(.noWaypointsError)
      return
    }
    guard let replay = mapView?.replay else {
      callback(.noRouteFound)
      return
    }
    replay.routeRequested(destinations, call: call, by: self, callback: callback)
  }

  /// ETA and distance for `destination` when it is the route's next destination; nil
  /// otherwise (NavSim has no router).
  public func getRouteInfo(
    forDestination destination: GMSNavigationWaypoint,
    with routingOptions: GMSNavigationRoutingOptions,
    callback: @escaping GMSRouteInfoCallback
  ) {
    guard trip.isNext(destination) else {
      callback(nil)
      return
    }
    callback(
      GMSNavigationRouteInfo(byStrategy: [
        (routingOptions.routingStrategy,
         GMSNavigationTimeAndDistance(
          durationSeconds: timeToNextDestination, distanceMeters: distanceToNextDestination))
      ]))
  }

  /// Deprecated in the SDK: drops the reached destination and returns the new target. Under
  /// replay the recording moves to the next leg by itself; this returns the waypoint after the
  /// one reached and is a `replay-divergence` before that one is reached.
  @available(*, deprecated, message: "call setDestinations with the remaining waypoints")
  @discardableResult
  public func continueToNextDestination() -> GMSNavigationWaypoint? {
    requireMainThread("GMSNavigator.continueToNextDestination()")
    if let replay = mapView?.replay { return replay.continueRequested(by: self) }
    guard !trip.destinations.isEmpty else { return nil }
    trip.destinations.removeFirst()
    return trip.destinations.first
  }

  /// Removes destinations and routes and stops guidance. Under replay it is accepted once the
  /// trip is over; clearing a route the recording still drives is a `replay-divergence`.
  public func clearDestinations() {
    requireMainThread("GMSNavigator.clearDestinations()")
    if let replay = mapView?.replay {
      replay.clearRequested(by: self)
      return
    }
    let hadRoute = trip.hasRoute
    trip.clearRoute()
    isGuidanceActive = false
    if hadRoute { notify { $0.navigatorDidChangeRoute(self) } }
  }
}

/// An error handed to an SDK error handler.
public struct NavigatorCallError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}

/// A leg of the route, ending at a destination.
open class GMSRouteLeg: NSObject {
  public let destinationWaypoint: GMSNavigationWaypoint?
  /// The leg's last on-road coordinate: as the recording planned it (`routeLeg`, schema 4);
  /// in older logs where the recording arrived, or the waypoint's coordinate before arrival.
  public let destinationCoordinate: CLLocationCoordinate2D
  /// The leg's geometry: as the recording planned it (`routeLeg`, schema 4); in older logs,
  /// which hold no route geometry, as driven so far, nil before the leg starts.
  public let path: GMSPath?

  init(destinationWaypoint: GMSNavigationWaypoint?, destinationCoordinate: CLLocationCoordinate2D, path: GMSPath?) {
    self.destinationWaypoint = destinationWaypoint
    self.destinationCoordinate = destinationCoordinate
    self.path = path
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("GMSRouteLeg() is unavailable") }
}
