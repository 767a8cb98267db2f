// UIKit's trait collections: the size classes, idiom, direction and scale a view's layout code
// branches on (`traitCollection.horizontalSizeClass == .regular`), and the change callback.

import Foundation

/// A coarse width or height: compact (an iPhone's width) or regular (an iPad's).
public enum UIUserInterfaceSizeClass: Int, Hashable, Sendable {
  case unspecified = 0
  case compact = 1
  case regular = 2
}

/// The kind of device an interface is designed for.
public enum UIUserInterfaceIdiom: Int, Hashable, Sendable {
  case unspecified = -1
  case phone = 0
  case pad = 1
  case tv = 2
  case carPlay = 3
  case mac = 5
  case vision = 6
}

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Hashable, Sendable {
  case unspecified = 0
  case light = 1
  case dark = 2
}

/// A trait collection's layout direction (`unspecified` in a collection made without one).
public enum UITraitEnvironmentLayoutDirection: Int, Hashable, Sendable {
  case unspecified = -1
  case leftToRight = 0
  case rightToLeft = 1
}

/// The user's preferred text size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
  public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
  public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
  public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
  public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
  public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
  public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
  public static let extraExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryXXXL")
  public static let accessibilityMedium = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityM")
  public static let accessibilityLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityL")
  public static let accessibilityExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXL")
  public static let accessibilityExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXXL")
  public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

  /// Whether this is one of the accessibility sizes.
  public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
}

/// An immutable set of traits; a trait a collection was made without is `unspecified`.
public final class UITraitCollection: NSObject, Sendable {
  public let horizontalSizeClass: UIUserInterfaceSizeClass
  public let verticalSizeClass: UIUserInterfaceSizeClass
  public let userInterfaceIdiom: UIUserInterfaceIdiom
  public let userInterfaceStyle: UIUserInterfaceStyle
  public let layoutDirection: UITraitEnvironmentLayoutDirection
  /// Pixels per point; 0 when unspecified.
  public let displayScale: CGFloat
  public let preferredContentSizeCategory: UIContentSizeCategory

  /// A collection with every trait unspecified.
  public override convenience init() {
    self.init(
      horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified, style: .unspecified,
      direction: .unspecified, scale: 0, contentSize: .unspecified)
  }

  public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
    self.init(traits: UITraitCollection(), horizontal: horizontalSizeClass)
  }

  public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
    self.init(traits: UITraitCollection(), vertical: verticalSizeClass)
  }

  public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
    self.init(traits: UITraitCollection(), idiom: userInterfaceIdiom)
  }

  public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
    self.init(traits: UITraitCollection(), style: userInterfaceStyle)
  }

  public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
    self.init(traits: UITraitCollection(), direction: layoutDirection)
  }

  public convenience init(displayScale: CGFloat) {
    self.init(traits: UITraitCollection(), scale: displayScale)
  }

  public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
    self.init(traits: UITraitCollection(), contentSize: preferredContentSizeCategory)
  }

  /// The traits of all `collections`, a later collection's specified traits winning.
  public convenience init(traitsFrom collections: [UITraitCollection]) {
    var merged = UITraitCollection()
    for next in collections {
      merged = UITraitCollection(
        horizontal: next.horizontalSizeClass == .unspecified
          ? merged.horizontalSizeClass : next.horizontalSizeClass,
        vertical: next.verticalSizeClass == .unspecified
          ? merged.verticalSizeClass : next.verticalSizeClass,
        idiom: next.userInterfaceIdiom == .unspecified
          ? merged.userInterfaceIdiom : next.userInterfaceIdiom,
        style: next.userInterfaceStyle == .unspecified
          ? merged.userInterfaceStyle : next.userInterfaceStyle,
        direction: next.layoutDirection == .unspecified
          ? merged.layoutDirection : next.layoutDirection,
        scale: next.displayScale == 0 ? merged.displayScale : next.displayScale,
        contentSize: next.preferredContentSizeCategory == .unspecified
          ? merged.preferredContentSizeCategory : next.preferredContentSizeCategory)
    }
    self.init(traits: merged)
  }

  private convenience init(
    traits base: UITraitCollection,
    horizontal: UIUserInterfaceSizeClass? = nil, vertical: UIUserInterfaceSizeClass? = nil,
    idiom: UIUserInterfaceIdiom? = nil, style: UIUserInterfaceStyle? = nil,
    direction: UITraitEnvironmentLayoutDirection? = nil, scale: CGFloat? = nil,
    contentSize: UIContentSizeCategory? = nil
  ) {
    self.init(
      horizontal: horizontal ?? base.horizontalSizeClass,
      vertical: vertical ?? base.verticalSizeClass, idiom: idiom ?? base.userInterfaceIdiom,
      style: style ?? base.userInterfaceStyle, direction: direction ?? base.layoutDirection,
      scale: scale ?? base.displayScale,
      contentSize: contentSize ?? base.preferredContentSizeCategory)
  }

  init(
    horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
    idiom: UIUserInterfaceIdiom, style: UIUserInterfaceStyle,
    direction: UITraitEnvironmentLayoutDirection, scale: CGFloat,
    contentSize: UIContentSizeCategory
  ) {
    horizontalSizeClass = horizontal
    verticalSizeClass = vertical
    userInterfaceIdiom = idiom
    userInterfaceStyle = style
    layoutDirection = direction
    displayScale = scale
    preferredContentSizeCategory = contentSize
    super.init()
  }

  /// Whether every trait `other` specifies has the same value here.
  public func containsTraits(in other: UITraitCollection?) -> Bool {
    guard let other else { return true }
    func same<T: Equatable>(_ mine: T, _ theirs: T, unspecified: T) -> Bool {
      theirs == unspecified || mine == theirs
    }
    return same(horizontalSizeClass, other.horizontalSizeClass, unspecified: .unspecified)
      && same(verticalSizeClass, other.verticalSizeClass, unspecified: .unspecified)
      && same(userInterfaceIdiom, other.userInterfaceIdiom, unspecified: .unspecified)
      && same(userInterfaceStyle, other.userInterfaceStyle, unspecified: .unspecified)
      && same(layoutDirection, other.layoutDirection, unspecified: .unspecified)
      && same(displayScale, other.displayScale, unspecified: 0)
      && same(
        preferredContentSizeCategory, other.preferredContentSizeCategory,
        unspecified: .unspecified)
  }

  /// Whether colours could resolve differently (the appearance style differs).
  public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
    userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITraitCollection else { return false }
    return containsTraits(in: other) && other.containsTraits(in: self)
  }

  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(horizontalSizeClass)
    hasher.combine(verticalSizeClass)
    hasher.combine(userInterfaceIdiom)
    hasher.combine(layoutDirection)
    hasher.combine(preferredContentSizeCategory)
    return hasher.finalize()
  }

  public override var description: String {
    "<UITraitCollection: horizontalSizeClass = \(horizontalSizeClass), verticalSizeClass = "
      + "\(verticalSizeClass), userInterfaceIdiom = \(userInterfaceIdiom), layoutDirection = "
      + "\(layoutDirection), displayScale = \(displayScale), preferredContentSizeCategory = "
      + "\(preferredContentSizeCategory.name)>"
  }

  /// The traits of a full-screen window of `size` points on a device of `idiom` (NavSim's
  /// rule, docs/uikit-model.md, "Trait collections"): phones are regular high in portrait and compact high
  /// in landscape, compact wide but in landscape from 896 points (the Plus and Max models);
  /// iPads are regular high, and regular wide from 678 points (full screen and the wider
  /// split-screen panes), compact in narrower panes and Slide Over.
  static func window(
    size: CGSize, idiom: UIUserInterfaceIdiom, direction: UIUserInterfaceLayoutDirection,
    scale: CGFloat
  ) -> UITraitCollection {
    let horizontal: UIUserInterfaceSizeClass
    let vertical: UIUserInterfaceSizeClass
    switch idiom {
    case .pad:
      horizontal = size.width >= 678 ? .regular : .compact
      vertical = .regular
    default:
      let landscape = size.width > size.height
      horizontal = landscape && size.width >= 896 ? .regular : .compact
      vertical = landscape ? .compact : .regular
    }
    return UITraitCollection(
      horizontal: horizontal, vertical: vertical, idiom: idiom, style: .light,
      direction: direction == .rightToLeft ? .rightToLeft : .leftToRight, scale: scale,
      contentSize: DynamicTypeSetting.current)
  }
}

/// Something with traits that hears when they change: views and view controllers.
@preconcurrency @MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
  var traitCollection: UITraitCollection { get }
  func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
