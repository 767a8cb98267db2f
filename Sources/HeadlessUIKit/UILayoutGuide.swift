// UILayoutGuide: an invisible rectangle constraints can position, owned by a view.

import Foundation

/// A rectangle that takes part in Auto Layout without being a view (spacing, grouping).
///
/// App guides join a view with `UIView.addLayoutGuide(_:)`. Every view also has two system
/// guides it positions itself: `layoutMarginsGuide` and `safeAreaLayoutGuide`.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject, LayoutItem {
  /// A name for debugging and findings.
  open var identifier = "" { didSet { UIView.noteTreeChange() } }

  /// The view the guide belongs to, `nil` until added.
  public internal(set) weak var owningView: UIView?

  /// Where the app's code added the guide to its view (`addLayoutGuide`).
  public internal(set) var addedAt: CallSite?

  /// What positions the guide: the app, or the owning view (margins, safe area).
  let role: Role
  // `@exclusivity(unchecked)`: written by every layout pass (UIView.swift's storage says why).
  @exclusivity(unchecked) var layoutSlot: LayoutSlot?
  @exclusivity(unchecked) var storedLayoutFrame = CGRect.zero {
    didSet { if storedLayoutFrame != oldValue { UIView.noteVisibleChange() } }
  }
  lazy var anchors = AnchorSet(self)

  /// What positions a guide.
  enum Role {
    case app
    case layoutMargins
    case safeArea
    /// A spacer a `UIStackView` keeps between arranged views.
    case stackSpacer
  }

  public override init() {
    role = .app
    super.init()
  }

  /// Kept for source compatibility with `NSCoding`; nothing is decoded.
  public required init?(coder: NSCoder) {
    role = .app
    super.init()
  }

  init(role: Role, owningView: UIView) {
    self.role = role
    self.owningView = owningView
    super.init()
    switch role {
    case .app: break
    case .layoutMargins: identifier = "UIViewLayoutMarginsGuide"
    case .safeArea: identifier = "UIViewSafeAreaLayoutGuide"
    case .stackSpacer: identifier = "UISV-spacer"
    }
  }

  /// The guide's rectangle in its owning view's coordinates, as of the last layout pass.
  public var layoutFrame: CGRect { storedLayoutFrame }

  // MARK: - Anchors

  public var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
  public var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
  public var leftAnchor: NSLayoutXAxisAnchor { anchors.left }
  public var rightAnchor: NSLayoutXAxisAnchor { anchors.right }
  public var centerXAnchor: NSLayoutXAxisAnchor { anchors.centerX }
  public var topAnchor: NSLayoutYAxisAnchor { anchors.top }
  public var bottomAnchor: NSLayoutYAxisAnchor { anchors.bottom }
  public var centerYAnchor: NSLayoutYAxisAnchor { anchors.centerY }
  public var widthAnchor: NSLayoutDimension { anchors.width }
  public var heightAnchor: NSLayoutDimension { anchors.height }

  // MARK: - Description

  var hierarchyView: UIView? { owningView }

  /// `UILayoutGuide('identifier')` or, for system guides, `Owner.layoutMarginsGuide`.
  public var layoutDebugName: String {
    switch role {
    case .app:
      let type = String(describing: Swift.type(of: self))
      return identifier.isEmpty ? type : "\(type)('\(identifier)')"
    case .layoutMargins:
      return "\(owningView?.layoutDebugName ?? "nil").layoutMarginsGuide"
    case .safeArea:
      return "\(owningView?.layoutDebugName ?? "nil").safeAreaLayoutGuide"
    case .stackSpacer:
      return "\(owningView?.layoutDebugName ?? "nil").spacer"
    }
  }

  nonisolated open override var description: String {
    guard Thread.isMainThread else { return "UILayoutGuide" }
    return MainActor.assumeIsolated { "\(layoutDebugName) \(storedLayoutFrame)" }
  }
}
