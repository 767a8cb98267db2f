// The incremental layout engine: one Cassowary solver per hierarchy root, kept between passes,
// fed only the constraints that changed.

import ConstraintSolver
import Foundation

// MARK: - Variables of an item

/// The four solver variables of a view or layout guide in one engine, in root coordinates.
@MainActor
final class LayoutSlot {
  /// The `serial` of the engine that made it (a number, not a reference: cheap to compare).
  let engineSerial: Int
  let minX: Variable
  let minY: Variable
  let width: Variable
  let height: Variable
  /// How many installed solver constraints use these variables.
  var useCount = 0

  init(engine: LayoutEngine, name: String) {
    engineSerial = engine.serial
    minX = Variable("\(name).minX")
    minY = Variable("\(name).minY")
    width = Variable("\(name).width")
    height = Variable("\(name).height")
  }
}

// MARK: - LayoutEngine

/// Solves the constraints of one hierarchy (kept by its root view) incrementally.
///
/// Views and constraints queue what changed (`enqueue`); a pass reconciles each queued
/// constraint with the solver (add, remove, or update the constant in place), so a pass after
/// a constant change costs one `updateConstant` plus writing frames. Required constraints that
/// contradict installed ones are broken (left out) and reported, like Auto Layout; they are
/// retried whenever a constraint leaves the solver.
@MainActor
final class LayoutEngine {
  unowned let root: UIView
  let solver = Solver()
  /// Unique per engine in the process; slots remember it.
  let serial: Int
  private static var nextSerial = 1
  /// Set when a view asked for `updateConstraints()`.
  var needsUpdateConstraints = true
  /// Set when something may change frames or call `layoutSubviews`.
  var needsPass = true
  /// Set when constraints were added or removed since the last ambiguity check.
  var structureChanged = true
  var isRunning = false
  /// Whether a pass skips work whose result is known: re-queuing intrinsic-size constraints
  /// that stay as installed, re-reading a settled solution. `forceFullPass` turns it off for
  /// its pass, so tests can compare the two.
  var skipsSettledWork = true
  /// The root's traits at the last pass, to tell views when they change.
  var lastTraits: UITraitCollection?
  /// What `lastTraits` was derived from.
  var lastTraitInputs: TraitInputs?

  /// Subtrees whose traits may have changed without the root's (an override was set, a
  /// subtree joined), in the order marked: told at the next pass.
  var traitSubtrees: [UIView] = []

  struct TraitInputs: Equatable {
    var size: CGSize
    var idiom: UIUserInterfaceIdiom
    var direction: UIUserInterfaceLayoutDirection
    var scale: CGFloat
    var contentSize: UIContentSizeCategory
  }
  /// Whether this is a throw-away `systemLayoutSizeFitting` engine, which keeps its variables
  /// to itself and solves only its root's subtree.
  let fitting: Bool
  var fittingSlots: [ObjectIdentifier: LayoutSlot] = [:]

  /// The installed constraints, by identity of the layout constraint.
  var records: [ObjectIdentifier: Record] = [:]
  /// The layout constraint each solver constraint stands for (to name conflicts).
  var owners: [ObjectIdentifier: NSLayoutConstraint] = [:]
  /// Constraints to reconcile, in the order first queued.
  var pending: [NSLayoutConstraint] = []
  private var pendingIDs: Set<ObjectIdentifier> = []
  /// Wanted constraints the solver couldn't satisfy, in the order broken.
  private(set) var broken: [NSLayoutConstraint] = []
  /// Views whose intrinsic size must be read again, in the order marked.
  private var intrinsicDirty: [UIView] = []
  private var intrinsicDirtyIDs: Set<ObjectIdentifier> = []
  /// Pin the root at the origin with its frame's size.
  private var rootPins: [NSLayoutConstraint] = []

  /// One installed constraint.
  struct Record {
    let solverConstraint: Constraint
    let shape: Shape
    var expressionConstant: Double
  }

  /// What fixes a solver constraint's terms and strength: if it changes, the constraint is
  /// removed and added again; otherwise only the constant moves.
  struct Shape: Equatable {
    var priority: Float
    var direction: UIUserInterfaceLayoutDirection?
    var slots: [ObjectIdentifier]
  }

  /// The engine of a hierarchy root: pins the root at the origin with its frame's size.
  init(root: UIView) {
    self.root = root
    self.fitting = false
    serial = Self.makeSerial()
    let size = root.storedFrame.size
    rootPins = [
      Self.pin(root, .left, 0, .required), Self.pin(root, .top, 0, .required),
      Self.pin(root, .width, size.width, .required),
      Self.pin(root, .height, size.height, .required),
    ]
    for pin in rootPins { enqueue(pin) }
    adopt(subtree: root)
  }

  /// A throw-away engine for `systemLayoutSizeFitting`: solves `view`'s subtree alone, its
  /// size pulled towards `target` at the given priorities.
  init(
    fitting view: UIView, target: CGSize, horizontal: UILayoutPriority,
    vertical: UILayoutPriority
  ) {
    self.root = view
    self.fitting = true
    serial = Self.makeSerial()
    rootPins = [
      Self.pin(view, .left, 0, .required), Self.pin(view, .top, 0, .required),
      Self.pin(view, .width, target.width, horizontal),
      Self.pin(view, .height, target.height, vertical),
    ]
    for pin in rootPins { enqueue(pin) }
    view.forEachConstraintInSubtree { enqueue($0) }
    view.forEachViewInSubtree { markIntrinsicDirty($0) }
  }

  private static func makeSerial() -> Int {
    defer { nextSerial += 1 }
    return nextSerial
  }

  private static func pin(
    _ view: UIView, _ attribute: NSLayoutConstraint.Attribute, _ value: CGFloat,
    _ priority: UILayoutPriority
  ) -> NSLayoutConstraint {
    let pin = NSLayoutConstraint(
      first: view, attribute, .equal, second: nil, .notAnAttribute, constant: value,
      priority: priority, kind: .rootFrame)
    pin.container = view
    pin.systemWanted = true
    return pin
  }

  // MARK: - Queueing changes

  /// Queues a constraint for reconciling at the next pass.
  func enqueue(_ constraint: NSLayoutConstraint) {
    needsPass = true
    guard pendingIDs.insert(ObjectIdentifier(constraint)).inserted else { return }
    pending.append(constraint)
  }

  /// Queues every constraint of a subtree (that joined, left or changed direction) and marks
  /// its views' intrinsic sizes for reading.
  func adopt(subtree: UIView) {
    subtree.forEachConstraintInSubtree { enqueue($0) }
    subtree.forEachViewInSubtree { view in
      markIntrinsicDirty(view)
      view.constraintsNeedUpdate = true
    }
    needsUpdateConstraints = true
    structureChanged = true
  }

  /// Marks a view's intrinsic size for reading at the next pass.
  func markIntrinsicDirty(_ view: UIView) {
    needsPass = true
    guard intrinsicDirtyIDs.insert(ObjectIdentifier(view)).inserted else { return }
    intrinsicDirty.append(view)
  }

  /// The root's frame changed: move the size pins.
  func rootFrameDidChange() {
    let size = root.storedFrame.size
    rootPins[2].constant = size.width
    rootPins[3].constant = size.height
    enqueue(rootPins[2])
    enqueue(rootPins[3])
  }

  var hasPendingWork: Bool { !pending.isEmpty || !intrinsicDirty.isEmpty }

  // MARK: - Intrinsic size

  /// Reads the intrinsic size of each marked view and updates its hugging and compression
  /// resistance constraints.
  func refreshIntrinsicSizes() {
    while !intrinsicDirty.isEmpty {
      let views = intrinsicDirty
      intrinsicDirty = []
      intrinsicDirtyIDs = []
      for view in views where fitting ? view.isDescendant(of: root) : view.layoutRoot === root {
        refreshIntrinsicConstraints(of: view)
      }
    }
  }

  private func refreshIntrinsicConstraints(of view: UIView) {
    let size = view.intrinsicContentSize
    if view.systemConstraints.intrinsic.isEmpty {
      guard size.width >= 0 || size.height >= 0 else { return }
      view.systemConstraints.intrinsic = [
        (NSLayoutConstraint.Attribute.width, NSLayoutConstraint.Relation.lessThanOrEqual),
        (.width, .greaterThanOrEqual), (.height, .lessThanOrEqual), (.height, .greaterThanOrEqual),
      ].map { attribute, relation in
        let constraint = NSLayoutConstraint(
          first: view, attribute, relation, second: nil, .notAnAttribute,
          kind: relation == .lessThanOrEqual ? .contentHugging : .compressionResistance)
        constraint.container = view
        return constraint
      }
    }
    let values = [size.width, size.width, size.height, size.height]
    let priorities = [
      view.contentHugging.horizontal, view.compressionResistance.horizontal,
      view.contentHugging.vertical, view.compressionResistance.vertical,
    ]
    for (index, constraint) in view.systemConstraints.intrinsic.enumerated() {
      let value = values[index]
      let wanted = value >= 0
      // Installed as it stays (a new text of the same size): nothing for the solver.
      let unchanged =
        wanted && constraint.systemWanted && constraint.constant == value
        && constraint.storedPriority == priorities[index]
        && records[ObjectIdentifier(constraint)] != nil
      if wanted { constraint.constant = value }
      constraint.storedPriority = priorities[index]
      constraint.systemWanted = wanted
      if !unchanged || !skipsSettledWork { enqueue(constraint) }
    }
  }

  // MARK: - Reconciling constraints with the solver

  /// Applies every queued change to the solver, in queue order; then retries broken
  /// constraints if anything left the solver.
  func flush(audit: (any LayoutAuditing)?) {
    var removedAny = false
    while !pending.isEmpty {
      let batch = pending
      pending = []
      pendingIDs = []
      // Constraints whose terms changed (a layout direction flip re-resolves every leading /
      // trailing constraint of a subtree at once) leave the solver before any comes back, so
      // the old and new resolutions never meet in a conflict that no layout has.
      for constraint in batch where isReshaped(constraint) && wants(constraint) {
        removedAny = uninstall(constraint) || removedAny
      }
      for constraint in batch {
        removedAny = reconcile(constraint, audit: audit) || removedAny
      }
    }
    if removedAny, !broken.isEmpty {
      let retry = broken
      broken = []
      for constraint in retry where wants(constraint) {
        if !install(constraint, audit: nil) { broken.append(constraint) }
      }
    }
  }

  /// Whether this engine should solve `constraint` now.
  func wants(_ constraint: NSLayoutConstraint) -> Bool {
    let active = constraint.kind == .app ? constraint.container != nil : constraint.systemWanted
    guard active, let container = constraint.container else { return false }
    guard fitting else { return container.layoutRoot === root }
    if constraint.kind == .autoresizingMask, container === root { return false }
    return container.isDescendant(of: root)
  }

  /// Whether `constraint` is installed with another strength or layout direction than it has
  /// now (a cheap test: the items are compared by `reconcile`).
  private func isReshaped(_ constraint: NSLayoutConstraint) -> Bool {
    guard let record = records[ObjectIdentifier(constraint)] else { return false }
    return record.shape.priority != constraint.storedPriority.rawValue
      || record.shape.direction != shapeDirection(of: constraint)
  }

  /// Brings the solver in line with one constraint. Returns whether something left the
  /// solver.
  private func reconcile(_ constraint: NSLayoutConstraint, audit: (any LayoutAuditing)?) -> Bool {
    let id = ObjectIdentifier(constraint)
    guard wants(constraint) else {
      broken.removeAll { $0 === constraint }
      return uninstall(constraint)
    }
    if let record = records[id] {
      guard record.shape == shape(of: constraint) else {
        _ = uninstall(constraint)
        if !install(constraint, audit: audit) { broken.append(constraint) }
        return true
      }
      let constant = expression(of: constraint).constant
      if constant != record.expressionConstant {
        do {
          try solver.updateConstant(of: record.solverConstraint, to: constant)
          records[id]?.expressionConstant = constant
        } catch SolverError.unsatisfiableConstraint(_, let conflicting) {
          // The new constant contradicts the required constraints (the solver is unchanged):
          // broken as a conflicting add is, reported, and retried on later passes.
          _ = uninstall(constraint)
          structureChanged = true
          audit?.constraintBroken(constraint, conflicting: conflicting.compactMap {
            owners[ObjectIdentifier($0)]
          })
          broken.append(constraint)
          return true
        } catch {
          assertionFailure("updateConstant failed: \(error)")
        }
      }
      return false
    }
    if broken.contains(where: { $0 === constraint }) {
      // Still broken unless it fits now; reported only when it first broke.
      if install(constraint, audit: nil) { broken.removeAll { $0 === constraint } }
      return false
    }
    if !install(constraint, audit: audit) { broken.append(constraint) }
    return false
  }

  /// Adds a constraint to the solver. Returns false (after reporting to `audit`, if given)
  /// when it contradicts the required constraints already installed.
  private func install(_ constraint: NSLayoutConstraint, audit: (any LayoutAuditing)?) -> Bool {
    let expression = expression(of: constraint)
    let solverConstraint = Constraint(
      expression, Self.solverRelation(constraint.relation),
      strength: Self.strength(for: constraint.storedPriority))
    do {
      try solver.addConstraint(solverConstraint)
    } catch SolverError.unsatisfiableConstraint(_, let conflicting) {
      structureChanged = true
      audit?.constraintBroken(constraint, conflicting: conflicting.compactMap {
        owners[ObjectIdentifier($0)]
      })
      return false
    } catch {
      assertionFailure("addConstraint failed: \(error)")
      return false
    }
    let slots = items(of: constraint).map { slot(for: $0) }
    for slot in slots {
      slot.useCount += 1
      slotTable[ObjectIdentifier(slot)] = slot
    }
    records[ObjectIdentifier(constraint)] = Record(
      solverConstraint: solverConstraint, shape: shape(of: constraint),
      expressionConstant: expression.constant)
    owners[ObjectIdentifier(solverConstraint)] = constraint
    structureChanged = true
    return true
  }

  /// Removes a constraint from the solver if installed. Returns whether it was.
  private func uninstall(_ constraint: NSLayoutConstraint) -> Bool {
    guard let record = records.removeValue(forKey: ObjectIdentifier(constraint)) else {
      return false
    }
    owners[ObjectIdentifier(record.solverConstraint)] = nil
    do {
      try solver.removeConstraint(record.solverConstraint)
    } catch {
      assertionFailure("removeConstraint failed: \(error)")
    }
    for id in record.shape.slots {
      guard let slot = slotTable[id] else { continue }
      slot.useCount -= 1
      if slot.useCount == 0 { slotTable[id] = nil }
    }
    structureChanged = true
    return true
  }

  // MARK: - Building solver expressions

  /// The slots in use by installed constraints, by identity (to count uses down on removal).
  var slotTable: [ObjectIdentifier: LayoutSlot] = [:]

  /// The item's variables in this engine, made on first use.
  func slot(for item: any LayoutItem) -> LayoutSlot {
    if fitting {
      if let slot = fittingSlots[ObjectIdentifier(item)] { return slot }
      let slot = LayoutSlot(engine: self, name: item.layoutDebugName)
      fittingSlots[ObjectIdentifier(item)] = slot
      return slot
    }
    if let slot = item.layoutSlot, slot.engineSerial == serial { return slot }
    let slot = LayoutSlot(engine: self, name: item.layoutDebugName)
    item.layoutSlot = slot
    return slot
  }

  /// The item's variables if installed constraints of this engine use them.
  func solvedSlot(_ item: any LayoutItem) -> LayoutSlot? {
    if fitting {
      return fittingSlots[ObjectIdentifier(item)].flatMap { $0.useCount > 0 ? $0 : nil }
    }
    guard let slot = item.layoutSlot, slot.engineSerial == serial, slot.useCount > 0 else {
      return nil
    }
    return slot
  }
}
