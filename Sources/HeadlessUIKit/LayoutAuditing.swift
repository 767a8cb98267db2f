// The audit hook: what the layout system tells an observer (the SDK's rule checks, tests).

import Foundation

/// An observer of layout activity, installed as `LayoutAudit.current`.
///
/// Every method has an empty default, so an auditor implements only what it watches. Calls
/// happen synchronously, on the main actor, right after the change they describe; an auditor
/// must not mutate the hierarchy from inside a callback.
@preconcurrency @MainActor
public protocol LayoutAuditing: AnyObject {
  /// An app constraint became active (`isActive = true`, `activate`, `addConstraint`).
  func constraintActivated(_ constraint: NSLayoutConstraint)
  /// An app constraint became inactive, explicitly or because `removeFromSuperview` /
  /// `removeLayoutGuide` took one of its items out of the hierarchy.
  func constraintDeactivated(_ constraint: NSLayoutConstraint)
  /// `view` became a subview of `superview`.
  func subviewAdded(_ view: UIView, to superview: UIView)
  /// `view` stopped being a subview of `superview`.
  func subviewRemoved(_ view: UIView, from superview: UIView)
  /// App code added a layout guide to a view.
  func layoutGuideAdded(_ guide: UILayoutGuide, to view: UIView)
  /// App code removed a layout guide from a view.
  func layoutGuideRemoved(_ guide: UILayoutGuide, from view: UIView)
  /// `view.isHidden` changed (to the view's current value).
  func hiddenChanged(_ view: UIView)
  /// App code made a constraint with a left / right attribute (anchor or item form).
  func absoluteDirectionConstraintCreated(_ constraint: NSLayoutConstraint)
  /// A layout pass could not satisfy `constraint` and broke it (left it out of the solution),
  /// as Auto Layout does; `conflicting` are the installed constraints it contradicts.
  func constraintBroken(_ constraint: NSLayoutConstraint, conflicting: [NSLayoutConstraint])
  /// A layout pass found that the constraints don't determine `view`'s frame along `axis`.
  func ambiguousLayout(_ view: UIView, axis: NSLayoutConstraint.Axis)
  /// App code did something UIKit answers with an exception; NavSim ignores the request and
  /// reports it here instead of crashing.
  func layoutMisuse(_ misuse: LayoutMisuse)
}

extension LayoutAuditing {
  public func constraintActivated(_ constraint: NSLayoutConstraint) {}
  public func constraintDeactivated(_ constraint: NSLayoutConstraint) {}
  public func subviewAdded(_ view: UIView, to superview: UIView) {}
  public func subviewRemoved(_ view: UIView, from superview: UIView) {}
  public func layoutGuideAdded(_ guide: UILayoutGuide, to view: UIView) {}
  public func layoutGuideRemoved(_ guide: UILayoutGuide, from view: UIView) {}
  public func hiddenChanged(_ view: UIView) {}
  public func absoluteDirectionConstraintCreated(_ constraint: NSLayoutConstraint) {}
  public func constraintBroken(
    _ constraint: NSLayoutConstraint, conflicting: [NSLayoutConstraint]
  ) {}
  public func ambiguousLayout(_ view: UIView, axis: NSLayoutConstraint.Axis) {}
  public func layoutMisuse(_ misuse: LayoutMisuse) {}
}

/// Requests UIKit refuses with an exception. NavSim ignores them and reports them.
@MainActor
public enum LayoutMisuse {
  /// Activating a constraint whose items have no common ancestor (or whose guide has no
  /// owning view).
  case constraintWithoutCommonAncestor(NSLayoutConstraint)
  /// Activating a constraint that can't be formed (item or attribute pairing); the reason says
  /// which.
  case invalidConstraint(NSLayoutConstraint, reason: String)
  /// Changing an active constraint between required and optional priority.
  case requiredPriorityChangedWhileActive(NSLayoutConstraint, to: UILayoutPriority)
  /// Adding a view as a subview of itself or of one of its descendants.
  case subviewCycle(view: UIView, superview: UIView)
  /// A layout pass kept changing constraints (from `layoutSubviews`, or safe-area insets
  /// feeding back into margins) for `rounds` rounds and was cut off; UIKit's layout feedback
  /// loop.
  case layoutFeedbackLoop(UIView, rounds: Int)

  /// A one-line explanation naming the constraint or views.
  public var message: String {
    switch self {
    case .constraintWithoutCommonAncestor(let c):
      "constraint's items have no common ancestor: \(c.layoutDescription)"
    case .invalidConstraint(let c, let reason):
      "invalid constraint (\(reason)): \(c.layoutDescription)"
    case .requiredPriorityChangedWhileActive(let c, let priority):
      "priority of an active constraint changed between required and optional (to \(priority)): "
        + c.layoutDescription
    case .subviewCycle(let view, let superview):
      "\(view.layoutDebugName) can't become a subview of its own descendant "
        + superview.layoutDebugName
    case .layoutFeedbackLoop(let root, let rounds):
      "layout of \(root.layoutDebugName)'s hierarchy still changing after \(rounds) rounds "
        + "(layout feedback loop)"
    }
  }
}

/// Where the current auditor is installed.
@MainActor
public enum LayoutAudit {
  /// The auditor told about layout activity: the bound `LayoutContext`'s (a replay's rules).
  /// Setting it sets that context's auditor; `nil` (the default) costs one load per event.
  public static var current: (any LayoutAuditing)? {
    get { LayoutContext.current.audit }
    set { LayoutContext.current.audit = newValue }
  }
}
