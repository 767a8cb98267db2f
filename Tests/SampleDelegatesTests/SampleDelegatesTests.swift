import Foundation
import NavSim
import SampleDelegates
import SessionEvents
import Testing

@MainActor @Suite struct SampleDelegateTests {
  /// The good delegates, by name (the catalog's two plus the real-SDK-style one).
  nonisolated static let goodDelegates = ["basic", "complete", "ride"]

  func makeDelegate(_ name: String) -> any NavigationLayoutDelegate {
    name == "ride" ? RideNavigationLayout() : SampleDelegateCatalog.all[name]!()
  }

  @Test func theCatalogNamesTheThreeSamples() {
    #expect(SampleDelegateCatalog.all.keys.sorted() == ["basic", "broken", "complete", "complete-v2"])
    #expect(SampleDelegateCatalog.all["basic"]!() is BasicLayoutDelegate)
    #expect(SampleDelegateCatalog.all["complete"]!() is CompleteLayoutDelegate)
    #expect(SampleDelegateCatalog.all["broken"]!() is BrokenLayoutDelegate)
  }

  @Test(arguments: goodDelegates, Screen.all)
  func goodDelegatesHaveNoFindingsOnAnyScreen(delegate name: String, screen: Screen) throws {
    for direction in ["ltr", "rtl"] {
      var run = try ScenarioRun(delegate: makeDelegate(name))
      try run.fullTrip(on: screen, direction: direction)
      #expect(run.findings.isEmpty, "\(name) on \(screen) \(direction): \(run.findings)")
      #expect(run.mapView.subviews.isEmpty, "\(name) left \(run.mapView.subviews)")
    }
  }

  @Test func brokenDelegateBreaksManyDistinctRules() throws {
    var run = try ScenarioRun(delegate: BrokenLayoutDelegate())
    try run.fullTrip(on: .iPhonePortrait, direction: "ltr")
    let rules = Set(run.findings.map(\.ruleID))
    for expected in [
      "missing-viewport", "hiding-stack-hidden-set", "fixed-size-constraint", "left-right-anchor",
      "sdk-internals-touched", "legacy-api-with-delegate", "sdk-views-overlap",
      "prompt-covers-logo", "leftover-after-stop-guidance", "leftover-after-disable",
      "unsatisfiable-constraints",
    ] {
      #expect(rules.contains(expected), "missing \(expected) in \(rules.sorted())")
    }
    #expect(run.findings.contains { $0.severity == .error })
  }

  @Test func basicPortraitFrames() throws {
    var run = try ScenarioRun(delegate: BasicLayoutDelegate())
    try run.send([
      .mapResized(Screen.iPhonePortrait.geometry), .navigationEnabled, .guidanceStarted,
    ])
    let map = run.mapView
    let views = map.sdkViews
    func frame(_ view: UIView) -> CGRect { view.convert(view.bounds, to: map) }
    #expect(frame(views.turnCard).isClose(to: CGRect(x: 0, y: 59, width: 393, height: 112)))
    #expect(frame(views.etaCard).isClose(to: CGRect(x: 0, y: 818 - 72, width: 393, height: 72)))
    #expect(
      frame(views.viewport).isClose(to: CGRect(x: 0, y: 171, width: 393, height: 746 + 8 - 171)))
    #expect(
      frame(views.googleLogo).isClose(to: CGRect(x: 16, y: 754 - 12 - 32, width: 72, height: 32)))
    let compass = frame(views.compassButton)
    #expect(compass.maxX == 393 - 16 && compass.minY == 171 - 8 + 12)
    try run.send(ScenarioRun.prompt(1, .incident, "Crash ahead"))
    let prompt = try #require(map.currentPromptView)
    #expect(frame(prompt).isClose(to: CGRect(x: 0, y: 818 - 104, width: 393, height: 104)))
    #expect(abs(frame(views.viewport).maxY - (818 - 104 + 8)) < 0.001)
    #expect(run.findings.isEmpty)
  }

  @Test func completeStacksTheSpeedWidgetOnTheETACardAndRoundsPromptsAboveTheSheet() throws {
    var run = try ScenarioRun(delegate: CompleteLayoutDelegate())
    try run.send([
      .mapResized(Screen.iPhonePortrait.geometry), .navigationEnabled,
      .settingChanged(SettingChange(name: .speedometer, value: .bool(true))),
      .guidanceStarted, ScenarioRun.speed(10, nil), ScenarioRun.prompt(1, .incident, "Crash"),
    ])
    let map = run.mapView
    let views = map.sdkViews
    func frame(_ view: UIView) -> CGRect { view.convert(view.bounds, to: map) }
    #expect(frame(views.speedWidget).maxY == frame(views.etaCard).minY + 8)
    #expect(frame(views.speedWidget).maxX == frame(views.etaCard).maxX - 8)
    let prompt = try #require(map.currentPromptView)
    #expect(
      prompt.roundedCorners == [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
      ])
    let sheet = try #require(
      map.subviews.first { $0.accessibilityIdentifier == "orderStatusSheet" })
    #expect(frame(prompt).maxY == frame(sheet).minY - 12)
    #expect(frame(views.viewport).maxY <= frame(prompt).minY + 8)
    #expect(run.findings.isEmpty, "\(run.findings)")
  }

  @Test func completeStartsInWideModeWhenLaunchedInLandscape() throws {
    var run = try ScenarioRun(delegate: CompleteLayoutDelegate())
    try run.send([
      .mapResized(Screen.iPhoneLandscape.geometry), .navigationEnabled, .guidanceStarted,
    ])
    let map = run.mapView
    let turnCard = map.sdkViews.turnCard
    #expect(
      turnCard.convert(turnCard.bounds, to: map).isClose(
        to: CGRect(x: 59, y: 0, width: 375, height: 112)))
    let viewport = map.sdkViews.viewport
    #expect(abs(viewport.convert(viewport.bounds, to: map).minX - (59 + 375)) < 0.001)
    #expect(run.findings.isEmpty, "\(run.findings)")
  }
}

extension CGRect {
  /// Equal within solver rounding (a thousandth of a point).
  func isClose(to other: CGRect) -> Bool {
    abs(minX - other.minX) < 0.001 && abs(minY - other.minY) < 0.001
      && abs(width - other.width) < 0.001 && abs(height - other.height) < 0.001
  }
}
