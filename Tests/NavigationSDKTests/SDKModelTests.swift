import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

/// What the SDK does to its views by itself: sizes, resizes, wide mode, the hiding stack.
@MainActor @Suite struct SDKModelTests {
  @Test func viewsAreSizedFromTheProfile() throws {
    var profile = SDKProfile.default
    profile.style.headerNominalHeight = 130
    profile.etaCardHeight = 60
    var (drive, _, _) = try Drive.clean(profile: profile)
    try drive.startGuidance()
    let views = drive.mapView.sdkViews
    #expect(drive.frame(views.turnCard) == CGRect(x: 0, y: 0, width: 393, height: 130))
    #expect(drive.frame(views.etaCard) == CGRect(x: 0, y: 792, width: 393, height: 60))
    #expect(drive.frame(views.tripProgressBar).width == 12)
    #expect(drive.frame(views.googleLogo).size == CGSize(width: 72, height: 32))
    #expect(drive.frame(views.viewport) == CGRect(x: 0, y: 130, width: 393, height: 800 - 130))
    #expect(views.turnCard.translatesAutoresizingMaskIntoConstraints == false)
    #expect(views.turnCard.layoutMargins.top == 8)
  }

  @Test func theSpeedWidgetResizesWithoutACallback() throws {
    var (drive, delegate, _) = try Drive.clean()
    try drive.run([.navigationEnabled, .guidanceStarted])
    let widget = drive.mapView.sdkViews.speedWidget
    let calls = delegate.calls.count
    func size() -> CGSize { drive.frame(widget).size }
    #expect(size() == .zero)
    try drive.send(speed(12, limit: 14))  // no display settings: still nothing
    #expect(size() == .zero)
    try drive.send(setting(.speedometer, true))
    #expect(widget.displayState == .speedOnly && size() == CGSize(width: 64, height: 64))
    try drive.send(setting(.speedLimit, true))
    #expect(widget.displayState == .both && size() == CGSize(width: 64, height: 132))
    try drive.send(speed(nil, limit: 14))
    #expect(widget.displayState == .limitOnly && size() == CGSize(width: 64, height: 64))
    try drive.send(speed(nil, limit: nil))
    #expect(widget.displayState == .hidden && size() == .zero)
    #expect(delegate.calls.count == calls)
    // The widget sits on the ETA card's margins guide: its bottom follows the card.
    try drive.send(speed(30, limit: 25))
    #expect(drive.frame(widget).maxY == drive.frame(drive.mapView.sdkViews.etaCard).minY + 8)
  }

  @Test func panningTurnsTheLogoIntoTheLargerRecenterButton() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.startGuidance()
    let logo = drive.mapView.sdkViews.googleLogo
    try drive.send(.userPanned(dx: 30, dy: -10))
    #expect(logo.isRecenterButton)
    #expect(drive.frame(logo).size == CGSize(width: 136, height: 48))
    #expect(drive.mapView.cameraMode == .free)
    try drive.send(.recentered)
    #expect(drive.frame(logo).size == CGSize(width: 72, height: 32))
    try drive.send(setting(.recenterButton, false))
    try drive.send(.userPanned(dx: 30, dy: 0))
    #expect(!logo.isRecenterButton)
  }

  @Test func resizingFlipsWideModeAndResizesTheCards() throws {
    var (drive, delegate, _) = try Drive.clean()
    try drive.startGuidance()
    let turnCard = drive.mapView.sdkViews.turnCard
    #expect(!drive.mapView.isWideMode)
    try drive.send(
      .mapResized(
        MapGeometry(
          width: 852, height: 393, safeTop: 0, safeLeading: 59, safeBottom: 21, safeTrailing: 59)))
    #expect(drive.mapView.isWideMode)
    #expect(delegate.calls.last == "sizeChanged(wide: true)")
    #expect(drive.frame(turnCard) == CGRect(x: 59, y: 0, width: 375, height: 112))
    #expect(drive.mapView.safeAreaInsets == UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
    #expect(drive.mapView.mapGeometry.safeLeading == 59)
    try drive.send(resized(393, 852))
    #expect(delegate.calls.last == "sizeChanged(wide: false)")
    #expect(drive.frame(turnCard).width == 393)
  }

  @Test func theSafeAreaFollowsTheLayoutDirection() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.send(
      .mapResized(MapGeometry(width: 852, height: 393, safeLeading: 59, safeTrailing: 10)))
    try drive.send(.settingChanged(SettingChange(name: .layoutDirection, value: .text("rtl"))))
    #expect(drive.mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(drive.mapView.safeAreaInsets.right == 59)
    #expect(drive.mapView.mapGeometry.safeLeading == 59)
    drive.session.forcedLayoutDirection = "ltr"
    try drive.send(.settingChanged(SettingChange(name: .layoutDirection, value: .text("rtl"))))
    #expect(drive.mapView.effectiveUserInterfaceLayoutDirection == .leftToRight)
  }

  @Test func promptsAreSizedByKindAndTextAndWideMode() throws {
    var heights: [String: CGFloat] = [:]
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onShow = { mapView, prompt in
      layout.show(prompt)
      mapView.layoutIfNeeded()
      heights[(prompt as! SDKView).sdkRole] = prompt.bounds.height
    }
    delegate.onChange = { mapView, new, old in
      old.removeFromSuperview()
      delegate.onShow(mapView, new)
    }
    try drive.startGuidance()
    try drive.run([
      prompt(1, .speedCamera, "Camera"), prompt(2, .betterRoute, String(repeating: "x", count: 90)),
    ])
    #expect(heights == ["prompt.speedCamera#1": 88, "prompt.betterRoute#2": 168])
    let current = try #require(drive.mapView.currentPromptView)
    #expect(current.roundedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
    try drive.send(resized(1024, 768))
    #expect(current.bounds.width == 375)
  }

  @Test func theHidingStackHidesFromTheEndAndShowsAgain() throws {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    let stack = GMSNavigationHidingStackView(position: .bottom, alignment: .leading)
    root.addSubview(stack)
    let height = stack.heightAnchor.constraint(equalToConstant: 150)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      stack.bottomAnchor.constraint(equalTo: root.bottomAnchor),
      stack.widthAnchor.constraint(equalToConstant: 100), height,
    ])
    let buttons =
      SDKViewSet(profile: .default).buttonViews
      + [SDKButton(type: NavigationButtonKnownType(rawValue: 9), profile: .default).buttonView]
    for button in buttons { stack.addArrangedSubview(button) }
    root.layoutIfNeeded()
    root.layoutIfNeeded()
    let arranged = stack.arrangedSubviews
    #expect(arranged.map(\.isHidden) == [false, false, true])  // 48 + 8 + 48 + 8 + 48 > 150
    #expect(abs(arranged[0].frame.maxY - 150) < 0.001)  // bottom to top
    #expect(abs(arranged[1].frame.maxY - (150 - 48 - 8)) < 0.001)
    #expect(arranged[2].sdkRoleForTests == "button.type9")
    height.constant = 200
    root.layoutIfNeeded()
    root.layoutIfNeeded()
    #expect(arranged.map(\.isHidden) == [false, false, false])
    #expect(stack.spacing == 8)
  }

  @Test func styleValuesComeFromTheActiveProfile() throws {
    var profile = SDKProfile.default
    profile.style.headerTopPadding = 21
    var seen: CGFloat = 0
    let delegate = ScriptedDelegate()
    delegate.onEnable = { _, _ in seen = NavigationStyleValues.headerTopPadding }
    // A replay's context carries its profile (`Replayer` sets it); the map made in it keeps it.
    let context = LayoutContext()
    context.sdkProfile = profile
    var drive = try context.run { try Drive(delegate, profile: profile) }
    try drive.send(.navigationEnabled)
    #expect(seen == 21)
    #expect(NavigationStyleValues.headerTopPadding == 8)  // outside a replay: the default
    #expect(context.run { NavigationStyleValues.headerTopPadding } == 21)
  }

  @Test func viewIdentitiesMatchTheSnapshotScheme() throws {
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let a = UIView()
    let b = UIView()
    let named = UIView()
    named.accessibilityIdentifier = "sheet"
    let twin = UIView()
    twin.accessibilityIdentifier = "sheet"
    for view in [a, named, b, twin, map.sdkViews.turnCard] { map.addSubview(view) }
    let guide = UILayoutGuide()
    map.addLayoutGuide(guide)
    let identity = ViewIdentity(mapView: map)
    #expect(identity.name(of: a) == "UIView#1")
    #expect(identity.name(of: b) == "UIView#2")
    #expect(identity.name(of: named) == "sheet")
    #expect(identity.name(of: twin) == "sheet~2")
    #expect(identity.name(of: map.sdkViews.turnCard) == "turnCard")
    #expect(identity.name(of: guide) == "UILayoutGuide#1")
  }

  /// UIKit compares identifiers as `NSString`s, by UTF-16 units: "Café" precomposed and with a
  /// combining accent are two identifiers, so neither is a repeat that needs `~2`.
  @Test func identifiersDifferingOnlyInNormalizationAreTwoNames() throws {
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let composed = UIView()
    composed.accessibilityIdentifier = "Caf\u{E9}"
    let decomposed = UIView()
    decomposed.accessibilityIdentifier = "Cafe\u{301}"
    let repeated = UIView()
    repeated.accessibilityIdentifier = "Cafe\u{301}"
    for view in [composed, decomposed, repeated] { map.addSubview(view) }
    let identity = ViewIdentity(mapView: map)
    #expect(Array(identity.name(of: composed).utf8) == Array("Caf\u{E9}".utf8))
    #expect(Array(identity.name(of: decomposed).utf8) == Array("Cafe\u{301}".utf8))
    #expect(Array(identity.name(of: repeated).utf8) == Array("Cafe\u{301}~2".utf8))
  }
}

extension UIView {
  var sdkRoleForTests: String? { (self as? SDKView)?.sdkRole }
}
