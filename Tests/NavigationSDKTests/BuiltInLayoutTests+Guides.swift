import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

/// A header accessory view whose height the test changes.
@MainActor
final class Banner: UIView, GMSNavigationAccessoryView {
  var height: CGFloat
  private(set) var measuredWidths: [CGFloat] = []

  init(height: CGFloat) {
    self.height = height
    super.init(frame: .zero)
    accessibilityIdentifier = "banner"
  }

  required init?(coder: NSCoder) { return nil }

  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    measuredWidths.append(size.width)
    return height
  }
}

/// Legacy layout guides, the header accessory view and map padding in the built-in layout.
@MainActor
@Suite struct BuiltInLayoutGuideTests {
  // MARK: - Legacy layout guides

  @Test func headerGuideFramesTheTurnCardAndAccessoryAndIsFlatWhenHidden() throws {
    var drive = try builtInDrive()
    let guide = drive.mapView.navigationHeaderLayoutGuide
    drive.mapView.layoutIfNeeded()
    #expect(guide.layoutFrame == CGRect(x: 0, y: 59, width: 393, height: 112))
    drive.mapView.setHeaderAccessory(Banner(height: 40))
    drive.mapView.layoutIfNeeded()
    #expect(guide.layoutFrame == CGRect(x: 0, y: 59, width: 393, height: 152))
    try drive.send(setting(.header, false))
    #expect(guide.layoutFrame == CGRect(x: 0, y: 59, width: 393, height: 0))
  }

  @Test func footerGuideFramesTheETACardAndIsFlatWhenHidden() throws {
    var drive = try builtInDrive()
    let guide = drive.mapView.navigationFooterLayoutGuide
    drive.mapView.layoutIfNeeded()
    #expect(guide.layoutFrame == CGRect(x: 0, y: 746, width: 393, height: 72))
    try drive.send(setting(.footer, false))
    #expect(guide.layoutFrame == CGRect(x: 0, y: 818, width: 393, height: 0))
  }

  @Test func anAppViewPinnedUnderTheHeaderGuideFollowsTheHeader() throws {
    var drive = try builtInDrive()
    let banner = UIView()
    banner.translatesAutoresizingMaskIntoConstraints = false
    drive.mapView.addSubview(banner)
    let guide = drive.mapView.navigationHeaderLayoutGuide
    NSLayoutConstraint.activate([
      banner.topAnchor.constraint(equalTo: guide.bottomAnchor, constant: 8),
      banner.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 16),
      banner.widthAnchor.constraint(equalToConstant: 200),
      banner.heightAnchor.constraint(equalToConstant: 40),
    ])
    drive.mapView.layoutIfNeeded()
    #expect(drive.frame(banner) == CGRect(x: 16, y: 179, width: 200, height: 40))
    try drive.send(setting(.header, false))
    #expect(drive.frame(banner) == CGRect(x: 16, y: 67, width: 200, height: 40))
    // The app's view stays above the SDK's.
    try drive.send(setting(.header, true))
    #expect(drive.mapView.subviews.last === banner)
  }

  @Test func bottomTrailingGuideFramesTheButtonColumnInStandardMode() throws {
    var drive = try builtInDrive(before: [setting(.myLocationButton, true)])
    let guide = drive.mapView.bottomTrailingButtonsLayoutGuide
    let alternate = drive.mapView.bottomTrailingButtonsAlternateLayoutGuide
    drive.mapView.layoutIfNeeded()
    #expect(guide.layoutFrame == CGRect(x: 329, y: 630, width: 48, height: 104))
    #expect(alternate.layoutFrame == CGRect(x: 329, y: 806, width: 48, height: 0))
    try drive.send(setting(.reportIncidentButton, false))
    #expect(guide.layoutFrame == CGRect(x: 329, y: 686, width: 48, height: 48))
  }

  @Test func alternateBottomTrailingGuideFramesTheColumnInWideMode() throws {
    let drive = try builtInDrive(width: 852, height: 393, safeTop: 0, safeBottom: 0)
    let guide = drive.mapView.bottomTrailingButtonsLayoutGuide
    let alternate = drive.mapView.bottomTrailingButtonsAlternateLayoutGuide
    drive.mapView.layoutIfNeeded()
    let views = drive.mapView.sdkViews
    #expect(drive.frame(views.turnCard) == CGRect(x: 0, y: 0, width: 375, height: 112))
    #expect(drive.frame(views.etaCard) == CGRect(x: 0, y: 321, width: 375, height: 72))
    #expect(drive.frame(views.viewport) == CGRect(x: 375, y: 0, width: 477, height: 393))
    #expect(drive.frame(views.reportingButton) == CGRect(x: 788, y: 333, width: 48, height: 48))
    #expect(alternate.layoutFrame == CGRect(x: 788, y: 333, width: 48, height: 48))
    #expect(guide.layoutFrame == CGRect(x: 788, y: 309, width: 48, height: 0))
  }

  @Test func legacyGuidesHaveNoEffectWithADelegateAndUsingThemIsAFinding() throws {
    let delegate = ScriptedDelegate()
    var guide: UILayoutGuide?
    delegate.onStart = { mapView, _ in guide = mapView.navigationFooterLayoutGuide }
    var drive = try Drive(delegate)
    let findings = try drive.startGuidance()
    #expect(findings.with(.legacyAPIWithDelegate).count == 1)
    #expect(try #require(guide).layoutFrame == .zero)
    #expect(drive.mapView.sdkViews.etaCard.superview == nil)
  }

  // MARK: - Header accessory view

  @Test func accessoryViewShowsUnderTheTurnCardAndIsRemeasuredOnlyWhenInvalidated() throws {
    var drive = try builtInDrive()
    let banner = Banner(height: 48)
    drive.mapView.setHeaderAccessory(banner)
    drive.mapView.layoutIfNeeded()
    #expect(drive.frame(banner) == CGRect(x: 0, y: 171, width: 393, height: 48))
    #expect(drive.frame(drive.mapView.sdkViews.viewport).minY == 219)
    #expect(banner.measuredWidths == [393])
    banner.height = 80
    try drive.send(.progress(progressEvent()))
    #expect(drive.frame(banner).height == 48)
    drive.mapView.invalidateLayout(forAccessoryView: banner)
    drive.mapView.layoutIfNeeded()
    #expect(drive.frame(banner) == CGRect(x: 0, y: 171, width: 393, height: 80))
    drive.mapView.setHeaderAccessory(nil)
    drive.mapView.layoutIfNeeded()
    #expect(banner.superview == nil)
    #expect(drive.frame(drive.mapView.sdkViews.viewport).minY == 171)
  }

  @Test func accessoryViewHidesOnMapsShorterThanTheThresholdAndWithoutAHeader() throws {
    var drive = try builtInDrive()
    let banner = Banner(height: 48)
    drive.mapView.setHeaderAccessory(banner)
    try drive.send(resized(852, BuiltInLayout.accessoryMinimumMapHeight - 1))
    #expect(banner.superview == nil)
    try drive.send(resized(852, BuiltInLayout.accessoryMinimumMapHeight))
    #expect(drive.frame(banner) == CGRect(x: 0, y: 112, width: 375, height: 48))
    try drive.send(setting(.header, false))
    #expect(banner.superview == nil)
  }

  // MARK: - Padding

  @Test func mapPaddingMovesTheControlsInFromTheEdges() throws {
    var drive = try builtInDrive(before: [setting(.tripProgressBar, true)])
    try drive.send(text(.mapPadding, "10,20,30,40"))
    let views = drive.mapView.sdkViews
    #expect(drive.frame(views.turnCard) == CGRect(x: 20, y: 69, width: 333, height: 112))
    #expect(drive.frame(views.etaCard) == CGRect(x: 20, y: 716, width: 333, height: 72))
    #expect(drive.frame(views.reportingButton) == CGRect(x: 289, y: 656, width: 48, height: 48))
    #expect(drive.frame(views.tripProgressBar) == CGRect(x: 341, y: 212, width: 12, height: 400))
    #expect(drive.frame(views.googleLogo) == CGRect(x: 20, y: 684, width: 72, height: 32))
  }

  @Test(arguments: [
    (GMSMapViewPaddingAdjustmentBehavior.always, 69.0), (.automatic, 59.0), (.never, 10.0),
  ])
  func paddingAdjustmentBehaviorDecidesHowTheSafeAreaAdds(
    behavior: GMSMapViewPaddingAdjustmentBehavior, top: Double
  ) throws {
    var drive = try builtInDrive()
    drive.mapView.paddingAdjustmentBehavior = behavior
    try drive.send(text(.mapPadding, "10,0,0,0"))
    #expect(drive.frame(drive.mapView.sdkViews.turnCard).minY == CGFloat(top))
  }

  @Test func paddingLeadingFollowsTheLayoutDirection() throws {
    var drive = try builtInDrive()
    try drive.run([text(.layoutDirection, "rtl"), text(.mapPadding, "0,20,0,40")])
    let frame = drive.frame(drive.mapView.sdkViews.turnCard)
    #expect(frame == CGRect(x: 40, y: 59, width: 333, height: 112))
    #expect(drive.frame(drive.mapView.sdkViews.googleLogo).maxX == 373)
  }
}

private func progressEvent() -> SessionEvents.Progress {
  SessionEvents.Progress(
    distanceTravelled: 100, distanceRemaining: 900, timeRemaining: 90, stepIndex: 0,
    distanceToNextManeuver: 50, maneuver: "turnLeft", roadName: "Main St", latitude: 0,
    longitude: 0, course: 90, delay: .noData)
}
