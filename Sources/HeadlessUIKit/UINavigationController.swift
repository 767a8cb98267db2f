// A navigation stack: the top controller's view fills the container, under a navigation bar
// that extends the top controller's safe area, as in UIKit. No transitions are animated:
// `animated` is accepted and the change is immediate.

import Foundation

/// The bar of a navigation controller: 44 points tall, UIKit's bar height on a phone in
/// portrait (NavSim uses it in every size class), pinned under the container's safe-area top.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
  /// The bar's height.
  public static let height: CGFloat = 44
  open var barTintColor: UIColor?
  open var prefersLargeTitles = false
  open var isTranslucent = true
  open var titleTextAttributes: [NSAttributedString.Key: Any]?

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: Self.height)
  }
}

/// A stack of view controllers, the top one shown.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
  /// The stack, root first.
  public private(set) var viewControllers: [UIViewController] = []
  public let navigationBar = UINavigationBar()
  /// Whether the bar is hidden. Default false. A hidden bar adds nothing to the top
  /// controller's safe area.
  public var isNavigationBarHidden: Bool {
    get { navigationBar.isHidden }
    set { setNavigationBarHidden(newValue, animated: false) }
  }
  /// Stored: NavSim has no navigation toolbar. Default true.
  public var isToolbarHidden = true

  public var topViewController: UIViewController? { viewControllers.last }
  public var visibleViewController: UIViewController? {
    topViewController?.presentedViewController ?? topViewController
  }

  public convenience init(rootViewController: UIViewController) {
    self.init(nibName: nil, bundle: nil)
    setViewControllers([rootViewController], animated: false)
  }

  open override func viewDidLoad() {
    super.viewDidLoad()
    navigationBar.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(navigationBar)
    NSLayoutConstraint.activate([
      navigationBar.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
      navigationBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      navigationBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
    ])
    showTop()
  }

  /// Shows or hides the bar; the top controller's safe area follows at the next layout pass.
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    navigationBar.isHidden = hidden
    topViewController?.viewIfLoaded?.navigationBarInset = hidden ? 0 : UINavigationBar.height
    viewIfLoaded?.setNeedsLayout()
  }

  open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    setViewControllers(viewControllers + [viewController], animated: animated)
  }

  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
    setViewControllers(Array(viewControllers.dropLast()), animated: animated)
    return top
  }

  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard viewControllers.count > 1 else { return nil }
    let popped = Array(viewControllers.dropFirst())
    setViewControllers([viewControllers[0]], animated: animated)
    return popped
  }

  /// Replaces the stack: controllers leaving it are removed as children.
  open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
    let old = topViewController
    for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
      controller.willMove(toParent: nil)
      controller.removeFromParent()
    }
    for controller in controllers where controller.parent !== self { addChild(controller) }
    viewControllers = controllers
    if old !== topViewController, let oldView = old?.viewIfLoaded {
      oldView.navigationBarInset = 0  // the bar no longer shows over it
      if oldView.superview === viewIfLoaded { oldView.removeFromSuperview() }
    }
    if isViewLoaded { showTop() }
  }

  /// Puts the top controller's view under the bar, filling the container.
  private func showTop() {
    guard let top = topViewController else { return }
    let child = top.view!
    // The bar's height is kept apart from the app's own additionalSafeAreaInsets.
    child.navigationBarInset = navigationBar.isHidden ? 0 : UINavigationBar.height
    guard child.superview !== view else { return }
    child.frame = view.bounds
    child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.insertSubview(child, belowSubview: navigationBar)
    top.didMove(toParent: self)
  }
}

extension UIViewController {
  /// The nearest navigation controller up the parent chain.
  public var navigationController: UINavigationController? {
    var current = parent
    while let controller = current {
      if let navigation = controller as? UINavigationController { return navigation }
      current = controller.parent
    }
    return nil
  }
}
