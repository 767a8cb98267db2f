#if canImport(GoogleNavigation)
import Foundation
import GoogleNavigation
#if os(iOS)
import UIKit
#endif

/// Stands in for the app's layout delegate while a recorder runs: the map view hands it the SDK
/// views of every state and prompt; it notes them for the recorder (`SDKViewObserver`) and
/// passes every call on to the app's delegate unchanged, in the same order, with the same
/// arguments. Only the delegate protocol's public API is used.
///
/// `NavSimRecorder.start()` installs it (`setLayoutDelegate`, which the SDK allows only while
/// navigation is disabled) and `stop()` puts the app's delegate back. After `stop()` during
/// navigation, when the SDK refuses to change the delegate, it stays and only forwards.
@MainActor
final class LayoutDelegateProxy: NSObject, NavigationLayoutDelegate {
  /// The app's delegate, held strongly as the map view held it. Never changes; read off the
  /// main actor only by the Objective-C runtime's forwarding questions below.
  nonisolated(unsafe) let wrapped: any NavigationLayoutDelegate
  /// Where the views go; nil once the recorder stopped (then it only forwards).
  weak var observer: SDKViewObserver?

  init(wrapping wrapped: any NavigationLayoutDelegate, observer: SDKViewObserver) {
    self.wrapped = wrapped
    self.observer = observer
  }

  // MARK: - States

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    observer?.enter(newState)
    #if os(iOS)
    wrapped.enableNavigationUI?(navMap: mapView, newState: newState)
    #else
    wrapped.enableNavigationUI(navMap: mapView, newState: newState)
    #endif
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    observer?.leaveNavigation()
    #if os(iOS)
    wrapped.disableNavigationUI?(navMap: mapView, oldState: oldState)
    #else
    wrapped.disableNavigationUI(navMap: mapView, oldState: oldState)
    #endif
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    observer?.enter(newState)
    #if os(iOS)
    wrapped.startGuidance?(navMap: mapView, newState: newState, oldState: oldState)
    #else
    wrapped.startGuidance(navMap: mapView, newState: newState, oldState: oldState)
    #endif
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    observer?.enter(newState)
    #if os(iOS)
    wrapped.stopGuidance?(navMap: mapView, newState: newState, oldState: oldState)
    #else
    wrapped.stopGuidance(navMap: mapView, newState: newState, oldState: oldState)
    #endif
  }

  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    observer?.enter(newState)
    #if os(iOS)
    wrapped.sizeChanged?(navMap: mapView, newState: newState)
    #else
    wrapped.sizeChanged(navMap: mapView, newState: newState)
    #endif
  }

  // MARK: - Prompts

  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    observer?.promptShown(newPrompt)
    #if os(iOS)
    wrapped.showPrompt?(navMap: mapView, newPrompt: newPrompt)
    #else
    wrapped.showPrompt(navMap: mapView, newPrompt: newPrompt)
    #endif
  }

  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    observer?.promptHidden(oldPrompt)
    #if os(iOS)
    wrapped.hidePrompt?(navMap: mapView, oldPrompt: oldPrompt)
    #else
    wrapped.hidePrompt(navMap: mapView, oldPrompt: oldPrompt)
    #endif
  }

  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    observer?.promptHidden(oldPrompt)
    observer?.promptShown(newPrompt)
    #if os(iOS)
    wrapped.changePrompt?(navMap: mapView, newPrompt: newPrompt, oldPrompt: oldPrompt)
    #else
    wrapped.changePrompt(navMap: mapView, newPrompt: newPrompt, oldPrompt: oldPrompt)
    #endif
  }

  #if os(iOS)
  // MARK: - Objective-C forwarding

  // A method of the delegate protocol this file does not list (a newer SDK's) reaches the
  // app's delegate directly, when it implements it.
  nonisolated override func responds(to selector: Selector!) -> Bool {
    super.responds(to: selector) || wrapped.responds(to: selector)
  }

  nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    wrapped.responds(to: selector) ? wrapped : super.forwardingTarget(for: selector)
  }
  #endif
}
#endif

#if canImport(GoogleNavigation)
// MARK: - Installing the proxy

extension NavSimRecorder {
  /// Whether the recorder sees the SDK's views: the app's layout delegate is wrapped. False
  /// with the SDK's built-in layout (no delegate: nothing is handed the views), and when the
  /// recorder started after navigation was enabled (until navigation is disabled again).
  public var isObservingSDKViews: Bool {
    guard let proxy = layoutProxy else { return false }
    return mapView.layoutDelegate === proxy
  }

  /// Wraps the app's layout delegate in a `LayoutDelegateProxy`, once the SDK allows it
  /// (navigation disabled); and again when the app has set another delegate since, as read
  /// back from `mapView.layoutDelegate` (`start()`, then every `sample()`).
  func watchLayoutDelegate() {
    let current = mapView.layoutDelegate
    if let proxy = layoutProxy {
      if current === proxy { return }
      // The app replaced the proxy: the views of its state no longer come.
      proxy.observer = nil
      layoutProxy = nil
      viewObserver.leaveNavigation()
    }
    guard let app = current, !mapView.isNavigationEnabled else { return }
    let proxy = LayoutDelegateProxy(wrapping: app, observer: viewObserver)
    guard (try? mapView.setLayoutDelegate(proxy)) != nil else { return }
    layoutProxy = proxy
  }

  /// Puts the app's delegate back (`stop()`). During navigation the SDK refuses: the proxy
  /// stays, observing nothing, and forwards as before.
  func unwatchLayoutDelegate() {
    guard let proxy = layoutProxy else { return }
    proxy.observer = nil
    layoutProxy = nil
    if mapView.layoutDelegate === proxy && !mapView.isNavigationEnabled {
      try? mapView.setLayoutDelegate(proxy.wrapped)
    }
  }
}
#endif
