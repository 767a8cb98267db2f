// A linear relation between two layout attributes: item1.attr1 <relation> m * item2.attr2 + c.

import Foundation

/// A constraint between layout attributes of views and layout guides, solved by the layout pass.
///
/// Read it as `firstItem.firstAttribute <relation> multiplier * secondItem.secondAttribute +
/// constant`. A constraint takes part in layout once active; activating it installs it on the
/// closest common ancestor of its items (see `UIView.constraints`).
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
  // MARK: - What the constraint relates

  /// The first item: a `UIView` or a `UILayoutGuide`.
  public var firstItem: AnyObject? { first }
  /// The second item, `nil` for a constant (width / height only).
  public var secondItem: AnyObject? { second }
  public let firstAttribute: Attribute
  public let secondAttribute: Attribute
  public let relation: Relation
  public let multiplier: CGFloat

  /// The first item's anchor for `firstAttribute`.
  public var firstAnchor: NSLayoutAnchor<AnyObject>? {
    first.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: firstAttribute) }
  }

  /// The second item's anchor for `secondAttribute`, `nil` for a constant.
  public var secondAnchor: NSLayoutAnchor<AnyObject>? {
    second.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
  }

  /// A name for debugging and for findings.
  public var identifier: String?

  /// Kept for source compatibility; nothing is archived.
  public var shouldBeArchived = false

  /// Where the app's code made the constraint (the anchor factory or initialiser call), else
  /// where it activated it with `NSLayoutConstraint.activate`; nil for the layout system's own.
  public internal(set) var sourceLocation: CallSite?

  // MARK: - Mutable parts

  // `@exclusivity(unchecked)`: a replay compares the speed widget's constants on every event;
  // no access overlaps another.
  /// The additive constant. Changing it on an active constraint is cheap: the next layout pass
  /// updates the solver in place.
  @exclusivity(unchecked) public var constant: CGFloat {
    didSet {
      guard constant != oldValue else { return }
      LayoutEngine.constraintDidChange(self)
    }
  }

  /// How much the constraint matters, 1...1000.
  ///
  /// As in UIKit, an active constraint may change between optional priorities but not between
  /// required and optional: such a change is ignored and reported as a misuse.
  public var priority: UILayoutPriority {
    get { storedPriority }
    set {
      guard newValue != storedPriority else { return }
      if isActive, newValue.isRequired != storedPriority.isRequired {
        LayoutAudit.current?.layoutMisuse(
          .requiredPriorityChangedWhileActive(self, to: newValue))
        return
      }
      storedPriority = newValue
      LayoutEngine.constraintDidChange(self)
    }
  }

  /// Whether the constraint takes part in layout. Setting it is `activate` / `deactivate`.
  public var isActive: Bool {
    get { container != nil }
    set {
      if newValue { activate() } else { deactivate() }
    }
  }

  // MARK: - Internal state

  weak var first: (any LayoutItem)?
  weak var second: (any LayoutItem)?
  var storedPriority: UILayoutPriority
  /// Who made the constraint: the app, or the layout system on a view's behalf.
  let kind: Kind
  /// Why the constraint can never be satisfied as written (bad item or attribute pairing).
  let invalidReason: String?
  /// The view it is installed on: the closest common ancestor of its items while active, the
  /// owning view for system constraints the view wants solved.
  weak var container: UIView?
  /// For system constraints: whether the owning view currently wants it solved.
  var systemWanted = false
  /// An extra `multiplier * item.attribute` on the right-hand side (autoresizing constraints
  /// that share a superview's growth between a margin and the size).
  weak var extraItem: (any LayoutItem)?
  var extraAttribute = Attribute.notAnAttribute
  var extraMultiplier: CGFloat = 0

  /// Who made a constraint.
  enum Kind: Equatable {
    /// Made by app code (anchors, the item/attribute initialiser).
    case app
    /// A frame turned into constraints (`translatesAutoresizingMaskIntoConstraints`).
    case autoresizingMask
    /// Content hugging from the intrinsic content size.
    case contentHugging
    /// Compression resistance from the intrinsic content size.
    case compressionResistance
    /// Positions a view's layout margins guide.
    case layoutMargins
    /// Positions a view's safe area layout guide.
    case safeArea
    /// Pins the root of a hierarchy to its frame.
    case rootFrame
    /// Arranges a stack view's arranged subviews.
    case stackView
  }

  // MARK: - Creating constraints

  /// A constraint in the item / attribute form.
  ///
  /// `item` and `toItem` must be `UIView`s or `UILayoutGuide`s; positions must lie on the same
  /// axis (sizes may mix: aspect ratios), and a position can't be related to a size or to a
  /// constant. UIKit raises an
  /// exception for those; here the constraint is created inert and activating it reports a
  /// `LayoutMisuse.invalidConstraint`.
  public convenience init(
    item view1: Any,
    attribute attr1: Attribute,
    relatedBy relation: Relation,
    toItem view2: Any?,
    attribute attr2: Attribute,
    multiplier: CGFloat,
    constant c: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let first = view1 as? any LayoutItem
    let second = view2.flatMap { $0 as? any LayoutItem }
    var reason = Self.validate(attr1, second: second, attr2, secondGiven: view2 != nil)
    if reason == nil, first == nil { reason = "the first item is not a view or layout guide" }
    self.init(
      first: first, attr1, relation, second: second, attr2, multiplier: multiplier,
      constant: c, priority: .required, kind: .app, invalidReason: reason)
    sourceLocation = CallSite(file: file, line: line)
    LayoutEngine.appConstraintCreated(self)
  }

  /// The designated initialiser, shared by app constraints and system ones.
  init(
    first: (any LayoutItem)?, _ attr1: Attribute, _ relation: Relation,
    second: (any LayoutItem)?, _ attr2: Attribute,
    multiplier: CGFloat = 1, constant: CGFloat = 0, priority: UILayoutPriority = .required,
    kind: Kind, invalidReason: String? = nil
  ) {
    self.first = first
    self.second = second
    self.firstAttribute = attr1
    self.secondAttribute = second == nil ? .notAnAttribute : attr2
    self.relation = relation
    self.multiplier = multiplier
    self.constant = constant
    self.storedPriority = priority
    self.kind = kind
    self.invalidReason = invalidReason
    super.init()
  }

  /// Why an item / attribute combination can't form a constraint, or `nil` when it can.
  static func validate(
    _ attr1: Attribute, second: (any LayoutItem)?, _ attr2: Attribute, secondGiven: Bool
  ) -> String? {
    if secondGiven, second == nil { return "the second item is not a view or layout guide" }
    guard let axis = attr1.axis else { return "the first attribute is notAnAttribute" }
    if second == nil {
      if attr2 != .notAnAttribute { return "a second attribute without a second item" }
      if !attr1.isDimension { return "a position (\(attr1)) can't equal a constant" }
      return nil
    }
    guard let axis2 = attr2.axis else { return "the second attribute is notAnAttribute" }
    if attr1.isDimension != attr2.isDimension {
      return "a size and a position can't be related (\(attr1), \(attr2))"
    }
    // Sizes may relate across axes (aspect ratios); positions may not.
    if !attr1.isDimension, axis != axis2 {
      return "\(attr1) and \(attr2) lie on different axes"
    }
    let directional: Set<Attribute> = [.leading, .trailing, .leadingMargin, .trailingMargin]
    if attr1.isAbsoluteDirection && directional.contains(attr2)
      || attr2.isAbsoluteDirection && directional.contains(attr1)
    {
      return "leading / trailing can't be related to left / right (\(attr1), \(attr2))"
    }
    return nil
  }

  // MARK: - Activation

  /// Activates each constraint (same as setting `isActive` to true on each, in order). A
  /// constraint that does not know where it was made records the caller's `file` and `line`.
  public class func activate(
    _ constraints: [NSLayoutConstraint], file: StaticString = #filePath, line: UInt = #line
  ) {
    for constraint in constraints {
      if constraint.sourceLocation == nil, constraint.kind == .app {
        constraint.sourceLocation = CallSite(file: file, line: line)
      }
      constraint.activate()
    }
  }

  /// Deactivates each constraint, in order.
  public class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.deactivate() }
  }

  private func activate() {
    guard container == nil else { return }
    LayoutEngine.activate(self)
  }

  private func deactivate() {
    guard container != nil else { return }
    LayoutEngine.deactivate(self)
  }

  // MARK: - Description

  /// `UILabel('title').leading == UIView('card').leading + 16` with ` @750` for optional
  /// priorities and the kind for system constraints; stable across runs (no addresses).
  nonisolated open override var description: String {
    guard Thread.isMainThread else { return "NSLayoutConstraint" }
    return MainActor.assumeIsolated { layoutDescription }
  }

  /// The stable text form of the constraint (see `description`).
  public var layoutDescription: String {
    var text = ""
    switch kind {
    case .app: break
    case .autoresizingMask: text += "autoresizing mask: "
    case .contentHugging: text += "content hugging: "
    case .compressionResistance: text += "compression resistance: "
    case .layoutMargins: text += "layout margins: "
    case .safeArea: text += "safe area: "
    case .rootFrame: text += "root frame: "
    case .stackView: text += "stack view: "
    }
    text += "\(first?.layoutDebugName ?? "nil").\(firstAttribute) \(relation)"
    if let second {
      text += " "
      if multiplier != 1 { text += "\(multiplier.layoutText) * " }
      text += "\(second.layoutDebugName).\(secondAttribute)"
      if let extraItem {
        text += " + \(extraMultiplier.layoutText) * \(extraItem.layoutDebugName).\(extraAttribute)"
      }
      if constant != 0 { text += constant < 0 ? " - " : " + " }
      if constant != 0 { text += abs(constant).layoutText }
    } else {
      text += " \(constant.layoutText)"
    }
    if !storedPriority.isRequired { text += " @\(storedPriority)" }
    if let identifier { text += " '\(identifier)'" }
    return text
  }
}
