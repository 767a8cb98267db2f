// The same navigation calls as PluginStyleClients, made from the main actor as a Swift 6 app
// makes them: compiled in Swift 6 mode, this must build with no warnings.
import CoreLocation
import Foundation
import GoogleNavigation
import UIKit

@MainActor
final class GuidanceController: NSObject {
  let mapInset = UIScreen.main.bounds.width * 0.05
  private(set) var session: GMSNavigationSession?

  func start(to coordinate: CLLocationCoordinate2D, done: @escaping @MainActor (Bool) -> Void) {
    guard GMSNavigationServices.areTermsAndConditionsAccepted() else { return done(false) }
    session = GMSNavigationServices.createNavigationSession()
    session?.isStarted = true
    session?.travelMode = .driving
    session?.navigator?.add(self)
    guard let waypoint = GMSNavigationWaypoint(location: coordinate, title: "Stop") else {
      return done(false)
    }
    session?.navigator?.setDestinations([waypoint]) { [weak self] status in
      self?.session?.navigator?.isGuidanceActive = status == .OK
      done(status == .OK)
    }
  }

  var isGuiding: Bool { session?.navigator?.isGuidanceActive ?? false }
}

extension GuidanceController: GMSNavigatorListener {
  func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    _ = navigator.routeLegs?.count
  }
}
