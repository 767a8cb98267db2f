import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK

// The layout rules: checked on the laid-out frames at the end of every event, reported for
// every event while they hold.

extension RuleWatcher {
  /// Checks every layout rule on the current frames (`RuleWatcher.finish` skips it while
  /// nothing visible changed).
  func checkLayout() {
    checkPlacement()
    guard mapView.isNavigationEnabled else { return }
    let views = mapView.sdkViews
    // Painting order: depth first, a view above its superview and its earlier siblings. The
    // checks below read the tree and never change it, so it is listed once.
    let order = Self.views(under: mapView)
    checkMandatory(views.googleLogo, rule: .missingLogo, order: order)
    checkMandatory(views.viewport, rule: .missingViewport, order: order)
    let profile = mapView.profile
    let tolerance = CGFloat(profile.overlapTolerance)
    let viewportRect = visible(views.viewport) ? rectInMap(views.viewport) : nil

    // Prompts over the viewport, the logo and the buttons (a prompt over the ETA card is fine).
    for prompt in views.prompts where visible(prompt) {
      let promptRect = contentRectInMap(prompt)
      if let viewportRect, overlaps(promptRect, viewportRect, tolerance) {
        record(
          .promptCoversViewport, [prompt, views.viewport],
          "prompt \(describe(promptRect)) covers the viewport \(describe(viewportRect))",
          source: placement(of: prompt).site)
      }
      if visible(views.googleLogo),
        overlaps(promptRect, contentRectInMap(views.googleLogo), tolerance)
      {
        record(
          .promptCoversLogo, [prompt, views.googleLogo], "prompt covers the Google logo",
          source: placement(of: prompt).site)
      }
      for button in views.buttonViews where visible(button) {
        if overlaps(promptRect, contentRectInMap(button), tolerance) {
          record(
            .promptCoversButton, [prompt, button], "prompt covers an SDK button",
            source: placement(of: prompt).site)
        }
      }
    }

    // SDK cards and controls over each other (visible content only, margins excluded).
    let solid =
      [
        views.turnCard, views.etaCard, views.tripProgressBar, views.speedWidget,
        views.googleLogo,
      ] + views.buttonViews
    // Loops, not `filter` / `map`: a main-actor closure handed to the standard library checks
    // its executor on every call (docs/replay-performance.md).
    var shown: [(SDKView, CGRect)] = []
    for view in solid where visible(view) {
      let rect = contentRectInMap(view)
      if !rect.isEmpty { shown.append((view, rect)) }
    }
    for (index, (a, rectA)) in shown.enumerated() {
      for (b, rectB) in shown[(index + 1)...] where overlaps(rectA, rectB, tolerance) {
        let placedA = placement(of: a), placedB = placement(of: b)
        record(
          .sdkViewsOverlap, [a, b],
          "\(a.sdkRole) \(describe(rectA)) and \(b.sdkRole) \(describe(rectB)) overlap",
          source: placedB.order > placedA.order ? placedB.site : placedA.site)
      }
    }

    if let viewportRect { checkOpaqueViews(over: viewportRect, in: order, tolerance: tolerance) }
    checkAppViewsOverSDKContent(in: order, tolerance: tolerance)
    if mapView.isWideMode && mapView.navigationState == .activeGuidance {
      checkLeadingEdge(views.turnCard)
      checkLeadingEdge(views.etaCard)
    }
  }

  // MARK: - Mandatory views (rule 5)

  private func checkMandatory(_ view: SDKView, rule: LayoutRule, order: [UIView]) {
    guard isInMap(view) else {
      record(rule, [view], "\(view.sdkRole) is not in the map view")
      return
    }
    guard visible(view) else {
      record(rule, [view], "\(view.sdkRole) is hidden or transparent")
      return
    }
    let rect = rectInMap(view)
    guard rect.width > 0, rect.height > 0 else {
      record(
        rule, [view], "\(view.sdkRole) has an empty frame \(describe(rect))",
        source: placement(of: view).site)
      return
    }
    guard rect.intersects(mapView.bounds), !rect.intersection(mapView.bounds).isEmpty else {
      record(
        rule, [view], "\(view.sdkRole) \(describe(rect)) is outside the map view",
        source: placement(of: view).site)
      return
    }
    if view === mapView.sdkViews.googleLogo, let cover = opaqueView(above: view, in: order) {
      record(
        rule, [view, cover], "the Google logo is covered by an opaque view",
        source: placement(of: cover).site)
    }
  }

  /// An opaque app view painted above `view` (in `order`, the painting order) that overlaps
  /// its content.
  private func opaqueView(above view: SDKView, in order: [UIView]) -> UIView? {
    guard let index = Self.index(of: view, in: order) else { return nil }
    let rect = contentRectInMap(view)
    let tolerance = CGFloat(mapView.profile.overlapTolerance)
    for other in order[(index + 1)...]
    where isOpaqueAppView(other) && !view.isDescendant(of: other)
      && overlaps(rectInMap(other), rect, tolerance)
    {
      return other
    }
    return nil
  }

  /// The position of `view` in `order` (a loop: see `checkLayout`).
  static func index(of view: UIView, in order: [UIView]) -> Int? {
    for index in order.indices where order[index] === view { return index }
    return nil
  }

  // MARK: - Placement (rule 7)

  /// Only the current state's SDK views count: a view of a state that ended may stay in a
  /// container the delegate took out of the map (a button in an old hiding stack), where
  /// nothing shows it.
  private func checkPlacement() {
    let views = mapView.sdkViews
    let current: [SDKView]
    switch mapView.navigationState {
    case .nonNavigation: current = []
    case .navigationReady: current = [views.googleLogo, views.viewport, views.compassButton]
    case .activeGuidance: current = views.allViews
    }
    for view in current {
      guard let superview = view.superview else { continue }
      if view.layoutRoot !== mapView {
        record(
          .sdkViewOutsideMap, [view],
          "\(view.sdkRole) was added to \(ViewIdentity.baseName(of: superview)), "
            + "which is not in the map view's tree", source: view.addedAt)
      }
    }
  }

  // MARK: - Opaque overlays

  private func checkOpaqueViews(over viewportRect: CGRect, in order: [UIView], tolerance: CGFloat) {
    let viewport = mapView.sdkViews.viewport
    let small = CGFloat(mapView.profile.smallOverlaySide)
    for view in order where isOpaqueAppView(view) {
      guard !viewport.isDescendant(of: view) else { continue }
      let rect = rectInMap(view)
      if rect.width <= small && rect.height <= small { continue }
      if overlaps(rect, viewportRect, tolerance) {
        record(
          .opaqueViewOverViewport, [view, viewport],
          "opaque view \(describe(rect)) covers the viewport \(describe(viewportRect)); "
            + "end the viewport at its edge", source: placement(of: view).site)
      }
    }
  }

  private func isOpaqueAppView(_ view: UIView) -> Bool {
    guard !(view is SDKView), !(view is GMSNavigationHidingStackView), visible(view),
      let color = view.observedBackgroundColor
    else { return false }
    return color.alpha > 0.01
  }

  // MARK: - Wide mode (section 5)

  private func checkLeadingEdge(_ card: SDKView) {
    guard visible(card) else { return }
    let rect = rectInMap(card)
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    let insets = mapView.safeAreaInsets
    let distance = rtl ? mapView.bounds.width - rect.maxX : rect.minX
    let safe = rtl ? insets.right : insets.left
    let allowed =
      safe + CGFloat(mapView.profile.style.headerFooterHorizontalPadding)
      + CGFloat(mapView.profile.leadingEdgeTolerance)
    if distance > allowed {
      record(
        .wideCardNotLeading, [card],
        "\(card.sdkRole) sits \(Int(distance.rounded())) pt from the leading edge in wide mode "
          + "(at most \(Int(allowed.rounded())) pt)", source: placement(of: card).site)
    }
  }

  // MARK: - Call sites

  /// The app's code that placed `view`: the newest active constraint activated since
  /// navigation was enabled that has the view as its first item (else as its second), or
  /// where the view was added. `order` ranks placements (higher: placed later), to blame the
  /// view of two that was placed last.
  func placement(of view: UIView) -> (site: CallSite?, order: Int) {
    for firstOnly in [true, false] {
      for (index, constraint) in navigationConstraints.enumerated().reversed()
      where constraint.isActive && constraint.sourceLocation != nil {
        if constraint.firstItem === view || (!firstOnly && constraint.secondItem === view) {
          return (constraint.sourceLocation, index)
        }
      }
    }
    return (view.addedAt, -1)
  }

  // MARK: - Geometry

  /// Whether the view and its ancestors up to the map are shown (not hidden, not transparent).
  func visible(_ view: UIView) -> Bool {
    guard isInMap(view) else { return false }
    var node: UIView? = view
    while let current = node, current !== mapView {
      if current.isHidden || current.alpha <= 0.01 { return false }
      node = current.superview
    }
    return true
  }

  /// The view's frame in map coordinates, moved by the translations of its transforms.
  func rectInMap(_ view: UIView) -> CGRect {
    translated(view.convert(view.bounds, to: mapView), by: view)
  }

  /// The visible content of an SDK view (bounds inset by its layout margins), in map
  /// coordinates.
  func contentRectInMap(_ view: SDKView) -> CGRect {
    translated(view.convert(view.visibleContentBounds, to: mapView), by: view)
  }

  private func translated(_ rect: CGRect, by view: UIView) -> CGRect {
    var dx: CGFloat = 0
    var dy: CGFloat = 0
    var node: UIView? = view
    while let current = node, current !== mapView {
      dx += current.transform.tx
      dy += current.transform.ty
      node = current.superview
    }
    return rect.offsetBy(dx: dx, dy: dy)
  }

  /// Whether `a` and `b` overlap by more than `tolerance` on both axes.
  func overlaps(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat) -> Bool {
    let overlap = a.intersection(b)
    return !overlap.isNull && overlap.width > tolerance && overlap.height > tolerance
  }

  /// `(x, y, w x h)`, each value as UIKit prints it (`(16, 59.3333, 361 x 20.3333)`).
  func describe(_ rect: CGRect) -> String {
    func text(_ value: CGFloat) -> String { uikitNumber(Double(value)) }
    return "(\(text(rect.minX)), \(text(rect.minY)), \(text(rect.width)) x \(text(rect.height)))"
  }
}
