// UIKit's view controller, headless: the view's lazy loading and the lifecycle callbacks that
// app screens put their layout code in (docs/uikit-model.md, "View controllers").

import Foundation

/// Manages a view hierarchy: loads its view on first use (`loadView()`, then `viewDidLoad()`),
/// hears of appearance, layout, safe-area, trait and size changes, and holds child
/// controllers.
@preconcurrency @MainActor
open class UIViewController: NSObject, UITraitEnvironment {
  private var loadedView: UIView?
  private var isLoadingView = false
  /// The controller this one presents (`present(_:animated:completion:)`).
  public internal(set) var presentedViewController: UIViewController?
  /// The controller that presents this one.
  public internal(set) weak var presentingViewController: UIViewController?
  /// How `present` shows this controller (UIKit's default: `.automatic`).
  open var modalPresentationStyle = UIModalPresentationStyle.automatic
  /// The interface style of this controller's view hierarchy (`.unspecified`: inherit).
  public var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
    didSet {
      UIView.noteVisibleChange()
      if overrideUserInterfaceStyle != oldValue, let loadedView {
        LayoutEngine.traitsDidChange(in: loadedView)
      }
    }
  }
  /// Traits the controller's view hierarchy uses instead of the inherited ones (iOS 17).
  public var traitOverrides = UITraitOverrides() {
    didSet {
      if traitOverrides != oldValue, let loadedView { LayoutEngine.traitsDidChange(in: loadedView) }
    }
  }
  /// Overrides set with `setOverrideTraitCollection(_:forChild:)`, in the order set.
  private var childTraitOverrides: [(child: UIViewController, traits: UITraitCollection)] = []
  /// Handlers `registerForTraitChanges` added, in the order added.
  var traitRegistrations: [TraitChangeRegistration] = []
  /// The nib's name; NavSim loads no nibs, so a controller with one gets a plain view.
  public let nibName: String?
  public let nibBundle: Bundle?

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    nibName = nibNameOrNil
    nibBundle = nibBundleOrNil
    super.init()
  }

  /// Storyboards are not part of NavSim: this makes a controller without one.
  public required init?(coder: NSCoder) {
    nibName = nil
    nibBundle = nil
    super.init()
  }

  /// A controller without a nib (`init(nibName: nil, bundle: nil)`), as in UIKit a convenience
  /// initializer, so a subclass may declare its own `init()` without `override`.
  public override convenience init() {
    self.init(nibName: nil, bundle: nil)
  }

  // MARK: - The view

  /// The root view: loaded (`loadView()`, then `viewDidLoad()`) the first time it is read.
  public var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set { setView(newValue) }
  }

  /// The view if it was loaded, without loading it.
  public var viewIfLoaded: UIView? { loadedView }

  public var isViewLoaded: Bool { loadedView != nil }

  /// Loads the view now if it was not loaded yet.
  public func loadViewIfNeeded() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    loadView()
    isLoadingView = false
    if loadedView == nil { setView(UIView(frame: UIScreen.main.bounds)) }
    viewDidLoad()
  }

  private func setView(_ newValue: UIView?) {
    if let old = loadedView, old.owningViewController === self { old.owningViewController = nil }
    loadedView = newValue
    newValue?.owningViewController = self
  }

  /// Makes the view; override to build it in code (`view = mapView`), without calling super.
  /// The default makes a plain view the size of the main screen.
  open func loadView() {
    view = UIView(frame: UIScreen.main.bounds)
  }

  /// Called once, after the view was loaded.
  open func viewDidLoad() {}

  /// A title for containers to show; setting it sets `navigationItem.title` too, as in UIKit.
  open var title: String? {
    didSet { navigationItem.title = title }
  }

  /// What a navigation bar shows for this controller (NavSim lays out no bar).
  public private(set) lazy var navigationItem = UINavigationItem()
  /// Items a navigation controller's toolbar shows for this controller.
  open var toolbarItems: [UIBarButtonItem]?
  open var hidesBottomBarWhenPushed = false

  // MARK: - Appearance

  /// Called before the view appears (`beginAppearanceTransition(true, ...)`).
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view appeared (`endAppearanceTransition()`).
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view disappears.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view disappeared.
  open func viewDidDisappear(_ animated: Bool) {}

  private var appearing: (isAppearing: Bool, animated: Bool)?

  /// Starts an appearance (`true`) or disappearance transition: `viewWillAppear` /
  /// `viewWillDisappear`, here and in the children. A NavSim replay of a screen that returns
  /// a controller calls it with `true` before the first event.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    loadViewIfNeeded()
    appearing = (isAppearing, animated)
    if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
    for child in children { child.beginAppearanceTransition(isAppearing, animated: animated) }
  }

  /// Ends the transition begun last: `viewDidAppear` / `viewDidDisappear`.
  public func endAppearanceTransition() {
    guard let (isAppearing, animated) = appearing else { return }
    appearing = nil
    if isAppearing { viewDidAppear(animated) } else { viewDidDisappear(animated) }
    for child in children { child.endAppearanceTransition() }
  }

  // MARK: - Layout

  /// Called before the view's `layoutSubviews` in a layout pass.
  open func viewWillLayoutSubviews() {}
  /// Called after the view's `layoutSubviews` in a layout pass.
  open func viewDidLayoutSubviews() {}

  /// Called instead of the view's `updateConstraints()` in a layout pass; call super, which
  /// runs the view's.
  open func updateViewConstraints() {
    loadedView?.updateConstraints()
  }

  /// The smallest margins the root view has while `viewRespectsSystemMinimumLayoutMargins`:
  /// 0 top and bottom (beyond the safe area), 16 pt leading and trailing in a compact-width
  /// environment and 20 pt in a regular-width one (UIKit's documentation of
  /// `UIView.layoutMargins`: "The side margins vary depending on the current size class, but
  /// can be either 16 or 20 points").
  public var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
    Self.systemMinimumLayoutMargins(for: traitCollection.horizontalSizeClass)
  }

  /// The system minimum margins in an environment of this horizontal size class.
  static func systemMinimumLayoutMargins(
    for sizeClass: UIUserInterfaceSizeClass
  ) -> NSDirectionalEdgeInsets {
    let side: CGFloat = sizeClass == .regular ? 20 : 16
    return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
  }

  /// Whether the root view's margins are at least `systemMinimumLayoutMargins` (true by
  /// default); when false, margins the app set on the root view are used as they are.
  public var viewRespectsSystemMinimumLayoutMargins = true {
    didSet {
      guard viewRespectsSystemMinimumLayoutMargins != oldValue, let loadedView else { return }
      let old = loadedView.effectiveDirectionalMargins(
        respecting: oldValue, sizeClass: traitCollection.horizontalSizeClass)
      loadedView.marginsMayHaveChanged(from: old)
    }
  }

  /// Called when the view's safe area insets change.
  open func viewSafeAreaInsetsDidChange() {}
  /// Called when the view's layout margins change.
  open func viewLayoutMarginsDidChange() {}

  /// Called before the view's size changes (rotation, split screen: a NavSim replay's
  /// `mapResized`, when the view is the map view), with a coordinator whose animations run
  /// with the new size and whose completions run after it. Passes the call on to children.
  open func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    for child in children { child.viewWillTransition(to: size, with: coordinator) }
  }

  // MARK: - Traits

  /// The traits of the view (those of its hierarchy), or of the main screen before it loaded.
  public var traitCollection: UITraitCollection {
    if let loadedView { return loadedView.traitCollection }
    return UITraitCollection.window(
      size: UIScreen.main.bounds.size, idiom: .phone, direction: .leftToRight,
      scale: UIScreen.main.scale
    ).applying(traitOverrides)
  }

  /// Called when the traits changed: at the first layout pass of the view (with nil), and at
  /// a pass after the hierarchy changed size class, idiom, direction, content size or an
  /// override.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  /// Gives `child` these traits over the ones it inherits (nil: stop), as UIKit's container
  /// controllers do.
  public func setOverrideTraitCollection(
    _ collection: UITraitCollection?, forChild child: UIViewController
  ) {
    childTraitOverrides.removeAll { $0.child === child }
    if let collection { childTraitOverrides.append((child, collection)) }
    if let childView = child.viewIfLoaded { LayoutEngine.traitsDidChange(in: childView) }
  }

  /// The traits set for `child` with `setOverrideTraitCollection(_:forChild:)`.
  public func overrideTraitCollection(forChild child: UIViewController) -> UITraitCollection? {
    childTraitOverrides.first { $0.child === child }?.traits
  }

  /// Calls `handler` with the controller and its previous traits when one of `traits`
  /// changes (at layout passes; not for the first traits).
  @discardableResult
  public func registerForTraitChanges<Environment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration {
    let registration = TraitChangeRegistration(traits, handler: handler)
    traitRegistrations.append(registration)
    return registration
  }

  /// Stops a registration made by `registerForTraitChanges`.
  public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
    traitRegistrations.removeAll { $0 === registration }
  }

  // MARK: - Children

  /// The controller this one is a child of.
  public private(set) weak var parent: UIViewController?
  /// The child controllers, in the order they were added.
  public private(set) var children: [UIViewController] = []

  /// Adds `child` (calls its `willMove(toParent: self)`; the caller adds its view and then
  /// calls `child.didMove(toParent: self)`, as in UIKit).
  open func addChild(_ child: UIViewController) {
    guard child.parent !== self else { return }
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Removes this controller from its parent (calls `didMove(toParent: nil)`; the caller calls
  /// `willMove(toParent: nil)` first and removes the view).
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  /// Called before the controller is added to or removed from a parent.
  open func willMove(toParent parent: UIViewController?) {}
  /// Called after the controller was added to or removed from a parent.
  open func didMove(toParent parent: UIViewController?) {}
}

/// What `viewWillTransition(to:with:)` hands over about a size change.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
  var isAnimated: Bool { get }
  var transitionDuration: TimeInterval { get }
  var isCancelled: Bool { get }
  var targetTransform: CGAffineTransform { get }
}

/// Runs code along with a size change (with the new size in effect) and after it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

/// The coordinator of a headless size change: not animated, never cancelled. The host calls
/// `runAlongside()` once the new size is set and `complete()` after that size's layout.
@preconcurrency @MainActor
public final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator {
  public let isAnimated = false
  public let transitionDuration: TimeInterval = 0
  public let isCancelled = false
  public let targetTransform = CGAffineTransform.identity
  private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

  public init() {}

  @discardableResult
  public func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    if let animation { alongside.append(animation) }
    if let completion { completions.append(completion) }
    return true
  }

  /// Runs the alongside-animation blocks, in the order they were given.
  public func runAlongside() {
    let blocks = alongside
    alongside = []
    for block in blocks { block(self) }
  }

  /// Runs the completion blocks, in the order they were given.
  public func complete() {
    let blocks = completions
    completions = []
    for block in blocks { block(self) }
  }
}
