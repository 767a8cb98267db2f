// What the SDK model's and the rules' tests share: a scripted delegate, a session driven by
// events (`Drive`), a layout that breaks no rule (`CleanLayout`), event shorthands.

import Findings
import Foundation
import Lint
import NavSim
@_spi(Replay) import NavigationSDK
import Replay
import SessionEvents

/// A delegate whose callbacks are closures, recording the order they were called in.
@MainActor
public final class ScriptedDelegate: NSObject, NavigationLayoutDelegate {
  public var calls: [String] = []
  public var onEnable: (GMSMapView, any NavigationReadyUIState) -> Void = { _, _ in }
  public var onDisable: (GMSMapView, any NavigationReadyUIState) -> Void = { _, _ in }
  public var onStart: (GMSMapView, any ActiveGuidanceUIState) -> Void = { _, _ in }
  public var onStop: (GMSMapView, any NavigationReadyUIState, any ActiveGuidanceUIState) -> Void = {
    _, _, _ in
  }
  public var onShow: (GMSMapView, any NavigationPromptView) -> Void = { _, _ in }
  public var onHide: (GMSMapView, any NavigationPromptView) -> Void = { _, _ in }
  public var onChange: (GMSMapView, any NavigationPromptView, any NavigationPromptView) -> Void = {
    _, _, _ in
  }
  public var onSize: (GMSMapView, any NavigationUIState) -> Void = { _, _ in }

  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    calls.append("enableNavigationUI(wide: \(newState.wideMode))")
    onEnable(mapView, newState)
  }
  public func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  {
    calls.append("disableNavigationUI")
    onDisable(mapView, oldState)
  }
  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    calls.append("startGuidance")
    onStart(mapView, newState)
  }
  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    calls.append("stopGuidance")
    onStop(mapView, newState, oldState)
  }
  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    calls.append("showPrompt(\((newPrompt as? SDKView)?.sdkRole ?? "?"))")
    onShow(mapView, newPrompt)
  }
  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    calls.append("hidePrompt(\((oldPrompt as? SDKView)?.sdkRole ?? "?"))")
    onHide(mapView, oldPrompt)
  }
  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    calls.append(
      "changePrompt(\(role(newPrompt)), \(role(oldPrompt)))"
    )
    onChange(mapView, newPrompt, oldPrompt)
  }
  public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    calls.append("sizeChanged(wide: \(newState.wideMode))")
    onSize(mapView, newState)
  }
}

/// The SDK role of a prompt view, for call logs.
@MainActor
public func role(_ view: UIView) -> String { (view as? SDKView)?.sdkRole ?? "?" }

/// A map view, a session and a clock, driven by events with increasing seq and time.
@MainActor
public struct Drive {
  public let mapView: GMSMapView
  public let session: NavigationSession
  public private(set) var seq: Int64 = 0
  public private(set) var time: Int64 = 0

  public init(
    _ delegate: (any NavigationLayoutDelegate)?, width: Double = 393, height: Double = 852,
    profile: SDKProfile = .default
  ) throws {
    UIAnimationClock.current.reset()
    mapView = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: width, height: height), profile: profile, isCarPlay: false)
    if let delegate { try mapView.setLayoutDelegate(delegate) }
    session = NavigationSession(mapView: mapView, watchers: .layoutRules)
  }

  /// Applies one event one second after the previous one; returns its findings.
  @discardableResult
  public mutating func send(_ payload: EventPayload, afterMilliseconds delay: Int64 = 1000) throws
    -> [Finding]
  {
    seq += 1
    time += delay
    try session.apply(ReplayTick(SessionEvent(seq: seq, t: time, payload: payload)))
    return session.drainFindings()
  }

  /// Applies events in order; returns all their findings.
  @discardableResult
  public mutating func run(_ payloads: [EventPayload]) throws -> [Finding] {
    var findings: [Finding] = []
    for payload in payloads { findings += try send(payload) }
    return findings
  }

  /// Navigation enabled, then guidance started.
  @discardableResult
  public mutating func startGuidance() throws -> [Finding] {
    try run([.navigationEnabled, .guidanceStarted])
  }

  /// A view's frame in map coordinates.
  public func frame(_ view: UIView) -> CGRect { view.convert(view.bounds, to: mapView) }
}

extension Array where Element == Finding {
  /// The distinct rule ids, sorted.
  public var ruleIDs: [String] { Set(map(\.ruleID)).sorted() }

  public func with(_ rule: LayoutRule) -> [Finding] { filter { $0.ruleID == rule.id } }
}

// MARK: - Events

public func prompt(_ id: Int, _ kind: PromptKind = .incident, _ text: String = "Crash ahead")
  -> EventPayload
{
  .promptReady(Prompt(promptID: id, kind: kind, text: text))
}

public func resized(_ width: Double, _ height: Double, safeTop: Double = 0, safeBottom: Double = 0)
  -> EventPayload
{
  .mapResized(MapGeometry(width: width, height: height, safeTop: safeTop, safeBottom: safeBottom))
}

public func setting(_ name: Setting, _ value: Bool) -> EventPayload {
  .settingChanged(SettingChange(name: name, value: .bool(value)))
}

public func speed(_ speed: Double?, limit: Double?) -> EventPayload {
  .speed(SpeedReport(speed: speed, speedLimit: limit, severity: .unknown, speedingPercentage: -1))
}

// MARK: - A minimal correct layout, to break one rule at a time

/// Lays out every SDK view of a state without breaking a rule: cards top and bottom, viewport
/// between, logo bottom-leading above the ETA card, buttons top-trailing, speed widget on the
/// ETA card's margins, progress bar on the leading side; prompts over the ETA card with the
/// viewport and logo moved above them.
@MainActor
public final class CleanLayout {
  public var constraints: [NSLayoutConstraint] = []
  public var bottomConstraints: [NSLayoutConstraint] = []
  public var promptConstraints: [NSLayoutConstraint] = []
  public unowned let mapView: GMSMapView
  public var logo: UIView?
  public var viewport: UIView?
  public var stack: GMSNavigationHidingStackView?

  public init(mapView: GMSMapView) { self.mapView = mapView }

  public func ready(_ state: any NavigationReadyUIState) {
    reset()
    let safe = mapView.safeAreaLayoutGuide
    common(state.googleLogo, state.viewport, state.buttons)
    constraints += [state.viewport.topAnchor.constraint(equalTo: safe.topAnchor)]
    NSLayoutConstraint.activate(constraints)
    pinBottoms(to: safe.bottomAnchor)
  }

  public func guidance(_ state: any ActiveGuidanceUIState) {
    reset()
    let safe = mapView.safeAreaLayoutGuide
    for view in [state.turnCard, state.etaCard, state.speedWidget, state.tripProgressBar] {
      mapView.addSubview(view)
    }
    common(state.googleLogo, state.viewport, state.buttons)
    constraints += [
      state.turnCard.topAnchor.constraint(equalTo: safe.topAnchor),
      state.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      state.etaCard.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
      state.etaCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
      state.speedWidget.bottomAnchor.constraint(
        equalTo: state.etaCard.layoutMarginsGuide.topAnchor),
      state.speedWidget.trailingAnchor.constraint(
        equalTo: state.etaCard.layoutMarginsGuide.trailingAnchor),
      state.tripProgressBar.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 2),
      state.tripProgressBar.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor, constant: 8),
      state.tripProgressBar.bottomAnchor.constraint(
        equalTo: state.googleLogo.topAnchor, constant: -8),
    ]
    if !state.wideMode {
      constraints += [
        state.turnCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.etaCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      ]
    }
    NSLayoutConstraint.activate(constraints)
    pinBottoms(to: state.etaCard.layoutMarginsGuide.topAnchor)
  }

  public func show(_ prompt: UIView) {
    mapView.addSubview(prompt)
    let safe = mapView.safeAreaLayoutGuide
    promptConstraints = [
      prompt.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      prompt.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
    ]
    if !mapView.isWideMode {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safe.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
    pinBottoms(to: prompt.layoutMarginsGuide.topAnchor)
  }

  public func hide(_ prompt: UIView, etaCard: UIView) {
    prompt.removeFromSuperview()
    pinBottoms(to: etaCard.layoutMarginsGuide.topAnchor)
  }

  public func removeGuidance(_ state: any ActiveGuidanceUIState) {
    for view in [state.turnCard, state.etaCard, state.speedWidget, state.tripProgressBar] {
      view.removeFromSuperview()
    }
  }

  public func removeAll(_ state: any NavigationUIState) {
    reset()
    state.googleLogo.removeFromSuperview()
    state.viewport.removeFromSuperview()
  }

  private func common(_ logo: UIView, _ viewport: UIView, _ buttons: [any NavigationUIButton]) {
    self.logo = logo
    self.viewport = viewport
    mapView.addSubview(viewport)
    mapView.addSubview(logo)
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    for button in buttons { stack.addArrangedSubview(button.view) }
    mapView.addSubview(stack)
    self.stack = stack
    let safe = mapView.safeAreaLayoutGuide
    constraints += [
      viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -16),
      stack.topAnchor.constraint(equalTo: viewport.topAnchor, constant: 12),
    ]
  }

  public func pinBottoms(to anchor: NSLayoutYAxisAnchor) {
    NSLayoutConstraint.deactivate(bottomConstraints)
    guard let logo, let viewport, let stack else { return }
    bottomConstraints = [
      viewport.bottomAnchor.constraint(equalTo: anchor),
      logo.bottomAnchor.constraint(equalTo: anchor, constant: -12),
      stack.bottomAnchor.constraint(lessThanOrEqualTo: logo.topAnchor, constant: -12),
    ]
    NSLayoutConstraint.activate(bottomConstraints)
  }

  private func reset() {
    NSLayoutConstraint.deactivate(constraints + bottomConstraints)
    constraints.removeAll()
    bottomConstraints.removeAll()
    stack?.removeFromSuperview()
    stack = nil
  }
}

/// A `ScriptedDelegate` wired to a `CleanLayout`: correct unless a test changes a callback.
@MainActor
public func cleanDelegate(for drive: Drive) -> (ScriptedDelegate, CleanLayout) {
  let delegate = ScriptedDelegate()
  let layout = CleanLayout(mapView: drive.mapView)
  var etaCard: UIView?
  delegate.onEnable = { _, state in layout.ready(state) }
  delegate.onStart = { _, state in
    etaCard = state.etaCard
    layout.guidance(state)
  }
  delegate.onStop = { _, ready, guidance in
    layout.removeGuidance(guidance)
    layout.ready(ready)
  }
  delegate.onDisable = { _, state in layout.removeAll(state) }
  delegate.onShow = { _, prompt in layout.show(prompt) }
  delegate.onHide = { _, prompt in layout.hide(prompt, etaCard: etaCard!) }
  delegate.onChange = { _, new, old in
    old.removeFromSuperview()
    layout.show(new)
  }
  delegate.onSize = { mapView, state in
    if let guidance = state as? any ActiveGuidanceUIState {
      layout.guidance(guidance)
      if let prompt = mapView.currentPromptView {
        NSLayoutConstraint.deactivate(layout.promptConstraints)
        layout.show(prompt)
      }
    } else if let ready = state as? any NavigationReadyUIState {
      layout.ready(ready)
    }
  }
  return (delegate, layout)
}

extension Drive {
  /// A drive whose delegate is a `CleanLayout`, returned for a test to modify.
  public static func clean(
    width: Double = 393, height: Double = 852, profile: SDKProfile = .default
  )
    throws -> (Drive, ScriptedDelegate, CleanLayout)
  {
    let drive = try Drive(nil, width: width, height: height, profile: profile)
    let (delegate, layout) = cleanDelegate(for: drive)
    try drive.mapView.setLayoutDelegate(delegate)
    return (drive, delegate, layout)
  }
}
