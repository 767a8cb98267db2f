// What a view controller shows in a navigation bar: `navigationItem` with its title and bar
// button items. NavSim models no navigation controller (docs/uikit-model.md): the items are
// kept for the app's code and tests to read; no bar is laid out.

import Foundation

/// A button in a navigation bar or toolbar, as UIKit's `UIBarButtonItem`.
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
  /// How the item is drawn.
  public enum Style: Int, Sendable {
    case plain = 0
    @available(*, deprecated, message: "use plain")
    case bordered = 1
    case done = 2
  }

  /// The system's stock items.
  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action
    case organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind
    case fastForward, undo, redo, pageCurl, close
  }

  open var title: String?
  open var image: UIImage?
  open var style = Style.plain
  /// The width of a fixed space (0: the system's).
  open var width: CGFloat = 0
  open var isEnabled = true
  open var tintColor: UIColor?
  open var customView: UIView?
  /// The action run when the item is chosen.
  open var primaryAction: UIAction?
  /// Target-action (Selector+TargetAction.swift): stored, never invoked by name.
  open weak var target: AnyObject?
  open var action: Selector?
  open var accessibilityIdentifier: String?
  open var accessibilityLabel: String?
  /// The stock item this was made as, if any.
  public let systemItem: SystemItem?

  override public init() {
    systemItem = nil
    super.init()
  }

  public convenience init(title: String?, style: Style, primaryAction: UIAction? = nil) {
    self.init()
    self.title = title
    self.style = style
    self.primaryAction = primaryAction
  }

  public convenience init(image: UIImage?, style: Style, primaryAction: UIAction? = nil) {
    self.init()
    self.image = image
    self.style = style
    self.primaryAction = primaryAction
  }

  public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction?) {
    self.init()
    self.title = title
    self.image = image
    self.primaryAction = primaryAction
  }

  public init(barButtonSystemItem systemItem: SystemItem, primaryAction: UIAction? = nil) {
    self.systemItem = systemItem
    self.primaryAction = primaryAction
    super.init()
  }

  public convenience init(customView: UIView) {
    self.init()
    self.customView = customView
  }

  /// A flexible space between items.
  public class func flexibleSpace() -> UIBarButtonItem {
    UIBarButtonItem(barButtonSystemItem: .flexibleSpace)
  }

  /// A space of `width` points.
  public class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
    let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace)
    item.width = width
    return item
  }
}

/// What a view controller puts in a navigation bar, as UIKit's `UINavigationItem`.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
  /// How a large title shows.
  public enum LargeTitleDisplayMode: Int, Sendable {
    case automatic, always, never, inline
  }

  open var title: String?
  open var titleView: UIView?
  open var prompt: String?
  open var backButtonTitle: String?
  open var backBarButtonItem: UIBarButtonItem?
  open var hidesBackButton = false
  open var leftItemsSupplementBackButton = false
  open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic
  open var leftBarButtonItems: [UIBarButtonItem]?
  open var rightBarButtonItems: [UIBarButtonItem]?

  public init(title: String) {
    self.title = title
    super.init()
  }

  override public init() { super.init() }

  /// The first of `leftBarButtonItems`.
  open var leftBarButtonItem: UIBarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// The first of `rightBarButtonItems`.
  open var rightBarButtonItem: UIBarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
  open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) {
    rightBarButtonItem = item
  }
  open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    leftBarButtonItems = items
  }
  open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    rightBarButtonItems = items
  }
}
