// Autoresizing translation: a frame and an autoresizing mask become required constraints
// against the superview, as UIKit's NSAutoresizingMaskLayoutConstraint.

import Foundation

// MARK: - System constraints of a view

/// The constraints the layout system keeps on a view's behalf.
@MainActor
struct SystemConstraints {
  /// Position and size per axis: [x, width, y, height] while translating the mask.
  var autoresizing: [NSLayoutConstraint] = []
  /// Hugging and compression resistance per axis: [hug x, resist x, hug y, resist y].
  var intrinsic: [NSLayoutConstraint] = []
  /// The layout margins guide's edges: [left, right, top, bottom].
  var margins: [NSLayoutConstraint] = []
  /// The safe area guide's edges: [left, right, top, bottom].
  var safeArea: [NSLayoutConstraint] = []
  /// A stack view's arrangement of its arranged subviews.
  var stack: [NSLayoutConstraint] = []

  /// Calls `body` with every system constraint, in a fixed order.
  func forEach(_ body: (NSLayoutConstraint) -> Void) {
    for constraint in autoresizing { body(constraint) }
    for constraint in intrinsic { body(constraint) }
    for constraint in margins { body(constraint) }
    for constraint in safeArea { body(constraint) }
    for constraint in stack { body(constraint) }
  }
}

// MARK: - Autoresizing constraints

extension UIView {
  /// Brings the autoresizing constraints in line with the frame, the mask, the flag and the
  /// superview: constants change in place; a new shape makes new constraints.
  func updateAutoresizingConstraints() {
    let old = systemConstraints.autoresizing
    guard storedTranslatesAutoresizingMask, let superview = storedSuperview else {
      guard !old.isEmpty else { return }
      systemConstraints.autoresizing = []
      for constraint in old { LayoutEngine.systemConstraint(constraint, wanted: false) }
      return
    }
    let specs = autoresizingSpecs(in: superview.storedFrame.size)
    if old.count == specs.count,
      zip(old, specs).allSatisfy({ $0.0.secondItem === superview && $0.1.sameShape(as: $0.0) })
    {
      for (constraint, spec) in zip(old, specs) where constraint.constant != spec.constant {
        constraint.constant = spec.constant
      }
      return
    }
    for constraint in old { LayoutEngine.systemConstraint(constraint, wanted: false) }
    let made = specs.map { $0.constraint(for: self, superview: superview) }
    systemConstraints.autoresizing = made
    for constraint in made { LayoutEngine.systemConstraint(constraint, wanted: true) }
  }

  /// The four autoresizing relations for the current frame and mask, given the superview size.
  ///
  /// Per axis the parts are leading margin, size and trailing margin; the flexible ones share
  /// any growth of the superview in proportion to their current values (equally when they are
  /// all zero), as UIKit's autoresizing does.
  private func autoresizingSpecs(in superviewSize: CGSize) -> [AutoresizingSpec] {
    let mask = storedAutoresizingMask
    let frame = storedFrame
    let horizontal = AutoresizingSpec.axis(
      start: frame.minX, size: frame.width, total: superviewSize.width,
      flexible: (
        mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
        mask.contains(.flexibleRightMargin)
      ),
      position: .left, dimension: .width)
    let vertical = AutoresizingSpec.axis(
      start: frame.minY, size: frame.height, total: superviewSize.height,
      flexible: (
        mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
        mask.contains(.flexibleBottomMargin)
      ),
      position: .top, dimension: .height)
    return horizontal + vertical
  }
}

/// One autoresizing relation: `view.attribute == superview.attribute * multiplier +
/// superview.size * extra + constant` (the superview terms absent when their factor is 0).
@MainActor
private struct AutoresizingSpec {
  var attribute: NSLayoutConstraint.Attribute
  var dimension: NSLayoutConstraint.Attribute
  var multiplier: CGFloat
  var extra: CGFloat
  var constant: CGFloat

  /// The position and size relations of one axis.
  static func axis(
    start: CGFloat, size: CGFloat, total: CGFloat, flexible: (Bool, Bool, Bool),
    position: NSLayoutConstraint.Attribute, dimension: NSLayoutConstraint.Attribute
  ) -> [AutoresizingSpec] {
    let parts = [start, size, total - start - size]
    let isFlexible = [flexible.0, flexible.1, flexible.2]
    let flexibleSum = zip(parts, isFlexible).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
    let flexibleCount = CGFloat(isFlexible.filter { $0 }.count)
    func share(_ index: Int) -> CGFloat {
      guard isFlexible[index] else { return 0 }
      return flexibleSum != 0 ? parts[index] / flexibleSum : 1 / flexibleCount
    }
    let startShare = share(0)
    let sizeShare = share(1)
    return [
      AutoresizingSpec(
        attribute: position, dimension: dimension, multiplier: 1, extra: startShare,
        constant: start - startShare * total),
      AutoresizingSpec(
        attribute: dimension, dimension: dimension, multiplier: sizeShare, extra: 0,
        constant: size - sizeShare * total),
    ]
  }

  /// Whether `constraint` has this relation's attributes and factors (so only the constant
  /// may differ).
  func sameShape(as constraint: NSLayoutConstraint) -> Bool {
    let multiplier = attribute == dimension ? self.multiplier : 1
    let hasSecond = attribute != dimension || self.multiplier != 0
    return constraint.firstAttribute == attribute
      && (constraint.second != nil) == hasSecond
      && (!hasSecond || constraint.multiplier == multiplier)
      && constraint.extraMultiplier == extra
  }

  func constraint(for view: UIView, superview: UIView) -> NSLayoutConstraint {
    let isSize = attribute == dimension
    let hasSecond = !isSize || multiplier != 0
    let constraint = NSLayoutConstraint(
      first: view, attribute, .equal,
      second: hasSecond ? superview : nil, hasSecond ? attribute : .notAnAttribute,
      multiplier: isSize ? multiplier : 1, constant: constant, kind: .autoresizingMask)
    if extra != 0 {
      constraint.extraItem = superview
      constraint.extraAttribute = dimension
      constraint.extraMultiplier = extra
    }
    constraint.container = view
    return constraint
  }
}
