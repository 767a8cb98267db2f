// The value controls of settings and demo screens: switches and segmented controls. They
// hold their values and size themselves; changing a value from code sends no event (as in
// UIKit, where only the user's touches send `.valueChanged`).

import Foundation

// MARK: - UISwitch

/// An on / off switch. Its size is fixed at 51 x 31 points, UIKit's (a UISwitch's printed
/// view hierarchy shows `frame = (0 0; 51 31)`: c4ios.com, "Hacking UISwitch"): a frame or
/// bounds app code gives it keeps only its origin. Under Auto Layout its content hugging and
/// compression resistance are 750 on both axes, the values Interface Builder gives a switch
/// (the table of default priorities, Xcode 7.3, in the Stack Overflow question "What are the
/// default Auto Layout content hugging and content compression resistance priority
/// values?"), so a label beside it (hugging 251) stretches instead.
@preconcurrency @MainActor
open class UISwitch: UIControl {
  /// UIKit's fixed switch size.
  public static let fixedSize = CGSize(width: 51, height: 31)

  open var isOn = false
  open var onTintColor: UIColor?
  open var thumbTintColor: UIColor?
  open var preferredStyle = Style.automatic

  public enum Style: Int, Sendable { case automatic, checkbox, sliding }

  public override init(frame: CGRect) {
    super.init(frame: CGRect(origin: frame.origin, size: Self.fixedSize))
    keepFixedSize()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    keepFixedSize()
  }

  private func keepFixedSize() {
    for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
      setContentHuggingPriority(.defaultHigh, for: axis)
      setContentCompressionResistancePriority(.defaultHigh, for: axis)
    }
  }

  /// Keeps the new origin; the size stays 51 x 31.
  open override var frame: CGRect {
    get { super.frame }
    set { super.frame = CGRect(origin: newValue.origin, size: Self.fixedSize) }
  }

  /// Keeps the size at 51 x 31.
  open override var bounds: CGRect {
    get { super.bounds }
    set { super.bounds = CGRect(origin: newValue.origin, size: Self.fixedSize) }
  }

  /// Sets the value; sends no event.
  open func setOn(_ on: Bool, animated: Bool) { isOn = on }

  open override var intrinsicContentSize: CGSize { Self.fixedSize }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.fixedSize }
}

// MARK: - UISegmentedControl

/// A row of segments, one selected. Intrinsic size: every segment as wide as the widest one
/// ("all segments are equal in width": Apple's Human Interface Guidelines, "Segmented
/// Controls"); NavSim's choices: 32 points tall, titles in the 13 pt system font plus 16
/// points of padding, images counting at their width.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
  /// No segment selected.
  public static let noSegment = -1
  /// The control's height.
  public static let height: CGFloat = 32
  /// Padding a segment adds to its title.
  public static let segmentPadding: CGFloat = 16

  private enum Content { case title(String?), image(UIImage?) }
  private var segments: [(content: Content, width: CGFloat, enabled: Bool)] = []

  /// The selected segment, or `noSegment`. Setting it sends no event.
  open var selectedSegmentIndex = UISegmentedControl.noSegment
  open var selectedSegmentTintColor: UIColor?
  open var isMomentary = false
  open var apportionsSegmentWidthsByContent = false {
    didSet { invalidateIntrinsicContentSize() }
  }
  private var titleAttributes: [(state: State, attributes: [NSAttributedString.Key: Any])] = []

  public override init(frame: CGRect) { super.init(frame: frame) }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Segments from `String` titles or `UIImage`s, in order; nothing selected.
  public convenience init(items: [Any]?) {
    self.init(frame: .zero)
    for item in items ?? [] {
      if let image = item as? UIImage {
        segments.append((.image(image), 0, true))
      } else {
        segments.append((.title(item as? String ?? "\(item)"), 0, true))
      }
    }
  }

  open var numberOfSegments: Int { segments.count }

  open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
    segments.insert((.title(title), 0, true), at: min(max(segment, 0), segments.count))
    invalidateIntrinsicContentSize()
  }

  open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
    segments.insert((.image(image), 0, true), at: min(max(segment, 0), segments.count))
    invalidateIntrinsicContentSize()
  }

  open func removeSegment(at segment: Int, animated: Bool) {
    guard segments.indices.contains(segment) else { return }
    segments.remove(at: segment)
    if selectedSegmentIndex == segment { selectedSegmentIndex = Self.noSegment }
    if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
    invalidateIntrinsicContentSize()
  }

  open func removeAllSegments() {
    segments.removeAll()
    selectedSegmentIndex = Self.noSegment
    invalidateIntrinsicContentSize()
  }

  open func setTitle(_ title: String?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].content = .title(title)
    UIView.noteTextChange()
    invalidateIntrinsicContentSize()
  }

  open func titleForSegment(at segment: Int) -> String? {
    guard segments.indices.contains(segment), case .title(let title) = segments[segment].content
    else { return nil }
    return title
  }

  open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].content = .image(image)
    invalidateIntrinsicContentSize()
  }

  open func imageForSegment(at segment: Int) -> UIImage? {
    guard segments.indices.contains(segment), case .image(let image) = segments[segment].content
    else { return nil }
    return image
  }

  /// A fixed width for one segment (0: automatic).
  open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].width = max(width, 0)
    invalidateIntrinsicContentSize()
  }

  open func widthForSegment(at segment: Int) -> CGFloat {
    segments.indices.contains(segment) ? segments[segment].width : 0
  }

  open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].enabled = enabled
  }

  open func isEnabledForSegment(at segment: Int) -> Bool {
    segments.indices.contains(segment) ? segments[segment].enabled : false
  }

  /// Title attributes per state; a `.font` changes the measured width.
  open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
    titleAttributes.removeAll { $0.state == state }
    if let attributes { titleAttributes.append((state, attributes)) }
    invalidateIntrinsicContentSize()
  }

  open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? {
    titleAttributes.first { $0.state == state }?.attributes
  }

  private var titleFont: UIFont {
    titleTextAttributes(for: .normal)?[.font] as? UIFont ?? .systemFont(ofSize: 13)
  }

  private func contentWidth(_ content: Content) -> CGFloat {
    switch content {
    case .title(let title):
      let text = title ?? ""
      return text.isEmpty
        ? 0
        : TextModel.pixelCeiling(
          TextModel.width(of: text, font: titleFont), scale: layoutRoot.displayScale)
    case .image(let image): return image?.size.width ?? 0
    }
  }

  open override var intrinsicContentSize: CGSize {
    let automatic = segments.filter { $0.width == 0 }.map {
      contentWidth($0.content) + Self.segmentPadding
    }
    let fixed = segments.map(\.width).reduce(0, +)
    let flexible =
      apportionsSegmentWidthsByContent
      ? automatic.reduce(0, +) : CGFloat(automatic.count) * (automatic.max() ?? 0)
    return CGSize(width: fixed + flexible, height: Self.height)
  }
}
