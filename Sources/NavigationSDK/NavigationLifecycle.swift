
/// The navigation SDK's UI states (spec section 2).
public enum NavigationState: String, CaseIterable, Sendable {
  /// Navigation disabled: a plain map, no navigation UI.
  case nonNavigation
  /// Navigation enabled: base map and minimal UI (logo, viewport, compass).
  case navigationReady
  /// Turn-by-turn guidance running: cards, speed widget, progress bar, prompts.
  case activeGuidance
}

/// One delegate callback the SDK makes, in the order it makes them.
@_spi(Replay) public enum LifecycleStep: Equatable, Sendable {
  case enableNavigationUI
  case disableNavigationUI
  case startGuidance
  case stopGuidance
  case showPrompt(NavigationPrompt)
  case hidePrompt(NavigationPrompt)
  case changePrompt(new: NavigationPrompt, old: NavigationPrompt)
  case sizeChanged
}

/// An event the lifecycle cannot accept in its current state.
@_spi(Replay) public struct LifecycleError: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// The SDK's lifecycle as pure logic: which callbacks a transition makes, in which order.
///
/// NavSim's choices where the SDK's docs are silent:
/// * disabling navigation during Active Guidance calls `stopGuidance`, then
///   `disableNavigationUI`;
/// * a prompt on screen when guidance stops is hidden (`hidePrompt`) before `stopGuidance`;
/// * `sizeChanged` is only called while navigation is enabled;
/// * with `navigator.shouldDisplayPrompts == false`, incident, traffic and better-route prompts
///   are never shown (a speed-camera prompt still is); turning the setting off hides such a
///   prompt if one is on screen;
/// * a new prompt while one is shown replaces it (`changePrompt`); dismissing a prompt that was
///   already replaced, hidden or suppressed does nothing; dismissing one never seen is an error.
@_spi(Replay) public struct NavigationLifecycle: Sendable {
  public private(set) var state: NavigationState = .nonNavigation
  /// The prompt on screen (Active Guidance only).
  public private(set) var shownPrompt: NavigationPrompt?
  /// `navigator.shouldDisplayPrompts`.
  public private(set) var promptsEnabled = true
  /// Every prompt id seen so far (shown or suppressed); membership only, never iterated.
  private var seenPromptIDs: Set<Int> = []

  public init() {}

  // MARK: - Navigation and guidance

  /// Navigation enabled: Non-Navigation -> Navigation Ready.
  /// - Throws: `LifecycleError` if navigation is already enabled.
  public mutating func enableNavigation() throws(LifecycleError) -> [LifecycleStep] {
    guard state == .nonNavigation else {
      throw LifecycleError("navigation enabled while already enabled (state \(state.rawValue))")
    }
    state = .navigationReady
    return [.enableNavigationUI]
  }

  /// Navigation disabled: stops guidance first if it runs, then Navigation Ready -> Non-Navigation.
  /// - Throws: `LifecycleError` if navigation is not enabled.
  public mutating func disableNavigation() throws(LifecycleError) -> [LifecycleStep] {
    guard state != .nonNavigation else {
      throw LifecycleError("navigation disabled while it is not enabled")
    }
    var steps: [LifecycleStep] = []
    if state == .activeGuidance { steps += try stopGuidance() }
    state = .nonNavigation
    return steps + [.disableNavigationUI]
  }

  /// Guidance starts: Navigation Ready -> Active Guidance.
  /// - Throws: `LifecycleError` if navigation is disabled or guidance already runs.
  public mutating func startGuidance() throws(LifecycleError) -> [LifecycleStep] {
    switch state {
    case .nonNavigation:
      throw LifecycleError("guidance started before navigation was enabled")
    case .activeGuidance:
      throw LifecycleError("guidance started while guidance is already active")
    case .navigationReady:
      state = .activeGuidance
      return [.startGuidance]
    }
  }

  /// Guidance stops: hides the shown prompt, then Active Guidance -> Navigation Ready.
  /// - Throws: `LifecycleError` if guidance is not active.
  public mutating func stopGuidance() throws(LifecycleError) -> [LifecycleStep] {
    guard state == .activeGuidance else {
      throw LifecycleError("guidance stopped while it is not active (state \(state.rawValue))")
    }
    var steps: [LifecycleStep] = []
    if let prompt = shownPrompt {
      steps.append(.hidePrompt(prompt))
      shownPrompt = nil
    }
    state = .navigationReady
    return steps + [.stopGuidance]
  }

  /// The map view's size changed: `sizeChanged` while navigation is enabled, nothing otherwise.
  public func sizeChanged() -> [LifecycleStep] {
    state == .nonNavigation ? [] : [.sizeChanged]
  }

  // MARK: - Prompts

  /// A prompt is ready: shown, replacing the current one, or suppressed by the setting.
  /// - Throws: `LifecycleError` outside Active Guidance, or if the prompt is already shown.
  public mutating func promptReady(_ prompt: NavigationPrompt) throws(LifecycleError) -> [LifecycleStep] {
    guard state == .activeGuidance else {
      throw LifecycleError(
        "prompt \(prompt.promptID) ready outside active guidance (state \(state.rawValue))")
    }
    if shownPrompt?.promptID == prompt.promptID {
      throw LifecycleError("prompt \(prompt.promptID) ready while it is already shown")
    }
    seenPromptIDs.insert(prompt.promptID)
    if !promptsEnabled && prompt.isSuppressible { return [] }
    defer { shownPrompt = prompt }
    if let old = shownPrompt { return [.changePrompt(new: prompt, old: old)] }
    return [.showPrompt(prompt)]
  }

  /// A prompt went away: hides it if it is the one shown.
  /// - Throws: `LifecycleError` if no prompt with this id was ever ready.
  public mutating func promptDismissed(id: Int) throws(LifecycleError) -> [LifecycleStep] {
    guard seenPromptIDs.contains(id) else {
      throw LifecycleError("dismissal of prompt \(id), which was never shown")
    }
    guard let prompt = shownPrompt, prompt.promptID == id else { return [] }
    shownPrompt = nil
    return [.hidePrompt(prompt)]
  }

  /// `navigator.shouldDisplayPrompts` changed; turning it off hides a suppressible prompt.
  public mutating func setPromptsEnabled(_ enabled: Bool) -> [LifecycleStep] {
    promptsEnabled = enabled
    guard !enabled, let prompt = shownPrompt, prompt.isSuppressible else { return [] }
    shownPrompt = nil
    return [.hidePrompt(prompt)]
  }

}
