// Fonts: a point size and a weight, which is what the text model measures with.

import Foundation

/// A font, reduced to what text measuring uses: point size and weight.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
  public let pointSize: CGFloat
  public let weight: Weight
  public let fontName: String
  /// Where a Dynamic Type font came from, so it can follow the content size category.
  let dynamic: Dynamic?

  /// A text style's font (`base` nil) or a `UIFontMetrics`-scaled font of `base` points.
  struct Dynamic: Hashable, Sendable {
    var style: TextStyle
    var base: CGFloat?
    var maximum: CGFloat?
  }

  init(size: CGFloat, weight: Weight, name: String, dynamic: Dynamic? = nil) {
    self.pointSize = max(size, 0)
    self.weight = weight
    self.fontName = name
    self.dynamic = dynamic
  }

  /// The system font at `fontSize`, regular weight.
  public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(size: fontSize, weight: .regular, name: ".SFUI-Regular")
  }

  /// The system font at `fontSize` and `weight`.
  public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(size: fontSize, weight: weight, name: ".SFUI")
  }

  /// The bold system font at `fontSize`.
  public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(size: fontSize, weight: .bold, name: ".SFUI-Bold")
  }

  /// The italic system font at `fontSize` (measured as regular).
  public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(size: fontSize, weight: .regular, name: ".SFUI-Italic")
  }

  /// The system font with monospaced digits (measured as the system font).
  public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(size: fontSize, weight: weight, name: ".SFUI-MonospacedDigits")
  }

  /// The same font at another size (no longer following the content size category).
  public func withSize(_ fontSize: CGFloat) -> UIFont {
    UIFont(size: fontSize, weight: weight, name: fontName)
  }

  // MARK: - Metrics (the system font's; see SystemFontMetrics)

  /// Height of one line: ascender + descender (20.287109375 for 17 pt, as UIKit reports).
  public var lineHeight: CGFloat { ascender - descender }
  /// From a line's top to its baseline.
  public var ascender: CGFloat { pointSize * SystemFontMetrics.ascender }
  /// From the baseline to the line's bottom, negative as in UIKit.
  public var descender: CGFloat { -pointSize * SystemFontMetrics.descender }
  /// Extra space between lines: none for the system font.
  public var leading: CGFloat { 0 }
  /// Height of capital letters above the baseline.
  public var capHeight: CGFloat { pointSize * SystemFontMetrics.capHeight }
  /// Height of lower-case x above the baseline.
  public var xHeight: CGFloat { pointSize * SystemFontMetrics.xHeight }

  public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
    lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight && lhs.fontName == rhs.fontName
      && lhs.dynamic == rhs.dynamic
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(pointSize)
    hasher.combine(weight)
    hasher.combine(fontName)
    hasher.combine(dynamic)
  }

  public var description: String { "\(fontName) \(pointSize.layoutText)pt" }

  // MARK: - Weight and text style

  /// A font weight, as UIKit's raw values (-0.8 ultra light ... 0.62 black).
  public struct Weight: RawRepresentable, Hashable, Sendable {
    public var rawValue: CGFloat

    public init(rawValue: CGFloat) {
      self.rawValue = rawValue
    }

    public init(_ rawValue: CGFloat) {
      self.rawValue = rawValue
    }

    public static let ultraLight = Weight(-0.8)
    public static let thin = Weight(-0.6)
    public static let light = Weight(-0.4)
    public static let regular = Weight(0)
    public static let medium = Weight(0.23)
    public static let semibold = Weight(0.3)
    public static let bold = Weight(0.4)
    public static let heavy = Weight(0.56)
    public static let black = Weight(0.62)
  }

  /// A Dynamic Type text style.
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    public var rawValue: String

    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    public static let largeTitle = TextStyle(rawValue: "largeTitle")
    public static let title1 = TextStyle(rawValue: "title1")
    public static let title2 = TextStyle(rawValue: "title2")
    public static let title3 = TextStyle(rawValue: "title3")
    public static let headline = TextStyle(rawValue: "headline")
    public static let body = TextStyle(rawValue: "body")
    public static let callout = TextStyle(rawValue: "callout")
    public static let subheadline = TextStyle(rawValue: "subheadline")
    public static let footnote = TextStyle(rawValue: "footnote")
    public static let caption1 = TextStyle(rawValue: "caption1")
    public static let caption2 = TextStyle(rawValue: "caption2")

    var defaultWeight: Weight { self == .headline ? .semibold : .regular }
  }
}
