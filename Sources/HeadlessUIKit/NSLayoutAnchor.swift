// Anchors: the typed way to make constraints. The generic parameter keeps axes apart at compile
// time, as in UIKit: an x-axis anchor only relates to x-axis anchors.

import Foundation

// MARK: - Layout items

/// Something constraints can position: a `UIView` or a `UILayoutGuide`.
@MainActor
protocol LayoutItem: AnyObject {
  /// The solver variables of the item in the engine that last laid it out.
  var layoutSlot: LayoutSlot? { get set }
  /// The view whose hierarchy the item lives in: the view itself, or a guide's owning view.
  var hierarchyView: UIView? { get }
  /// A short stable name for descriptions and findings.
  var layoutDebugName: String { get }
}

// MARK: - NSLayoutAnchor

/// One layout attribute of a view or layout guide, for making constraints.
///
/// `AnchorType` is the concrete anchor class (`NSLayoutXAxisAnchor`, `NSLayoutYAxisAnchor`,
/// `NSLayoutDimension`), so relating anchors of different kinds does not compile.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
  weak var layoutItem: (any LayoutItem)?
  let attribute: NSLayoutConstraint.Attribute

  init(item: any LayoutItem, attribute: NSLayoutConstraint.Attribute) {
    self.layoutItem = item
    self.attribute = attribute
    super.init()
  }

  /// The view or layout guide the anchor belongs to.
  public var item: AnyObject? { layoutItem }

  /// The attribute the anchor stands for (`.leading`, `.width`...).
  public var layoutAttribute: NSLayoutConstraint.Attribute { attribute }

  /// `self == anchor`.
  public func constraint(
    equalTo anchor: NSLayoutAnchor<AnchorType>,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, anchor, constant: 0, file: file, line: line)
  }

  /// `self == anchor + c`.
  public func constraint(
    equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, anchor, constant: c, file: file, line: line)
  }

  /// `self >= anchor`.
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: 0, file: file, line: line)
  }

  /// `self >= anchor + c`.
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: c, file: file, line: line)
  }

  /// `self <= anchor`.
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, constant: 0, file: file, line: line)
  }

  /// `self <= anchor + c`.
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, constant: c, file: file, line: line)
  }

  /// An app constraint `self <relation> multiplier * anchor + constant`, made by the app's code
  /// at `file`:`line`.
  func make(
    _ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?,
    multiplier: CGFloat = 1, constant: CGFloat, file: StaticString, line: UInt
  ) -> NSLayoutConstraint {
    let missing = layoutItem == nil || (anchor != nil && anchor?.layoutItem == nil)
    let constraint = NSLayoutConstraint(
      first: layoutItem, attribute, relation,
      second: anchor?.layoutItem, anchor?.attribute ?? .notAnAttribute,
      multiplier: multiplier, constant: constant, kind: .app,
      invalidReason: missing
        ? "an anchor's item no longer exists"
        : NSLayoutConstraint.validate(
          attribute, second: anchor?.layoutItem, anchor?.attribute ?? .notAnAttribute,
          secondGiven: anchor != nil))
    constraint.sourceLocation = CallSite(file: file, line: line)
    LayoutEngine.appConstraintCreated(constraint)
    return constraint
  }

  nonisolated open override var description: String {
    guard Thread.isMainThread else { return "NSLayoutAnchor" }
    return MainActor.assumeIsolated {
      "\(layoutItem?.layoutDebugName ?? "nil").\(attribute)"
    }
  }
}

// MARK: - Axis anchors

/// A horizontal position: leading, trailing, left, right, centerX.
@preconcurrency @MainActor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
  /// `self == anchor + multiplier * 8` (the system spacing, 8 points here).
  public func constraint(
    equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, anchor, constant: multiplier * systemSpacing, file: file, line: line)
  }

  /// `self >= anchor + multiplier * 8`.
  public func constraint(
    greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: multiplier * systemSpacing, file: file, line: line)
  }

  /// `self <= anchor + multiplier * 8`.
  public func constraint(
    lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, constant: multiplier * systemSpacing, file: file, line: line)
  }
}

/// A vertical position: top, bottom, centerY, baselines.
@preconcurrency @MainActor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
  /// `self == anchor + multiplier * 8` (the system spacing, 8 points here).
  public func constraint(
    equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, anchor, constant: multiplier * systemSpacing, file: file, line: line)
  }

  /// `self >= anchor + multiplier * 8`.
  public func constraint(
    greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, constant: multiplier * systemSpacing, file: file, line: line)
  }

  /// `self <= anchor + multiplier * 8`.
  public func constraint(
    lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, constant: multiplier * systemSpacing, file: file, line: line)
  }
}

/// The spacing UIKit calls "system spacing"; fixed at 8 points here.
let systemSpacing: CGFloat = 8

// MARK: - Dimension anchors

/// A size: width or height. Sizes relate to sizes (with a multiplier) or to constants.
@preconcurrency @MainActor
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  /// `self == c`.
  public func constraint(
    equalToConstant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, nil, constant: c, file: file, line: line)
  }

  /// `self >= c`.
  public func constraint(
    greaterThanOrEqualToConstant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, nil, constant: c, file: file, line: line)
  }

  /// `self <= c`.
  public func constraint(
    lessThanOrEqualToConstant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, nil, constant: c, file: file, line: line)
  }

  /// `self == m * anchor`.
  public func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, anchor, multiplier: m, constant: 0, file: file, line: line)
  }

  /// `self == m * anchor + c`.
  public func constraint(
    equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.equal, anchor, multiplier: m, constant: c, file: file, line: line)
  }

  /// `self >= m * anchor`.
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0, file: file, line: line)
  }

  /// `self >= m * anchor + c`.
  public func constraint(
    greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.greaterThanOrEqual, anchor, multiplier: m, constant: c, file: file, line: line)
  }

  /// `self <= m * anchor`.
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, multiplier: m, constant: 0, file: file, line: line)
  }

  /// `self <= m * anchor + c`.
  public func constraint(
    lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) -> NSLayoutConstraint {
    make(.lessThanOrEqual, anchor, multiplier: m, constant: c, file: file, line: line)
  }
}

// MARK: - Anchor sets

/// The ten anchors of a view or layout guide, made once on first use.
@MainActor
final class AnchorSet {
  let leading, trailing, left, right, centerX: NSLayoutXAxisAnchor
  let top, bottom, centerY, firstBaseline, lastBaseline: NSLayoutYAxisAnchor
  let width, height: NSLayoutDimension

  init(_ item: any LayoutItem) {
    leading = NSLayoutXAxisAnchor(item: item, attribute: .leading)
    trailing = NSLayoutXAxisAnchor(item: item, attribute: .trailing)
    left = NSLayoutXAxisAnchor(item: item, attribute: .left)
    right = NSLayoutXAxisAnchor(item: item, attribute: .right)
    centerX = NSLayoutXAxisAnchor(item: item, attribute: .centerX)
    top = NSLayoutYAxisAnchor(item: item, attribute: .top)
    bottom = NSLayoutYAxisAnchor(item: item, attribute: .bottom)
    centerY = NSLayoutYAxisAnchor(item: item, attribute: .centerY)
    firstBaseline = NSLayoutYAxisAnchor(item: item, attribute: .firstBaseline)
    lastBaseline = NSLayoutYAxisAnchor(item: item, attribute: .lastBaseline)
    width = NSLayoutDimension(item: item, attribute: .width)
    height = NSLayoutDimension(item: item, attribute: .height)
  }
}
