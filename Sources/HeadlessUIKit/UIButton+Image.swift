// The controls app layouts add next to the SDK's: buttons and images, sized by the same
// deterministic text model as UILabel. Nothing is drawn or touched; actions run when code
// (a test) sends them.

import Foundation

// MARK: - UIImage

/// An image reduced to its size in points.
public final class UIImage: Hashable, Sendable {
  public let size: CGSize
  /// The system symbol or asset name it was made from, if any.
  public let name: String?
  /// Pixels per point: 1 unless given (headless images have no pixels to count).
  public let scale: CGFloat

  /// An image of `size` points at `scale` pixels per point.
  public init(size: CGSize, name: String? = nil, scale: CGFloat = 1) {
    self.size = size
    self.name = name
    self.scale = scale
  }

  /// A system symbol: 24 x 24 points (no symbol catalogue on Linux). Never nil.
  public convenience init?(systemName: String) {
    self.init(size: CGSize(width: 24, height: 24), name: systemName)
  }

  /// An asset: 24 x 24 points (no asset catalogue on Linux). Never nil.
  public convenience init?(named name: String) {
    self.init(size: CGSize(width: 24, height: 24), name: name)
  }

  public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
    lhs.size == rhs.size && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size.width)
    hasher.combine(size.height)
    hasher.combine(name)
  }
}

// MARK: - UIImageView

/// A view showing an image; its intrinsic size is the image's.
@preconcurrency @MainActor
open class UIImageView: UIView {
  open var image: UIImage? {
    didSet { if image != oldValue { invalidateIntrinsicContentSize() } }
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// An image view sized to `image`.
  public convenience init(image: UIImage?) {
    self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    self.image = image
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  open override var intrinsicContentSize: CGSize {
    image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }
}

// MARK: - UIAction and UIControl

/// A closure-based action (UIKit's `UIAction`), the Linux-friendly alternative to
/// target / selector.
@preconcurrency @MainActor
public final class UIAction {
  public let title: String
  public let handler: (UIAction) -> Void

  public init(title: String = "", handler: @escaping (UIAction) -> Void) {
    self.title = title
    self.handler = handler
  }
}

/// The base of controls: events and their actions.
@preconcurrency @MainActor
open class UIControl: UIView {
  /// Control events (the common ones).
  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }

  /// Control state, for per-state titles and images.
  public struct State: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
  }

  open var isEnabled = true
  open var isSelected = false
  open var isHighlighted = false
  private var actions: [(action: UIAction, events: Event)] = []
  /// Target-action pairs (Selector+TargetAction.swift): stored, never invoked.
  var targetActions: [ControlTargetAction] = []

  /// Runs `action` when one of `events` is sent.
  open func addAction(_ action: UIAction, for events: Event) {
    actions.append((action, events))
  }

  /// Stops running `action`.
  open func removeAction(_ action: UIAction, for events: Event) {
    actions.removeAll { $0.action === action && !$0.events.isDisjoint(with: events) }
  }

  /// Runs the actions registered for `events`, in the order added (how tests "tap").
  open func sendActions(for events: Event) {
    guard isEnabled else { return }
    for entry in actions where !entry.events.isDisjoint(with: events) {
      entry.action.handler(entry.action)
    }
  }
}

// MARK: - UIButton

/// A button: an optional image and a title, padded by `contentEdgeInsets`.
///
/// Intrinsic size: image width + title width (UILabel's model, 15 pt system font by default)
/// plus the insets; height the larger of image and title heights plus the insets. A system
/// button with no content is 30 points tall, as in UIKit.
@preconcurrency @MainActor
open class UIButton: UIControl {
  /// Button styles (the shape doesn't change the size model).
  public enum ButtonType: Int, Hashable, Sendable {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
  }

  public let buttonType: ButtonType
  /// Padding around the content.
  open var contentEdgeInsets = UIEdgeInsets.zero {
    didSet { if contentEdgeInsets != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The font titles measure with.
  open var titleFont: UIFont = .systemFont(ofSize: 15) {
    didSet { if titleFont != oldValue { invalidateIntrinsicContentSize() } }
  }
  private var titles: [(state: State, title: String?)] = []
  /// iOS 15 configuration (UIButton+Configuration.swift); when set it decides the size.
  public var configuration: Configuration? {
    didSet { invalidateIntrinsicContentSize() }
  }
  var titleColors: [(state: State, color: UIColor?)] = []
  var storedTitleLabel: UILabel?
  private var images: [(state: State, image: UIImage?)] = []

  public init(type buttonType: ButtonType) {
    self.buttonType = buttonType
    super.init(frame: .zero)
  }

  public override init(frame: CGRect) {
    buttonType = .custom
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    buttonType = .custom
    super.init(coder: coder)
  }

  /// A system button running `primaryAction` on `.primaryActionTriggered` / touch up.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: buttonType)
    if let primaryAction {
      addAction(primaryAction, for: [.primaryActionTriggered, .touchUpInside])
      setTitle(primaryAction.title.isEmpty ? nil : primaryAction.title, for: .normal)
    }
  }

  open func setTitle(_ title: String?, for state: State) {
    titles.removeAll { $0.state == state }
    titles.append((state, title))
    UIView.noteTextChange()  // screen snapshots show titles
    invalidateIntrinsicContentSize()
  }

  open func title(for state: State) -> String? {
    titles.first { $0.state == state }?.title ?? titles.first { $0.state == .normal }?.title
  }

  open func setImage(_ image: UIImage?, for state: State) {
    images.removeAll { $0.state == state }
    images.append((state, image))
    invalidateIntrinsicContentSize()
  }

  open func image(for state: State) -> UIImage? {
    images.first { $0.state == state }?.image ?? images.first { $0.state == .normal }?.image
  }

  /// The normal-state title.
  public var currentTitle: String? { title(for: .normal) }
  /// The normal-state image.
  public var currentImage: UIImage? { image(for: .normal) }

  open override var intrinsicContentSize: CGSize {
    if let configuration { return configuration.intrinsicSize(scale: layoutRoot.displayScale) }
    let insets = contentEdgeInsets
    let text = currentTitle ?? ""
    let scale = layoutRoot.displayScale
    let titleWidth =
      text.isEmpty
      ? 0 : TextModel.pixelCeiling(TextModel.width(of: text, font: titleFont), scale: scale)
    let titleHeight =
      text.isEmpty ? 0 : TextModel.pixelCeiling(titleFont.lineHeight, scale: scale)
    let image = currentImage?.size ?? .zero
    var height = max(titleHeight, image.height)
    if height == 0, buttonType == .system { height = 30 }
    return CGSize(
      width: titleWidth + image.width + insets.left + insets.right,
      height: height + insets.top + insets.bottom)
  }
}
