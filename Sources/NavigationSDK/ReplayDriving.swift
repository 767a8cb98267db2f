import CoreLocation
import Foundation
import HeadlessUIKit
import TextBytes

// MARK: - The replay driving interface
//
// What a replay sets that the SDK's public API does not, in the model's own types, as
// `@_spi(Replay) public` (`@_spi(Replay) import NavigationSDK`). The SDK model knows nothing
// of the event log: `Sources/Replay` reads events and translates each into these calls
// (`NavigationSession`, `GMSNavigator+Recorded.swift`); docs/sdk-model.md, "The replay
// driving interface", lists them by concern.
//
// * The map view: `replay` (who answers the app's navigator calls under replay),
//   `callbackObserver` (who hears every layout-delegate callback: the rule watcher),
//   `lifecycle` and `transition(_:)` (the SDK's UI states), `sessionNavigator`,
//   `resize(to:)`, `setLayoutDirection(rightToLeft:)`, `setCamera(...)`, `userPanned()`,
//   `recentered()`, `speedChanged(_:)`, `routeWasSet(_:)`, `isApplyingRecordedSetting`,
//   `updateBuiltInLayout()`.
// * The navigator: `trip` (the trip as the recording told it so far; its properties read
//   it), `notify(_:)` (its listeners, in registration order), `wantsNavInfo`, `provider`
//   (the road-snapped locations it delivers) and `deliversLocations`.
// * SDK views: the trip progress bar's `reset()` and `show(progress:)`, recorded sizes
//   (`SDKViewSet.applyRecordedSize` with an `SDKViewSize`), a shown prompt
//   (`NavigationLifecycle.promptReady` with a `NavigationPrompt`; ReplayDriving+Values.swift).
// * The replay's context (`LayoutContext+SDK.swift`): `sdkProfile` (what `SDKProfile.active`
//   returns while it is bound) and `termsAccepted` (`GMSNavigationServices`' state).
// * The rules (`Sources/Lint`) hear every layout-delegate callback through
//   `callbackObserver` (`LifecycleCallbackObserver`) and read the model's bookkeeping:
//   `SDKInternal` (SDK-internal work in progress), `SDKView.delegateCodeRunning` and
//   `internalReads` (app code reading an SDK view's inside), `customDelegate`,
//   `pendingLegacyUses`, `SDKViewSet.guidanceOnlyViews`, `SDKView.hasContentView`.

/// Who answers the app's navigator calls while a replay drives a map (closed world): the
/// recording decides, so calls that ask for what it did are answered from it and calls that
/// contradict it become `replay-divergence` warnings. `Replay`'s `ReplayControl` is the one
/// implementation.
@_spi(Replay) @MainActor
public protocol ReplayAnswering: AnyObject {
  /// A route request (`setDestinations`, `simulateAlongNewRoute`): answered by the
  /// recording's route, or not at all.
  func routeRequested(
    _ destinations: [GMSNavigationWaypoint], call: String, by navigator: GMSNavigator,
    callback: @escaping GMSRouteStatusCallback)
  /// `isGuidanceActive` set to `on`.
  func guidanceRequested(_ on: Bool, by navigator: GMSNavigator)
  /// `isNavigationEnabled` set to `on`.
  func navigationRequested(_ on: Bool, mapView: GMSMapView)
  /// `clearDestinations()`.
  func clearRequested(by navigator: GMSNavigator)
  /// `continueToNextDestination()`: the waypoint after the one reached, if any.
  func continueRequested(by navigator: GMSNavigator) -> GMSNavigationWaypoint?
  /// A call the recording contradicts: `call` is what the app did, `why` what happens instead.
  func diverge(_ call: String, _ why: String)
}

/// The trip as the recording has told it so far: what the navigator's properties read.
@_spi(Replay)
public struct TripProgress {
  public var hasRoute = false
  public var legCount = 0
  /// The destinations: the app's when it asked for the recorded route, else stand-ins
  /// ("Destination 1"...) at the coordinates where the recording arrives.
  public var destinations: [GMSNavigationWaypoint] = []
  /// Which call set `destinations` (nil for stand-ins and recorded ones).
  public var destinationsCall: String?
  /// The current route's legs and steps as the recording planned them; nil for recordings
  /// without them (older logs), where NavSim derives what it can from progress.
  public var planned: PlannedRoute?
  public var legIndex = 0
  public var arrivedAtFinal = false
  public var timeRemaining: Double = 0
  public var distanceRemaining: Double = 0
  public var delay = GMSNavigationDelayCategory.noData
  public var lighting = GMSNavigationLightingMode.normal
  public var navState = GMSNavigationNavState.unknown
  public var location: CLLocationCoordinate2D?
  public var speed: Double?
  /// Simplified path since guidance started, and each leg's path as driven (simplified).
  public var traveled = SimplifiedPath()
  public var legPaths: [SimplifiedPath] = []
  public var arrivalPoints: [CLLocationCoordinate2D?] = []
  /// What listeners were last told (nil: nothing yet).
  public var reportedTime: Double?
  public var reportedDistance: Double?
  public var reportedDelay: GMSNavigationDelayCategory?
  public var reportedSpeeding: Double?
  public var reportedAlert: (severity: GMSNavigationSpeedAlertSeverity, percentage: Double)?
  public var routeChangedSinceNavInfo = false

  /// Whether `waypoint` is the next destination (the same object, or the same title and Place
  /// ID, byte for byte as `NSString` compares them, and coordinate).
  func isNext(_ waypoint: GMSNavigationWaypoint) -> Bool {
    guard hasRoute, legIndex < destinations.count else { return false }
    let next = destinations[legIndex]
    return next === waypoint
      || (sameBytes(next.title, waypoint.title) && sameBytes(next.placeID, waypoint.placeID)
        && next.coordinate.latitude == waypoint.coordinate.latitude
        && next.coordinate.longitude == waypoint.coordinate.longitude)
  }

  var legs: [GMSRouteLeg] {
    destinations.indices.map { index in
      if let planned, index < planned.legs.count {
        let leg = planned.legs[index]
        return GMSRouteLeg(
          destinationWaypoint: destinations[index], destinationCoordinate: leg.destination,
          path: leg.path)
      }
      let arrival = index < arrivalPoints.count ? arrivalPoints[index] : nil
      let path = index < legPaths.count && index <= legIndex ? GMSPath(coordinates: legPaths[index].points) : nil
      return GMSRouteLeg(
        destinationWaypoint: destinations[index],
        destinationCoordinate: arrival ?? destinations[index].coordinate, path: path)
    }
  }

  /// Forgets the route (a cleared route, or the app clearing it outside a replay).
  public mutating func clearRoute() {
    hasRoute = false
    destinations = []
    destinationsCall = nil
    legCount = 0
    legIndex = 0
    legPaths = []
    arrivalPoints = []
    planned = nil
    reportedTime = nil
    reportedDistance = nil
    reportedDelay = nil
    navState = .stopped
  }
}

extension GMSNavigationWaypoint {
  /// A destination the app did not make: one the recording drove to (invalid coordinate, no
  /// place) or named.
  @_spi(Replay) public convenience init(
    standInTitle title: String, placeID: String? = nil,
    coordinate: CLLocationCoordinate2D = kCLLocationCoordinate2DInvalid
  ) {
    self.init(placeID: "navsim:recorded", title: title)!
    self.placeID = placeID
    self.coordinate = coordinate
  }
}

/// The speed the device last reported, as the speed widget and the built-in layout show it.
@_spi(Replay)
public struct SpeedReading: Equatable, Sendable {
  /// Metres per second; nil when unknown.
  public var speed: Double?
  /// The posted limit, metres per second; nil when unknown.
  public var speedLimit: Double?
  public var severity: GMSNavigationSpeedAlertSeverity

  public init(speed: Double?, speedLimit: Double?, severity: GMSNavigationSpeedAlertSeverity) {
    self.speed = speed
    self.speedLimit = speedLimit
    self.severity = severity
  }
}
