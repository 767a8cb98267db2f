// A plugin-style navigation session manager, written the way the Flutter and React Native
// plugins structure theirs: a plain (not main-actor) class that a message channel calls into,
// which owns the session and forwards listener callbacks as events. Compiled in Swift 5 mode,
// as the plugins are; on iOS it compiles because the SDK's navigation classes carry no actor
// annotation and UIKit's main-actor types arrive as imported Objective-C.
import CoreLocation
import Foundation
import GoogleNavigation
import UIKit

enum TripChannelError: Error, Equatable {
  case sessionNotOpen
  case termsNotAccepted
}

/// Where the handler sends events (the plugin framework's event sink in a real plugin).
protocol TripChannelEvents: AnyObject {
  func emit(_ name: String, _ payload: [String: Double])
}

final class TripChannelHandler: NSObject {
  // A property initialiser reading a main-actor UIKit property from nonisolated code.
  let mapInset = UIScreen.main.bounds.width * 0.05

  private(set) var session: GMSNavigationSession?
  weak var events: TripChannelEvents?

  func openSession() throws {
    guard GMSNavigationServices.areTermsAndConditionsAccepted() else {
      throw TripChannelError.termsNotAccepted
    }
    if session == nil { session = GMSNavigationServices.createNavigationSession() }
    session?.isStarted = true
    session?.travelMode = .driving
    session?.navigator?.add(self)
    session?.navigator?.stopGuidanceAtArrival = false
    session?.roadSnappedLocationProvider?.add(self)
    session?.roadSnappedLocationProvider?.startUpdatingLocation()
  }

  private func navigator() throws -> GMSNavigator {
    guard let navigator = session?.navigator else { throw TripChannelError.sessionNotOpen }
    return navigator
  }

  func setDestinations(
    _ stops: [(title: String, latitude: Double, longitude: Double)],
    reply: @escaping (String) -> Void
  ) throws {
    let waypoints = stops.compactMap { stop in
      GMSNavigationWaypoint(
        location: CLLocationCoordinate2D(latitude: stop.latitude, longitude: stop.longitude),
        title: stop.title)
    }
    try navigator().avoidsTolls = true
    try navigator().setDestinations(waypoints) { status in reply("\(status.rawValue)") }
  }

  func startGuidance() throws { try navigator().isGuidanceActive = true }
  func isGuidanceRunning() -> Bool { session?.navigator?.isGuidanceActive ?? false }

  func remaining() throws -> [String: Double] {
    ["seconds": try navigator().timeToNextDestination,
     "meters": try navigator().distanceToNextDestination]
  }

  func simulate(speed: Float) {
    session?.locationSimulator?.speedMultiplier = speed
    session?.locationSimulator?.simulateLocationsAlongExistingRoute()
  }

  func nextDestinationTitle() throws -> String? { try navigator().continueToNextDestination()?.title }

  func closeSession() {
    session?.roadSnappedLocationProvider?.stopUpdatingLocation()
    session?.locationSimulator?.stopSimulation()
    session?.navigator?.clearDestinations()
    session?.navigator?.isGuidanceActive = false
    session?.isStarted = false
    session = nil
  }
}

extension TripChannelHandler: GMSNavigatorListener {
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    events?.emit("arrival", ["latitude": waypoint.coordinate.latitude])
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    events?.emit("remainingTime", ["seconds": time])
  }
}

extension TripChannelHandler: GMSRoadSnappedLocationProviderListener {
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    events?.emit("location", ["speed": location.speed])
  }
}
