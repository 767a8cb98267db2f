// Turning layout constraints into solver constraints: attribute expressions, the
// right-to-left mirroring, the shape that decides between updating a constant and re-adding.

import ConstraintSolver
import Foundation

extension LayoutEngine {
  /// The items a constraint's expression uses.
  func items(of constraint: NSLayoutConstraint) -> [any LayoutItem] {
    var items: [any LayoutItem] = []
    if let first = constraint.first { items.append(first) }
    if let second = constraint.second { items.append(second) }
    if let extra = constraint.extraItem { items.append(extra) }
    return items
  }

  func shape(of constraint: NSLayoutConstraint) -> Shape {
    var slots: [ObjectIdentifier] = []
    for item in items(of: constraint) { slots.append(ObjectIdentifier(slot(for: item))) }
    return Shape(
      priority: constraint.storedPriority.rawValue,
      direction: shapeDirection(of: constraint), slots: slots)
  }

  /// The layout direction leading / trailing resolve with: the container's.
  func direction(of constraint: NSLayoutConstraint) -> UIUserInterfaceLayoutDirection {
    constraint.container?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
  }

  /// `first.attr1 - multiplier * second.attr2 - extra - constant`, to compare with zero.
  ///
  /// A constraint with a leading / trailing attribute in a right-to-left container is solved
  /// in mirrored x coordinates, as Auto Layout does: leading is the right edge and positive
  /// constants point left, so `a.leading == b.leading + 16` insets `a` 16 points from `b`'s
  /// right edge.
  func expression(of constraint: NSLayoutConstraint) -> LinearExpression {
    let mirrored = shapeDirection(of: constraint) == .rightToLeft
    var result = LinearExpression(-Double(constraint.constant))
    if let first = constraint.first {
      result = result + term(first, constraint.firstAttribute, mirrored: mirrored)
    }
    if let second = constraint.second {
      result = result - term(second, constraint.secondAttribute, mirrored: mirrored)
        * Double(constraint.multiplier)
    }
    if let extra = constraint.extraItem {
      result = result - term(extra, constraint.extraAttribute, mirrored: mirrored)
        * Double(constraint.extraMultiplier)
    }
    return result
  }

  /// The direction a constraint's leading / trailing attributes resolve with, or `nil` when it
  /// has none.
  func shapeDirection(of constraint: NSLayoutConstraint) -> UIUserInterfaceLayoutDirection? {
    // No closure and no array: this runs for every queued constraint of every pass, and a
    // main-actor closure handed to the standard library checks its executor on each call.
    func isDirectional(_ attribute: NSLayoutConstraint.Attribute) -> Bool {
      let plain = attribute.withoutMargins.attribute
      return plain == .leading || plain == .trailing
    }
    let usesDirection =
      isDirectional(constraint.firstAttribute) || isDirectional(constraint.secondAttribute)
    return usesDirection ? direction(of: constraint) : nil
  }

  /// An attribute of an item as a linear expression of its variables (x positions negated
  /// when `mirrored`).
  func term(
    _ item: any LayoutItem, _ attribute: NSLayoutConstraint.Attribute, mirrored: Bool
  ) -> LinearExpression {
    let (plain, onMargins) = attribute.withoutMargins
    if onMargins, let view = item as? UIView {
      return term(view.layoutMarginsGuide, plain, mirrored: mirrored)
    }
    let slot = slot(for: item)
    let x = LinearExpression(slot.minX)
    let y = LinearExpression(slot.minY)
    let width = LinearExpression(slot.width)
    let height = LinearExpression(slot.height)
    switch plain {
    case .left: return mirrored ? -x : x
    case .right: return mirrored ? -(x + width) : x + width
    case .leading: return mirrored ? -(x + width) : x
    case .trailing: return mirrored ? -x : x + width
    case .centerX: return mirrored ? -(x + width * 0.5) : x + width * 0.5
    case .width: return width
    case .top: return y
    case .bottom: return y + height
    case .height: return height
    case .centerY: return y + height * 0.5
    case .firstBaseline:
      guard let insets = (item as? UIView)?.baselineInsets else { return y + height }
      return y + Double(insets.firstFromTop)
    case .lastBaseline:
      guard let insets = (item as? UIView)?.baselineInsets else { return y + height }
      return y + height - Double(insets.lastFromBottom)
    default: return LinearExpression(0)
    }
  }

  static func solverRelation(
    _ relation: NSLayoutConstraint.Relation
  ) -> ConstraintSolver.Relation {
    switch relation {
    case .lessThanOrEqual: .lessThanOrEqual
    case .equal: .equal
    case .greaterThanOrEqual: .greaterThanOrEqual
    }
  }
  // MARK: - Invariants

  #if DEBUG
    /// Checks the engine's bookkeeping against the solver (tests call it after passes): every
    /// record's constraint is in the solver and owned, slot use counts match the records, no
    /// constraint is both installed and broken, and, with nothing queued, every installed
    /// constraint is still wanted. Compiled in debug builds only.
    func _checkInvariants() {
      precondition(owners.count == records.count, "owners out of step with records")
      var uses: [ObjectIdentifier: Int] = [:]
      for (id, record) in records {
        precondition(solver.hasConstraint(record.solverConstraint), "record not in the solver")
        precondition(
          owners[ObjectIdentifier(record.solverConstraint)].map(ObjectIdentifier.init) == id,
          "solver constraint owned by another layout constraint")
        for slot in record.shape.slots { uses[slot, default: 0] += 1 }
      }
      for (id, slot) in slotTable {
        precondition(slot.useCount == uses[id, default: 0], "slot use count off")
      }
      precondition(uses.keys.allSatisfy { slotTable[$0] != nil }, "used slot missing")
      for constraint in broken {
        precondition(records[ObjectIdentifier(constraint)] == nil, "broken yet installed")
      }
      if pending.isEmpty {
        for record in records.values {
          let constraint = owners[ObjectIdentifier(record.solverConstraint)]!
          precondition(wants(constraint), "unwanted constraint left installed")
        }
      }
    }
  #endif
}
