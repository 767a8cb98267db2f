import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

@MainActor @Suite struct LifecycleCallbackTests {
  @Test func callbacksFollowTheSpecsOrder() throws {
    let delegate = ScriptedDelegate()
    var drive = try Drive(delegate)
    try drive.run([
      .navigationEnabled, .guidanceStarted, prompt(1), prompt(2, .traffic, "Heavy traffic"),
      .promptDismissed(promptID: 2), prompt(3), resized(852, 393),
      .guidanceStopped(.arrived), .navigationDisabled,
    ])
    #expect(
      delegate.calls == [
        "enableNavigationUI(wide: false)", "startGuidance", "showPrompt(prompt.incident#1)",
        "changePrompt(prompt.traffic#2, prompt.incident#1)", "hidePrompt(prompt.traffic#2)",
        "showPrompt(prompt.incident#3)", "sizeChanged(wide: true)", "hidePrompt(prompt.incident#3)",
        "stopGuidance", "disableNavigationUI",
      ])
    #expect(drive.mapView.navigationState == .nonNavigation)
  }

  @Test func disablingDuringGuidanceStopsGuidanceFirst() throws {
    let delegate = ScriptedDelegate()
    var drive = try Drive(delegate)
    try drive.run([.navigationEnabled, .guidanceStarted, .navigationDisabled])
    #expect(delegate.calls.suffix(2) == ["stopGuidance", "disableNavigationUI"])
  }

  @Test func sizeChangesCallBackOnlyWhileNavigationIsEnabled() throws {
    let delegate = ScriptedDelegate()
    var drive = try Drive(delegate)
    try drive.send(resized(852, 393))
    #expect(delegate.calls.isEmpty)
    #expect(drive.mapView.bounds.size == CGSize(width: 852, height: 393))
    try drive.send(.navigationEnabled)
    #expect(delegate.calls == ["enableNavigationUI(wide: true)"])
  }

  @Test func stateObjectsCarryTheSameViewsEachTime() throws {
    let delegate = ScriptedDelegate()
    let drive0 = try Drive(nil)
    try drive0.mapView.setLayoutDelegate(delegate)
    var logos: [ObjectIdentifier] = []
    delegate.onEnable = { _, state in logos.append(ObjectIdentifier(state.googleLogo)) }
    delegate.onStart = { _, state in
      logos.append(ObjectIdentifier(state.googleLogo))
      #expect(state.buttons.map(\.type) == [.compass, .reporting])
      #expect(state.speedWidget === drive0.mapView.sdkViews.speedWidget)
    }
    var drive = drive0
    try drive.startGuidance()
    #expect(logos.count == 2 && logos[0] == logos[1])
  }

  @Test func invalidSequencesThrowWithTheSeqAndChangeNothing() throws {
    let delegate = ScriptedDelegate()
    var drive = try Drive(delegate)
    #expect(throws: SessionError(seq: 1, message: "guidance started before navigation was enabled"))
    {
      try drive.send(.guidanceStarted)
    }
    #expect(drive.mapView.navigationState == .nonNavigation)
    try drive.send(.navigationEnabled)
    do {
      try drive.send(.promptDismissed(promptID: 7))
      Issue.record("a dismissal of a prompt never shown was accepted")
    } catch let error as SessionError {
      #expect(error.seq == 3)
      #expect(error.description.contains("prompt 7"))
    }
    #expect(delegate.calls == ["enableNavigationUI(wide: false)"])
  }

  @Test func badSettingsAndBackwardsEventsAreRejected() throws {
    var drive = try Drive(ScriptedDelegate())
    #expect(throws: SessionError.self) {
      try drive.send(.settingChanged(SettingChange(name: .speedometer, value: .text("yes"))))
    }
    #expect(throws: SessionError.self) {
      try drive.send(.settingChanged(SettingChange(name: .layoutDirection, value: .text("up"))))
    }
    #expect(throws: SessionError.self) { try drive.send(resized(-1, 100)) }
    try drive.send(
      .settingChanged(SettingChange(name: Setting(rawValue: "futureSetting"), value: .bool(true))))
    let session = drive.session
    #expect(throws: SessionError.self) {
      try session.apply(ReplayTick(SessionEvent(seq: 1, t: 99_000, payload: .navigationEnabled)))
    }
    #expect(throws: SessionError.self) {
      try session.apply(ReplayTick(SessionEvent(seq: 99, t: 0, payload: .navigationEnabled)))
    }
    #expect(drive.mapView.navigationState == .nonNavigation)
  }

  @Test func setLayoutDelegateThrowsTheDocumentedErrors() throws {
    let carPlay = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 800, height: 480), profile: .default, isCarPlay: true)
    do {
      try carPlay.setLayoutDelegate(ScriptedDelegate())
      Issue.record("CarPlay accepted a delegate")
    } catch let error as NSError {
      #expect(error.domain == GMSMapViewNavigationLayoutErrorDomain)
      #expect(error.code == GMSMapViewNavigationLayoutErrorCode.cannotSetDelegateOnCarPlayScreen.rawValue)
    }
    var drive = try Drive(ScriptedDelegate())
    try drive.send(.navigationEnabled)
    do {
      try drive.mapView.setLayoutDelegate(nil)
      Issue.record("a delegate was set while navigation is enabled")
    } catch let error as NSError {
      #expect(
        error.code == GMSMapViewNavigationLayoutErrorCode.cannotSetDelegateWhileNavigationEnabled.rawValue)
    }
    #expect(drive.mapView.layoutDelegate != nil)
    try drive.send(.navigationDisabled)
    try drive.mapView.setLayoutDelegate(nil)
    #expect(drive.mapView.layoutDelegate == nil)
  }

  @Test func theMapViewHoldsItsDelegateStrongly() throws {
    weak var weakDelegate: ScriptedDelegate?
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    do {
      let delegate = ScriptedDelegate()
      weakDelegate = delegate
      try mapView.setLayoutDelegate(delegate)
    }
    #expect(weakDelegate != nil)
  }

  @Test func disabledPromptsAreNeverShown() throws {
    let delegate = ScriptedDelegate()
    var drive = try Drive(delegate)
    try drive.run([
      .navigationEnabled, .guidanceStarted, setting(.prompts, false), prompt(1),
      prompt(2, .speedCamera, "Camera"), .promptDismissed(promptID: 1),
    ])
    #expect(delegate.calls.suffix(1) == ["showPrompt(prompt.speedCamera#2)"])
    #expect(drive.mapView.navigator?.shouldDisplayPrompts == false)
  }

  @Test func builtInLayoutDrawsCardsWithoutADelegate() throws {
    var drive = try Drive(nil)
    let findings = try drive.startGuidance()
    let views = drive.mapView.sdkViews
    #expect(findings.isEmpty)
    #expect(views.turnCard.superview === drive.mapView)
    #expect(drive.frame(views.turnCard) == CGRect(x: 0, y: 0, width: 393, height: 112))
    #expect(drive.frame(views.etaCard).maxY == 852)
    try drive.send(.navigationDisabled)
    #expect(drive.mapView.subviews.isEmpty)
  }
}

@MainActor @Suite struct AppDrivenLifecycleTests {
  @Test func appCodeCanDriveTheLifecycleThroughTheSDKsOwnProperties() throws {
    let delegate = ScriptedDelegate()
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    try mapView.setLayoutDelegate(delegate)
    mapView.navigator?.isGuidanceActive = true  // ignored: navigation is off
    mapView.isNavigationEnabled = true
    mapView.navigator?.isGuidanceActive = true
    mapView.navigator?.isGuidanceActive = false
    mapView.isNavigationEnabled = false
    #expect(delegate.calls == [
      "enableNavigationUI(wide: false)", "startGuidance", "stopGuidance", "disableNavigationUI",
    ])
  }
}
