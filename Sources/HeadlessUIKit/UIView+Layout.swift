// Triggering layout: the layout pass entry points and size fitting.

import Foundation

extension UIView {
  // MARK: - Layout pass

  /// Marks the view for `layoutSubviews` at the next layout pass.
  public func setNeedsLayout() {
    needsLayout = true
    LayoutEngine.needsPass(from: self)
  }

  /// Runs the layout pass of the whole hierarchy (from its layout root) if anything changed:
  /// solves all active constraints and writes every frame but the root's.
  ///
  /// - Complexity: proportional to what changed since the last pass (constraints added,
  ///   removed or with new constants) plus one walk over the hierarchy to write frames.
  public func layoutIfNeeded() {
    // A view without a superview (a replay's map view) is its own root: no strong reference
    // to it is taken (a view is weakly referenced, so its counts live in a side table, where
    // a retain and its release cost about 170 instructions).
    if storedSuperview == nil {
      LayoutEngine.layoutIfNeeded(root: self)
    } else {
      LayoutEngine.layoutIfNeeded(root: layoutRoot)
    }
  }

  /// NavSim, not UIKit: runs a full layout pass of the whole hierarchy now, even when nothing
  /// marked it as needed. Every intrinsic size is read again, all constraints solved, every
  /// frame and safe area written; no view is flagged for `layoutSubviews` by it. Replays use it
  /// to show that the passes `layoutIfNeeded()` skips are passes whose result was known.
  ///
  /// - Complexity: proportional to the whole hierarchy, whatever changed.
  public func forceFullLayoutPass() {
    LayoutEngine.forceFullPass(root: layoutRoot)
  }

  /// Marks the view for `updateConstraints()` at the start of the next layout pass.
  public func setNeedsUpdateConstraints() {
    constraintsNeedUpdate = true
    if let engine = layoutRoot.engine {
      engine.needsUpdateConstraints = true
      engine.needsPass = true
    }
  }

  /// Whether the view is flagged for `updateConstraints()` at the next layout pass (new views
  /// are, as in UIKit; `setNeedsUpdateConstraints()` flags it again).
  public func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }

  /// Calls `updateConstraints()` on the flagged views of the view's subtree now.
  public func updateConstraintsIfNeeded() {
    LayoutEngine.updateConstraints(in: self)
  }

  /// Whether the view's constraints leave its frame undetermined along either axis, as of the
  /// last layout pass of its hierarchy.
  public var hasAmbiguousLayout: Bool {
    LayoutEngine.isAmbiguous(self, axis: .horizontal)
      || LayoutEngine.isAmbiguous(self, axis: .vertical)
  }

  // MARK: - Sizing

  /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin.
  public func sizeToFit() {
    let size = sizeThatFits(storedFrame.size)
    frame = CGRect(origin: storedFrame.origin, size: size)
  }

  /// The smallest (for `layoutFittingCompressedSize`) or largest size the view's constraints
  /// allow near `targetSize`, solved on the view's subtree alone at fitting-size priority.
  public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
      verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size the view's constraints give it when pulled towards `targetSize` with the given
  /// priorities per axis (`.required` fixes that dimension).
  public func systemLayoutSizeFitting(
    _ targetSize: CGSize,
    withHorizontalFittingPriority horizontal: UILayoutPriority,
    verticalFittingPriority vertical: UILayoutPriority
  ) -> CGSize {
    LayoutEngine.fittingSize(
      of: self, target: targetSize, horizontal: horizontal, vertical: vertical)
  }
}
