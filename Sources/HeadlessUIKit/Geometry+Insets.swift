// Edge insets, corner masks and the small geometry helpers UIKit adds to Foundation's types.

import Foundation

// MARK: - UIEdgeInsets

/// Insets from a rectangle's edges, in absolute (left / right) terms.
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  public init() {
    self.init(top: 0, left: 0, bottom: 0, right: 0)
  }

  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = UIEdgeInsets()

  public var description: String {
    "{\(top.layoutText), \(left.layoutText), \(bottom.layoutText), \(right.layoutText)}"
  }

  /// These insets in leading / trailing terms for a layout direction.
  public func directional(
    for direction: UIUserInterfaceLayoutDirection
  ) -> NSDirectionalEdgeInsets {
    direction == .leftToRight
      ? NSDirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
      : NSDirectionalEdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
  }
}

// MARK: - NSDirectionalEdgeInsets

/// Insets from a rectangle's edges in leading / trailing terms, which flip with the layout
/// direction.
public struct NSDirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat

  public init() {
    self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
  }

  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  public static let zero = NSDirectionalEdgeInsets()

  public var description: String {
    "{\(top.layoutText), \(leading.layoutText), \(bottom.layoutText), \(trailing.layoutText)}"
  }

  /// These insets in absolute (left / right) terms for a layout direction.
  public func absolute(for direction: UIUserInterfaceLayoutDirection) -> UIEdgeInsets {
    direction == .leftToRight
      ? UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
      : UIEdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
  }
}

// MARK: - CACornerMask

/// Which corners of a layer are rounded. `MinX` is the left edge and `MinY` the top edge
/// (UIKit's flipped coordinates), whatever the layout direction.
public struct CACornerMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt

  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Top-left.
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
  /// Top-right.
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
  /// Bottom-left.
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
  /// Bottom-right.
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

// MARK: - Foundation geometry helpers (UIKit's extensions)

extension CGRect {
  /// The rectangle shrunk by `insets` (grown where they are negative).
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left,
      y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom
    )
  }
}

extension CGFloat {
  /// A short, stable rendering for descriptions: integers without a fraction, otherwise up to
  /// six decimals.
  var layoutText: String {
    let value = Double(self)
    if value == value.rounded(), Swift.abs(value) < 1e15 { return String(Int64(value)) }
    let rounded = (value * 1e6).rounded() / 1e6
    return String(rounded)
  }
}
