// Colours: RGBA values with UIKit's names. Nothing is drawn; colours are recorded and compared.

import Foundation

/// An immutable sRGB colour with alpha, components in 0...1.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
  public let red: CGFloat
  public let green: CGFloat
  public let blue: CGFloat
  public let alpha: CGFloat
  /// A dynamic colour's provider (`UIColor(dynamicProvider:)`, UIKit+AppScaffolding.swift);
  /// the components are its light value.
  let dynamicProvider: (@Sendable (UITraitCollection) -> UIColor)?

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
    dynamicProvider = nil
  }

  init(light: UIColor, provider: @escaping @Sendable (UITraitCollection) -> UIColor) {
    red = light.red
    green = light.green
    blue = light.blue
    alpha = light.alpha
    dynamicProvider = provider
  }

  /// A grey: `white` 0 is black, 1 is white.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// The same colour with another alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// UIKit's out-parameter accessor; always succeeds.
  public func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = self.red
    green?.pointee = self.green
    blue?.pointee = self.blue
    alpha?.pointee = self.alpha
    return true
  }

  /// The colour as a `CGColor`, for layer properties.
  public var cgColor: CGColor { CGColor(color: self) }

  public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
    lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue
      && lhs.alpha == rhs.alpha
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
  }

  /// `rgba(r, g, b, a)` with components rounded to three decimals.
  public var description: String {
    func text(_ value: CGFloat) -> String { CGFloat((value * 1000).rounded() / 1000).layoutText }
    return "rgba(\(text(red)), \(text(green)), \(text(blue)), \(text(alpha)))"
  }

  private static func clamp(_ value: CGFloat) -> CGFloat { min(max(value, 0), 1) }

  // MARK: - Named colours (light appearance values)

  public static let black = UIColor(white: 0, alpha: 1)
  public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
  public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
  public static let white = UIColor(white: 1, alpha: 1)
  public static let gray = UIColor(white: 0.5, alpha: 1)
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
  public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
  public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
  public static let clear = UIColor(white: 0, alpha: 0)
  public static let systemBackground = UIColor.white
  public static let secondarySystemBackground = UIColor(
    red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
  public static let label = UIColor.black
  public static let secondaryLabel = UIColor(
    red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
  public static let separator = UIColor(
    red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
  public static let systemBlue = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
  public static let systemRed = UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
  public static let systemGreen = UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1)
  public static let systemOrange = UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)
  public static let systemYellow = UIColor(red: 1, green: 204 / 255, blue: 0, alpha: 1)
  public static let systemGray = UIColor(
    red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1)
}

/// A colour handed to layer properties (`CALayer.borderColor`...).
public struct CGColor: Hashable, Sendable {
  /// The colour it was made from.
  public let color: UIColor

  public init(color: UIColor) {
    self.color = color
  }
}
