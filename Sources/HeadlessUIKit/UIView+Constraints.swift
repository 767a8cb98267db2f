// A view's anchors, installed constraints, autoresizing translation and intrinsic-size
// priorities.

import Foundation

extension UIView {
  // MARK: - Constants

  /// "No intrinsic size along this axis" in `intrinsicContentSize`.
  public static let noIntrinsicMetric: CGFloat = -1
  /// The smallest size `systemLayoutSizeFitting(_:)` can produce.
  public static let layoutFittingCompressedSize = CGSize.zero
  /// The largest size `systemLayoutSizeFitting(_:)` aims for.
  public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

  // MARK: - Anchors

  public var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
  public var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
  public var leftAnchor: NSLayoutXAxisAnchor { anchors.left }
  public var rightAnchor: NSLayoutXAxisAnchor { anchors.right }
  public var centerXAnchor: NSLayoutXAxisAnchor { anchors.centerX }
  public var topAnchor: NSLayoutYAxisAnchor { anchors.top }
  public var bottomAnchor: NSLayoutYAxisAnchor { anchors.bottom }
  public var centerYAnchor: NSLayoutYAxisAnchor { anchors.centerY }
  /// For plain views the same position as `bottomAnchor`; a label's first text baseline.
  public var firstBaselineAnchor: NSLayoutYAxisAnchor { anchors.firstBaseline }
  /// For plain views the same position as `bottomAnchor`; a label's last text baseline.
  public var lastBaselineAnchor: NSLayoutYAxisAnchor { anchors.lastBaseline }
  public var widthAnchor: NSLayoutDimension { anchors.width }
  public var heightAnchor: NSLayoutDimension { anchors.height }

  // MARK: - Installed constraints

  /// The active app constraints installed on this view: those whose items' closest common
  /// ancestor it is (system constraints such as autoresizing ones are not listed).
  public var constraints: [NSLayoutConstraint] { installedConstraints }

  /// Activates `constraint` (legacy API; it is installed on the items' common ancestor).
  public func addConstraint(
    _ constraint: NSLayoutConstraint, file: StaticString = #filePath, line: UInt = #line
  ) {
    NSLayoutConstraint.activate([constraint], file: file, line: line)
  }

  /// Activates each constraint, in order (legacy API).
  public func addConstraints(
    _ constraints: [NSLayoutConstraint], file: StaticString = #filePath, line: UInt = #line
  ) {
    NSLayoutConstraint.activate(constraints, file: file, line: line)
  }

  /// Deactivates `constraint` if it is installed on this view (legacy API).
  public func removeConstraint(_ constraint: NSLayoutConstraint) {
    guard constraint.container === self else { return }
    constraint.isActive = false
  }

  /// Deactivates each of `constraints` installed on this view, in order (legacy API).
  public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { removeConstraint(constraint) }
  }

  // MARK: - Autoresizing translation

  /// Whether the frame (and `autoresizingMask`) becomes required constraints. True for views
  /// created with `init()` / `init(frame:)`, as in UIKit: turn it off for views positioned
  /// with constraints, or they conflict.
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { storedTranslatesAutoresizingMask }
    set {
      guard newValue != storedTranslatesAutoresizingMask else { return }
      storedTranslatesAutoresizingMask = newValue
      updateAutoresizingConstraints()
    }
  }

  /// Which parts of the frame stretch when the superview resizes (for views that translate
  /// their autoresizing mask into constraints); none by default.
  public var autoresizingMask: AutoresizingMask {
    get { storedAutoresizingMask }
    set {
      guard newValue != storedAutoresizingMask else { return }
      storedAutoresizingMask = newValue
      updateAutoresizingConstraints()
    }
  }

  // MARK: - Content hugging and compression resistance

  /// How strongly the view resists growing beyond its intrinsic size along `axis` (250).
  public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
    axis == .horizontal ? contentHugging.horizontal : contentHugging.vertical
  }

  /// Sets how strongly the view resists growing beyond its intrinsic size along `axis`.
  public func setContentHuggingPriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    if axis == .horizontal { contentHugging.horizontal = priority }
    else { contentHugging.vertical = priority }
    LayoutEngine.intrinsicContentSizeDidChange(self)
  }

  /// How strongly the view resists shrinking below its intrinsic size along `axis` (750).
  public func contentCompressionResistancePriority(
    for axis: NSLayoutConstraint.Axis
  ) -> UILayoutPriority {
    axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
  }

  /// Sets how strongly the view resists shrinking below its intrinsic size along `axis`.
  public func setContentCompressionResistancePriority(
    _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
  ) {
    if axis == .horizontal { compressionResistance.horizontal = priority }
    else { compressionResistance.vertical = priority }
    LayoutEngine.intrinsicContentSizeDidChange(self)
  }
}
