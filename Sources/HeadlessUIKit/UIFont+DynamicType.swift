// Dynamic Type: the text styles' sizes at each content size category, preferred fonts and
// UIFontMetrics, from Apple's published table.

import Foundation

// MARK: - Content size categories

extension UIContentSizeCategory: Comparable {
  /// The categories from smallest to largest (`unspecified` not among them).
  public static let allSizes: [UIContentSizeCategory] = [
    .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
    .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
  ]

  /// NavSim's names for the categories, in `allSizes` order: the command line's and the
  /// reports' (`large`, `accessibility-extra-extra-extra-large`).
  public static let names = [
    "extra-small", "small", "medium", "large", "extra-large", "extra-extra-large",
    "extra-extra-extra-large", "accessibility-medium", "accessibility-large",
    "accessibility-extra-large", "accessibility-extra-extra-large",
    "accessibility-extra-extra-extra-large",
  ]

  /// The category called `name`, one of `names` or UIKit's raw value of a size
  /// (`UICTContentSizeCategoryL`, `UICTContentSizeCategoryAccessibilityXXXL`), or nil.
  public init?(name: String) {
    if let index = Self.names.firstIndex(of: name) {
      self = Self.allSizes[index]
    } else if let size = Self.allSizes.first(where: { $0.rawValue == name }) {
      self = size
    } else {
      return nil
    }
  }

  /// NavSim's name of the category (`large`); `unspecified` for any other value.
  public var name: String {
    sizeIndex.map { Self.names[$0] } ?? "unspecified"
  }

  /// The position in `allSizes`; nil for `unspecified` and unknown values.
  var sizeIndex: Int? { Self.allSizes.firstIndex(of: self) }

  /// Smaller categories first, as UIKit compares them; `unspecified` before all.
  public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
    (lhs.sizeIndex ?? -1) < (rhs.sizeIndex ?? -1)
  }
}

// MARK: - The table

/// Apple's Dynamic Type sizes for iOS: point size and leading of each text style at each
/// content size category (Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type
/// sizes"). Columns follow `UIContentSizeCategory.allSizes`: xSmall ... xxxLarge, AX1 ... AX5.
enum DynamicTypeTable {
  struct Entry: Equatable {
    var size: CGFloat
    var leading: CGFloat
  }

  private static func row(_ pairs: [(CGFloat, CGFloat)]) -> [Entry] {
    pairs.map { Entry(size: $0.0, leading: $0.1) }
  }

  static let largeTitle = row([
    (31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48),
    (44, 52), (48, 57), (52, 61), (56, 66), (60, 70),
  ])
  static let title1 = row([
    (25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41),
    (38, 46), (43, 51), (48, 57), (53, 62), (58, 68),
  ])
  static let title2 = row([
    (19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34),
    (34, 41), (39, 47), (44, 52), (50, 58), (56, 64),
  ])
  static let title3 = row([
    (17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32),
    (31, 38), (37, 44), (43, 51), (49, 56), (55, 62),
  ])
  /// Headline and body share sizes; headline is semibold.
  static let body = row([
    (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
    (28, 34), (33, 40), (40, 48), (47, 56), (53, 62),
  ])
  static let callout = row([
    (13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28),
    (26, 32), (32, 39), (38, 46), (44, 52), (51, 60),
  ])
  static let subheadline = row([
    (12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28),
    (25, 31), (30, 37), (36, 43), (42, 50), (49, 58),
  ])
  static let footnote = row([
    (12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24),
    (23, 29), (27, 33), (33, 40), (38, 46), (44, 52),
  ])
  static let caption1 = row([
    (11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23),
    (22, 28), (26, 32), (32, 39), (37, 44), (43, 51),
  ])
  static let caption2 = row([
    (11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22),
    (20, 25), (24, 30), (29, 35), (34, 41), (40, 47),
  ])

  /// The row of `style` (body for styles the table lacks).
  static func row(for style: UIFont.TextStyle) -> [Entry] {
    switch style {
    case .largeTitle: largeTitle
    case .title1: title1
    case .title2: title2
    case .title3: title3
    case .callout: callout
    case .subheadline: subheadline
    case .footnote: footnote
    case .caption1: caption1
    case .caption2: caption2
    default: body
    }
  }

  /// Size and leading of `style` at `category` (`large` when unspecified).
  static func entry(
    _ style: UIFont.TextStyle, _ category: UIContentSizeCategory
  ) -> Entry {
    let index = category.sizeIndex ?? UIContentSizeCategory.large.sizeIndex!
    return row(for: style)[index]
  }
}

// MARK: - The app's setting

/// The content size category the user chose for the app (`UIApplication`'s
/// `preferredContentSizeCategory`): the running `LayoutContext`'s `contentSizeCategory` (a
/// replay's, `--content-size`; outside a replay the unbound context's, `large` unless set),
/// or the one `with(_:_:)` puts in force for a while. Readable from any isolation; window
/// traits and fonts made without traits read it.
public enum DynamicTypeSetting {
  /// The category in force.
  public static var current: UIContentSizeCategory {
    LayoutContext.currentContentSizeCategory
  }

  /// Runs `body` with `category` in force, scoped like a task-local value: the running
  /// context's own setting is untouched (the unbound context is the whole process's).
  public static func with<T>(
    _ category: UIContentSizeCategory, _ body: () throws -> T
  ) rethrows -> T {
    try LayoutContext.withContentSizeCategory(category, body)
  }
}

extension UIApplication {
  /// The text size the user chose (NavSim: `DynamicTypeSetting.current`).
  public var preferredContentSizeCategory: UIContentSizeCategory { DynamicTypeSetting.current }
}

// MARK: - Fonts for text styles

extension UIFont {
  /// The font of a text style at the app's content size category.
  public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    preferredFont(forTextStyle: style, compatibleWith: nil)
  }

  /// The font of a text style at the content size category of `traitCollection` (the app's
  /// when nil or unspecified), sized from Apple's Dynamic Type table.
  public class func preferredFont(
    forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?
  ) -> UIFont {
    let category = resolvedCategory(traitCollection)
    let entry = DynamicTypeTable.entry(style, category)
    return UIFont(
      size: entry.size, weight: style.defaultWeight, name: ".SFUI-\(style.rawValue)",
      dynamic: Dynamic(style: style, base: nil, maximum: nil))
  }

  /// The category a font made for `traits` uses.
  static func resolvedCategory(_ traits: UITraitCollection?) -> UIContentSizeCategory {
    let category = traits?.preferredContentSizeCategory ?? .unspecified
    return category == .unspecified ? DynamicTypeSetting.current : category
  }

  /// This font as it would be made at `category`: a text style's font or a `UIFontMetrics`
  /// scaled one follows the category; any other font stays as it is.
  func adjusted(to category: UIContentSizeCategory) -> UIFont {
    guard let dynamic else { return self }
    let traits = UITraitCollection(preferredContentSizeCategory: category)
    guard let base = dynamic.base else {
      return .preferredFont(forTextStyle: dynamic.style, compatibleWith: traits)
    }
    return UIFontMetrics(forTextStyle: dynamic.style).scaledFont(
      for: withSize(base), maximumPointSize: dynamic.maximum ?? 0, compatibleWith: traits)
  }
}

/// Scales custom fonts and values as a text style scales with the content size category.
///
/// The factor is the style's size at the category over its size at `large` (Apple's Dynamic
/// Type table); UIKit's own curve is not published and may differ by a fraction of a point.
public struct UIFontMetrics: Sendable {
  public let textStyle: UIFont.TextStyle

  /// The metrics of the body style.
  public static let `default` = UIFontMetrics(forTextStyle: .body)

  public init(forTextStyle textStyle: UIFont.TextStyle) {
    self.textStyle = textStyle
  }

  /// `font` scaled to the app's content size category.
  public func scaledFont(for font: UIFont) -> UIFont {
    scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil)
  }

  /// `font` scaled to the category of `traitCollection`.
  public func scaledFont(
    for font: UIFont, compatibleWith traitCollection: UITraitCollection?
  ) -> UIFont {
    scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
  }

  /// `font` scaled to the app's category, at most `maximumPointSize` (0: no limit).
  public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
    scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
  }

  /// `font` scaled to the category of `traitCollection`, at most `maximumPointSize` (0: no
  /// limit).
  public func scaledFont(
    for font: UIFont, maximumPointSize: CGFloat,
    compatibleWith traitCollection: UITraitCollection?
  ) -> UIFont {
    let base = font.dynamic?.base ?? font.pointSize
    var size = scaledValue(for: base, compatibleWith: traitCollection)
    if maximumPointSize > 0 { size = min(size, maximumPointSize) }
    return UIFont(
      size: size, weight: font.weight, name: font.fontName,
      dynamic: UIFont.Dynamic(
        style: textStyle, base: base, maximum: maximumPointSize > 0 ? maximumPointSize : nil))
  }

  /// `value` scaled to the app's content size category.
  public func scaledValue(for value: CGFloat) -> CGFloat {
    scaledValue(for: value, compatibleWith: nil)
  }

  /// `value` scaled to the category of `traitCollection`.
  public func scaledValue(
    for value: CGFloat, compatibleWith traitCollection: UITraitCollection?
  ) -> CGFloat {
    let category = UIFont.resolvedCategory(traitCollection)
    let size = DynamicTypeTable.entry(textStyle, category).size
    let reference = DynamicTypeTable.entry(textStyle, .large).size
    return value * size / reference
  }
}
