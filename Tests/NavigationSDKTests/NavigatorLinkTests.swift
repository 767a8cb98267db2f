import Foundation
import Testing

@_spi(Replay) @testable import NavigationSDK

/// The location simulator reaches its navigator through a `NavigatorLink`, not a weak
/// reference (which would move the navigator's reference counts into a side table): the link
/// must still behave as a weak reference does.
@MainActor @Suite struct NavigatorLinkTests {
  @Test func theSimulatorReachesItsNavigatorWhileTheNavigatorLives() throws {
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let simulator = try #require(mapView.locationSimulator)
    #expect(simulator.navigator === mapView.sessionNavigator)
  }

  @Test func aSimulatorKeptAfterItsNavigatorWentFindsNone() throws {
    var simulator: GMSLocationSimulator?
    weak var navigator: GMSNavigator?
    do {
      let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
      simulator = mapView.locationSimulator
      navigator = mapView.sessionNavigator
      #expect(simulator?.navigator != nil)
    }
    #expect(navigator == nil)  // the map and its navigator are gone; the app kept the simulator
    let kept = try #require(simulator)
    #expect(kept.navigator == nil)
    var statuses: [GMSRouteStatus] = []
    kept.simulateAlongNewRoute(toDestinations: []) { statuses.append($0) }  // no navigator: no-op
    #expect(kept.isSimulating)
    #expect(statuses.isEmpty)
  }
}
