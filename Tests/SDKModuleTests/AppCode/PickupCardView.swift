// App code: a ride-hailing pickup card and the small UIKit helpers app teams write around
// their layout delegates, in the idioms of UIKit code on iOS (Swift 6, imports as on iOS).
import UIKit

/// A card with the rider's name and a call button, sized by its content.
final class PickupCardView: UIView {
  let title = UILabel()
  let detail = UILabel()
  let callButton = UIButton(type: .system)
  private var compactConstraints: [NSLayoutConstraint] = []
  private var regularConstraints: [NSLayoutConstraint] = []

  override init(frame: CGRect) {
    super.init(frame: frame)
    translatesAutoresizingMaskIntoConstraints = false
    backgroundColor = .secondarySystemBackground
    layer.cornerRadius = 12
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16)
    insetsLayoutMarginsFromSafeArea = false
    semanticContentAttribute = .unspecified
    accessibilityIdentifier = "pickupCard"

    title.font = .preferredFont(forTextStyle: .headline)
    title.adjustsFontForContentSizeCategory = true
    title.numberOfLines = 2
    title.setContentCompressionResistancePriority(.required, for: .vertical)
    title.setContentHuggingPriority(.defaultHigh, for: .vertical)
    detail.font = .preferredFont(forTextStyle: .subheadline)
    detail.textColor = .secondaryLabel
    detail.setContentHuggingPriority(UILayoutPriority(rawValue: 251), for: .horizontal)
    callButton.setTitle("Call", for: .normal)
    callButton.setContentHuggingPriority(.required, for: .horizontal)

    let text = UIStackView(arrangedSubviews: [title, detail])
    text.axis = .vertical
    text.spacing = UIStackView.spacingUseSystem
    text.alignment = .leading
    let row = UIStackView(arrangedSubviews: [text, callButton])
    row.axis = .horizontal
    row.alignment = .center
    row.spacing = 8
    row.isLayoutMarginsRelativeArrangement = false
    row.translatesAutoresizingMaskIntoConstraints = false
    addSubview(row)

    let bottom = row.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor)
    bottom.priority = .defaultHigh - 1
    bottom.identifier = "pickupCard.bottom"
    NSLayoutConstraint.activate([
      row.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
      row.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      row.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      bottom,
      callButton.widthAnchor.constraint(greaterThanOrEqualToConstant: 44),
      callButton.heightAnchor.constraint(equalTo: callButton.widthAnchor, multiplier: 1),
    ])
    let minimumHeight = heightAnchor.constraint(greaterThanOrEqualToConstant: 64)
    minimumHeight.isActive = true
  }

  required init?(coder: NSCoder) { nil }

  /// Shows or hides the detail line, animated, as a bottom sheet does when it collapses.
  func setExpanded(_ expanded: Bool, in container: UIView, animated: Bool) {
    let changes = {
      self.detail.isHidden = !expanded
      self.detail.alpha = expanded ? 1 : 0
      container.layoutIfNeeded()
    }
    guard animated else {
      UIView.performWithoutAnimation(changes)
      return
    }
    UIView.animate(
      withDuration: 0.25, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
      options: [.beginFromCurrentState, .allowUserInteraction], animations: changes
    ) { finished in
      if finished { container.setNeedsLayout() }
    }
  }
}

extension UIView {
  /// Pins the view to `guide`'s edges with `insets`, leading / trailing so it flips in RTL.
  @discardableResult
  func pinEdges(to guide: UILayoutGuide, insets: NSDirectionalEdgeInsets = .zero)
    -> [NSLayoutConstraint]
  {
    translatesAutoresizingMaskIntoConstraints = false
    let constraints = [
      topAnchor.constraint(equalTo: guide.topAnchor, constant: insets.top),
      leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: insets.leading),
      guide.trailingAnchor.constraint(equalTo: trailingAnchor, constant: insets.trailing),
      guide.bottomAnchor.constraint(equalTo: bottomAnchor, constant: insets.bottom),
    ]
    NSLayoutConstraint.activate(constraints)
    return constraints
  }

  /// Whether the view lays out right to left.
  var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }
}

/// A container that styles whatever is added to it, the way app code overrides UIKit's
/// insertion methods (UIKit's exact signatures, `super` called).
final class BadgeContainerView: UIView {
  private(set) var badgeCount = 0

  override func addSubview(_ view: UIView) {
    view.translatesAutoresizingMaskIntoConstraints = false
    view.layer.cornerRadius = 6
    badgeCount += 1
    super.addSubview(view)
  }

  override func insertSubview(_ view: UIView, at index: Int) {
    badgeCount += 1
    super.insertSubview(view, at: index)
  }
}

/// A stack that gives each arranged view a minimum height.
final class MinimumHeightStackView: UIStackView {
  override func addArrangedSubview(_ view: UIView) {
    super.addArrangedSubview(view)
    view.heightAnchor.constraint(greaterThanOrEqualToConstant: 44).isActive = true
  }
}
