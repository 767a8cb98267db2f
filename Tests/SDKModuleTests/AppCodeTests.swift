// Runs the app code of AppCode/ (written as for the real SDK, with its imports) against NavSim.
import GoogleNavigation
import Testing
import UIKit

@MainActor @Suite struct AppCodeTests {
  private let phone = CGRect(x: 0, y: 0, width: 393, height: 852)

  @Test func theScreenSetsTheSDKsDisplayOptions() {
    let screen = NavigationScreen(frame: phone, layout: nil)
    let map = screen.mapView
    #expect(map.followingPerspective == .topDownHeadingUp)
    #expect(map.routeCalloutFormat == .time)
    #expect(map.followingZoomLevel == GMSNavigationNoFollowingZoomLevel)
    #expect(map.lightingMode == .lowLight)
    #expect(map.settings.showsTrafficLights && map.settings.showsStopSigns)
    #expect(!map.settings.showsIncidentCards)
    screen.styleHeader()
    #expect(map.settings.navigationHeaderBackgroundAlpha == 0.9)
    #expect(map.headerAccessoryView === screen.banner)
    #expect(map.navigationUIDelegate === screen)
  }

  @Test func aDelegateSetAfterNavigationIsEnabledGivesTheSDKsErrorCode() {
    let map = GMSMapView(frame: phone)
    map.isNavigationEnabled = true
    #expect(throws: Error.self) { try map.setLayoutDelegate(DeliveryLayoutDelegate()) }
    do {
      try map.setLayoutDelegate(DeliveryLayoutDelegate())
    } catch let error as NSError {
      #expect(error.domain == GMSMapViewNavigationLayoutErrorDomain)
      #expect(
        error.code == GMSMapViewNavigationLayoutErrorCode.cannotSetDelegateWhileNavigationEnabled
          .rawValue)
    }
  }

  @Test func aCarPlayPanFreesTheCameraAndTheRecenterTapIsNotHeardWithoutOne() {
    let screen = NavigationScreen(frame: phone, layout: DeliveryLayoutDelegate())
    #expect(screen.layoutError == nil)
    screen.mapView.isNavigationEnabled = true
    screen.carPlayPan()
    #expect(screen.mapView.cameraMode == .free)
    #expect(screen.recenterTaps == 0)
  }

  @Test func theDeliveryLayoutPlacesTheSDKViewsAndItsOwn() throws {
    let layout = DeliveryLayoutDelegate()
    let screen = NavigationScreen(frame: phone, layout: layout)
    let map = screen.mapView
    map.isNavigationEnabled = true
    map.layoutIfNeeded()
    let sheet = try #require(map.subviews.first { $0.accessibilityIdentifier == "orderSheet" })
    #expect(sheet.frame == CGRect(x: 0, y: 852 - 96, width: 393, height: 96))
    let state = try #require(map.currentUIState)
    #expect(state.viewport.frame.maxY == sheet.frame.minY)
    #expect(state.googleLogo.frame.maxY < sheet.frame.minY)
    #expect(describeState(state) == "standard")
    map.isNavigationEnabled = false
    #expect(map.subviews.allSatisfy { $0.accessibilityIdentifier != "orderSheet" })
  }

  @Test func enumsTakeTheAppsOwnConformances() {
    #expect(cameraModeChoices() == ["Free", "Following", "Overview"])
    #expect(GMSNavigationCameraPerspective.tilted.description == "Tilted")
    #expect(GMSNavigationCameraMode(rawValue: 2) == .overview)
    #expect(NavigationButtonKnownType.compass.rawValue == Int32(0))
    #expect(GMSMapViewPaddingAdjustmentBehavior(rawValue: UInt(2)) == .never)
  }
}

/// Style values are plain class properties: readable off the main actor.
@Test func styleValuesAreReadableOffTheMainActor() async {
  let padding = await Task.detached { NavigationStyleValues.buttonHorizontalPadding }.value
  #expect(padding > 0)
  #expect(GMSNavigationStyleValues.defaultCornerRadius == NavigationStyleValues.defaultCornerRadius)
}
