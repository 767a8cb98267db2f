import Foundation
import HeadlessUIKit

// MARK: - Delegate

/// A custom layout for the navigation UI (spec navigation-sdk.md section 2).
///
/// Set it with `try mapView.setLayoutDelegate(_:)` before navigation is enabled. From then on
/// the SDK draws nothing by itself: on every state change it calls one of these methods with
/// the SDK views of the new state, and the delegate adds and constrains them.
///
/// In the real SDK every method is an `@MainActor optional` requirement of an Objective-C
/// protocol. Linux has no optional requirements, so each has an empty default implementation
/// below: a delegate implements only what it needs, and
/// `final class MyLayout: NSObject, NavigationLayoutDelegate` compiles unchanged.
@MainActor
public protocol NavigationLayoutDelegate: AnyObject {
  /// Navigation was enabled: add the Navigation Ready UI (logo, viewport, buttons).
  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState)
  /// Navigation was disabled: remove every navigation view, guide and constraint.
  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  /// Guidance started: add the Active Guidance UI (cards, speed widget, progress bar...).
  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState)
  /// Guidance stopped: remove the Active Guidance UI, restore the Navigation Ready layout.
  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState)
  /// A prompt is ready while none is shown: add, position and animate it in.
  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView)
  /// The shown prompt goes away: animate it out, then remove it.
  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView)
  /// One prompt replaces another: both animations at once.
  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView)
  /// The map view's size changed (rotation, split screen...); `newState` is the current state.
  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState)
}

extension NavigationLayoutDelegate {
  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
  }
  public func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  {}
  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {}
  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {}
  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {}
  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {}
  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {}
  public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {}
}

// MARK: - UI states

/// What every navigation state offers: the mandatory logo and viewport, and the wide-mode flag.
/// All states return the same logo and viewport objects.
@MainActor
public protocol NavigationUIState: AnyObject {
  /// Whether the turn card and ETA card size themselves for a wide map (side by side).
  var wideMode: Bool { get }
  /// The mandatory Google logo (and re-center button). Must be added and visible.
  var googleLogo: UIView { get }
  /// The mandatory camera frame: must cover the open, unobstructed part of the map.
  var viewport: UIView { get }
}

/// The Navigation Ready state's views.
@MainActor
public protocol NavigationReadyUIState: NavigationUIState {
  /// Google-provided buttons (usually just the compass). Never rely on indices.
  var buttons: [any NavigationUIButton] { get }
}

/// The Active Guidance state's views.
@MainActor
public protocol ActiveGuidanceUIState: NavigationUIState {
  var turnCard: UIView { get }
  var etaCard: UIView { get }
  var tripProgressBar: UIView { get }
  var speedWidget: UIView { get }
  /// Google-provided buttons (usually compass and incident reporting). Never rely on indices.
  var buttons: [any NavigationUIButton] { get }
}

// MARK: - Buttons

/// The type of a Google-provided button. Open: later SDK versions add types.
public struct NavigationButtonKnownType: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let compass = NavigationButtonKnownType(rawValue: 0)
  public static let reporting = NavigationButtonKnownType(rawValue: 1)

  /// The name used in `sdkRole` (`button.compass`), `type<raw>` for types NavSim doesn't know.
  public var name: String {
    switch self {
    case .compass: "compass"
    case .reporting: "reporting"
    default: "type\(rawValue)"
    }
  }
}

/// A Google-provided button to float over the map.
@MainActor
public protocol NavigationUIButton: AnyObject {
  /// Compare with `NavigationButtonKnownType.compass`, `.reporting`...
  var type: NavigationButtonKnownType { get }
  var view: UIView { get }
}

// MARK: - Prompts

/// A view with selectively rounded corners (prompts).
@MainActor
public protocol NavigationRoundedCornerView: AnyObject {
  /// Which corners are rounded. Prompts default to the top two.
  var roundedCorners: CACornerMask { get set }
}

/// A prompt: incident alert, speed-camera warning, traffic or better-route offer.
public typealias NavigationPromptView = UIView & NavigationRoundedCornerView
