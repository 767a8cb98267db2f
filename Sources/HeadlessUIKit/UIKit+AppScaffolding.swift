// What a navigation screen's file touches around its views: named fonts, more system colours,
// dynamic colours, text attribute keys, keyboard notifications, the screen's traits and the
// `@main` app delegate.

import Foundation

// MARK: - Fonts

extension UIFont {
  /// A font by PostScript name. NavSim measures every font with its text model, so any name
  /// gives a font (iOS returns nil for a font that is not installed); the weight is read from
  /// the name's style suffix (`Inter-SemiBold`, `Roboto-Bold`), regular when there is none.
  public convenience init?(name fontName: String, size fontSize: CGFloat) {
    let style = fontName.split(separator: "-").last.map { $0.lowercased() } ?? ""
    let weights: [(suffix: String, weight: Weight)] = [
      ("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin),
      ("light", .light), ("medium", .medium), ("semibold", .semibold), ("demibold", .semibold),
      ("extrabold", .heavy), ("heavy", .heavy), ("black", .black), ("bold", .bold),
    ]
    let weight = fontName.contains("-") ? weights.first { style.hasPrefix($0.suffix) }?.weight : nil
    self.init(size: fontSize, weight: weight ?? .regular, name: fontName)
  }
}

// MARK: - Colours

extension UIColor {
  /// Light-appearance values of UIKit's colours (Apple's Human Interface Guidelines, "Color").
  public static let lightText = UIColor(white: 1, alpha: 0.6)
  public static let darkText = UIColor.black
  public static let systemGroupedBackground = UIColor(
    red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)
  public static let secondarySystemGroupedBackground = UIColor.white
  public static let tertiarySystemBackground = UIColor.white
  public static let tertiaryLabel = UIColor(
    red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
  public static let systemIndigo = UIColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1)
  public static let systemTeal = UIColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1)
  public static let systemPink = UIColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1)
  public static let systemPurple = UIColor(
    red: 175 / 255, green: 82 / 255, blue: 222 / 255, alpha: 1)
  public static let systemGray5 = UIColor(
    red: 229 / 255, green: 229 / 255, blue: 234 / 255, alpha: 1)
  public static let systemGray6 = UIColor(
    red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1)

  /// A colour that depends on the traits (`UIColor { traits in ... }`). Its components are
  /// its value for light traits; `resolvedColor(with:)` asks the provider for other traits.
  public convenience init(
    dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor
  ) {
    let light = dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).resolvedLight
    self.init(light: light, provider: dynamicProvider)
  }

  /// The colour for `traitCollection`: a dynamic colour's provider's answer, else itself.
  public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
    guard let dynamicProvider else { return self }
    return dynamicProvider(traitCollection).resolvedColor(with: traitCollection)
  }

  private var resolvedLight: UIColor {
    resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))
  }
}

extension CGColor {
  /// A grey `CGColor` (0 black, 1 white).
  public init(gray: CGFloat, alpha: CGFloat) {
    self.init(color: UIColor(white: gray, alpha: alpha))
  }

  /// An sRGB `CGColor`.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(color: UIColor(red: red, green: green, blue: blue, alpha: alpha))
  }
}

// MARK: - Text attributes

extension NSAttributedString.Key {
  /// UIKit's attribute keys (their Apple raw values).
  public static let font = NSAttributedString.Key("NSFont")
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
  public static let kern = NSAttributedString.Key("NSKern")
  public static let underlineStyle = NSAttributedString.Key("NSUnderline")
  public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
  public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
}

// MARK: - Keyboard notifications

extension UIResponder {
  /// Posted by the system around the keyboard; NavSim has no keyboard and posts none. Apps
  /// observe them (stored: Selector+TargetAction.swift) and tests may post them.
  public static let keyboardWillShowNotification = Notification.Name(
    "UIKeyboardWillShowNotification")
  public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
  public static let keyboardWillHideNotification = Notification.Name(
    "UIKeyboardWillHideNotification")
  public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
  public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  public static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")
  /// The user-info keys (a `CGRect` in an `NSValue`, a `Double`, an `Int`, a `Bool`).
  public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
  public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
  public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

// MARK: - The screen's traits

extension UIScreen {
  /// The screen's traits: a phone's (compact width; regular height when portrait), its scale,
  /// left-to-right, light. CarPlay screens are `.carPlay` with regular sizes.
  public var traitCollection: UITraitCollection {
    let portrait = bounds.height >= bounds.width
    return UITraitCollection(traitsFrom: [
      UITraitCollection(userInterfaceIdiom: isCarPlay ? .carPlay : .phone),
      UITraitCollection(horizontalSizeClass: isCarPlay ? .regular : .compact),
      UITraitCollection(verticalSizeClass: portrait || isCarPlay ? .regular : .compact),
      UITraitCollection(displayScale: scale),
      UITraitCollection(userInterfaceStyle: .light),
      UITraitCollection(layoutDirection: .leftToRight),
    ])
  }
}

// MARK: - @main

extension UIApplication {
  /// The delegate class a `@main` app delegate's `main()` named (nil until one ran).
  public internal(set) static var mainDelegateClass: (any UIApplicationDelegate.Type)?
}

extension UIApplicationDelegate {
  /// What `@main` calls. On iOS it runs the app and never returns; NavSim launches no app (a
  /// replay builds the screen under test), so it records the class in
  /// `UIApplication.mainDelegateClass` and returns.
  public static func main() {
    UIApplication.mainDelegateClass = Self.self
  }
}
