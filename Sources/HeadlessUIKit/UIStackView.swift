// UIStackView: arranges its arranged subviews in a row or column with constraints it keeps
// itself, as UIKit's does.

import Foundation

/// A view that lines up its arranged subviews along an axis.
///
/// The arrangement is made of system constraints (kind "stack view", not listed in
/// `constraints`, not reported to `LayoutAudit`), rebuilt in `updateConstraints()` whenever the
/// arranged views, their visibility or a property changes. Hidden arranged views drop out of
/// the arrangement: they collapse to zero length along the axis at the stack's leading edge
/// (priority 999, so their own size constraints win without a conflict). `.fillProportionally`
/// reads the intrinsic sizes when the arrangement is rebuilt.
@preconcurrency @MainActor
open class UIStackView: UIView {
  // MARK: - Types

  /// How arranged views share the length along the axis.
  public enum Distribution: Int, Hashable, Sendable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
  }

  /// How arranged views sit across the axis.
  public enum Alignment: Int, Hashable, Sendable {
    case fill, leading, firstBaseline, center, trailing, lastBaseline

    /// For horizontal stacks: the same as `.leading`.
    public static let top = Alignment.leading
    /// For horizontal stacks: the same as `.trailing`.
    public static let bottom = Alignment.trailing
  }

  /// In `setCustomSpacing(_:after:)`: go back to `spacing`.
  public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
  /// In `setCustomSpacing(_:after:)`: the system spacing (8 points here).
  public static let spacingUseSystem = CGFloat.leastNonzeroMagnitude

  // MARK: - Properties

  public private(set) var arrangedSubviews: [UIView] = []

  open var axis = NSLayoutConstraint.Axis.horizontal {
    didSet { if axis != oldValue { setNeedsUpdateConstraints() } }
  }
  open var distribution = Distribution.fill {
    didSet { if distribution != oldValue { setNeedsUpdateConstraints() } }
  }
  open var alignment = Alignment.fill {
    didSet { if alignment != oldValue { setNeedsUpdateConstraints() } }
  }
  /// The gap between neighbouring arranged views (0 by default).
  open var spacing: CGFloat = 0 {
    didSet { if spacing != oldValue { setNeedsUpdateConstraints() } }
  }
  /// Whether the arrangement fills the layout margins guide rather than the bounds.
  open var isLayoutMarginsRelativeArrangement = false {
    didSet {
      if isLayoutMarginsRelativeArrangement != oldValue { setNeedsUpdateConstraints() }
    }
  }
  /// Whether baseline alignment measures from the view's bounds (kept for compatibility).
  open var isBaselineRelativeArrangement = false

  private var customSpacings: [(view: UIView, spacing: CGFloat)] = []
  private var spacers: [UILayoutGuide] = []

  // MARK: - Creating stacks

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// A stack of `views`, in order (they become subviews).
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  // MARK: - Arranged subviews

  // As for `addSubview`: the `open` UIKit-shaped methods can be overridden, and calls pick
  // the ones that also take the caller's `file` and `line` (UIView.swift).

  /// Appends `view` to the arrangement (adding it as a subview; it stops translating its
  /// autoresizing mask).
  @_disfavoredOverload
  open func addArrangedSubview(_ view: UIView) {
    arrange(view, at: arrangedSubviews.count, site: nil)
  }

  /// `addArrangedSubview(_:)`, with the caller's `file` and `line` becoming `view.addedAt`.
  public func addArrangedSubview(
    _ view: UIView, file: StaticString = #filePath, line: UInt = #line
  ) {
    arrange(view, at: arrangedSubviews.count, site: CallSite(file: file, line: line))
  }

  /// Inserts `view` into the arrangement at `index` (clamped).
  @_disfavoredOverload
  open func insertArrangedSubview(_ view: UIView, at index: Int) {
    arrange(view, at: index, site: nil)
  }

  /// `insertArrangedSubview(_:at:)`, with the caller's `file` and `line` becoming
  /// `view.addedAt`.
  public func insertArrangedSubview(
    _ view: UIView, at index: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    arrange(view, at: index, site: CallSite(file: file, line: line))
  }

  private func arrange(_ view: UIView, at index: Int, site: CallSite?) {
    if let existing = arrangedSubviews.firstIndex(where: { $0 === view }) {
      arrangedSubviews.remove(at: existing)
    }
    arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self {
      let add: (UIView) -> Void = addSubview  // UIKit's, so an app's override runs
      add(view)
    }
    if let site { view.addedAt = site }
    setNeedsUpdateConstraints()
  }

  /// Takes `view` out of the arrangement; it stays a subview (as in UIKit).
  open func removeArrangedSubview(_ view: UIView) {
    guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
    arrangedSubviews.remove(at: index)
    setNeedsUpdateConstraints()
  }

  /// Uses `spacing` after `view` instead of the stack's spacing.
  open func setCustomSpacing(_ spacing: CGFloat, after view: UIView) {
    customSpacings.removeAll { $0.view === view }
    if spacing != Self.spacingUseDefault { customSpacings.append((view, spacing)) }
    setNeedsUpdateConstraints()
  }

  /// The spacing after `view`: custom, or `spacingUseDefault`.
  open func customSpacing(after view: UIView) -> CGFloat {
    customSpacings.first { $0.view === view }?.spacing ?? Self.spacingUseDefault
  }

  open override func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    removeArrangedSubview(subview)
  }

  func arrangedSubviewVisibilityDidChange(_ view: UIView) {
    if arrangedSubviews.contains(where: { $0 === view }) { setNeedsUpdateConstraints() }
  }

  // MARK: - The arrangement

  open override func updateConstraints() {
    rebuildArrangement()
    super.updateConstraints()
  }

  private func rebuildArrangement() {
    for constraint in systemConstraints.stack {
      LayoutEngine.systemConstraint(constraint, wanted: false)
    }
    spacers = []
    let made = StackArrangement(stack: self).constraints()
    systemConstraints.stack = made
    for constraint in made {
      constraint.container = self
      LayoutEngine.systemConstraint(constraint, wanted: true)
    }
  }

  /// A spacer guide owned by the stack (not listed in `layoutGuides`).
  func makeSpacer() -> UILayoutGuide {
    let guide = UILayoutGuide(role: .stackSpacer, owningView: self)
    spacers.append(guide)
    return guide
  }

  /// The gap after `view`.
  func gap(after view: UIView) -> CGFloat {
    switch customSpacing(after: view) {
    case Self.spacingUseDefault: spacing
    case Self.spacingUseSystem: systemSpacing
    case let custom: custom
    }
  }
}

// MARK: - Building the constraints

/// The constraints of one stack arrangement.
@MainActor
private struct StackArrangement {
  let stack: UIStackView
  let horizontal: Bool
  /// What the arrangement fills: the stack or its margins guide.
  let canvas: any LayoutItem

  init(stack: UIStackView) {
    self.stack = stack
    horizontal = stack.axis == .horizontal
    canvas = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack
  }

  // Attribute names along and across the axis.
  private var start: NSLayoutConstraint.Attribute { horizontal ? .leading : .top }
  private var end: NSLayoutConstraint.Attribute { horizontal ? .trailing : .bottom }
  private var length: NSLayoutConstraint.Attribute { horizontal ? .width : .height }
  private var center: NSLayoutConstraint.Attribute { horizontal ? .centerX : .centerY }
  private var crossStart: NSLayoutConstraint.Attribute { horizontal ? .top : .leading }
  private var crossEnd: NSLayoutConstraint.Attribute { horizontal ? .bottom : .trailing }
  private var crossLength: NSLayoutConstraint.Attribute { horizontal ? .height : .width }
  private var crossCenter: NSLayoutConstraint.Attribute { horizontal ? .centerY : .centerX }

  func constraints() -> [NSLayoutConstraint] {
    let arranged = stack.arrangedSubviews.filter { $0.superview === stack }
    let visible = arranged.filter { !$0.isHidden }
    var result: [NSLayoutConstraint] = []
    for view in arranged where view.isHidden { result += collapse(view) }
    guard let first = visible.first, let last = visible.last else {
      result.append(
        make(canvas, length, .equal, nil, .notAnAttribute, priority: UILayoutPriority(1)))
      return result
    }
    result.append(make(first, start, .equal, canvas, start))
    result.append(make(last, end, .equal, canvas, end))
    result += alongAxis(visible)
    for view in visible { result += acrossAxis(view, baselineOf: first) }
    return result
  }

  /// Spacing and sizes along the axis.
  private func alongAxis(_ views: [UIView]) -> [NSLayoutConstraint] {
    var result: [NSLayoutConstraint] = []
    var firstSpacer: UILayoutGuide?
    for (previous, next) in zip(views, views.dropFirst()) {
      let gap = stack.gap(after: previous)
      switch stack.distribution {
      case .fill, .fillEqually, .fillProportionally:
        result.append(make(next, start, .equal, previous, end, constant: gap))
      case .equalSpacing, .equalCentering:
        let spacer = stack.makeSpacer()
        let centering = stack.distribution == .equalCentering
        result.append(make(spacer, start, .equal, previous, centering ? center : end))
        result.append(make(spacer, end, .equal, next, centering ? center : start))
        result.append(make(next, start, .greaterThanOrEqual, previous, end, constant: gap))
        if let firstSpacer {
          result.append(make(spacer, length, .equal, firstSpacer, length))
        } else {
          firstSpacer = spacer
        }
      }
    }
    guard let first = views.first else { return result }
    switch stack.distribution {
    case .fillEqually:
      for view in views.dropFirst() { result.append(make(view, length, .equal, first, length)) }
    case .fillProportionally:
      let size = { (view: UIView) -> CGFloat in
        let intrinsic = view.intrinsicContentSize
        return max(horizontal ? intrinsic.width : intrinsic.height, 0)
      }
      let base = size(first)
      if base > 0 {
        for view in views.dropFirst() {
          result.append(make(view, length, .equal, first, length, multiplier: size(view) / base))
        }
      }
    default:
      break
    }
    return result
  }

  /// Placement across the axis, by alignment; non-fill alignments also pull the stack's
  /// cross size down to its tallest view at the lowest priority.
  private func acrossAxis(_ view: UIView, baselineOf first: UIView) -> [NSLayoutConstraint] {
    var alignment = stack.alignment
    if !horizontal, alignment == .firstBaseline || alignment == .lastBaseline {
      alignment = .fill
    }
    let fit = UILayoutPriority(1)
    switch alignment {
    case .fill:
      return [make(view, crossStart, .equal, canvas, crossStart),
              make(view, crossEnd, .equal, canvas, crossEnd)]
    case .leading:
      return [make(view, crossStart, .equal, canvas, crossStart),
              make(view, crossEnd, .lessThanOrEqual, canvas, crossEnd),
              make(view, crossEnd, .equal, canvas, crossEnd, priority: fit)]
    case .trailing:
      return [make(view, crossEnd, .equal, canvas, crossEnd),
              make(view, crossStart, .greaterThanOrEqual, canvas, crossStart),
              make(view, crossStart, .equal, canvas, crossStart, priority: fit)]
    case .center:
      return [make(view, crossCenter, .equal, canvas, crossCenter),
              make(view, crossStart, .greaterThanOrEqual, canvas, crossStart),
              make(view, crossStart, .equal, canvas, crossStart, priority: fit)]
    case .firstBaseline, .lastBaseline:
      let baseline: NSLayoutConstraint.Attribute =
        alignment == .firstBaseline ? .firstBaseline : .lastBaseline
      var result = [make(view, crossStart, .greaterThanOrEqual, canvas, crossStart),
                    make(view, crossEnd, .lessThanOrEqual, canvas, crossEnd),
                    make(view, crossStart, .equal, canvas, crossStart, priority: fit)]
      if view !== first { result.append(make(view, baseline, .equal, first, baseline)) }
      return result
    }
  }

  /// A hidden arranged view: zero length at the start, across the canvas, at 999.
  private func collapse(_ view: UIView) -> [NSLayoutConstraint] {
    let hiding = UILayoutPriority(999)
    return [
      make(view, length, .equal, nil, .notAnAttribute, priority: hiding),
      make(view, start, .equal, canvas, start, priority: hiding),
      make(view, crossStart, .equal, canvas, crossStart, priority: hiding),
      make(view, crossEnd, .equal, canvas, crossEnd, priority: hiding),
    ]
  }

  private func make(
    _ first: any LayoutItem, _ attr1: NSLayoutConstraint.Attribute,
    _ relation: NSLayoutConstraint.Relation, _ second: (any LayoutItem)?,
    _ attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
    priority: UILayoutPriority = .required
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(
      first: first, attr1, relation, second: second, attr2, multiplier: multiplier,
      constant: constant, priority: priority, kind: .stackView)
  }
}
