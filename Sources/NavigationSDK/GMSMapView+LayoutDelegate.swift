import Foundation
import HeadlessUIKit

// MARK: - Errors

/// The error domain of `setLayoutDelegate(_:)`.
public let GMSMapViewNavigationLayoutErrorDomain = "GMSMapViewNavigationLayoutErrorDomain"

/// The codes of `GMSMapViewNavigationLayoutErrorDomain` errors (Objective-C `typedef NSInteger`
/// with constants, imported as a struct): compare with `(error as NSError).code` through
/// `rawValue`.
public struct GMSMapViewNavigationLayoutErrorCode: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// An internal error occurred while setting the layout delegate (0).
  public static var `internal`: GMSMapViewNavigationLayoutErrorCode { .init(rawValue: 0) }
  /// The layout delegate cannot be set after navigation UI has been enabled (1).
  public static var cannotSetDelegateWhileNavigationEnabled: GMSMapViewNavigationLayoutErrorCode {
    .init(rawValue: 1)
  }
  /// The layout delegate cannot be set on a map view on a CarPlay screen (2).
  public static var cannotSetDelegateOnCarPlayScreen: GMSMapViewNavigationLayoutErrorCode {
    .init(rawValue: 2)
  }
}

/// Observes the SDK's delegate callbacks (NavSim's rule watcher).
@MainActor
@_spi(Replay) public protocol LifecycleCallbackObserver: AnyObject {
  func willPerform(_ step: LifecycleStep, on mapView: GMSMapView)
  func didPerform(_ step: LifecycleStep, on mapView: GMSMapView)
}

// MARK: - The delegate

extension GMSMapView {
  /// The custom layout delegate; nil means the SDK's built-in layout.
  public var layoutDelegate: (any NavigationLayoutDelegate)? { customDelegate }

  /// Sets the custom layout delegate (strongly held), or nil to restore the built-in layout.
  ///
  /// - Throws: an `NSError` in `GMSMapViewNavigationLayoutErrorDomain`: code
  ///   `.cannotSetDelegateWhileNavigationEnabled` (1) once navigation is enabled,
  ///   `.cannotSetDelegateOnCarPlayScreen` (2) on a CarPlay map view.
  public func setLayoutDelegate(_ delegate: (any NavigationLayoutDelegate)?) throws {
    if isCarPlay {
      throw NSError(
        domain: GMSMapViewNavigationLayoutErrorDomain,
        code: GMSMapViewNavigationLayoutErrorCode.cannotSetDelegateOnCarPlayScreen.rawValue,
        userInfo: [
          NSLocalizedDescriptionKey: "The layout delegate cannot be set on a CarPlay screen."
        ])
    }
    if isNavigationEnabled {
      throw NSError(
        domain: GMSMapViewNavigationLayoutErrorDomain,
        code: GMSMapViewNavigationLayoutErrorCode.cannotSetDelegateWhileNavigationEnabled.rawValue,
        userInfo: [
          NSLocalizedDescriptionKey:
            "The layout delegate cannot be set after navigation UI has been enabled."
        ])
    }
    customDelegate = delegate
  }

  // MARK: - Lifecycle

  /// Runs one lifecycle transition and makes the callbacks it implies.
  /// - Throws: `LifecycleError` (and changes nothing) when the transition is invalid.
  @_spi(Replay) public func transition(
    _ change: (inout NavigationLifecycle) throws(LifecycleError) -> [LifecycleStep]
  ) throws(LifecycleError) {
    var next = lifecycle
    let steps = try change(&next)
    lifecycle = next
    perform(steps)
  }

  /// Calls the delegate (or the built-in layout) for each step, in order.
  func perform(_ steps: [LifecycleStep]) {
    for step in steps {
      callbackObserver?.willPerform(step, on: self)
      call(step)
      callbackObserver?.didPerform(step, on: self)
    }
    sdkViews.releasePrompts(keeping: lifecycle.shownPrompt?.promptID)
  }

  /// The state object for the current state (as `sizeChanged` hands it).
  public var currentUIState: (any NavigationUIState)? {
    switch lifecycle.state {
    case .nonNavigation: nil
    case .navigationReady: readyState()
    case .activeGuidance: guidanceState()
    }
  }

  func readyState() -> ReadyUIState { ReadyUIState(views: sdkViews, wideMode: isWideMode) }
  func guidanceState() -> GuidanceUIState { GuidanceUIState(views: sdkViews, wideMode: isWideMode) }

  private func call(_ step: LifecycleStep) {
    let delegate: any NavigationLayoutDelegate = customDelegate ?? builtInLayout
    switch step {
    case .enableNavigationUI:
      delegate.enableNavigationUI(navMap: self, newState: readyState())
    case .disableNavigationUI:
      delegate.disableNavigationUI(navMap: self, oldState: readyState())
    case .startGuidance:
      delegate.startGuidance(navMap: self, newState: guidanceState(), oldState: readyState())
    case .stopGuidance:
      delegate.stopGuidance(navMap: self, newState: readyState(), oldState: guidanceState())
    case .showPrompt(let prompt):
      delegate.showPrompt(navMap: self, newPrompt: promptView(prompt))
    case .hidePrompt(let prompt):
      delegate.hidePrompt(navMap: self, oldPrompt: promptView(prompt))
    case .changePrompt(let new, let old):
      delegate.changePrompt(navMap: self, newPrompt: promptView(new), oldPrompt: promptView(old))
    case .sizeChanged:
      guard let state = currentUIState else { return }
      delegate.sizeChanged(navMap: self, newState: state)
    }
  }

  private func promptView(_ prompt: NavigationPrompt) -> PromptView {
    sdkViews.promptView(for: prompt, wide: isWideMode)
  }

  // MARK: - Prompts setting

  func promptsSettingChanged(_ enabled: Bool) {
    var next = lifecycle
    let steps = next.setPromptsEnabled(enabled)
    lifecycle = next
    perform(steps)
  }
}
