// Configuration-based buttons (iOS 15): `UIButton.Configuration`, its background and title
// attribute transformer, title colours and the title label.
//
// Size model of a configured button (NavSim's, documented in docs/uikit-model.md): the
// title's width in its font (the transformer's or attributed title's `.font`, else the
// 17 pt system font), plus the image's width and `imagePadding` when both show, plus the
// leading and trailing `contentInsets`; the height is the taller of title line and image plus
// the top and bottom insets. The default insets are 7 points top and bottom and 12 leading and
// trailing, NavSim's choice for the medium button size.

import Foundation

// MARK: - Attribute containers with UIKit's keys

extension AttributeScopes {
  /// The UIKit attributes an `AttributeContainer` carries (`container.font = ...`).
  public struct UIKitAttributes: AttributeScope {
    public let font: FontAttribute
    public let foregroundColor: ForegroundColorAttribute
    public let backgroundColor: BackgroundColorAttribute
    public let foundation: FoundationAttributes

    public enum FontAttribute: AttributedStringKey {
      public typealias Value = UIFont
      public static let name = "NSFont"
    }

    public enum ForegroundColorAttribute: AttributedStringKey {
      public typealias Value = UIColor
      public static let name = "NSColor"
    }

    public enum BackgroundColorAttribute: AttributedStringKey {
      public typealias Value = UIColor
      public static let name = "NSBackgroundColor"
    }
  }

  public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
  public subscript<T: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>
  ) -> T {
    self[T.self]
  }
}

/// Rewrites a configured button's title attributes.
public struct UIConfigurationTextAttributesTransformer: Sendable {
  private let transform: @Sendable (AttributeContainer) -> AttributeContainer

  public init(_ transform: @escaping @Sendable (AttributeContainer) -> AttributeContainer) {
    self.transform = transform
  }

  public func callAsFunction(_ input: AttributeContainer) -> AttributeContainer {
    transform(input)
  }
}

/// A configured view's background.
public struct UIBackgroundConfiguration: Sendable {
  public var backgroundColor: UIColor?
  public var cornerRadius: CGFloat = 0
  public var strokeColor: UIColor?
  public var strokeWidth: CGFloat = 0
  public var backgroundInsets = NSDirectionalEdgeInsets.zero

  public init() {}

  public static func clear() -> UIBackgroundConfiguration {
    var background = UIBackgroundConfiguration()
    background.backgroundColor = .clear
    return background
  }
}

// MARK: - UIButton.Configuration

extension UIButton {
  /// How a button looks and is padded (iOS 15).
  public struct Configuration: Sendable {
    public enum CornerStyle: Int, Sendable { case dynamic, fixed, small, medium, large, capsule }
    public enum Size: Int, Sendable { case mini, small, medium, large }
    public enum TitleAlignment: Int, Sendable { case automatic, leading, center, trailing }
    /// Which visual style it was made as.
    public enum Style: Sendable, Equatable {
      case plain, tinted, gray, filled, bordered, borderedTinted, borderedProminent
    }

    public let style: Style
    public var title: String?
    public var subtitle: String?
    public var attributedTitle: AttributedString?
    public var image: UIImage?
    public var imagePadding: CGFloat = 0
    public var imagePlacement = NSDirectionalRectEdge.leading
    public var titlePadding: CGFloat = 0
    public var titleAlignment = TitleAlignment.automatic
    public var contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
    public var baseBackgroundColor: UIColor?
    public var baseForegroundColor: UIColor?
    public var background = UIBackgroundConfiguration()
    public var cornerStyle = CornerStyle.dynamic
    public var buttonSize = Size.medium
    public var showsActivityIndicator = false
    public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
    public var subtitleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?

    init(style: Style) { self.style = style }

    public static func plain() -> Configuration { Configuration(style: .plain) }
    public static func tinted() -> Configuration { Configuration(style: .tinted) }
    public static func gray() -> Configuration { Configuration(style: .gray) }
    public static func filled() -> Configuration { Configuration(style: .filled) }
    public static func bordered() -> Configuration { Configuration(style: .bordered) }
    public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
    public static func borderedProminent() -> Configuration {
      Configuration(style: .borderedProminent)
    }

    /// The title's font: the attributed title's, the transformer's, else 17 pt system.
    var titleFont: UIFont {
      if let font = attributedTitle?.runs.first?.attributes[AttributeScopes.UIKitAttributes
        .FontAttribute.self]
      {
        return font
      }
      let transformed = titleTextAttributesTransformer?(AttributeContainer())
      return transformed?[AttributeScopes.UIKitAttributes.FontAttribute.self]
        ?? .systemFont(ofSize: 17)
    }

    var titleText: String {
      attributedTitle.map { String($0.characters) } ?? title ?? ""
    }

    @MainActor func intrinsicSize(scale: CGFloat) -> CGSize {
      let text = titleText
      let font = titleFont
      let titleWidth =
        text.isEmpty ? 0 : TextModel.pixelCeiling(TextModel.width(of: text, font: font), scale: scale)
      let titleHeight = text.isEmpty ? 0 : TextModel.pixelCeiling(font.lineHeight, scale: scale)
      let imageSize = image?.size ?? .zero
      let padding = (image != nil && !text.isEmpty) ? imagePadding : 0
      let vertical = imagePlacement == .top || imagePlacement == .bottom
      let width =
        vertical ? max(titleWidth, imageSize.width) : titleWidth + imageSize.width + padding
      let height =
        vertical
        ? titleHeight + imageSize.height + padding : max(titleHeight, imageSize.height)
      return CGSize(
        width: width + contentInsets.leading + contentInsets.trailing,
        height: height + contentInsets.top + contentInsets.bottom)
    }
  }

  /// A system button with `configuration`.
  public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
    self.init(type: .system)
    self.configuration = configuration
    if let primaryAction { addAction(primaryAction, for: [.primaryActionTriggered, .touchUpInside]) }
  }

  /// Asks for the configuration to be applied again (NavSim applies it when it is set).
  public func setNeedsUpdateConfiguration() { invalidateIntrinsicContentSize() }

  // MARK: - Title colours and label

  public func setTitleColor(_ color: UIColor?, for state: State) {
    titleColors.removeAll { $0.state == state }
    titleColors.append((state, color))
  }

  public func titleColor(for state: State) -> UIColor? {
    titleColors.first { $0.state == state }?.color
      ?? titleColors.first { $0.state == .normal }?.color
  }

  /// The label showing the title: its text is the current title; its font is the one titles
  /// measure with (`titleFont`), both ways.
  public var titleLabel: UILabel? {
    let label = storedTitleLabel ?? {
      let label = ButtonTitleLabel(button: self)
      storedTitleLabel = label
      return label
    }()
    label.text = currentTitle
    return label
  }
}

/// A button's title label: setting its font sets the button's title font.
@MainActor
final class ButtonTitleLabel: UILabel {
  weak var button: UIButton?

  init(button: UIButton) {
    self.button = button
    super.init(frame: .zero)
    font = button.titleFont
  }

  required init?(coder: NSCoder) { super.init(coder: coder) }

  override var font: UIFont! {
    didSet { if let font, button?.titleFont != font { button?.titleFont = font } }
  }
}

/// An edge of a rectangle, in leading / trailing terms.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
  public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
  public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
  public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
  public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
