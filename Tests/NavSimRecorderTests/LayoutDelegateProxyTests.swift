import EventLog
import Foundation
import NavSim
@_spi(Replay) import NavigationSDK
@_spi(Replay) import Replay
import SessionEvents
import TestSupport
import Testing

import Lint
@testable import NavSimRecorder

/// An app's layout delegate that places nothing (the recorder sees the views all the same).
final class PlacesNothing: NSObject, NavigationLayoutDelegate {}

/// An app's layout delegate that writes down every call it gets, naming the views it is handed.
final class CallLog: NSObject, NavigationLayoutDelegate {
  var calls: [String] = []

  private func names(_ state: any NavigationUIState) -> String {
    var views = [state.googleLogo, state.viewport]
    if let guidance = state as? any ActiveGuidanceUIState {
      views += [guidance.turnCard, guidance.etaCard, guidance.tripProgressBar, guidance.speedWidget]
      views += guidance.buttons.map(\.view)
    } else if let ready = state as? any NavigationReadyUIState {
      views += ready.buttons.map(\.view)
    }
    let roles = MainActor.assumeIsolated { views.map { ($0 as? SDKView)?.sdkRole ?? "?" } }
    return roles.joined(separator: ",") + " wide=\(state.wideMode)"
  }

  private func name(_ prompt: any NavigationPromptView) -> String {
    MainActor.assumeIsolated { (prompt as? SDKView)?.sdkRole ?? "?" }
  }

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    calls.append("enable \(names(newState))")
  }
  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    calls.append("disable \(names(oldState))")
  }
  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    calls.append("start \(names(newState)) from \(names(oldState))")
  }
  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    calls.append("stop \(names(newState)) from \(names(oldState))")
  }
  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    calls.append("show \(name(newPrompt))")
  }
  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    calls.append("hide \(name(oldPrompt))")
  }
  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    calls.append("change \(name(newPrompt)) from \(name(oldPrompt))")
  }
  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    calls.append("size \(names(newState)) \(Int(mapView.bounds.width))")
  }
}

/// The recorder sees the SDK's views by wrapping the app's layout delegate: installed by
/// `start()`, put back by `stop()`, every call passed on unchanged; and what it measures
/// through UIKit's public API is what NavSim's model says the views measure.
@MainActor
@Suite struct LayoutDelegateProxyTests {
  final class Clock {
    var now = 0.0
  }

  /// Every lifecycle callback: navigation, guidance, a prompt shown, replaced and hidden, a
  /// rotation into wide mode, guidance and navigation off.
  static let trip: [EventPayload] = [
    .navigationEnabled, .guidanceStarted,
    .promptReady(Prompt(promptID: 7, kind: .traffic, text: "Slow traffic")),
    .promptReady(Prompt(promptID: 8, kind: .incident, text: "Crash ahead")),
    .promptDismissed(promptID: 8),
    .mapResized(MapGeometry(width: 852, height: 393)),
    .guidanceStopped(.arrived), .navigationDisabled,
  ]

  private func makeMap() -> GMSMapView {
    GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: .default, isCarPlay: false)
  }

  private func makeRecorder(_ mapView: GMSMapView, _ directory: TemporaryDirectory, clock: Clock)
    throws -> NavSimRecorder
  {
    var options = NavSimRecorder.Options()
    options.createdAt = "test"
    options.clock = { clock.now }
    options.samplesEveryFrame = false
    return try NavSimRecorder(mapView: mapView, path: directory.file("trip.sqlite"), options: options)
  }

  /// Drives `mapView` through `payloads`, one second apart, sampling `recorder` after each.
  private func drive(_ mapView: GMSMapView, _ payloads: [EventPayload], recorder: NavSimRecorder?, clock: Clock) throws {
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    for (index, payload) in payloads.enumerated() {
      clock.now = Double(index)
      try session.apply(
        ReplayTick(SessionEvent(seq: Int64(index + 1), t: Int64(index) * 1000, payload: payload)))
      recorder?.sample()
    }
  }

  @Test func startWrapsTheAppsDelegateAndStopPutsItBack() throws {
    let directory = TemporaryDirectory()
    let mapView = makeMap()
    let app = PlacesNothing()
    try mapView.setLayoutDelegate(app)
    let recorder = try makeRecorder(mapView, directory, clock: Clock())
    #expect(!recorder.isObservingSDKViews)
    recorder.start()
    #expect(recorder.isObservingSDKViews)
    #expect(mapView.layoutDelegate !== app)
    try recorder.stop()
    #expect(mapView.layoutDelegate === app)
    #expect(!recorder.isObservingSDKViews)
  }

  @Test func everyCallbackReachesTheAppsDelegateUnchanged() throws {
    let directory = TemporaryDirectory()
    let alone = CallLog()
    let plain = makeMap()
    try plain.setLayoutDelegate(alone)
    try drive(plain, Self.trip, recorder: nil, clock: Clock())

    let wrapped = CallLog()
    let mapView = makeMap()
    try mapView.setLayoutDelegate(wrapped)
    let clock = Clock()
    let recorder = try makeRecorder(mapView, directory, clock: clock)
    recorder.start()
    try drive(mapView, Self.trip, recorder: recorder, clock: clock)
    try recorder.stop()

    #expect(
      alone.calls.map { $0.prefix { $0 != " " } }
        == ["enable", "start", "show", "change", "hide", "size", "stop", "disable"])
    #expect(wrapped.calls == alone.calls)
    #expect(mapView.layoutDelegate === wrapped)
  }

  @Test func theBuiltInLayoutHandsNobodyTheViewsSoNoSizesAreWritten() throws {
    let directory = TemporaryDirectory()
    let mapView = makeMap()
    let clock = Clock()
    let recorder = try makeRecorder(mapView, directory, clock: clock)
    recorder.start()
    #expect(!recorder.isObservingSDKViews)
    try drive(mapView, Array(Self.trip.prefix(3)), recorder: recorder, clock: clock)
    #expect(mapView.layoutDelegate == nil)
    try recorder.stop()
    let kinds = try EventLogFile(path: directory.file("trip.sqlite"), mode: .readOnly)
      .events(recording: 1).readAll().map(\.kind)
    #expect(kinds.contains(.promptReady))
    #expect(!kinds.contains(.viewSize))
  }

  @Test func aDelegateSetAfterStartIsWrappedAtTheNextSample() throws {
    let directory = TemporaryDirectory()
    let mapView = makeMap()
    let recorder = try makeRecorder(mapView, directory, clock: Clock())
    recorder.start()
    #expect(!recorder.isObservingSDKViews)
    let first = PlacesNothing()
    try mapView.setLayoutDelegate(first)
    recorder.sample()
    #expect(recorder.isObservingSDKViews)
    // The app replaces its delegate: the new one is wrapped in turn, the old not restored.
    let second = CallLog()
    try mapView.setLayoutDelegate(second)
    #expect(!recorder.isObservingSDKViews)
    recorder.sample()
    #expect(recorder.isObservingSDKViews)
    try recorder.stop()
    #expect(mapView.layoutDelegate === second)
  }

  @Test func aRecorderStartedDuringNavigationWrapsOnceNavigationIsDisabled() throws {
    let directory = TemporaryDirectory()
    let mapView = makeMap()
    let app = PlacesNothing()
    try mapView.setLayoutDelegate(app)
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    try session.apply(ReplayTick(SessionEvent(seq: 1, t: 0, payload: .navigationEnabled)))
    let recorder = try makeRecorder(mapView, directory, clock: Clock())
    recorder.start()
    #expect(!recorder.isObservingSDKViews)
    #expect(mapView.layoutDelegate === app)
    try session.apply(ReplayTick(SessionEvent(seq: 2, t: 0, payload: .navigationDisabled)))
    recorder.sample()
    #expect(recorder.isObservingSDKViews)
    try recorder.stop()
    #expect(mapView.layoutDelegate === app)
  }

  @Test func stoppingDuringNavigationLeavesAProxyThatOnlyForwards() throws {
    let directory = TemporaryDirectory()
    let mapView = makeMap()
    let app = CallLog()
    try mapView.setLayoutDelegate(app)
    let clock = Clock()
    let recorder = try makeRecorder(mapView, directory, clock: clock)
    recorder.start()
    try drive(mapView, [.navigationEnabled], recorder: recorder, clock: clock)
    try recorder.stop()
    #expect(mapView.layoutDelegate !== app)
    let proxy = try #require(mapView.layoutDelegate as? LayoutDelegateProxy)
    #expect(proxy.observer == nil)
    try NavigationSession(mapView: mapView, watchers: .layoutRules).apply(ReplayTick(
      SessionEvent(seq: 2, t: 0, payload: .navigationDisabled)))
    #expect(app.calls.last?.hasPrefix("disable ") == true)
  }

  /// What the recorder measures through `systemLayoutSizeFitting` and
  /// `directionalLayoutMargins` is what NavSim's model says each view measures
  /// (`SDKView.measuredSize`), in every state the views take: so the model-internal path the
  /// recorder had before gave the same events, and is gone.
  @Test func publicMeasurementIsWhatTheModelMeasures() throws {
    let mapView = makeMap()
    try mapView.setLayoutDelegate(PlacesNothing())
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    let speed = SpeedReport(speed: 12, speedLimit: 14, severity: .notSpeeding, speedingPercentage: 0)
    let payloads: [EventPayload] = [
      .navigationEnabled, .guidanceStarted,
      .settingChanged(SettingChange(name: .speedometer, value: .bool(true))),
      .speed(speed),
      .settingChanged(SettingChange(name: .speedLimit, value: .bool(true))),
      .speed(speed),
      .promptReady(Prompt(promptID: 3, kind: .speedCamera, text: "Speed camera ahead in 300 m")),
      .userPanned(dx: 0, dy: 0),
      .mapResized(MapGeometry(width: 852, height: 393)),
      // a recording's size replaces the profile's: measured back as recorded
      .viewSize(RecordedViewSize(view: "turnCard", width: nil, height: 120, margin: 6)),
      .mapResized(MapGeometry(width: 393, height: 852)),
    ]
    var checked = 0
    for (index, payload) in payloads.enumerated() {
      try session.apply(
        ReplayTick(SessionEvent(seq: Int64(index + 1), t: Int64(index) * 1000, payload: payload)))
      for view in mapView.sdkViews.allViews {
        let model = view.measuredSize
        #expect(
          SDKViewObserver.measure(view, name: model.view) == RecordedViewSize(model),
          "after \(payload)")
        checked += 1
      }
    }
    #expect(checked > 60)
  }
}

/// The recorder measures a view again only when its cheap reads (bounds, intrinsic size,
/// margins, its own constraints' constants) changed or a callback handed it over: over the
/// canonical trips, measuring every view on every sample finds no change that was skipped, even
/// with a delegate that leaves every view off screen (so no bounds ever change).
@MainActor
@Suite struct SkippedMeasurementTests {
  /// The canonical trips whose views change most: the re-center logo, wide mode, the speed
  /// widget's four forms and prompts (checking measures every view on every sample: slow).
  nonisolated static let names = ["pan-reroute", "rotations-wide", "rtl-city"]

  @Test(arguments: names)
  func noSizeChangeIsSkipped(name: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: name) else {
      return
    }
    let log = Fixtures.repositoryRoot + "/Recordings/\(name).sqlite"
    let events = try EventLogFile(path: log, mode: .readOnly).events(recording: 1).readAll()
    let directory = TemporaryDirectory()
    let mapView = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: .default, isCarPlay: false)
    try mapView.setLayoutDelegate(PlacesNothing())
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    final class Clock { var now = 0.0 }
    let clock = Clock()
    var options = NavSimRecorder.Options()
    options.createdAt = "test"
    options.clock = { clock.now }
    options.samplesEveryFrame = false
    let recorder = try NavSimRecorder(
      mapView: mapView, path: directory.file("trip.sqlite"), options: options)
    recorder.viewObserver.checksSkippedMeasurements = true
    recorder.start()
    for (index, event) in events.enumerated() {
      clock.now = Double(event.t) / 1000
      try? session.apply(
        ReplayTick(event, next: index + 1 < events.count ? events[index + 1] : nil))
      recorder.sample()
    }
    try recorder.stop()
    #expect(recorder.viewObserver.missedChanges == 0)
    let sizes = try EventLogFile(path: directory.file("trip.sqlite"), mode: .readOnly)
      .events(recording: 1).readAll().filter { $0.kind == .viewSize }
    #expect(sizes.count >= 10)  // the iPad trip resizes the views ten times and more
  }
}
