import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK

// App views painted over an SDK view's content: the turn card, the ETA card, the speed widget,
// the buttons and the prompts show what the driver needs (the next manoeuvre, the limit, the
// offer to accept), and the SDK sizes them for their content (spec navigation-sdk.md
// section 3). The logo and the viewport have rules of their own (`missing-logo`,
// `opaque-view-over-viewport`); overlaps between SDK views are `sdk-views-overlap`'s.

extension LayoutRule {
  /// An opaque app view over an SDK view's visible content.
  public static let appViewCoversSDKView = LayoutRule(
    id: "app-view-covers-sdk-view", severity: .error,
    summary: "an opaque app view must not cover the turn card, ETA card, speed widget, "
      + "buttons or prompts")
  /// A translucent app view over an SDK view's visible content.
  public static let translucentViewOverSDKView = LayoutRule(
    id: "translucent-view-over-sdk-view", severity: .warning,
    summary: "a translucent app view over the turn card, ETA card, speed widget, buttons or "
      + "prompts dims what the driver reads")
}

extension RuleWatcher {
  /// Records every app view painted above an SDK view's visible content (its bounds inset by
  /// its layout margins, as the other overlap rules judge): an error when the app view is
  /// opaque, a warning when it is translucent.
  ///
  /// Not flagged: SDK views and hiding stacks (the SDK's own), views that paint nothing (no
  /// background colour, or one with alpha 0), hidden or transparent views, views with an
  /// empty frame, views below the SDK view in z-order, and containers of the SDK view.
  /// `order` is the map's views in painting order (`views(under:)`).
  /// - Complexity: O(v) for v views under the map view, per SDK view.
  func checkAppViewsOverSDKContent(in order: [UIView], tolerance: CGFloat) {
    let views = mapView.sdkViews
    let guarded =
      [views.turnCard, views.etaCard, views.speedWidget] + views.buttonViews + views.prompts
    for sdkView in guarded where visible(sdkView) {
      guard let index = Self.index(of: sdkView, in: order) else { continue }
      let content = contentRectInMap(sdkView)
      guard content.width > 0, content.height > 0 else { continue }
      for other in order[(index + 1)...] where !sdkView.isDescendant(of: other) {
        guard let opacity = paintedOpacity(of: other) else { continue }
        let rect = rectInMap(other)
        guard rect.width > 0, rect.height > 0, overlaps(rect, content, tolerance) else {
          continue
        }
        let opaque = opacity >= 0.99
        let message =
          "\(opaque ? "opaque" : "translucent") \(ViewIdentity.baseName(of: other)) "
          + "\(describe(rect)) covers \(sdkView.sdkRole) "
          + "\(describe(content)); move it clear of the content or below it"
        record(
          opaque ? .appViewCoversSDKView : .translucentViewOverSDKView, [other, sdkView],
          message, source: placement(of: other).site)
      }
    }
  }

  /// The opacity an app view paints with (its background's alpha times its own and its
  /// ancestors' alpha), or nil when it paints nothing: an SDK view or hiding stack, a view
  /// with no background, or one hidden or transparent.
  private func paintedOpacity(of view: UIView) -> CGFloat? {
    guard !(view is SDKView), !(view is GMSNavigationHidingStackView), visible(view),
      let color = view.observedBackgroundColor, color.alpha > 0.01
    else { return nil }
    var opacity = color.alpha
    var node: UIView? = view
    while let current = node, current !== mapView {
      opacity *= current.alpha
      node = current.superview
    }
    return opacity > 0.01 ? opacity : nil
  }
}
