// The small enumerations and option sets of UIKit's layout and animation API.

import Foundation

// MARK: - Layout direction

/// The direction text and leading-to-trailing layout run in.
public enum UIUserInterfaceLayoutDirection: Int, Hashable, Sendable, CustomStringConvertible {
  case leftToRight = 0
  case rightToLeft = 1

  public var description: String { self == .leftToRight ? "leftToRight" : "rightToLeft" }
}

/// How a view's content relates to the layout direction.
public enum UISemanticContentAttribute: Int, Hashable, Sendable {
  /// Follow the inherited layout direction (the default).
  case unspecified = 0
  /// Playback controls: always left to right.
  case playback = 1
  /// Spatial controls (a D-pad...): always left to right.
  case spatial = 2
  /// Always left to right, and so are descendants that don't say otherwise.
  case forceLeftToRight = 3
  /// Always right to left, and so are descendants that don't say otherwise.
  case forceRightToLeft = 4
}

// MARK: - Text

/// Horizontal alignment of a label's text.
public enum NSTextAlignment: Int, Hashable, Sendable {
  case left = 0
  case center = 1
  case right = 2
  case justified = 3
  case natural = 4
}

/// How a label wraps or truncates text that doesn't fit.
public enum NSLineBreakMode: Int, Hashable, Sendable {
  case byWordWrapping = 0
  case byCharWrapping = 1
  case byClipping = 2
  case byTruncatingHead = 3
  case byTruncatingTail = 4
  case byTruncatingMiddle = 5
}

// MARK: - View options

extension UIView {
  /// Which parts of an autoresizing view's frame stretch when its superview's size changes.
  public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// How a view draws its content when its bounds change (recorded only: nothing is drawn).
  public enum ContentMode: Int, Hashable, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
  }

  /// Options of `UIView.animate(withDuration:delay:options:animations:completion:)`.
  ///
  /// Recorded with each animation; curves don't change the outcome since final values apply
  /// at once.
  public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
  }
}

// MARK: - Constraint vocabulary

extension NSLayoutConstraint {
  /// A layout axis.
  public enum Axis: Int, Hashable, Sendable, CustomStringConvertible {
    case horizontal = 0
    case vertical = 1

    public var description: String { self == .horizontal ? "horizontal" : "vertical" }
  }

  /// How the two sides of a constraint relate.
  public enum Relation: Int, Hashable, Sendable, CustomStringConvertible {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1

    public var description: String {
      switch self {
      case .lessThanOrEqual: "<="
      case .equal: "=="
      case .greaterThanOrEqual: ">="
      }
    }
  }

  /// A part of a view's or layout guide's frame that a constraint relates.
  public enum Attribute: Int, Hashable, Sendable, CustomStringConvertible {
    case left = 1
    case right = 2
    case top = 3
    case bottom = 4
    case leading = 5
    case trailing = 6
    case width = 7
    case height = 8
    case centerX = 9
    case centerY = 10
    case lastBaseline = 11
    case firstBaseline = 12
    case leftMargin = 13
    case rightMargin = 14
    case topMargin = 15
    case bottomMargin = 16
    case leadingMargin = 17
    case trailingMargin = 18
    case centerXWithinMargins = 19
    case centerYWithinMargins = 20
    case notAnAttribute = 0

    public var description: String {
      switch self {
      case .left: "left"
      case .right: "right"
      case .top: "top"
      case .bottom: "bottom"
      case .leading: "leading"
      case .trailing: "trailing"
      case .width: "width"
      case .height: "height"
      case .centerX: "centerX"
      case .centerY: "centerY"
      case .lastBaseline: "lastBaseline"
      case .firstBaseline: "firstBaseline"
      case .leftMargin: "leftMargin"
      case .rightMargin: "rightMargin"
      case .topMargin: "topMargin"
      case .bottomMargin: "bottomMargin"
      case .leadingMargin: "leadingMargin"
      case .trailingMargin: "trailingMargin"
      case .centerXWithinMargins: "centerXWithinMargins"
      case .centerYWithinMargins: "centerYWithinMargins"
      case .notAnAttribute: "notAnAttribute"
      }
    }

    /// The axis the attribute lies on; `nil` for `.notAnAttribute`.
    public var axis: Axis? {
      switch self {
      case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
        .leadingMargin, .trailingMargin, .centerXWithinMargins:
        .horizontal
      case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline, .topMargin,
        .bottomMargin, .centerYWithinMargins:
        .vertical
      case .notAnAttribute: nil
      }
    }

    /// Whether the attribute names an absolute side (left / right), which doesn't follow the
    /// layout direction.
    public var isAbsoluteDirection: Bool {
      self == .left || self == .right || self == .leftMargin || self == .rightMargin
    }

    /// Whether the attribute is a size rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// The same attribute measured on the margins guide instead of the frame, and whether it
    /// was a margin attribute at all.
    var withoutMargins: (attribute: Attribute, onMargins: Bool) {
      switch self {
      case .leftMargin: (.left, true)
      case .rightMargin: (.right, true)
      case .topMargin: (.top, true)
      case .bottomMargin: (.bottom, true)
      case .leadingMargin: (.leading, true)
      case .trailingMargin: (.trailing, true)
      case .centerXWithinMargins: (.centerX, true)
      case .centerYWithinMargins: (.centerY, true)
      default: (self, false)
      }
    }
  }
}
