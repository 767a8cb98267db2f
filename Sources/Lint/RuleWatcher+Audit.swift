import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK

// The action rules: what the delegate does, as HeadlessUIKit's layout audit reports it.

extension RuleWatcher {
  // MARK: - Constraints

  func constraintActivated(_ constraint: NSLayoutConstraint) {
    if mapView.isNavigationEnabled && !SDKInternal.isActive {
      navigationConstraints.append(constraint)
      if collectsRestoredItems {
        restoredItems += [constraint.firstItem, constraint.secondItem].compactMap { $0 }
      }
    }
    guard checksRules else { return }
    if let view = constraint.firstItem as? SDKView, view.forbidsSizeConstraints,
      constraint.firstAttribute == .width || constraint.firstAttribute == .height
    {
      record(
        .fixedSizeConstraint, [view],
        "\(constraint.firstAttribute) constraint on a view the SDK sizes: "
          + constraint.layoutDescription, source: constraint.sourceLocation)
    }
    for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 })
    where isSDKInternal(item) {
      record(
        .sdkInternalsTouched, [owningSDKView(of: item) ?? item],
        "constraint on the inside of an SDK view: " + constraint.layoutDescription,
        source: constraint.sourceLocation)
    }
    checkMarginsAddUp(constraint)
  }

  /// `a.bottom == b.top` between two SDK views with built-in margins: their margins add up.
  private func checkMarginsAddUp(_ constraint: NSLayoutConstraint) {
    guard let first = constraint.firstItem as? SDKView,
      let second = constraint.secondItem as? SDKView,
      first.hasVisibleMargins, second.hasVisibleMargins, first !== second
    else { return }
    let opposite: Set<[NSLayoutConstraint.Attribute]> = [
      [.top, .bottom], [.bottom, .top], [.leading, .trailing], [.trailing, .leading],
      [.left, .right], [.right, .left],
    ]
    guard opposite.contains([constraint.firstAttribute, constraint.secondAttribute]) else { return }
    record(
      .marginsAddUp, [first, second],
      "edges stacked directly, so both built-in margins show; use layoutMarginsGuide: "
        + constraint.layoutDescription, source: constraint.sourceLocation)
  }

  func absoluteDirectionConstraintCreated(_ constraint: NSLayoutConstraint) {
    guard checksRules else { return }
    let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
    record(
      .leftRightAnchor, items.filter { $0 !== mapView },
      "left / right attribute does not flip in right-to-left layouts: "
        + constraint.layoutDescription, source: constraint.sourceLocation)
  }

  func constraintBroken(_ constraint: NSLayoutConstraint, conflicting: [NSLayoutConstraint]) {
    guard checksRules else { return }
    let all = [constraint] + conflicting
    var items: [AnyObject] = []
    for item in all.flatMap({ [$0.firstItem, $0.secondItem] }).compactMap({ $0 })
    where !items.contains(where: { $0 === item }) && item !== mapView {
      items.append(item)
    }
    let others = conflicting.map(\.layoutDescription).joined(separator: "; ")
    record(
      .unsatisfiableConstraints, items,
      "broke \(constraint.layoutDescription) (conflicts with: \(others))",
      source: appCallSite(of: all))
  }

  func ambiguousLayout(_ view: UIView, axis: NSLayoutConstraint.Axis) {
    guard checksRules, isInMap(view), !isSDKInternal(view) else { return }
    record(
      .ambiguousLayout, [view], "frame not determined along the \(axis) axis",
      source: view.addedAt)
  }

  func layoutMisuse(_ misuse: LayoutMisuse) {
    guard checksRules else { return }
    record(.layoutMisuse, [], misuse.message, source: misuse.callSite)
  }

  // MARK: - Hierarchy

  func subviewAdded(_ view: UIView, to superview: UIView) {
    if collectsGuidanceAdditions && !SDKInternal.isActive { guidanceViews.append(view) }
    if collectsRestoredItems && !SDKInternal.isActive { restoredItems.append(view) }
    guard checksRules else { return }
    if superview is SDKView || isSDKInternal(superview) {
      record(
        .sdkInternalsTouched, [owningSDKView(of: superview) ?? superview, view],
        "\(ViewIdentity.baseName(of: view)) added inside an SDK view: add SDK and app views "
          + "to the map view or to a container of your own", source: view.addedAt)
    }
  }

  func subviewRemoved(_ view: UIView, from superview: UIView) {
    guard checksRules, superview is SDKView || isSDKInternal(superview) else { return }
    record(
      .sdkInternalsTouched, [owningSDKView(of: superview) ?? superview],
      "\(ViewIdentity.baseName(of: view)) removed from inside an SDK view")
  }

  func layoutGuideAdded(_ guide: UILayoutGuide, to view: UIView) {
    if collectsGuidanceAdditions && !SDKInternal.isActive { guidanceGuides.append(guide) }
    if collectsRestoredItems && !SDKInternal.isActive { restoredItems.append(guide) }
    guard checksRules, view is SDKView || isSDKInternal(view) else { return }
    record(
      .sdkInternalsTouched, [owningSDKView(of: view) ?? view],
      "layout guide '\(guide.identifier)' added to an SDK view", source: guide.addedAt)
  }

  func hiddenChanged(_ view: UIView) {
    guard checksRules else { return }
    if let stack = view.superview as? GMSNavigationHidingStackView,
      stack.arrangedSubviews.contains(where: { $0 === view })
    {
      record(
        .hidingStackHiddenSet, [view, stack],
        "isHidden set on a view the hiding stack manages (it shows and hides them itself)")
    } else if isSDKInternal(view) {
      record(
        .sdkInternalsTouched, [owningSDKView(of: view) ?? view],
        "isHidden set on the inside of an SDK view")
    }
  }

  // MARK: - Helpers

  /// Where the app made the first of `constraints` that the app activated (not the SDK's own
  /// size constraints): the app's side of a conflict.
  func appCallSite(of constraints: [NSLayoutConstraint]) -> CallSite? {
    constraints.first { constraint in
      constraint.sourceLocation != nil && navigationConstraints.contains { $0 === constraint }
    }?.sourceLocation
  }

  /// Whether `item` is part of an SDK view's inside (not the SDK view itself, nor its
  /// `layoutMarginsGuide` / `safeAreaLayoutGuide`).
  func isSDKInternal(_ item: AnyObject) -> Bool {
    if let guide = item as? UILayoutGuide {
      guard let owner = guide.owningView else { return false }
      if owner is SDKView {
        return guide !== owner.layoutMarginsGuide && guide !== owner.safeAreaLayoutGuide
      }
      return isSDKInternal(owner)
    }
    guard let view = item as? UIView else { return false }
    var node = view.superview
    while let current = node {
      if current is SDKView { return true }
      node = current.superview
    }
    return false
  }

  /// The SDK view whose inside `item` is (or is), for naming.
  func owningSDKView(of item: AnyObject) -> SDKView? {
    var node: UIView? = (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    var outermost: SDKView?
    while let current = node {
      if let sdkView = current as? SDKView { outermost = sdkView }
      node = current.superview
    }
    return outermost
  }
}

extension LayoutMisuse {
  /// The app's call behind the misuse: where its constraint was made, or where the view was
  /// added.
  var callSite: CallSite? {
    switch self {
    case .constraintWithoutCommonAncestor(let c), .invalidConstraint(let c, _),
      .requiredPriorityChangedWhileActive(let c, _):
      c.sourceLocation
    case .subviewCycle(let view, _): view.addedAt
    case .layoutFeedbackLoop: nil
    }
  }
}

extension SDKView {
  /// Whether the view shows content inset by margins (not the viewport or the progress bar).
  /// The speed widget counts even while it shows nothing (and has no margins): it gets them
  /// back with its first gauge.
  var hasVisibleMargins: Bool {
    hasContentView
      && (self is SpeedWidgetView || layoutMargins.top > 0 || layoutMargins.left > 0)
  }
}
