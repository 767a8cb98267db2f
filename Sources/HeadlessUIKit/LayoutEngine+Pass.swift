// The layout pass: update constraints, read intrinsic sizes, solve, write frames, compute
// safe areas, call layoutSubviews; repeat while that changes constraints; report ambiguity.

import ConstraintSolver
import Foundation

extension LayoutEngine {
  /// A pass stops repeating after this many rounds in which layout code (`layoutSubviews`,
  /// `updateConstraints`) changed constraints: UIKit's layout feedback loop. Rounds that only
  /// re-measure (multi-line labels against their new width, safe areas, margins) are capped
  /// at the same number but are not a misuse: UIKit measures and moves on.
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

  /// Runs a full pass of the root's hierarchy now, whether or not anything asked for one:
  /// every view's intrinsic size is read again, the constraints solved, every frame and safe
  /// area written. No view is flagged for `layoutSubviews` by it.
  static func forceFullPass(root: UIView) {
    let engine: LayoutEngine
    if let existing = root.engine {
      engine = existing
    } else {
      engine = LayoutEngine(root: root)
      root.engine = engine
    }
    guard !engine.isRunning else { return }
    root.forEachViewInSubtree { engine.markIntrinsicDirty($0) }
    engine.needsPass = true
    engine.skipsSettledWork = false
    defer { engine.skipsSettledWork = true }
    engine.run()
  }

  /// Calls `updateConstraints()` on the flagged views of `view`'s subtree, subviews first.
  static func updateConstraints(in view: UIView) {
    for subview in view.subviewStorage { updateConstraints(in: subview) }
    guard view.constraintsNeedUpdate else { return }
    view.constraintsNeedUpdate = false
    if let controller = view.owningViewController {
      controller.updateViewConstraints()
    } else {
      view.updateConstraints()
    }
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
    // Rounded to the pixel as UIKit's is: 173.5 pt at 3x fits as 173.666...
    let size = CGRect(x: 0, y: 0, width: snap(slot.width.value), height: snap(slot.height.value))
    return pixelAligned(size, scale: Double(view.layoutRoot.displayScale)).size
  }

  // MARK: - The pass

  /// One layout pass over the whole hierarchy: rounds of update constraints, intrinsic sizes,
  /// solve, frames and safe areas, layoutSubviews, until nothing changes any more.
  func run() {
    isRunning = true
    defer { isRunning = false }
    notifyTraitChanges()
    let audit = LayoutAudit.current
    var converged = false
    var codeRounds = 0
    var measureRounds = 0
    while codeRounds < Self.maxRounds && measureRounds < Self.maxRounds {
      if needsUpdateConstraints {
        needsUpdateConstraints = false
        Self.updateConstraints(in: root)
      }
      refreshIntrinsicSizes()
      flush(audit: audit)
      // A pass that changed no constraint (a label's new text of the same size) finds the
      // solution as the last pass left it.
      if !skipsSettledWork || !solver.isSettled { solver.updateVariables() }
      writeFrames()
      needsPass = false
      let queuedBefore = pending.count
      callLayoutSubviews(root)
      if !needsPass, !hasPendingWork {
        converged = true
        break
      }
      // Did layout code ask for more (constraints changed or updateConstraints requested)?
      if pending.count > queuedBefore || needsUpdateConstraints {
        codeRounds += 1
      } else {
        measureRounds += 1
      }
    }
    // A feedback loop (layoutSubviews / updateConstraints that keep changing constraints) is
    // cut off here, as is re-measuring that doesn't settle; what is still queued applies at
    // the next pass. Only the first is UIKit's misuse.
    needsPass = false
    if !converged, codeRounds >= Self.maxRounds {
      audit?.layoutMisuse(.layoutFeedbackLoop(root, rounds: codeRounds + measureRounds))
    }
    if structureChanged, let audit {
      structureChanged = false
      reportAmbiguity(to: audit)
    }
  }

  // MARK: - Frames and safe areas

  /// Writes every view's frame (but the root's) and every guide's layout frame from the
  /// solution, parents first, computing each view's safe area insets on the way. Views the
  /// solver doesn't know keep their frames. Frames Auto Layout solves go on the root's pixel
  /// grid, as UIKit places them (`pixelAligned`); autoresizing ones stay as computed.
  private func writeFrames() {
    let rootRect = CGRect(origin: .zero, size: root.storedFrame.size)
    let scale = Double(root.displayScale)
    root.updateSafeAreaInsets(root.safeAreaAddition)
    writeGuideFrames(of: root, viewRect: rootRect)
    let safe = rootRect.inset(by: root.computedSafeAreaInsets)
    for subview in root.subviewStorage {
      writeFrames(subview, parentRect: rootRect, parentSafe: safe, scale: scale)
    }
  }

  /// - Parameters:
  ///   - parentRect: the superview's rectangle in root coordinates.
  ///   - parentSafe: the superview's safe area in its own coordinates.
  ///   - scale: pixels per point of the root's screen.
  private func writeFrames(
    _ view: UIView, parentRect: CGRect, parentSafe: CGRect, scale: Double
  ) {
    let rect: CGRect
    let frame: CGRect
    if let slot = solvedSlot(view), !view.storedTranslatesAutoresizingMask {
      rect = Self.pixelAligned(Self.rect(of: slot), scale: scale)
      frame = Self.frame(of: rect, in: parentRect, scale: scale)
    } else if let slot = solvedSlot(view) {
      // A frame app code set (and its autoresizing) stays as computed, as UIKit's does.
      rect = Self.rect(of: slot)
      frame = CGRect(
        x: Self.snap(Double(rect.minX - parentRect.minX)),
        y: Self.snap(Double(rect.minY - parentRect.minY)), width: rect.width,
        height: rect.height)
    } else {
      rect = view.storedFrame.offsetBy(dx: parentRect.minX, dy: parentRect.minY)
      frame = view.storedFrame
    }
    view.setFrame(frame, byLayout: true)
    view.updateSafeAreaInsets(Self.safeAreaInsets(of: frame, in: parentSafe, adding: view))
    writeGuideFrames(of: view, viewRect: rect)
    let subviews = view.subviewStorage
    guard !subviews.isEmpty else { return }
    let safe = CGRect(origin: .zero, size: frame.size).inset(by: view.computedSafeAreaInsets)
    for subview in subviews {
      writeFrames(subview, parentRect: rect, parentSafe: safe, scale: scale)
    }
  }

  /// `rect` (root coordinates) with each edge moved to the nearest pixel boundary, halves away
  /// from zero, as UIKit rounds what Auto Layout solves: at 3x a width of 388.5 from 0 ends at
  /// 1166 pixels, 388.667 points; three equal parts of 100 points at 2x are 33.5, 33 and 33.5.
  static func pixelAligned(_ rect: CGRect, scale: Double) -> CGRect {
    func pixels(_ value: CGFloat) -> Double {
      (Double(value) * scale).rounded(.toNearestOrAwayFromZero)
    }
    let minX = pixels(rect.minX)
    let minY = pixels(rect.minY)
    let maxX = max(pixels(rect.maxX), minX)
    let maxY = max(pixels(rect.maxY), minY)
    return CGRect(
      x: minX / scale, y: minY / scale, width: (maxX - minX) / scale,
      height: (maxY - minY) / scale)
  }

  /// A pixel-aligned rectangle (root coordinates) as a frame in its superview at `parentRect`:
  /// whole pixels over the scale, so 1/3 pt reads 0.333... exactly as UIKit reports it.
  private static func frame(of rect: CGRect, in parentRect: CGRect, scale: Double) -> CGRect {
    func offset(_ value: CGFloat, _ origin: CGFloat) -> CGFloat {
      let pixels = (Double(value) - Double(origin)) * scale
      let whole = pixels.rounded()
      // A superview off the grid (a frame app code set) leaves its subviews off it too.
      guard abs(pixels - whole) < 1e-6 else { return snap(pixels / scale) }
      return CGFloat(whole == 0 ? 0 : whole / scale)
    }
    return CGRect(
      x: offset(rect.minX, parentRect.minX), y: offset(rect.minY, parentRect.minY),
      width: rect.width, height: rect.height)
  }

  /// The insets of `frame` that lie outside the superview's safe area, plus the view's own
  /// `additionalSafeAreaInsets` and the navigation bar over it (`safeAreaAddition`).
  private static func safeAreaInsets(
    of frame: CGRect, in safe: CGRect, adding view: UIView
  ) -> UIEdgeInsets {
    func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat {
      min(max(value, 0), max(limit, 0))
    }
    let extra = view.safeAreaAddition
    return UIEdgeInsets(
      top: clamp(safe.minY - frame.minY, frame.height) + extra.top,
      left: clamp(safe.minX - frame.minX, frame.width) + extra.left,
      bottom: clamp(frame.maxY - safe.maxY, frame.height) + extra.bottom,
      right: clamp(frame.maxX - safe.maxX, frame.width) + extra.right)
  }

  private func writeGuideFrames(of view: UIView, viewRect: CGRect) {
    func write(_ guide: UILayoutGuide) {
      guard let slot = solvedSlot(guide) else {
        guide.storedLayoutFrame = .zero
        return
      }
      let rect = Self.rect(of: slot)
      guide.storedLayoutFrame = CGRect(
        x: Self.snap(Double(rect.minX - viewRect.minX)),
        y: Self.snap(Double(rect.minY - viewRect.minY)),
        width: rect.width, height: rect.height)
    }
    if let guide = view.marginsGuide { write(guide) }
    if let guide = view.safeAreaGuide { write(guide) }
    for guide in view.appLayoutGuides { write(guide) }
  }

  /// A slot's rectangle in root coordinates.
  private static func rect(of slot: LayoutSlot) -> CGRect {
    CGRect(
      x: snap(slot.minX.value), y: snap(slot.minY.value),
      width: snap(slot.width.value), height: snap(slot.height.value))
  }

  /// A solver value rounded to a millionth of a point (so 99.99999999 reads 100) without
  /// negative zero.
  static func snap(_ value: Double) -> CGFloat {
    let rounded = (value * 1e6).rounded() / 1e6
    return CGFloat(rounded == 0 ? 0 : rounded)
  }

  // MARK: - Traits

  /// Overrides changed in `view`'s subtree: its views hear of their new traits at the next
  /// pass.
  static func traitsDidChange(in view: UIView) {
    view.setNeedsLayout()
    guard let engine = view.layoutRoot.engine else { return }
    engine.traitSubtrees.append(view)
    engine.needsPass = true
  }

  /// Tells every view (parents first) and its controller whose traits changed since they were
  /// last told, as UIKit does at layout time: at a view's first pass (previous traits nil),
  /// and after the root's size, idiom, direction, scale or the content size category changed
  /// or an override was set.
  private func notifyTraitChanges() {
    // Traits follow from the root's inputs and the overrides: while those stay, nothing is
    // built (most passes, one per event under replay).
    let inputs = TraitInputs(
      size: root.storedFrame.size, idiom: root.interfaceIdiom,
      direction: root.effectiveUserInterfaceLayoutDirection, scale: root.displayScale,
      contentSize: DynamicTypeSetting.current)
    let subtrees = traitSubtrees
    traitSubtrees = []
    if inputs != lastTraitInputs {
      lastTraitInputs = inputs
      lastTraits = root.traitCollection
      deliverTraits(from: root)
    } else {
      for subtree in subtrees where subtree.layoutRoot === root { deliverTraits(from: subtree) }
    }
  }

  /// Tells `view` and its subtree of changed traits, parents first.
  private func deliverTraits(from view: UIView) {
    let traits = view.traitCollection
    let previous = view.deliveredTraits
    if previous.map({ $0 != traits }) ?? true {
      view.deliveredTraits = traits
      let controller = view.owningViewController
      if let controller {
        // The root view's system minimum margins follow the size class.
        if let previous {
          view.marginsMayHaveChanged(
            from: view.effectiveDirectionalMargins(
              respecting: controller.viewRespectsSystemMinimumLayoutMargins,
              sizeClass: previous.horizontalSizeClass))
        } else {
          view.refreshGuideConstants()
        }
      }
      // Text sizes round up to the pixel: a new screen scale measures them again.
      if let previous, previous.displayScale != traits.displayScale {
        view.invalidateIntrinsicContentSize()
      }
      view.traitsDidChange(from: previous)
      view.traitCollectionDidChange(previous)
      controller?.traitCollectionDidChange(previous)
      if let previous {
        for registration in view.traitRegistrations {
          registration.notify(view, previous: previous, current: traits)
        }
        for registration in controller?.traitRegistrations ?? [] {
          registration.notify(controller!, previous: previous, current: traits)
        }
      }
    }
    for subview in view.subviewStorage where subview.storedSuperview === view {
      deliverTraits(from: subview)
    }
  }

  // MARK: - layoutSubviews

  /// Calls `layoutSubviews` on flagged views, parents first.
  private func callLayoutSubviews(_ view: UIView) {
    if view.needsLayout {
      view.needsLayout = false
      let controller = view.owningViewController
      controller?.viewWillLayoutSubviews()
      view.layoutSubviews()
      controller?.viewDidLayoutSubviews()
    }
    for subview in view.subviewStorage where subview.storedSuperview === view {
      callLayoutSubviews(subview)
    }
  }

  // MARK: - Ambiguity

  /// Tells the auditor about every visible view (but the root) whose frame the constraints
  /// leave undetermined, per axis, depth first. Hidden and fully transparent views (alpha at
  /// most 0.01, such as a prompt fading out) and their subtrees are skipped: where an
  /// invisible view would go doesn't matter.
  private func reportAmbiguity(to audit: any LayoutAuditing) {
    func visit(_ view: UIView) {
      guard !view.isHidden, view.alpha > 0.01 else { return }
      if view !== root {
        if isAmbiguous(view, axis: .horizontal) { audit.ambiguousLayout(view, axis: .horizontal) }
        if isAmbiguous(view, axis: .vertical) { audit.ambiguousLayout(view, axis: .vertical) }
      }
      for subview in view.subviewStorage { visit(subview) }
    }
    visit(root)
  }

  /// Whether the solution leaves the view's position or size free along `axis`.
  func isAmbiguous(_ view: UIView, axis: NSLayoutConstraint.Axis) -> Bool {
    if view === root { return false }
    guard let slot = solvedSlot(view) else { return true }
    return axis == .horizontal
      ? solver.isAmbiguous(slot.minX) || solver.isAmbiguous(slot.width)
      : solver.isAmbiguous(slot.minY) || solver.isAmbiguous(slot.height)
  }
}
