import Foundation
import HeadlessUIKit

/// The vertical position of a hiding stack's views, and the order they are laid out in.
public enum GMSNavigationHidingStackPosition: Int, Sendable {
  /// Laid out from top to bottom, from the top edge.
  case top = 0
  /// Laid out from top to bottom, centred vertically.
  case center = 1
  /// Laid out from bottom to top, from the bottom edge.
  case bottom = 2
}

/// The horizontal alignment of a hiding stack's views.
public enum GMSNavigationHidingStackViewAlignment: Int, Sendable {
  case leading = 0
  case trailing = 1
}

/// A container that stacks views vertically and hides those that don't fit, starting from the
/// end of `arrangedSubviews`; they show again when the container grows (spec section 3).
///
/// The stack owns the `isHidden` of its arranged views: setting it from outside records a
/// `hiding-stack-hidden-set` finding. Arranged views are chained with required constraints
/// (hidden ones too, so nothing is ambiguous) and aligned to the leading or trailing edge;
/// the stack's intrinsic size is the widest view by the full height, hugged vertically only at
/// `fittingSizeLevel` (a stack pinned at both ends fills the space between them) and held
/// against compression at `defaultLow - 1` (squeezed, it hides views rather than squeeze the
/// app's content).
@preconcurrency @MainActor
open class GMSNavigationHidingStackView: UIView {
  public let position: GMSNavigationHidingStackPosition
  public let alignment: GMSNavigationHidingStackViewAlignment
  /// Vertical space between arranged views. Default 8.
  public var spacing: CGFloat = 8 {
    didSet { if spacing != oldValue { rebuildConstraints() } }
  }
  /// The stacked views, in stacking order (from the top, or from the bottom for `.bottom`).
  ///
  /// Settable, as in the SDK: the new views become subviews of the stack (moved from wherever
  /// they were), in the order given (a view listed twice counts once); views that are no
  /// longer arranged are removed from the stack.
  public var arrangedSubviews: [UIView] {
    get { arranged }
    set { setArrangedSubviews(newValue) }
  }
  private var arranged: [UIView] = []
  private var stackConstraints: [NSLayoutConstraint] = []
  private var centerConstraint: NSLayoutConstraint?

  /// - Parameters:
  ///   - position: where the stack's views sit and which way they are laid out.
  ///   - alignment: the horizontal edge the views align to.
  public init(
    position: GMSNavigationHidingStackPosition, alignment: GMSNavigationHidingStackViewAlignment
  ) {
    self.position = position
    self.alignment = alignment
    super.init(frame: .zero)
    translatesAutoresizingMaskIntoConstraints = false
    // The stack fills the height its constraints give it and is made to be squeezed (it hides
    // what doesn't fit): its buttons' height holds only where nothing else has a say, not
    // against a `defaultLow` constraint placing the stack's ends, and it gives way before app
    // content at the default priorities.
    setContentHuggingPriority(.fittingSizeLevel, for: .vertical)
    setContentCompressionResistancePriority(.defaultLow - 1, for: .vertical)
  }

  public required init?(coder: NSCoder) { return nil }

  // MARK: - Arranged views

  /// Adds `view` at the end of `arrangedSubviews` (and as a subview).
  public func addArrangedSubview(
    _ view: UIView, file: StaticString = #filePath, line: UInt = #line
  ) {
    insertArrangedSubview(view, at: arrangedSubviews.count, file: file, line: line)
  }

  /// Inserts `view` at `index` of `arrangedSubviews` (and as a subview).
  public func insertArrangedSubview(
    _ view: UIView, at index: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    SDKInternal.perform {
      arranged.removeAll { $0 === view }
      arranged.insert(view, at: min(max(index, 0), arranged.count))
      view.translatesAutoresizingMaskIntoConstraints = false
      if view.superview !== self { addSubview(view, file: file, line: line) }
    }
    rebuildConstraints()
  }

  /// Stops managing `view`; it stays a subview (as with `UIStackView`).
  public func removeArrangedSubview(_ view: UIView) {
    guard arranged.contains(where: { $0 === view }) else { return }
    arranged.removeAll { $0 === view }
    rebuildConstraints()
  }

  private func setArrangedSubviews(_ views: [UIView]) {
    var unique: [UIView] = []
    for view in views where !unique.contains(where: { $0 === view }) { unique.append(view) }
    SDKInternal.perform {
      for view in arranged where !unique.contains(where: { $0 === view }) {
        if view.superview === self { view.removeFromSuperview() }
      }
      arranged = unique
      for view in unique {
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
      }
    }
    rebuildConstraints()
  }

  override open func willRemoveSubview(_ subview: UIView) {
    super.willRemoveSubview(subview)
    arranged.removeAll { $0 === subview }
    stackConstraints.removeAll { $0.firstItem === subview || $0.secondItem === subview }
  }

  // MARK: - Layout

  override open var intrinsicContentSize: CGSize {
    let sizes = arrangedSubviews.map(Self.size(of:))
    guard !sizes.isEmpty else { return .zero }
    let height = sizes.reduce(0) { $0 + $1.height } + spacing * CGFloat(sizes.count - 1)
    return CGSize(width: sizes.map(\.width).max() ?? 0, height: height)
  }

  /// Shows the arranged views that fit in the current height, in order; hides the rest.
  override open func layoutSubviews() {
    super.layoutSubviews()
    let heights = arrangedSubviews.map { Self.size(of: $0).height }
    var used: CGFloat = 0
    var fitting = 0
    for height in heights {
      let next = used + (fitting > 0 ? spacing : 0) + height
      if next > bounds.height + 0.5 { break }
      used = next
      fitting += 1
    }
    SDKInternal.perform {
      for (index, view) in arrangedSubviews.enumerated() where view.isHidden != (index >= fitting) {
        view.isHidden = index >= fitting
      }
      if let centerConstraint, centerConstraint.constant != -used / 2 {
        centerConstraint.constant = -used / 2
      }
    }
  }

  private func rebuildConstraints() {
    SDKInternal.perform {
      NSLayoutConstraint.deactivate(stackConstraints)
      stackConstraints.removeAll()
      centerConstraint = nil
      var previous: UIView?
      for view in arrangedSubviews {
        stackConstraints.append(
          alignment == .leading
            ? view.leadingAnchor.constraint(equalTo: leadingAnchor)
            : view.trailingAnchor.constraint(equalTo: trailingAnchor))
        switch (position, previous) {
        case (.bottom, nil):
          stackConstraints.append(view.bottomAnchor.constraint(equalTo: bottomAnchor))
        case (.bottom, let above?):
          stackConstraints.append(
            view.bottomAnchor.constraint(equalTo: above.topAnchor, constant: -spacing))
        case (.top, nil):
          stackConstraints.append(view.topAnchor.constraint(equalTo: topAnchor))
        case (.center, nil):
          let center = view.topAnchor.constraint(equalTo: centerYAnchor)
          centerConstraint = center
          stackConstraints.append(center)
        case (_, let above?):
          stackConstraints.append(
            view.topAnchor.constraint(equalTo: above.bottomAnchor, constant: spacing))
        }
        previous = view
      }
      NSLayoutConstraint.activate(stackConstraints)
      invalidateIntrinsicContentSize()
      setNeedsLayout()
    }
  }

  /// An arranged view's size: the SDK's fixed size for SDK buttons, else its intrinsic size.
  private static func size(of view: UIView) -> CGSize {
    let intrinsic = view.intrinsicContentSize
    let sdkView = view as? SDKView
    return CGSize(
      width: max(0, sdkView?.fixedWidth ?? intrinsic.width),
      height: max(0, sdkView?.fixedHeight ?? intrinsic.height))
  }
}
