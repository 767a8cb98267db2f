// The layout pass: update constraints, read intrinsic sizes, solve, write frames, compute
// safe areas, call layoutSubviews; repeat while that changes constraints; report ambiguity.

import ConstraintSolver
import Foundation

extension LayoutEngine {
  /// A pass stops repeating after this many rounds of layoutSubviews / safe-area feedback.
  static let maxRounds = 8

  // MARK: - Entry points

  /// Runs the root's pass if anything changed, making the engine on first use.
  static func layoutIfNeeded(root: UIView) {
    let engine: LayoutEngine
    if let existing = root.engine {
      engine = existing
    } else {
      engine = LayoutEngine(root: root)
      root.engine = engine
    }
    guard engine.needsPass, !engine.isRunning else { return }
    engine.run()
  }

  /// Calls `updateConstraints()` on the flagged views of `view`'s subtree, subviews first.
  static func updateConstraints(in view: UIView) {
    for subview in view.subviewStorage { updateConstraints(in: subview) }
    guard view.needsUpdateConstraints else { return }
    view.needsUpdateConstraints = false
    view.updateConstraints()
  }

  /// Whether the last pass left `view`'s frame undetermined along `axis`.
  static func isAmbiguous(_ view: UIView, axis: NSLayoutConstraint.Axis) -> Bool {
    guard let engine = view.layoutRoot.engine else { return true }
    return engine.isAmbiguous(view, axis: axis)
  }

  /// `systemLayoutSizeFitting`: the view's subtree solved alone, pulled towards `target`.
  static func fittingSize(
    of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority
  ) -> CGSize {
    let engine = LayoutEngine(
      fitting: view, target: target, horizontal: horizontal, vertical: vertical)
    engine.refreshIntrinsicSizes()
    engine.flush(audit: nil)
    engine.solver.updateVariables()
    let slot = engine.slot(for: view)
    return CGSize(width: snap(slot.width.value), height: snap(slot.height.value))
  }

  // MARK: - The pass

  /// One layout pass over the whole hierarchy.
  func run() {
    isRunning = true
    defer { isRunning = false }
    let audit = LayoutAudit.current
    var converged = false
    for _ in 0..<Self.maxRounds {
      Self.updateConstraints(in: root)
      refreshIntrinsicSizes()
      flush(audit: audit)
      solver.updateVariables()
      writeFrames()
      updateSafeAreas(of: root)
      needsPass = false
      callLayoutSubviews(root)
      if !needsPass, !hasPendingWork {
        converged = true
        break
      }
    }
    // A feedback loop (layoutSubviews or safe-area insets that keep changing constraints) is
    // cut off here; what is still queued applies at the next pass.
    needsPass = false
    if !converged { audit?.layoutMisuse(.layoutFeedbackLoop(root, rounds: Self.maxRounds)) }
    if structureChanged, let audit {
      structureChanged = false
      reportAmbiguity(to: audit)
    }
  }

  // MARK: - Frames

  /// Writes every view's frame (but the root's) and every guide's layout frame from the
  /// solution, parents first. Views the solver doesn't know keep their frames.
  private func writeFrames() {
    let rootRect = CGRect(origin: .zero, size: root.storedFrame.size)
    writeGuideFrames(of: root, viewRect: rootRect)
    for subview in root.subviewStorage { writeFrames(subview, parentRect: rootRect) }
  }

  private func writeFrames(_ view: UIView, parentRect: CGRect) {
    let rect: CGRect
    if isSolved(view) {
      rect = rootRect(of: view)
    } else {
      rect = view.storedFrame.offsetBy(dx: parentRect.minX, dy: parentRect.minY)
    }
    let frame = CGRect(
      x: Self.snap(Double(rect.minX - parentRect.minX)),
      y: Self.snap(Double(rect.minY - parentRect.minY)),
      width: rect.width, height: rect.height)
    view.setFrame(frame, byLayout: true)
    writeGuideFrames(of: view, viewRect: rect)
    for subview in view.subviewStorage { writeFrames(subview, parentRect: rect) }
  }

  private func writeGuideFrames(of view: UIView, viewRect: CGRect) {
    func write(_ guide: UILayoutGuide) {
      guard isSolved(guide) else {
        guide.storedLayoutFrame = .zero
        return
      }
      let rect = rootRect(of: guide)
      guide.storedLayoutFrame = CGRect(
        x: Self.snap(Double(rect.minX - viewRect.minX)),
        y: Self.snap(Double(rect.minY - viewRect.minY)),
        width: rect.width, height: rect.height)
    }
    if let guide = view.marginsGuide { write(guide) }
    if let guide = view.safeAreaGuide { write(guide) }
    for guide in view.appLayoutGuides { write(guide) }
  }

  /// The item's rectangle in root coordinates, from its variables.
  private func rootRect(of item: any LayoutItem) -> CGRect {
    let slot = slot(for: item)
    return CGRect(
      x: Self.snap(slot.minX.value), y: Self.snap(slot.minY.value),
      width: Self.snap(slot.width.value), height: Self.snap(slot.height.value))
  }

  /// A solver value rounded to a millionth of a point (so 99.99999999 reads 100) without
  /// negative zero.
  static func snap(_ value: Double) -> CGFloat {
    let rounded = (value * 1e6).rounded() / 1e6
    return CGFloat(rounded == 0 ? 0 : rounded)
  }

  // MARK: - Safe area

  /// Computes each view's safe area insets from its frame and its superview's safe area.
  private func updateSafeAreas(of view: UIView) {
    if view === root { view.updateSafeAreaInsets(view.storedAdditionalSafeAreaInsets) }
    let bounds = CGRect(origin: .zero, size: view.storedFrame.size)
    let safe = bounds.inset(by: view.computedSafeAreaInsets)
    for subview in view.subviewStorage {
      let frame = subview.storedFrame
      func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat {
        min(max(value, 0), max(limit, 0))
      }
      let extra = subview.storedAdditionalSafeAreaInsets
      subview.updateSafeAreaInsets(
        UIEdgeInsets(
          top: clamp(safe.minY - frame.minY, frame.height) + extra.top,
          left: clamp(safe.minX - frame.minX, frame.width) + extra.left,
          bottom: clamp(frame.maxY - safe.maxY, frame.height) + extra.bottom,
          right: clamp(frame.maxX - safe.maxX, frame.width) + extra.right))
      updateSafeAreas(of: subview)
    }
  }

  // MARK: - layoutSubviews

  /// Calls `layoutSubviews` on flagged views, parents first.
  private func callLayoutSubviews(_ view: UIView) {
    if view.needsLayout {
      view.needsLayout = false
      view.layoutSubviews()
    }
    for subview in view.subviewStorage where subview.storedSuperview === view {
      callLayoutSubviews(subview)
    }
  }

  // MARK: - Ambiguity

  /// Tells the auditor about every view (but the root) whose frame the constraints leave
  /// undetermined, per axis, depth first.
  private func reportAmbiguity(to audit: any LayoutAuditing) {
    root.forEachViewInSubtree { view in
      guard view !== root else { return }
      if isAmbiguous(view, axis: .horizontal) { audit.ambiguousLayout(view, axis: .horizontal) }
      if isAmbiguous(view, axis: .vertical) { audit.ambiguousLayout(view, axis: .vertical) }
    }
  }

  /// Whether the solution leaves the view's position or size free along `axis`.
  func isAmbiguous(_ view: UIView, axis: NSLayoutConstraint.Axis) -> Bool {
    if view === root { return false }
    guard isSolved(view) else { return true }
    let slot = slot(for: view)
    return axis == .horizontal
      ? solver.isAmbiguous(slot.minX) || solver.isAmbiguous(slot.width)
      : solver.isAmbiguous(slot.minY) || solver.isAmbiguous(slot.height)
  }
}
