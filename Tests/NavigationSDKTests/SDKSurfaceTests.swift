import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

/// Members of the SDK's layout surface whose behaviour NavSim defines (navigation-sdk-api.md
/// sections 3a, 3c and 16).
@MainActor @Suite struct SDKSurfaceTests {
  private func stack(in root: UIView) -> GMSNavigationHidingStackView {
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    root.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      stack.topAnchor.constraint(equalTo: root.topAnchor),
      stack.widthAnchor.constraint(equalToConstant: 48),
      stack.heightAnchor.constraint(equalToConstant: 300),
    ])
    return stack
  }

  @Test func settingArrangedSubviewsAddsTheViewsInOrderAndRemovesTheOldOnes() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    let stack = stack(in: root)
    let views = SDKViewSet(profile: .default).buttonViews
    let (compass, reporting) = (views[0], views[1])
    stack.arrangedSubviews = [reporting, compass, reporting]
    #expect(stack.arrangedSubviews.map(role) == ["button.reporting", "button.compass"])
    #expect(compass.superview === stack && reporting.superview === stack)
    root.layoutIfNeeded()
    #expect(reporting.frame.minY == 0)
    #expect(compass.frame.minY == reporting.frame.maxY + stack.spacing)
    stack.arrangedSubviews = [compass]
    #expect(reporting.superview == nil)
    root.layoutIfNeeded()
    #expect(compass.frame.minY == 0)
    stack.arrangedSubviews = []
    #expect(stack.subviews.isEmpty)
  }

  @Test func aButtonSetOnANewStackMovesThereFromTheOldOne() {
    // The SDK guide's sample: the old state's stack is removed and emptied, a new stack gets
    // the same buttons.
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    let first = stack(in: root)
    let compass = SDKViewSet(profile: .default).compassButton
    first.arrangedSubviews = [compass]
    let second = stack(in: root)
    second.arrangedSubviews = [compass]
    #expect(compass.superview === second)
    #expect(first.arrangedSubviews.isEmpty)
    first.removeFromSuperview()
    first.arrangedSubviews = []
    #expect(compass.superview === second && second.arrangedSubviews.count == 1)
  }

  @Test func theUIDelegateHearsARecenterTapOnlyWhenTheButtonShowed() throws {
    final class Listener: NSObject, GMSMapViewNavigationUIDelegate {
      var taps = 0
      func mapViewDidTapRecenterButton(_ mapView: GMSMapView) { taps += 1 }
    }
    let listener = Listener()
    var drive = try builtInDrive()
    drive.mapView.navigationUIDelegate = listener
    try drive.send(.recentered)
    #expect(listener.taps == 0)  // already following: no button to tap
    try drive.send(.userPanned(dx: 10, dy: 40))
    try drive.send(.recentered)
    #expect(listener.taps == 1)
    drive.mapView.settings.isRecenterButtonEnabled = false
    try drive.send(.userPanned(dx: 10, dy: 40))
    try drive.send(.recentered)
    #expect(listener.taps == 1)  // no re-center button while it is disabled
  }

  @Test func aCarPlayPanStartActsAsAPan() throws {
    let drive = try builtInDrive()
    drive.mapView.didBeginPanGesture()
    drive.mapView.didUpdatePanGesture(withTranslation: CGPoint(x: 5, y: 0), velocity: .zero)
    drive.mapView.didEndPanGesture(withVelocity: .zero)
    #expect(drive.mapView.cameraMode == .free)
    #expect(drive.mapView.sdkViews.googleLogo.isRecenterButton)
  }

  @Test func anAppsBottomTrailingGuideIsPositionedInsteadOfTheSDKs() throws {
    var drive = try builtInDrive(before: [setting(.myLocationButton, true)])
    let original = drive.mapView.bottomTrailingButtonsLayoutGuide
    let own = UILayoutGuide()
    own.identifier = "appColumn"
    drive.mapView.bottomTrailingButtonsLayoutGuide = own
    drive.mapView.layoutIfNeeded()
    #expect(drive.mapView.bottomTrailingButtonsLayoutGuide === own)
    #expect(own.owningView === drive.mapView && original.owningView == nil)
    #expect(own.layoutFrame == CGRect(x: 329, y: 630, width: 48, height: 104))
    try drive.send(setting(.reportIncidentButton, false))
    #expect(own.layoutFrame == CGRect(x: 329, y: 686, width: 48, height: 48))
  }

  @Test func theSDKsDisplayOptionsHaveTheirDocumentedDefaults() {
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    #expect(map.followingPerspective == .tilted)
    #expect(map.travelMode == .driving)
    #expect(map.routeCalloutFormat == .default)
    #expect(map.followingZoomLevel == GMSNavigationNoFollowingZoomLevel)
    #expect(!map.shouldDisplaySpeedLimit)
    let settings = map.settings
    #expect(!settings.showsTrafficLights && !settings.showsStopSigns)
    #expect(settings.showsIncidentCards && settings.showsDestinationMarkers)
    #expect(settings.navigationHeaderBackgroundAlpha == 1)
    #expect(settings.navigationHeaderInstructionsFirstRowFont == nil)
  }

  @Test func aMapForACarPlayScreenRefusesALayoutDelegate() throws {
    let options = GMSMapViewOptions()
    #expect(options.screen === UIScreen.main)
    try GMSMapView(options: options).setLayoutDelegate(ScriptedDelegate())
    options.screen = .carPlay()
    let carPlayMap = GMSMapView(options: options)
    #expect(carPlayMap.isCarPlay)
    #expect(throws: Error.self) { try carPlayMap.setLayoutDelegate(ScriptedDelegate()) }
  }

  @Test func speedometerOptionsAreCopiedOnSet() {
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let options = GMSNavigationMutableSpeedometerUIOptions()
    options.setTextColor(.yellow, for: .major, lightingMode: .normal)
    map.settings.speedometerUIOptions = options
    options.setTextColor(.green, for: .major, lightingMode: .normal)
    let kept = map.settings.speedometerUIOptions
    #expect(kept !== options)
    #expect(kept?.textColor(for: .major, lightingMode: .normal) == .yellow)
    map.roadSnappedMyLocationSource = map.roadSnappedLocationProvider
    #expect(map.roadSnappedMyLocationSource != nil)
  }

  @Test func headerStylingWithADelegateIsALegacyFinding() throws {
    let delegate = ScriptedDelegate()
    delegate.onStart = { mapView, _ in
      mapView.settings.navigationHeaderDistanceValueFont = .boldSystemFont(ofSize: 20)
    }
    var drive = try Drive(delegate)
    let findings = try drive.startGuidance()
    #expect(findings.with(.legacyAPIWithDelegate).count == 1)
  }
}
