import Foundation

import CoreLocation

// Waypoints, routing options and route outcomes (navigation-sdk-api.md sections 9-11), under
// the SDK's names.

/// A destination: a coordinate or a Place ID, with a title.
///
/// `init()` is unavailable, as in the SDK: waypoints come from the failable initializers.
open class GMSNavigationWaypoint: NSObject, NSCopying, NSMutableCopying {
  /// The display name.
  public internal(set) var title: String
  /// The location; `kCLLocationCoordinate2DInvalid` for Place-ID waypoints.
  public internal(set) var coordinate: CLLocationCoordinate2D
  /// The Place ID; nil for coordinate waypoints.
  public internal(set) var placeID: String?
  /// Whether to arrive on the waypoint's side of the road. Default false.
  public internal(set) var preferSameSideOfRoad = false
  /// The arrival traffic direction, 0-360; -1 when unset.
  public internal(set) var preferredHeading: Int32 = -1
  /// Whether the waypoint is a pickup or drop-off point. Default false.
  public internal(set) var vehicleStopover = false

  @available(*, unavailable, message: "use init?(location:title:) or init?(placeID:title:)")
  override public init() { fatalError("GMSNavigationWaypoint() is unavailable") }

  /// A coordinate waypoint; nil for an invalid coordinate.
  public init?(location: CLLocationCoordinate2D, title: String) {
    guard CLLocationCoordinate2DIsValid(location) else { return nil }
    self.title = title
    coordinate = location
    placeID = nil
    super.init()
  }

  /// A Place-ID waypoint; nil for an empty Place ID.
  public init?(placeID: String, title: String) {
    guard !placeID.isEmpty else { return nil }
    self.title = title
    coordinate = kCLLocationCoordinate2DInvalid
    self.placeID = placeID
    super.init()
  }

  /// A coordinate waypoint that prefers the waypoint's side of the road.
  public convenience init?(
    location: CLLocationCoordinate2D, title: String, preferSameSideOfRoad: Bool
  ) {
    self.init(location: location, title: title)
    self.preferSameSideOfRoad = preferSameSideOfRoad
  }

  /// A coordinate waypoint with an arrival heading (0-360).
  public convenience init?(
    location: CLLocationCoordinate2D, title: String, preferredSegmentHeading: Int32
  ) {
    self.init(location: location, title: title)
    preferredHeading = (0...360).contains(preferredSegmentHeading) ? preferredSegmentHeading : -1
  }

  /// A copy of another waypoint (the copies' designated path).
  init(copying other: GMSNavigationWaypoint) {
    title = other.title
    coordinate = other.coordinate
    placeID = other.placeID
    preferSameSideOfRoad = other.preferSameSideOfRoad
    preferredHeading = other.preferredHeading
    vehicleStopover = other.vehicleStopover
    super.init()
  }

  open func copy(with zone: NSZone? = nil) -> Any { GMSNavigationWaypoint(copying: self) }
  open func mutableCopy(with zone: NSZone? = nil) -> Any { GMSNavigationMutableWaypoint(copying: self) }

  override open var description: String {
    if let placeID { return "<GMSNavigationWaypoint '\(title)' place \(placeID)>" }
    return "<GMSNavigationWaypoint '\(title)' \(coordinate.latitude),\(coordinate.longitude)>"
  }
}

/// A waypoint whose road-side, heading and stopover preferences can change.
open class GMSNavigationMutableWaypoint: GMSNavigationWaypoint {
  /// Setting it true clears `preferredHeading`.
  override open var preferSameSideOfRoad: Bool {
    get { super.preferSameSideOfRoad }
    set {
      super.preferSameSideOfRoad = newValue
      if newValue { super.preferredHeading = -1 }
    }
  }
  /// Setting a valid heading (0-360) clears `preferSameSideOfRoad`.
  override open var preferredHeading: Int32 {
    get { super.preferredHeading }
    set {
      super.preferredHeading = newValue
      if (0...360).contains(newValue) { super.preferSameSideOfRoad = false }
    }
  }
  override open var vehicleStopover: Bool {
    get { super.vehicleStopover }
    set { super.vehicleStopover = newValue }
  }
}

// MARK: - Route status

/// The outcome of a route request.
public enum GMSRouteStatus: Int, Sendable {
  case internalError = 0
  case OK = 1
  case noRouteFound = 2
  case networkError = 3
  case quotaExceeded = 4
  case apiKeyNotAuthorized = 5
  case canceled = 6
  case duplicateWaypointsError = 7
  case noWaypointsError = 8
  case locationUnavailable = 9
  case waypointError = 10
  case travelModeUnsupported = 11
}

/// The result of a route request.
public typealias GMSRouteStatusCallback = (GMSRouteStatus) -> Void
/// ETA / distance info; nil on failure.
public typealias GMSRouteInfoCallback = (GMSNavigationRouteInfo?) -> Void
/// Reports invalid transaction IDs.
public typealias GMSNavigationTransactionIDErrorHandler = (any Error) -> Void

// MARK: - Routing options

/// How routes are ranked.
public enum GMSNavigationRoutingStrategy: Int, Sendable {
  case defaultBest = 0
  case shorter = 1
  case deltaToTargetDistance = 2
}

/// How many alternate routes to fetch.
public enum GMSNavigationAlternateRoutesStrategy: Int, Sendable {
  case all = 0
  case none = 1
  case one = 2
}

extension GMSNavigationAlternateRoutesStrategy {
  /// The strategy for a recorded `alternateRoutes` setting (`all`, `one`, `none`).
  @_spi(Replay) public init?(recorded: String) {
    switch recorded {
    case "all": self = .all
    case "one": self = .one
    case "none": self = .none
    default: return nil
    }
  }
}

/// Routing strategy, alternates and target distances for a route request.
open class GMSNavigationRoutingOptions: NSObject, NSCopying, NSMutableCopying {
  public internal(set) var routingStrategy: GMSNavigationRoutingStrategy
  public internal(set) var alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy
  public internal(set) var targetDistancesMeters: [NSNumber]?

  /// Defaults: `.defaultBest`, `.all`.
  override public init() {
    routingStrategy = .defaultBest
    alternateRoutesStrategy = .all
    super.init()
  }

  public init(routingStrategy: GMSNavigationRoutingStrategy) {
    self.routingStrategy = routingStrategy
    alternateRoutesStrategy = .all
    super.init()
  }

  public init(alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy) {
    routingStrategy = .defaultBest
    self.alternateRoutesStrategy = alternateRoutesStrategy
    super.init()
  }

  /// Sets the strategy to `.deltaToTargetDistance`.
  public init(targetDistancesMeters: [NSNumber]) {
    routingStrategy = .deltaToTargetDistance
    alternateRoutesStrategy = .all
    self.targetDistancesMeters = targetDistancesMeters
    super.init()
  }

  init(copying other: GMSNavigationRoutingOptions) {
    routingStrategy = other.routingStrategy
    alternateRoutesStrategy = other.alternateRoutesStrategy
    targetDistancesMeters = other.targetDistancesMeters
    super.init()
  }

  open func copy(with zone: NSZone? = nil) -> Any { GMSNavigationRoutingOptions(copying: self) }
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    GMSNavigationMutableRoutingOptions(copying: self)
  }
}

/// Routing options whose properties can change.
open class GMSNavigationMutableRoutingOptions: GMSNavigationRoutingOptions {
  override open var routingStrategy: GMSNavigationRoutingStrategy {
    get { super.routingStrategy }
    set { super.routingStrategy = newValue }
  }
  override open var alternateRoutesStrategy: GMSNavigationAlternateRoutesStrategy {
    get { super.alternateRoutesStrategy }
    set { super.alternateRoutesStrategy = newValue }
  }
  override open var targetDistancesMeters: [NSNumber]? {
    get { super.targetDistancesMeters }
    set { super.targetDistancesMeters = newValue }
  }
}

/// Routes around licence-plate bans.
open class GMSNavigationLicensePlateRestriction: NSObject {
  /// The country code ("" by default).
  public let countryCode: String
  /// The plate's last digit (-1 by default).
  public let lastDigit: Int

  /// nil when the digit is not 0-9 or the country code is empty.
  public init?(licensePlateLastDigit lastDigit: Int, countryCode: String) {
    guard (0...9).contains(lastDigit), !countryCode.isEmpty else { return nil }
    self.lastDigit = lastDigit
    self.countryCode = countryCode
    super.init()
  }
}

/// ETA and distance of a main route.
open class GMSNavigationTimeAndDistance: NSObject {
  public let durationSeconds: TimeInterval
  public let distanceMeters: CLLocationDistance

  init(durationSeconds: TimeInterval, distanceMeters: CLLocationDistance) {
    self.durationSeconds = durationSeconds
    self.distanceMeters = distanceMeters
    super.init()
  }
}

/// Route info per routing strategy, as `getRouteInfo` answers it.
open class GMSNavigationRouteInfo: NSObject {
  let byStrategy: [(GMSNavigationRoutingStrategy, GMSNavigationTimeAndDistance)]

  init(byStrategy: [(GMSNavigationRoutingStrategy, GMSNavigationTimeAndDistance)]) {
    self.byStrategy = byStrategy
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("GMSNavigationRouteInfo() is unavailable") }

  /// The main route's ETA and distance for a strategy; nil when it was not computed.
  open func timeAndDistance(for routingStrategy: GMSNavigationRoutingStrategy)
    -> GMSNavigationTimeAndDistance?
  {
    byStrategy.first { $0.0 == routingStrategy }?.1
  }
}
