// Layout priorities, as in UIKit: 1...1000, where 1000 is required.

import Foundation

/// How much the layout engine cares about satisfying a constraint, from 1 to 1000 (required).
///
/// Optional priorities become solver strengths that grow geometrically with the raw value (see
/// `LayoutEngine+Strength.swift`), so a higher priority beats realistic numbers of lower ones.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  public var rawValue: Float

  public init(rawValue: Float) {
    self.rawValue = rawValue
  }

  public init(_ rawValue: Float) {
    self.rawValue = rawValue
  }

  /// 1000: the constraint must hold; conflicting required constraints are broken and reported.
  public static let required = UILayoutPriority(1000)
  /// 750: the default compression resistance.
  public static let defaultHigh = UILayoutPriority(750)
  /// 510.
  public static let dragThatCanResizeScene = UILayoutPriority(510)
  /// 500.
  public static let sceneSizeStayPut = UILayoutPriority(500)
  /// 490.
  public static let dragThatCannotResizeScene = UILayoutPriority(490)
  /// 250: the default content hugging.
  public static let defaultLow = UILayoutPriority(250)
  /// 50: what `systemLayoutSizeFitting(_:)` uses to pull a view towards the target size.
  public static let fittingSizeLevel = UILayoutPriority(50)

  /// Whether this is the required priority (1000 or more).
  public var isRequired: Bool { rawValue >= 1000 }

  public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
    UILayoutPriority(lhs.rawValue + rhs)
  }

  public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
    UILayoutPriority(lhs.rawValue - rhs)
  }

  public var description: String { CGFloat(rawValue).layoutText }
}
