import CoreLocation
import Foundation

// The road-snapped location stream (section 7) and the location simulator (section 8),
// under the SDK's names.

/// Hears of new road-snapped locations (the one required method of the SDK's protocol).
@preconcurrency @MainActor
public protocol GMSRoadSnappedLocationProviderListener: NSObjectProtocol {
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation)
}

/// A stream of locations snapped to the road: under replay, the recorded positions (with the
/// last recorded speed and course; unknown accuracies are -1 and the altitude NaN), delivered
/// to listeners while updating is started.
@preconcurrency @MainActor
open class GMSRoadSnappedLocationProvider: NSObject {
  var listeners: [WeakLocationListener] = []
  // `@exclusivity(unchecked)`: read on every replayed progress event; no access overlaps.
  /// Whether `startUpdatingLocation()` was called (and not stopped since).
  @exclusivity(unchecked) public private(set) var isUpdating = false
  /// Keep delivering in the background. Default false (NavSim has no background).
  public var allowsBackgroundLocationUpdates = false

  init(sdk: Void) { super.init() }

  @available(*, unavailable, message: "use mapView.roadSnappedLocationProvider")
  override public init() { fatalError("GMSRoadSnappedLocationProvider() is unavailable") }

  /// Registers a weakly held listener (once).
  public func add(_ listener: any GMSRoadSnappedLocationProviderListener) {
    requireMainThread("GMSRoadSnappedLocationProvider.add(_:)")
    listeners.removeAll { $0.value == nil }
    guard !listeners.contains(where: { $0.holds(listener) }) else { return }
    listeners.append(WeakLocationListener(listener))
  }

  /// Unregisters a listener; false if it was not registered.
  @discardableResult
  public func remove(_ listener: any GMSRoadSnappedLocationProviderListener) -> Bool {
    guard let index = listeners.firstIndex(where: { $0.holds(listener) }) else { return false }
    listeners.remove(at: index)
    return true
  }

  public func startUpdatingLocation() {
    requireMainThread("GMSRoadSnappedLocationProvider.startUpdatingLocation()")
    isUpdating = true
  }
  public func stopUpdatingLocation() { isUpdating = false }

  /// Whether any listener is registered (a location is built only for listeners).
  @_spi(Replay) public var hasListeners: Bool { !listeners.isEmpty }

  @_spi(Replay) public func deliver(_ location: CLLocation) {
    for listener in listeners.compactMap(\.value) {
      listener.locationProvider(self, didUpdate: location)
    }
  }
}

/// Fakes the device's movement. Under replay the recording already moves the device: calls
/// that ask for the recorded drive are accepted, calls that would move it elsewhere or
/// differently are `replay-divergence` warnings and change nothing.
@preconcurrency @MainActor
open class GMSLocationSimulator: NSObject {
  /// Its navigator, while the navigator lives (`NavigatorLink`).
  var navigator: GMSNavigator? { link.navigator }
  let link: NavigatorLink
  /// Avoid flags for `simulateAlongNewRoute`. Defaults false, false, true.
  public var avoidsHighways = false
  public var avoidsTolls = false
  public var avoidsFerries = true
  /// Random noise on simulated fixes (no effect: the recording's fixes are replayed).
  public var isLocationJitteringEnabled = false
  public var licensePlateRestriction: GMSNavigationLicensePlateRestriction?
  /// Whether a simulation was asked for and not stopped.
  public private(set) var isSimulating = false

  init(link: NavigatorLink) {
    self.link = link
    super.init()
  }

  @available(*, unavailable, message: "use mapView.locationSimulator")
  override public init() { fatalError("GMSLocationSimulator() is unavailable") }

  private var replay: (any ReplayAnswering)? { navigator?.mapView?.replay }

  /// Freezes progress. Under replay, pausing is a divergence (the recording keeps moving).
  public var isPaused = false {
    didSet {
      guard isPaused, let replay else { return }
      replay.diverge("locationSimulator.isPaused = true", "the recording keeps moving")
      isPaused = false
    }
  }

  /// Playback speed, > 0. Default 1. Under replay, another value is a divergence (the
  /// recording's pace is fixed).
  public var speedMultiplier: Float = 1 {
    didSet {
      guard speedMultiplier != 1, let replay else { return }
      replay.diverge(
        "locationSimulator.speedMultiplier = \(speedMultiplier)", "the recording's pace is fixed")
      speedMultiplier = 1
    }
  }

  /// Drives along the navigator's route: the recording's drive (accepted).
  public func simulateLocationsAlongExistingRoute() {
    requireMainThread("GMSLocationSimulator.simulateLocationsAlongExistingRoute()")
    isSimulating = true
  }

  /// Fetches a route and drives it: answered like `setDestinations` by the recording.
  public func simulateAlongNewRoute(
    toDestinations destinations: [GMSNavigationWaypoint], callback: @escaping GMSRouteStatusCallback
  ) {
    isSimulating = true
    navigator?.requestRoute(
      destinations, call: "simulateAlongNewRoute(toDestinations:callback:)", callback: callback)
  }

  public func simulateAlongNewRoute(
    toDestinations destinations: [GMSNavigationWaypoint],
    routingOptions: GMSNavigationRoutingOptions, callback: @escaping GMSRouteStatusCallback
  ) {
    isSimulating = true
    navigator?.requestRoute(
      destinations, call: "simulateAlongNewRoute(toDestinations:routingOptions:callback:)",
      callback: callback)
  }

  /// Pins the device at a coordinate: a divergence under replay (the recording says where
  /// the device is).
  public func simulateLocation(at coordinate: CLLocationCoordinate2D) {
    replay?.diverge(
      "simulateLocation(at:)", "the recording says where the device is: it keeps its positions")
  }

  /// Back to real GPS (accepted: the recording was the GPS).
  public func stopSimulation() { isSimulating = false }

  /// A test prompt: a divergence under replay (the recording holds its prompts).
  public func simulateNavigationPrompt() {
    replay?.diverge("simulateNavigationPrompt()", "the recording's prompts are the only prompts")
  }

  /// A test traffic incident: a divergence under replay.
  public func simulateTrafficIncidentReport() {
    replay?.diverge(
      "simulateTrafficIncidentReport()", "the recording's prompts are the only prompts")
  }
}

/// A simulator's way back to its navigator, which owns it: set by the navigator, cleared by its
/// `deinit`, so a simulator an app keeps longer finds no navigator, as with a weak reference.
/// Not a weak reference itself: the first weak reference to an object moves its reference
/// counts into a side table for good, and a replay retains and releases the navigator on
/// every event, at about 130 instructions more a pair there. `Sendable` for the navigator's
/// `deinit` (not isolated): like the navigator, it is used on the main thread only.
final class NavigatorLink: @unchecked Sendable {
  unowned(unsafe) var navigator: GMSNavigator?
}
