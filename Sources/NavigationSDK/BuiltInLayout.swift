import Foundation
import HeadlessUIKit

/// The SDK's own, slot-based layout, used when no custom delegate is set (spec section 10).
///
/// Everything is placed inside the *controls area*: the map's bounds inset by the safe area
/// and `mapView.padding` (combined as `paddingAdjustmentBehavior` says), so padding moves the
/// controls in from the edges.
///
/// * Navigation Ready: viewport over the controls area, logo bottom-leading, compass
///   top-trailing (see `showsCompass`), my-location button bottom-trailing.
/// * Active Guidance adds: turn card (header) at the top and ETA card (footer) at the bottom
///   when enabled (full width, or `wideCardWidth` at the leading edge in wide mode), the header
///   accessory view under the turn card, the viewport between header and footer, the logo
///   above the footer with the speed widget above it, the report-incident and my-location
///   buttons in a bottom-trailing column above the footer (beside it, down to the bottom, in
///   wide mode), the compass under the header, and the trip progress bar on the trailing edge
///   with its published geometry, under the turn card where they overlap.
/// * A prompt covers the bottom of the controls area (over the footer), above everything
///   else; the viewport, logo, speed widget and bottom-trailing buttons move up above it.
///
/// The logo turns into the re-center button when the user pans (the map view does that).
/// Buttons sit `buttonHorizontalPadding` from the trailing edge and `buttonVerticalPadding`
/// from what is above or below them, `hidingStackSpacing` apart.
///
/// NavSim's choices where the SDK is silent: nothing is drawn before navigation is enabled;
/// the accessory view hides on maps shorter than `accessoryMinimumMapHeight`; the trip
/// progress bar hides when less than `progressBarMinimumHeight` of it would fit. SDK views
/// keep the z-order above (back to front) and stay under the app's own subviews.
@MainActor
final class BuiltInLayout: NSObject, NavigationLayoutDelegate {
  /// The header accessory view hides on maps shorter than this (points): iPhone landscape
  /// (393 pt) hides it, iPad split screens and portrait phones show it.
  static let accessoryMinimumMapHeight: CGFloat = 480
  /// The trip progress bar's published geometry (points from the screen's edges).
  static let progressBarBottomOffset: CGFloat = 210
  static let progressBarTopMinimum: CGFloat = 170
  static let progressBarMaximumHeight: CGFloat = 400
  /// NavSim's choice: a bar shorter than this (points) is not shown.
  static let progressBarMinimumHeight: CGFloat = 48

  private(set) var mode = Mode.off
  private var lastConfiguration: Configuration?
  private var constraints: [NSLayoutConstraint] = []
  private var added: [UIView] = []
  /// The my-location button (the SDK does not hand it to delegates).
  private var myLocationButton: NavigationButtonView?
  private(set) var accessoryView: (UIView & GMSNavigationAccessoryView)?
  private var measuredAccessory: (width: CGFloat, height: CGFloat)?
  /// Alternate routes shown with the current route (see `GMSMapView.routeWasSet`).
  var displayedAlternates = 0

  // MARK: - Callbacks

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    enter(.ready, mapView)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    enter(.off, mapView)
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    enter(.guidance, mapView)
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    enter(.ready, mapView)
  }

  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    update(mapView)
  }

  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    update(mapView)
  }

  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    update(mapView)
  }

  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    update(mapView)
  }

  // MARK: - Updating

  /// Rebuilds the layout when anything it depends on changed, and refreshes the styling
  /// snapshots show (speed alert, header colours).
  func update(_ mapView: GMSMapView) {
    let configuration = configuration(of: mapView)
    if configuration != lastConfiguration { rebuild(mapView, configuration) }
    let views = mapView.sdkViews
    views.speedWidget.displayDetail = mode == .guidance ? Self.speedWidgetDetail(mapView) : nil
    views.turnCard.displayDetail = mode == .guidance ? Self.headerDetail(mapView.settings) : nil
  }

  private func enter(_ mode: Mode, _ mapView: GMSMapView) {
    self.mode = mode
    if mode == .off {
      clear(mapView)
    } else {
      update(mapView)
    }
  }

  /// Puts in the tree exactly the views `configuration` shows and constrains them afresh.
  private func rebuild(_ mapView: GMSMapView, _ configuration: Configuration) {
    NSLayoutConstraint.deactivate(constraints)
    constraints.removeAll()
    lastConfiguration = configuration
    guard configuration.mode != .off else { return }
    let views = shownViews(mapView, configuration)
    for view in added where !views.contains(where: { $0 === view }) {
      view.removeFromSuperview()
    }
    added = views
    var below: UIView?
    for view in views {
      if view.superview !== mapView {
        if let below {
          mapView.insertSubview(view, aboveSubview: below)
        } else {
          mapView.insertSubview(view, at: 0)
        }
      }
      below = view
    }
    constraints = Placement(mapView: mapView, configuration: configuration)
      .constraints(
        accessory: configuration.accessoryHeight == nil ? nil : accessoryView,
        myLocation: configuration.myLocation ? myLocationButton(mapView) : nil,
        prompt: configuration.promptID == nil ? nil : mapView.currentPromptView)
    NSLayoutConstraint.activate(constraints)
  }

  /// The views of a configuration, back to front.
  private func shownViews(_ mapView: GMSMapView, _ configuration: Configuration) -> [UIView] {
    let sdk = mapView.sdkViews
    var views: [UIView] = [sdk.viewport]
    if configuration.mode == .guidance {
      if configuration.progressBarHeight != nil { views.append(sdk.tripProgressBar) }
      if configuration.header { views.append(sdk.turnCard) }
      if configuration.accessoryHeight != nil, let accessoryView { views.append(accessoryView) }
      if configuration.footer { views.append(sdk.etaCard) }
    }
    views.append(sdk.googleLogo)
    if configuration.mode == .guidance { views.append(sdk.speedWidget) }
    if configuration.compass { views.append(sdk.compassButton) }
    if configuration.reporting { views.append(sdk.reportingButton) }
    if configuration.myLocation { views.append(myLocationButton(mapView)) }
    if configuration.promptID != nil, let prompt = mapView.currentPromptView { views.append(prompt) }
    return views
  }

  private func myLocationButton(_ mapView: GMSMapView) -> NavigationButtonView {
    if let myLocationButton { return myLocationButton }
    let profile = mapView.profile
    let button = NavigationButtonView(
      role: "button.myLocation", margin: CGFloat(profile.controlLayoutMargin))
    button.setFixedSize(width: CGFloat(profile.buttonSize), height: CGFloat(profile.buttonSize))
    myLocationButton = button
    return button
  }

  private func clear(_ mapView: GMSMapView) {
    NSLayoutConstraint.deactivate(constraints)
    constraints.removeAll()
    for view in added { view.removeFromSuperview() }
    added.removeAll()
    lastConfiguration = nil
    mapView.sdkViews.speedWidget.displayDetail = nil
    mapView.sdkViews.turnCard.displayDetail = nil
  }

  // MARK: - Header accessory view

  func setAccessoryView(_ view: (UIView & GMSNavigationAccessoryView)?) {
    if let old = accessoryView, old !== view, old.superview != nil {
      old.removeFromSuperview()
      added.removeAll { $0 === old }
    }
    accessoryView = view
    view?.translatesAutoresizingMaskIntoConstraints = false
    measuredAccessory = nil
    lastConfiguration = nil
  }

  func invalidateAccessoryHeight() {
    measuredAccessory = nil
    lastConfiguration = nil
  }

  /// The app replaced a legacy guide: constrain the new one at the next pass.
  func legacyGuideReplaced() { lastConfiguration = nil }

  /// The accessory view's height under the header, nil when it does not show: no view, a
  /// map shorter than `accessoryMinimumMapHeight`, or a height that isn't positive. Measured
  /// once per card width, again after `invalidateLayout(forAccessoryView:)`.
  func accessoryHeight(on mapView: GMSMapView) -> CGFloat? {
    guard let accessoryView, mapView.bounds.height >= Self.accessoryMinimumMapHeight else {
      return nil
    }
    let insets = Self.controlInsets(of: mapView)
    let width =
      mapView.isWideMode
      ? mapView.sdkViews.wideCardWidth
      : mapView.bounds.width - insets.leading - insets.trailing
    if let measuredAccessory, measuredAccessory.width == width {
      return measuredAccessory.height > 0 ? measuredAccessory.height : nil
    }
    let room =
      mapView.bounds.height - insets.top - insets.bottom
      - (mapView.sdkViews.turnCard.fixedHeight ?? CGFloat(mapView.profile.style.headerNominalHeight))
    let height = accessoryView.heightForAccessoryViewConstrained(
      to: CGSize(width: width, height: max(0, room)), on: mapView)
    let usable = height.isFinite ? max(0, min(height, max(0, room))) : 0
    measuredAccessory = (width, usable)
    return usable > 0 ? usable : nil
  }
}
