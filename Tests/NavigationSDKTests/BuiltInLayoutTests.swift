import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

// The built-in layout, one setting at a time, on an iPhone-sized map (393 x 852, safe area
// 59 top / 34 bottom) with NavSim's default profile: turn card 112 tall, ETA card 72, logo
// 72 x 32, buttons 48, 16 / 12 pt button padding, 8 pt between stacked buttons.

/// A map with no delegate, navigating, at iPhone size.
@MainActor
func builtInDrive(
  width: Double = 393, height: Double = 852, safeTop: Double = 59, safeBottom: Double = 34,
  guidance: Bool = true, before: [EventPayload] = []
) throws -> Drive {
  var drive = try Drive(nil, width: width, height: height)
  try drive.run(
    [.navigationEnabled, resized(width, height, safeTop: safeTop, safeBottom: safeBottom)]
      + before)
  if guidance { try drive.send(.guidanceStarted) }
  return drive
}

@MainActor
func text(_ name: Setting, _ value: String) -> EventPayload {
  .settingChanged(SettingChange(name: name, value: .text(value)))
}

@MainActor
func camera(_ mode: CameraMode, bearing: Double) -> EventPayload {
  .camera(CameraState(mode: mode, bearing: bearing, tilt: 0, zoom: 16))
}

@MainActor
@Suite struct BuiltInLayoutTests {
  // MARK: - Header and footer

  @Test func headerAndFooterAreOnByDefaultWithTheViewportBetweenThem() throws {
    let drive = try builtInDrive()
    let views = drive.mapView.sdkViews
    #expect(drive.frame(views.turnCard) == CGRect(x: 0, y: 59, width: 393, height: 112))
    #expect(drive.frame(views.etaCard) == CGRect(x: 0, y: 746, width: 393, height: 72))
    #expect(drive.frame(views.viewport) == CGRect(x: 0, y: 171, width: 393, height: 575))
    #expect(drive.frame(views.googleLogo) == CGRect(x: 0, y: 714, width: 72, height: 32))
  }

  @Test func turningTheHeaderOffRemovesTheTurnCardAndGivesTheViewportItsRoom() throws {
    var drive = try builtInDrive()
    try drive.send(setting(.header, false))
    let views = drive.mapView.sdkViews
    #expect(views.turnCard.superview == nil)
    #expect(drive.frame(views.viewport) == CGRect(x: 0, y: 59, width: 393, height: 687))
    try drive.send(setting(.header, true))
    #expect(drive.frame(views.turnCard) == CGRect(x: 0, y: 59, width: 393, height: 112))
  }

  @Test func turningTheFooterOffDropsTheLogoAndButtonsToTheBottom() throws {
    var drive = try builtInDrive()
    try drive.send(setting(.footer, false))
    let views = drive.mapView.sdkViews
    #expect(views.etaCard.superview == nil)
    #expect(drive.frame(views.googleLogo) == CGRect(x: 0, y: 786, width: 72, height: 32))
    #expect(drive.frame(views.reportingButton) == CGRect(x: 329, y: 758, width: 48, height: 48))
  }

  @Test func headerColoursShowAsTheTurnCardsState() throws {
    let drive = try builtInDrive()
    let card = drive.mapView.sdkViews.turnCard
    #expect(card.displayDetail == nil)
    drive.mapView.settings.navigationHeaderPrimaryBackgroundColor = .red
    drive.mapView.settings.navigationHeaderSecondaryBackgroundColor = UIColor(
      white: 0, alpha: 0.5)
    drive.mapView.layoutIfNeeded()
    #expect(card.displayDetail == "primary:#FF0000FF/secondary:#00000080")
  }

  // MARK: - Buttons

  @Test func reportIncidentButtonSitsBottomTrailingAboveTheFooterAndCanBeTurnedOff() throws {
    var drive = try builtInDrive()
    let button = drive.mapView.sdkViews.reportingButton
    #expect(drive.frame(button) == CGRect(x: 329, y: 686, width: 48, height: 48))
    try drive.send(setting(.reportIncidentButton, false))
    #expect(button.superview == nil)
  }

  @Test func myLocationButtonIsBottomTrailingUnderTheReportButton() throws {
    var drive = try builtInDrive(guidance: false, before: [setting(.myLocationButton, true)])
    let myLocation = try #require(
      drive.mapView.subviews.first { ($0 as? SDKView)?.sdkRole == "button.myLocation" })
    #expect(drive.frame(myLocation) == CGRect(x: 329, y: 758, width: 48, height: 48))
    try drive.send(.guidanceStarted)
    #expect(drive.frame(myLocation) == CGRect(x: 329, y: 686, width: 48, height: 48))
    #expect(
      drive.frame(drive.mapView.sdkViews.reportingButton)
        == CGRect(x: 329, y: 630, width: 48, height: 48))
    try drive.send(setting(.myLocationButton, false))
    #expect(myLocation.superview == nil)
  }

  @Test func compassShowsTopTrailingWhileFollowingOrWithABearing() throws {
    var drive = try builtInDrive(guidance: false)
    let compass = drive.mapView.sdkViews.compassButton
    #expect(compass.superview == nil)  // off by default
    try drive.send(setting(.compass, true))
    #expect(drive.frame(compass) == CGRect(x: 329, y: 71, width: 48, height: 48))
    try drive.send(.guidanceStarted)
    #expect(drive.frame(compass) == CGRect(x: 329, y: 183, width: 48, height: 48))
    try drive.send(camera(.free, bearing: 0))
    #expect(compass.superview == nil)  // north up, not following: nothing to show
    try drive.send(camera(.free, bearing: 30))
    #expect(compass.superview === drive.mapView)
  }

  @Test func recenterButtonAppearsWhenPannedAwayOnlyWhenEnabled() throws {
    var drive = try builtInDrive()
    let logo = drive.mapView.sdkViews.googleLogo
    try drive.send(.userPanned(dx: 10, dy: 40))
    #expect(drive.frame(logo) == CGRect(x: 0, y: 698, width: 136, height: 48))
    try drive.send(.recentered)
    #expect(drive.frame(logo) == CGRect(x: 0, y: 714, width: 72, height: 32))
    try drive.send(setting(.recenterButton, false))
    try drive.send(.userPanned(dx: 10, dy: 40))
    #expect(drive.frame(logo).size == CGSize(width: 72, height: 32))
    #expect(drive.mapView.cameraMode == .free)
  }

  // MARK: - Trip progress bar

  @Test func tripProgressBarHasThePublishedGeometry() throws {
    var drive = try builtInDrive()
    let bar = drive.mapView.sdkViews.tripProgressBar
    #expect(bar.superview == nil)  // off by default
    try drive.send(setting(.tripProgressBar, true))
    // 12 wide on the trailing edge, bottom 210 above the screen's bottom, 400 tall at most.
    #expect(drive.frame(bar) == CGRect(x: 381, y: 242, width: 12, height: 400))
    let card = drive.mapView.sdkViews.turnCard
    let subviews = drive.mapView.subviews
    #expect(subviews.firstIndex { $0 === bar }! < subviews.firstIndex { $0 === card }!)
  }

  @Test func tripProgressBarKeepsItsTop170BelowTheScreenTopOnShorterMaps() throws {
    var drive = try builtInDrive(height: 700, safeTop: 20, safeBottom: 0)
    try drive.send(setting(.tripProgressBar, true))
    let bar = drive.mapView.sdkViews.tripProgressBar
    #expect(drive.frame(bar) == CGRect(x: 381, y: 170, width: 12, height: 320))
    try drive.send(resized(393, 400))  // 10 pt would be left: hidden
    #expect(bar.superview == nil)
  }

  // MARK: - Speed widget

  @Test func speedWidgetSitsAboveTheLogoAndShowsItsAlertLevel() throws {
    var drive = try builtInDrive(before: [setting(.speedometer, true)])
    let widget = drive.mapView.sdkViews.speedWidget
    try drive.send(speedReport(20, limit: 15, .minor))
    #expect(drive.frame(widget) == CGRect(x: 0, y: 650, width: 64, height: 64))
    #expect(widget.displayDetail == "speedOnly/minor")
    try drive.send(speedReport(25, limit: 15, .major))
    #expect(widget.displayDetail == "speedOnly/major")
    try drive.send(setting(.speedLimit, true))
    #expect(drive.frame(widget) == CGRect(x: 0, y: 582, width: 64, height: 132))
    #expect(widget.displayDetail == "both/major")
    try drive.send(speedReport(14, limit: 15, .notSpeeding))
    #expect(widget.displayDetail == "both")
  }

  @Test func speedLimitAloneHasNoAlertStyling() throws {
    var drive = try builtInDrive(before: [setting(.speedLimit, true)])
    try drive.send(speedReport(25, limit: 15, .major))
    #expect(drive.mapView.sdkViews.speedWidget.displayDetail == "limitOnly")
  }

  @Test func aCustomDelegateGetsNoBuiltInStyling() throws {
    var drive = try Drive(ScriptedDelegate())
    try drive.run([
      setting(.speedometer, true), .navigationEnabled, .guidanceStarted,
      speedReport(25, limit: 15, .major),
    ])
    #expect(drive.mapView.sdkViews.speedWidget.displayDetail == nil)
    #expect(drive.mapView.builtInMapContent.isEmpty)
  }

  // MARK: - Map content

  @Test func trafficLightsAndStopSignsShowOnlyDuringActiveGuidance() throws {
    var drive = try builtInDrive(
      guidance: false, before: [setting(.trafficLights, true), setting(.stopSigns, true)])
    #expect(drive.mapView.builtInMapContent == [])
    try drive.send(.guidanceStarted)
    #expect(drive.mapView.builtInMapContent == ["destinationMarkers", "stopSigns", "trafficLights"])
    try drive.send(setting(.trafficLights, false))
    #expect(drive.mapView.builtInMapContent == ["destinationMarkers", "stopSigns"])
  }

  @Test func destinationMarkersAreOnByDefaultAndCanBeHidden() throws {
    var drive = try builtInDrive()
    #expect(drive.mapView.builtInMapContent == ["destinationMarkers"])
    try drive.send(setting(.destinationMarkers, false))
    #expect(drive.mapView.builtInMapContent == [])
  }

  @Test(arguments: [("all", 2), ("one", 1), ("none", 0)])
  func alternateRoutesStrategyCapsTheAlternatesShown(strategy: String, shown: Int) throws {
    var drive = try builtInDrive(
      guidance: false, before: [text(.alternateRoutes, strategy), route(alternates: 3)])
    try drive.send(.guidanceStarted)
    #expect(drive.mapView.displayedAlternateRoutes == shown)
    #expect(drive.mapView.builtInMapContent.contains("alternates:2") == (shown == 2))
    // The strategy applies to routes fetched afterwards, not to the current one.
    try drive.send(text(.alternateRoutes, "none"))
    #expect(drive.mapView.displayedAlternateRoutes == shown)
  }

  // MARK: - Gestures

  @Test func withScrollGesturesOffAPanMovesNothing() throws {
    var drive = try builtInDrive(before: [setting(.scrollGestures, false), setting(.compass, true)])
    try drive.send(.userPanned(dx: 50, dy: 50))
    #expect(drive.mapView.cameraMode == .following)
    #expect(drive.mapView.sdkViews.googleLogo.isRecenterButton == false)
    #expect(drive.mapView.sdkViews.compassButton.superview === drive.mapView)
  }

  @Test func setAllGesturesEnabledSwitchesEveryGesture() throws {
    let settings = try Drive(nil).mapView.settings
    settings.setAllGesturesEnabled(false)
    #expect(
      [settings.scrollGestures, settings.zoomGestures, settings.tiltGestures,
        settings.rotateGestures] == [false, false, false, false])
    settings.setAllGesturesEnabled(true)
    #expect(
      [settings.scrollGestures, settings.zoomGestures, settings.tiltGestures,
        settings.rotateGestures] == [true, true, true, true])
  }

  @Test func disabledRotateGesturesNeverLimitProgrammaticCameraChanges() throws {
    var drive = try builtInDrive(
      before: [setting(.rotateGestures, false), setting(.zoomGestures, false),
        setting(.tiltGestures, false), setting(.compass, true)])
    try drive.send(camera(.free, bearing: 90))
    #expect(drive.mapView.cameraBearing == 90)
    #expect(drive.mapView.sdkViews.compassButton.superview === drive.mapView)
  }
}

// MARK: - Events

@MainActor
func speedReport(_ speed: Double, limit: Double, _ severity: SpeedAlertSeverity) -> EventPayload
{
  .speed(
    SpeedReport(
      speed: speed, speedLimit: limit, severity: severity,
      speedingPercentage: (speed / limit - 1) * 100))
}

@MainActor
func route(alternates: Int) -> EventPayload {
  .routeSet(
    RouteInfo(
      routeID: "r1", totalDistance: 1000, totalDuration: 100, legs: 1, steps: 3,
      alternateRoutes: alternates))
}
