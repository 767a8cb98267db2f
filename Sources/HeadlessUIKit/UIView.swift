// UIView: the node of a window-less view hierarchy, its appearance properties and the
// hierarchy API. Geometry, constraints, margins, layout and animation live in UIView+*.swift.

import Foundation

/// A rectangle in a view hierarchy, laid out by Auto Layout, as UIKit's `UIView`.
///
/// The hierarchy's outermost ancestor (the map view, in NavSim) is the layout root: its frame is
/// set by its owner, and `layoutIfNeeded()` on any view of the hierarchy solves the constraints
/// of the whole hierarchy and writes every other view's frame.
@preconcurrency @MainActor
open class UIView: NSObject, LayoutItem {
  // MARK: - Storage (hierarchy)

  // `@exclusivity(unchecked)` (here and on the layout storage below): read or written for
  // every view by each layout pass's frame writing and walks, where the runtime's access check
  // cost about 100 instructions each (docs/replay-performance.md, "Unchecked exclusivity"); no
  // access to them overlaps another (the checks found none in every test and canonical trip).
  @exclusivity(unchecked) var storedFrame: CGRect {
    didSet { if storedFrame != oldValue { UIView.noteFrameChange(of: self) } }
  }
  weak var storedSuperview: UIView? { didSet { UIView.noteTreeChange() } }
  /// The subviews, back to front. Internal code reads this, never `subviews`, so a subclass
  /// overriding `subviews` sees only outside reads.
  @exclusivity(unchecked) var subviewStorage: [UIView] = [] {
    didSet { UIView.noteTreeChange() }
  }

  // MARK: - Storage (layout)

  /// App constraints installed on this view (it is their items' closest common ancestor).
  var installedConstraints: [NSLayoutConstraint] = []
  /// Constraints the layout system keeps for this view (autoresizing, intrinsic size, guides).
  var systemConstraints = SystemConstraints()
  @exclusivity(unchecked) var storedTranslatesAutoresizingMask = true
  var storedAutoresizingMask: AutoresizingMask = []
  var contentHugging = (
    horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
  var compressionResistance = (
    horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity" (the
  // speed widget's margins are compared on every speed event).
  @exclusivity(unchecked) var storedDirectionalMargins = NSDirectionalEdgeInsets(
    top: 8, leading: 8, bottom: 8, trailing: 8)
  /// Whether app code set the margins (a controller's root view then stops reading the system
  /// minimum alone).
  var marginsSetByApp = false
  var storedInsetsMarginsFromSafeArea = true
  var storedAdditionalSafeAreaInsets = UIEdgeInsets.zero
  /// The height of the navigation bar over this view (a navigation controller's top
  /// controller's view), added to the top of its safe area apart from the app's own
  /// `additionalSafeAreaInsets`; 0 when no bar shows over it.
  var navigationBarInset: CGFloat = 0 {
    didSet {
      guard navigationBarInset != oldValue else { return }
      setNeedsLayout()
      if storedSuperview == nil { updateSafeAreaInsets(safeAreaAddition) }
    }
  }
  /// Computed by the layout pass from the frames and the ancestors' safe areas.
  @exclusivity(unchecked) var computedSafeAreaInsets = UIEdgeInsets.zero {
    didSet { UIView.noteVisibleChange() }
  }
  var storedSemanticContentAttribute = UISemanticContentAttribute.unspecified {
    didSet { UIView.noteVisibleChange() }
  }
  var storedBaseLayoutDirection = UIUserInterfaceLayoutDirection.leftToRight {
    didSet { UIView.noteVisibleChange() }
  }
  @exclusivity(unchecked) var appLayoutGuides: [UILayoutGuide] = [] {
    didSet { UIView.noteTreeChange() }
  }
  @exclusivity(unchecked) var marginsGuide: UILayoutGuide?
  @exclusivity(unchecked) var safeAreaGuide: UILayoutGuide?
  lazy var anchors = AnchorSet(self)
  @exclusivity(unchecked) var needsLayout = true
  var constraintsNeedUpdate = true
  @exclusivity(unchecked) var layoutSlot: LayoutSlot?
  /// The incremental layout engine, kept by the layout root only.
  var engine: LayoutEngine?
  /// The view controller whose `view` this is (it hears of this view's layout passes).
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity" (read
  // with the margins, on every speed event).
  @exclusivity(unchecked) package weak var owningViewController: UIViewController? {
    didSet {
      guard owningViewController !== oldValue else { return }
      refreshGuideConstants()
    }
  }
  /// The device kind a host says this hierarchy's root stands for (`unspecified`: inferred
  /// from the root's size, `traitCollection`).
  package var hostIdiom = UIUserInterfaceIdiom.unspecified
  /// Pixels per point of the screen a host says this hierarchy's root is shown on (0:
  /// inferred from the root's size, `displayScale`).
  package var hostScale: CGFloat = 0 { didSet { if hostScale != oldValue { setNeedsLayout() } } }
  /// The interface style this view and its subviews use instead of the inherited one
  /// (`.unspecified`: inherit), as in UIKit; it shows in `traitCollection.userInterfaceStyle`.
  public var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
    didSet {
      UIView.noteVisibleChange()
      if overrideUserInterfaceStyle != oldValue { LayoutEngine.traitsDidChange(in: self) }
    }
  }
  /// `traitOverrides` (UIView+Traits.swift).
  var storedTraitOverrides = UITraitOverrides()
  /// Handlers `registerForTraitChanges` added, in the order added.
  var traitRegistrations: [TraitChangeRegistration] = []
  /// The traits the last trait-change delivery told this view of (nil before the first).
  var deliveredTraits: UITraitCollection?
  /// Set by `setNeedsDisplay()`, cleared when a drawing draws the view.
  var needsDisplay = false
  /// Whether observers read this view's frame even when it has no subviews and no background
  /// colour (the SDK's views: the layout rules judge them whatever they paint), so that its
  /// frame changes move `UIView.paintedGeometryRevision` (UIView+Revision.swift).
  package var framesAreWatched = false
  /// Whether this view painted (`backgroundColor`) when its frame last changed or when the
  /// layout rules last read its colour (`observedBackgroundColor`), whichever came last: a
  /// frame change is a bare view's only when it paints neither now nor then, so a subclass
  /// whose `backgroundColor` getter is computed (painting with some texts only) and that
  /// stops painting as it moves still moves `UIView.paintedGeometryRevision`.
  @exclusivity(unchecked) var paintedWhenLastSeen = false

  // MARK: - Appearance

  /// Hidden views are still laid out, as in UIKit. Changes are reported to `LayoutAudit`.
  open var isHidden = false {
    didSet {
      guard isHidden != oldValue else { return }
      UIView.noteVisibleChange()
      LayoutEngine.visibilityDidChange(self)
      LayoutAudit.current?.hiddenChanged(self)
    }
  }

  /// Opacity, 0...1. Animatable.
  open var alpha: CGFloat = 1 {
    didSet {
      guard alpha != oldValue else { return }
      UIView.noteVisibleChange()
      UIAnimationClock.recordChange(self, .alpha, from: .scalar(oldValue), to: .scalar(alpha))
    }
  }

  /// Whether the view promises to draw every pixel of its bounds opaquely.
  open var isOpaque = true { didSet { UIView.noteVisibleChange() } }

  /// The fill colour; `nil` is transparent. Animatable.
  open var backgroundColor: UIColor? {
    didSet {
      UIView.noteVisibleChange()
      guard backgroundColor != oldValue else { return }
      UIAnimationClock.recordChange(
        self, .backgroundColor, from: .color(oldValue), to: .color(backgroundColor))
    }
  }

  /// A transform applied when drawing; it doesn't change `frame` as layout sees it. Animatable.
  open var transform = CGAffineTransform.identity {
    didSet {
      guard transform != oldValue else { return }
      UIView.noteVisibleChange()
      UIAnimationClock.recordChange(
        self, .transform, from: .transform(oldValue), to: .transform(transform))
    }
  }

  open var tintColor: UIColor?
  open var clipsToBounds = false
  open var contentMode = ContentMode.scaleToFill
  open var isUserInteractionEnabled = true
  open var tag = 0
  /// The layer's drawing properties (corner radius, masked corners, border...).
  public let layer = CALayer()

  // MARK: - Accessibility

  /// A stable name for tests and findings; also used in descriptions.
  open var accessibilityIdentifier: String? { didSet { UIView.noteTreeChange() } }
  open var accessibilityLabel: String?
  open var accessibilityHint: String?
  open var accessibilityValue: String?
  open var isAccessibilityElement = false
  open var accessibilityElementsHidden = false

  // MARK: - Creating views

  /// A view with the given frame. Its `translatesAutoresizingMaskIntoConstraints` is true.
  public init(frame: CGRect) {
    storedFrame = frame
    super.init()
  }

  /// Kept for source compatibility with `NSCoding`; nothing is decoded: the view has a zero
  /// frame.
  public required init?(coder: NSCoder) {
    storedFrame = .zero
    super.init()
  }

  /// A view with a zero frame.
  public override convenience init() {
    self.init(frame: .zero)
  }

  // MARK: - Hierarchy

  /// The view this view is a subview of.
  public var superview: UIView? { storedSuperview }

  /// The subviews, back to front. Open so that a view can notice outside reads of its
  /// internals; layout code never reads it.
  open var subviews: [UIView] { subviewStorage }

  /// Where the app's code last added this view to a superview (`addSubview`, `insertSubview`,
  /// `addArrangedSubview`); findings about the view point there.
  public internal(set) var addedAt: CallSite?

  // Each insertion comes twice. The `open` one has UIKit's signature, so an app class can
  // override it (`override func addSubview(_ view: UIView)`); it is `@_disfavoredOverload`, so
  // a call written the UIKit way picks the other one, which also takes the caller's `file` and
  // `line` for `addedAt` (findings point there). An override's `super.addSubview(view)` lands
  // in the second one and attaches the view. A call on a reference whose static type has the
  // override (nearly all app code) runs the override; a call through a plain `UIView` reference
  // attaches without it, since the recording one cannot dispatch to the override without
  // running it twice when the override itself called super (docs/rules.md, "Findings that point at the code").

  /// Adds `view` on top of the other subviews; moves it to the top if it already is one.
  @_disfavoredOverload
  open func addSubview(_ view: UIView) {
    attachSubview(view, at: subviewStorage.count)
  }

  /// `addSubview(_:)`, with the caller's `file` and `line` becoming `view.addedAt`.
  public func addSubview(_ view: UIView, file: StaticString = #filePath, line: UInt = #line) {
    view.addedAt = CallSite(file: file, line: line)
    attachSubview(view, at: subviewStorage.count)
  }

  /// Inserts `view` at `index` (clamped to 0...count) in the subview list.
  @_disfavoredOverload
  open func insertSubview(_ view: UIView, at index: Int) {
    attachSubview(view, at: index)
  }

  /// `insertSubview(_:at:)`, with the caller's `file` and `line` becoming `view.addedAt`.
  public func insertSubview(
    _ view: UIView, at index: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    view.addedAt = CallSite(file: file, line: line)
    attachSubview(view, at: index)
  }

  /// Inserts `view` just above `sibling` (on top if `sibling` is not a subview).
  @_disfavoredOverload
  open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    attachSubview(view, at: indexAbove(sibling))
  }

  /// `insertSubview(_:aboveSubview:)`, with the caller's `file` and `line` becoming
  /// `view.addedAt`.
  public func insertSubview(
    _ view: UIView, aboveSubview sibling: UIView,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    view.addedAt = CallSite(file: file, line: line)
    attachSubview(view, at: indexAbove(sibling))
  }

  /// Inserts `view` just below `sibling` (on top if `sibling` is not a subview).
  @_disfavoredOverload
  open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
    attachSubview(view, at: indexBelow(sibling))
  }

  /// `insertSubview(_:belowSubview:)`, with the caller's `file` and `line` becoming
  /// `view.addedAt`.
  public func insertSubview(
    _ view: UIView, belowSubview sibling: UIView,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    view.addedAt = CallSite(file: file, line: line)
    attachSubview(view, at: indexBelow(sibling))
  }

  private func indexAbove(_ sibling: UIView) -> Int {
    subviewStorage.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviewStorage.count
  }

  private func indexBelow(_ sibling: UIView) -> Int {
    subviewStorage.firstIndex { $0 === sibling } ?? subviewStorage.count
  }

  /// Moves a subview to the top of the z-order.
  open func bringSubviewToFront(_ view: UIView) {
    guard let index = subviewStorage.firstIndex(where: { $0 === view }) else { return }
    subviewStorage.append(subviewStorage.remove(at: index))
  }

  /// Moves a subview to the bottom of the z-order.
  open func sendSubviewToBack(_ view: UIView) {
    guard let index = subviewStorage.firstIndex(where: { $0 === view }) else { return }
    subviewStorage.insert(subviewStorage.remove(at: index), at: 0)
  }

  /// Swaps two subviews in the z-order.
  open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    guard subviewStorage.indices.contains(index1), subviewStorage.indices.contains(index2)
    else { return }
    subviewStorage.swapAt(index1, index2)
  }

  /// Removes the view from its superview, deactivating every app constraint between the
  /// view's subtree and the rest of the old hierarchy (as UIKit does).
  open func removeFromSuperview() {
    guard let superview = storedSuperview else { return }
    superview.willRemoveSubview(self)
    willMove(toSuperview: nil)
    LayoutEngine.deactivateConstraintsCrossing(subtree: self)
    let oldRoot = superview.layoutRoot
    superview.subviewStorage.removeAll { $0 === self }
    storedSuperview = nil
    LayoutEngine.subtreeDidLeave(self, oldRoot: oldRoot)
    LayoutAudit.current?.subviewRemoved(self, from: superview)
    didMoveToSuperview()
    superview.setNeedsLayout()
  }

  /// Whether this view is `view` or one of its descendants.
  public func isDescendant(of view: UIView) -> Bool {
    var node: UIView? = self
    while let current = node {
      if current === view { return true }
      node = current.storedSuperview
    }
    return false
  }

  /// The first view of the subtree (depth first, self included) with this tag.
  public func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for subview in subviewStorage {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// The outermost ancestor: the root whose frame anchors the layout of the hierarchy.
  public var layoutRoot: UIView {
    var node = self
    while let parent = node.storedSuperview { node = parent }
    return node
  }

  // MARK: - Hierarchy hooks (overridable, called as UIKit calls them)

  open func willMove(toSuperview newSuperview: UIView?) {}
  open func didMoveToSuperview() {}
  open func didAddSubview(_ subview: UIView) {}
  open func willRemoveSubview(_ subview: UIView) {}

  // MARK: - Adding subviews

  private func attachSubview(_ view: UIView, at index: Int) {
    if view === self || isDescendant(of: view) {
      LayoutAudit.current?.layoutMisuse(.subviewCycle(view: view, superview: self))
      return
    }
    if view.storedSuperview === self {
      subviewStorage.removeAll { $0 === view }
      subviewStorage.insert(view, at: min(max(index, 0), subviewStorage.count))
      return
    }
    view.removeFromSuperview()
    view.willMove(toSuperview: self)
    subviewStorage.insert(view, at: min(max(index, 0), subviewStorage.count))
    view.storedSuperview = self
    LayoutEngine.subtreeDidJoin(view)
    LayoutAudit.current?.subviewAdded(view, to: self)
    view.didMoveToSuperview()
    didAddSubview(view)
    setNeedsLayout()
  }

  // MARK: - Overridable geometry and layout (declared here: extensions can't be overridden)

  /// The view's rectangle in its superview's coordinates.
  ///
  /// On the layout root it sets the size the whole hierarchy is laid out in. On a view that
  /// translates its autoresizing mask into constraints it becomes required constraints at the
  /// next layout pass. On a constraint-laid-out view it lasts until the next layout pass.
  open var frame: CGRect {
    get { storedFrame }
    set { setFrame(newValue, byLayout: false) }
  }

  /// The view's own coordinate space: origin zero, the frame's size. Setting it resizes the
  /// view around its centre.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: storedFrame.size) }
    set {
      let center = self.center
      setFrame(
        CGRect(
          x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
          width: newValue.width, height: newValue.height),
        byLayout: false)
    }
  }

  /// The frame's centre, in the superview's coordinates.
  open var center: CGPoint {
    get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
    set {
      var frame = storedFrame
      frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
      setFrame(frame, byLayout: false)
    }
  }

  /// The size the content wants, or `UIView.noIntrinsicMetric` per axis (the default).
  ///
  /// The layout pass turns it into content-hugging (`<=`) and compression-resistance (`>=`)
  /// constraints at the view's priorities. Call `invalidateIntrinsicContentSize()` when it
  /// changes.
  open var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// Tells the layout engine to read `intrinsicContentSize` again at the next layout pass.
  open func invalidateIntrinsicContentSize() {
    LayoutEngine.intrinsicContentSizeDidChange(self)
  }

  /// Lays out subviews. By the time it runs, the layout pass has already written the frames of
  /// this view's subviews from the constraints; override to adjust them (or to change
  /// constraints: the pass then solves again).
  open func layoutSubviews() {}

  /// Called at the start of a layout pass on views flagged with `setNeedsUpdateConstraints()`
  /// (every view once, when it first takes part in a layout pass); override to update
  /// constraints, and call super.
  open func updateConstraints() {}

  /// The size that fits within `size`; the current bounds size by default.
  open func sizeThatFits(_ size: CGSize) -> CGSize { storedFrame.size }

  /// Called when the layout pass changes `safeAreaInsets`.
  open func safeAreaInsetsDidChange() {}

  /// Called when the layout margins change.
  open func layoutMarginsDidChange() {}

  /// Called at the start of a layout pass when the hierarchy's traits changed (size class,
  /// idiom or direction: a rotation, split screen), parents first.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  /// Draws the view's content in `rect` (its bounds): called by
  /// `drawHierarchy(in:afterScreenUpdates:)` inside a drawing, where `UIBezierPath`'s `fill()`
  /// and `stroke()` are recorded. Override for custom drawing; the default draws nothing.
  open func draw(_ rect: CGRect) {}

  /// Called at a layout pass when the view's traits changed (its first traits included),
  /// before `traitCollectionDidChange(_:)`: a label's Dynamic Type font adjusts here.
  func traitsDidChange(from previous: UITraitCollection?) {}

  /// Called when the bounds size changed (by layout or by app code); `UILabel` re-wraps.
  func boundsSizeDidChange() {}

  /// Distances of the first baseline from the top and the last baseline from the bottom;
  /// `nil` for views without text, whose baselines are their bottom edge (as in UIKit).
  var baselineInsets: (firstFromTop: CGFloat, lastFromBottom: CGFloat)? { nil }

  // MARK: - Identity and description

  /// `TypeName('identifier')`, or the type name alone: stable across runs.
  public var layoutDebugName: String {
    let type = String(describing: Swift.type(of: self))
    guard let accessibilityIdentifier else { return type }
    return "\(type)('\(accessibilityIdentifier)')"
  }

  var hierarchyView: UIView? { self }

  nonisolated open override var description: String {
    guard Thread.isMainThread else { return String(describing: Swift.type(of: self)) }
    return MainActor.assumeIsolated { "\(layoutDebugName) \(storedFrame)" }
  }
}
