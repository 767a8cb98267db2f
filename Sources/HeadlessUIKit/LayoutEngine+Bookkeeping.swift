// What views and constraints tell the layout engine: activation, hierarchy moves, frame and
// size changes. Solver-free: it installs constraints on views and queues them on the engine of
// their hierarchy's root, which applies the changes at its next pass.

import Foundation

extension LayoutEngine {
  // MARK: - Constraint lifecycle

  /// Reports app constraints naming left / right attributes to the auditor.
  static func appConstraintCreated(_ constraint: NSLayoutConstraint) {
    guard let audit = LayoutAudit.current else { return }
    if constraint.firstAttribute.isAbsoluteDirection
      || constraint.secondAttribute.isAbsoluteDirection
    {
      audit.absoluteDirectionConstraintCreated(constraint)
    }
  }

  /// Installs an app constraint on its items' closest common ancestor.
  static func activate(_ constraint: NSLayoutConstraint) {
    if let reason = constraint.invalidReason {
      LayoutAudit.current?.layoutMisuse(.invalidConstraint(constraint, reason: reason))
      return
    }
    guard let firstView = constraint.first?.hierarchyView,
      let container = commonAncestor(firstView, constraint)
    else {
      LayoutAudit.current?.layoutMisuse(.constraintWithoutCommonAncestor(constraint))
      return
    }
    constraint.container = container
    container.installedConstraints.append(constraint)
    container.layoutRoot.engine?.enqueue(constraint)
    LayoutAudit.current?.constraintActivated(constraint)
  }

  /// Uninstalls an app constraint.
  static func deactivate(_ constraint: NSLayoutConstraint) {
    guard let container = constraint.container else { return }
    let root = container.layoutRoot
    container.installedConstraints.removeAll { $0 === constraint }
    constraint.container = nil
    root.engine?.enqueue(constraint)
    LayoutAudit.current?.constraintDeactivated(constraint)
  }

  /// The closest view that is an ancestor of (or is) both items' views.
  private static func commonAncestor(
    _ firstView: UIView, _ constraint: NSLayoutConstraint
  ) -> UIView? {
    guard let second = constraint.second else { return firstView }
    guard let secondView = second.hierarchyView else { return nil }
    var node: UIView? = firstView
    while let candidate = node {
      if secondView.isDescendant(of: candidate) { return candidate }
      node = candidate.storedSuperview
    }
    return nil
  }

  /// Queues a changed constraint (constant, priority) on its engine.
  static func constraintDidChange(_ constraint: NSLayoutConstraint) {
    guard let container = constraint.container else { return }
    container.layoutRoot.engine?.enqueue(constraint)
  }

  /// Turns a system constraint on or off and queues it.
  static func systemConstraint(_ constraint: NSLayoutConstraint, wanted: Bool) {
    constraint.systemWanted = wanted
    constraintDidChange(constraint)
  }

  // MARK: - Hierarchy moves

  /// Deactivates the app constraints relating `subtree` to views outside it (they are
  /// installed on strict ancestors of `subtree`).
  static func deactivateConstraintsCrossing(subtree: UIView) {
    var ancestor = subtree.storedSuperview
    while let view = ancestor {
      let crossing = view.installedConstraints.filter { constraint in
        constraint.first?.hierarchyView?.isDescendant(of: subtree) == true
          || constraint.second?.hierarchyView?.isDescendant(of: subtree) == true
      }
      for constraint in crossing { deactivate(constraint) }
      ancestor = view.storedSuperview
    }
  }

  /// Deactivates the app constraints that use `guide` (removing the guide).
  static func deactivateConstraints(using guide: UILayoutGuide) {
    var ancestor = guide.owningView
    while let view = ancestor {
      let using = view.installedConstraints.filter { $0.first === guide || $0.second === guide }
      for constraint in using { deactivate(constraint) }
      ancestor = view.storedSuperview
    }
  }

  /// `view` (with its subtree) just got a superview: its own engine, if it was a root, is
  /// dropped, and the new root's engine takes its constraints.
  static func subtreeDidJoin(_ view: UIView) {
    view.engine = nil
    view.updateAutoresizingConstraints()
    let root = view.layoutRoot
    root.engine?.adopt(subtree: view)
    if view.effectiveUserInterfaceLayoutDirection != .leftToRight
      || root.storedBaseLayoutDirection != .leftToRight
    {
      view.refreshGuideConstantsInSubtree()
    }
    // The subtree hears of the traits of the hierarchy it joined (a controller's root view
    // takes its size class's margins then).
    root.engine?.traitSubtrees.append(view)
    root.engine?.needsPass = true
  }

  /// `view` (with its subtree) just left the hierarchy rooted at `oldRoot`: that engine drops
  /// its constraints.
  static func subtreeDidLeave(_ view: UIView, oldRoot: UIView) {
    oldRoot.engine?.adopt(subtree: view)
    view.updateAutoresizingConstraints()
    view.refreshGuideConstantsInSubtree()
    oldRoot.engine?.needsPass = true
  }

  // MARK: - Geometry and content changes

  /// App code set a view's frame.
  static func frameWasSet(_ view: UIView) {
    if view.storedSuperview == nil {
      view.engine?.rootFrameDidChange()
    } else if view.storedTranslatesAutoresizingMask {
      view.updateAutoresizingConstraints()
    }
    needsPass(from: view)
  }

  /// The view's intrinsic size or its hugging / compression priorities changed.
  static func intrinsicContentSizeDidChange(_ view: UIView) {
    guard let engine = view.layoutRoot.engine else { return }
    engine.markIntrinsicDirty(view)
  }

  /// A label's baselines moved: re-queue the constraints that use them.
  static func baselinesDidChange(_ view: UIView) {
    guard let engine = view.layoutRoot.engine else { return }
    var ancestor: UIView? = view
    while let container = ancestor {
      for constraint in container.installedConstraints
      where constraint.first === view || constraint.second === view {
        engine.enqueue(constraint)
      }
      ancestor = container.storedSuperview
    }
  }

  /// A semantic content attribute or the root's base direction changed under `view`: the
  /// constraints of the subtree re-resolve leading / trailing, the margins guides flip.
  static func layoutDirectionDidChange(in view: UIView) {
    view.refreshGuideConstantsInSubtree()
    guard let engine = view.layoutRoot.engine else { return }
    engine.adopt(subtree: view)
    engine.needsPass = true
  }

  /// `view.isHidden` changed: a stack view re-arranges; ambiguity is checked again (hidden
  /// views are not reported).
  static func visibilityDidChange(_ view: UIView) {
    (view.storedSuperview as? UIStackView)?.arrangedSubviewVisibilityDidChange(view)
    guard let engine = view.layoutRoot.engine else { return }
    engine.structureChanged = true
    engine.needsPass = true
  }

  /// Something under `view` needs a layout pass.
  static func needsPass(from view: UIView) {
    view.layoutRoot.engine?.needsPass = true
  }
}

extension UIView {
  /// Calls `body` with every constraint whose container is a view of this subtree: first the
  /// system constraints (frames, intrinsic sizes, guides), then the app constraints, each depth
  /// first. System constraints go first so that, as in UIKit's usual report, it is the app's
  /// constraint that breaks when it contradicts a translated frame.
  func forEachConstraintInSubtree(_ body: (NSLayoutConstraint) -> Void) {
    forEachViewInSubtree { $0.systemConstraints.forEach(body) }
    forEachViewInSubtree { view in
      for constraint in view.installedConstraints { body(constraint) }
    }
  }

  /// Calls `body` with this view and every descendant, depth first, back to front.
  func forEachViewInSubtree(_ body: (UIView) -> Void) {
    body(self)
    for subview in subviewStorage { subview.forEachViewInSubtree(body) }
  }

  /// Recomputes the margins guide constants of the subtree (after a direction change).
  func refreshGuideConstantsInSubtree() {
    forEachViewInSubtree { $0.refreshGuideConstants() }
  }
}
