// Shared helpers for the HeadlessUIKit tests: a root view, a constrained view, an auditor that
// records what it is told.

import Foundation
@testable import HeadlessUIKit

/// A layout root of the given size (what the map view is in NavSim).
@MainActor
func makeRoot(width: CGFloat = 400, height: CGFloat = 800) -> UIView {
  let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
  root.accessibilityIdentifier = "root"
  return root
}

/// A view positioned by constraints, added to `superview`.
@MainActor
func makeView(_ name: String, in superview: UIView) -> UIView {
  let view = UIView()
  view.accessibilityIdentifier = name
  view.translatesAutoresizingMaskIntoConstraints = false
  superview.addSubview(view)
  return view
}

/// Records every audit callback as a line of text, in order.
@MainActor
final class RecordingAuditor: LayoutAuditing {
  var events: [String] = []
  var broken: [(NSLayoutConstraint, [NSLayoutConstraint])] = []
  var ambiguous: [(UIView, NSLayoutConstraint.Axis)] = []

  func constraintActivated(_ constraint: NSLayoutConstraint) {
    events.append("activated \(constraint.layoutDescription)")
  }
  func constraintDeactivated(_ constraint: NSLayoutConstraint) {
    events.append("deactivated \(constraint.layoutDescription)")
  }
  func subviewAdded(_ view: UIView, to superview: UIView) {
    events.append("added \(view.layoutDebugName) to \(superview.layoutDebugName)")
  }
  func subviewRemoved(_ view: UIView, from superview: UIView) {
    events.append("removed \(view.layoutDebugName) from \(superview.layoutDebugName)")
  }
  func layoutGuideAdded(_ guide: UILayoutGuide, to view: UIView) {
    events.append("guide added \(guide.layoutDebugName) to \(view.layoutDebugName)")
  }
  func layoutGuideRemoved(_ guide: UILayoutGuide, from view: UIView) {
    events.append("guide removed \(guide.layoutDebugName) from \(view.layoutDebugName)")
  }
  func hiddenChanged(_ view: UIView) {
    events.append("hidden \(view.layoutDebugName) \(view.isHidden)")
  }
  func absoluteDirectionConstraintCreated(_ constraint: NSLayoutConstraint) {
    events.append("absolute \(constraint.layoutDescription)")
  }
  func constraintBroken(_ constraint: NSLayoutConstraint, conflicting: [NSLayoutConstraint]) {
    broken.append((constraint, conflicting))
    events.append("broken \(constraint.layoutDescription)")
  }
  func ambiguousLayout(_ view: UIView, axis: NSLayoutConstraint.Axis) {
    ambiguous.append((view, axis))
    events.append("ambiguous \(view.layoutDebugName) \(axis)")
  }
  func layoutMisuse(_ misuse: LayoutMisuse) {
    events.append("misuse \(misuse.message)")
  }
}

/// Runs `body` with `auditor` installed, restoring the previous auditor afterwards.
@MainActor
func withAuditor<T>(_ auditor: RecordingAuditor, _ body: () throws -> T) rethrows -> T {
  let previous = LayoutAudit.current
  LayoutAudit.current = auditor
  defer { LayoutAudit.current = previous }
  return try body()
}

extension CGRect {
  /// Shorthand for expected frames.
  init(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) {
    self.init(x: x, y: y, width: width, height: height)
  }
}

/// Checks the layout engine's bookkeeping of `root`'s hierarchy (debug builds).
@MainActor
func checkEngine(_ root: UIView) {
  #if DEBUG
    root.engine?._checkInvariants()
  #endif
}
