import Foundation
import HeadlessUIKit

// MARK: - Delegate

/// A custom layout for the navigation UI (spec navigation-sdk.md section 2). Objective-C name
/// `GMSNavigationLayoutDelegate`.
///
/// Set it with `try mapView.setLayoutDelegate(_:)` before navigation is enabled. From then on
/// the SDK draws nothing by itself: on every state change it calls one of these methods with
/// the SDK views of the new state, and the delegate adds and constrains them.
///
/// As in the SDK, every method is `@MainActor` and the protocol itself is not, so a conforming
/// class may have non-main-actor members and be created anywhere. In the SDK the methods are
/// `optional` requirements of an Objective-C protocol; Linux has no optional requirements, so
/// each has an empty default implementation below: a delegate implements only what it needs,
/// and `final class MyLayout: NSObject, NavigationLayoutDelegate` compiles unchanged.
public protocol NavigationLayoutDelegate: NSObjectProtocol {
  /// Navigation was enabled: add the Navigation Ready UI (logo, viewport, buttons).
  @MainActor
  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState)
  /// Navigation was disabled: remove every navigation view, guide and constraint.
  @MainActor
  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  /// Guidance started: add the Active Guidance UI (cards, speed widget, progress bar...).
  @MainActor
  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState)
  /// Guidance stopped: remove the Active Guidance UI, restore the Navigation Ready layout.
  @MainActor
  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState)
  /// A prompt is ready while none is shown: add, position and animate it in.
  @MainActor
  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView)
  /// The shown prompt goes away: animate it out, then remove it.
  @MainActor
  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView)
  /// One prompt replaces another: both animations at once.
  @MainActor
  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView)
  /// The map view's size changed (rotation, split screen...); `newState` is the current state.
  @MainActor
  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState)
}

extension NavigationLayoutDelegate {
  @MainActor
  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
  }
  @MainActor
  public func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  {}
  @MainActor
  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {}
  @MainActor
  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {}
  @MainActor
  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {}
  @MainActor
  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {}
  @MainActor
  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {}
  @MainActor
  public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {}
}

/// The Objective-C name of `NavigationLayoutDelegate`.
public typealias GMSNavigationLayoutDelegate = NavigationLayoutDelegate

// MARK: - UI states

// The state protocols are not main-actor isolated (they are plain Objective-C protocols in the
// SDK): app code may read a state anywhere, and fakes in an app's tests may implement them.

/// What every navigation state offers: the mandatory logo and viewport, and the wide-mode flag.
/// All states return the same logo and viewport objects. Objective-C name `GMSNavigationUIState`.
public protocol NavigationUIState: AnyObject {
  /// Whether the turn card and ETA card size themselves for a wide map (side by side).
  var wideMode: Bool { get }
  /// The mandatory Google logo (and re-center button). Must be added and visible.
  var googleLogo: UIView { get }
  /// The mandatory camera frame: must cover the open, unobstructed part of the map.
  var viewport: UIView { get }
}

/// The Navigation Ready state's views. Objective-C name `GMSNavigationReadyUIState`.
public protocol NavigationReadyUIState: NavigationUIState {
  /// Google-provided buttons (usually just the compass). Never rely on indices.
  var buttons: [any NavigationUIButton] { get }
}

/// The Active Guidance state's views. Objective-C name `GMSActiveGuidanceUIState`.
public protocol ActiveGuidanceUIState: NavigationUIState {
  var turnCard: UIView { get }
  var etaCard: UIView { get }
  var tripProgressBar: UIView { get }
  var speedWidget: UIView { get }
  /// Google-provided buttons (usually compass and incident reporting). Never rely on indices.
  var buttons: [any NavigationUIButton] { get }
}

/// The Objective-C name of `NavigationUIState`.
public typealias GMSNavigationUIState = NavigationUIState
/// The Objective-C name of `NavigationReadyUIState`.
public typealias GMSNavigationReadyUIState = NavigationReadyUIState
/// The Objective-C name of `ActiveGuidanceUIState`.
public typealias GMSActiveGuidanceUIState = ActiveGuidanceUIState

// MARK: - Buttons

/// The type of a Google-provided button: an open set (Objective-C `typedef int`), so later SDK
/// versions can add types. Compare with the static constants.
public struct NavigationButtonKnownType: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The compass (Objective-C `GMSNavigationButtonKnownTypeCompass`).
  public static let compass = NavigationButtonKnownType(rawValue: 0)
  /// The incident-reporting button.
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

/// The Objective-C name of `NavigationButtonKnownType`.
public typealias GMSNavigationButtonKnownType = NavigationButtonKnownType

/// A Google-provided button to float over the map. Objective-C name `GMSNavigationUIButton`.
public protocol NavigationUIButton: AnyObject {
  /// Compare with `NavigationButtonKnownType.compass`, `.reporting`...
  var type: NavigationButtonKnownType { get }
  var view: UIView { get }
}

/// The Objective-C name of `NavigationUIButton`.
public typealias GMSNavigationUIButton = NavigationUIButton

// MARK: - Prompts

/// A view with selectively rounded corners (prompts). Objective-C name
/// `GMSNavigationRoundedCornerView`.
public protocol NavigationRoundedCornerView: NSObjectProtocol {
  /// Which corners are rounded. Prompts default to the top two.
  @MainActor var roundedCorners: CACornerMask { get set }
}

/// The Objective-C name of `NavigationRoundedCornerView`.
public typealias GMSNavigationRoundedCornerView = NavigationRoundedCornerView

/// A prompt: incident alert, speed-camera warning, traffic or better-route offer.
public typealias NavigationPromptView = UIView & NavigationRoundedCornerView
/// The Objective-C name of `NavigationPromptView` (`UIView<GMSNavigationRoundedCornerView> *`).
public typealias GMSNavigationPromptView = NavigationPromptView
