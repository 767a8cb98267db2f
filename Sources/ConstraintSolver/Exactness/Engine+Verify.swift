// Checking an accept against the constraints themselves, not the tableau's rows.

extension Engine {
  // MARK: - Accepts

  /// Whether a required accept along pivots (phase one, the dual simplex after a constant
  /// change) survives `refactorIfDrifted`: false when the refactored rows show a row no pivot
  /// can repair (the accept came from drifted rows).
  mutating func verifiedAccept() -> Bool {
    do {
      try refactorIfDrifted()
    } catch {
      infeasible.removeAll()
      return false
    }
    return true
  }

  /// Whether the tableau's solution holds every required constraint, inequalities included,
  /// within `Tolerance.residual` of its largest term (the equation check reads slacks at
  /// their values and so passes a negative one: seeds 3 002 617, 3 004 335).
  func requiredConstraintsHold() -> Bool {
    // Loops, not `allSatisfy` and `contains`: in a debug build their closures copy the engine.
    for entry in constraints where entry.constraint.isRequired {
      let (miss, largest, _) = miss(of: entry)
      if !(miss <= Tolerance.standard.residual * max(1, largest)) { return false }
    }
    return true
  }

  /// `requiredConstraintsHold()` at the tableau's values or, when those miss, at the values
  /// refined from the constraints at the same basis (what the next solve reports; seeds
  /// 4 005 927, 3 003 157, 4 003 927).
  func requiredConstraintsHoldRefined() -> Bool {
    if requiredConstraintsHold() { return true }
    var refined = self
    refined.refineSolution(rebuilds: 0)
    return refined.lostInRebuild.count == lostInRebuild.count && refined.requiredConstraintsHold()
  }

  /// Restores `original` and refuses the new `constant` of required `constraint`, unless the
  /// engine that explains the conflict accepts it (seeds 1 000 119, 1 003 201): then the
  /// constraints are re-added with the new constant; when that loses one, the engine is
  /// restored and the call fails with `cannotApply` (not unsatisfiable: it is not).
  mutating func refuseUpdate(
    _ constraint: Constraint, _ constant: Double, _ original: Engine
  ) throws(EngineError) {
    self = original
    if let error = refusal(constraint, constant: constant) {
      throw error
    }
    let key = ObjectIdentifier(constraint)
    guard let entry = constraints[key] else { throw .solver(.unknownConstraint(constraint)) }
    setConstant(constant, of: entry)
    let lostBefore = lostInRebuild.count
    rebuild()
    guard lostInRebuild.count == lostBefore else {
      let lost = Array(lostInRebuild[lostBefore...])
      self = original
      throw cannotApply(constraint, constant: constant, losing: lost)
    }
  }

  // MARK: - Drift

  /// Whether the solution misses a required constraint by more than `Tolerance.drift` of
  /// its terms (after a removal through a computed marker: the tableau is then rebuilt).
  func hasDrifted() -> Bool {
    for entry in constraints where entry.constraint.isRequired {
      let (miss, _, total) = miss(of: entry)
      if miss > Tolerance.standard.drift * max(1, total) { return true }
    }
    return false
  }

  /// How far the tableau's solution misses `entry`'s constraint (an inequality's miss is
  /// signed, negative inside), with the largest and the total magnitude of its terms.
  func miss(of entry: ConstraintEntry) -> (miss: Double, largest: Double, total: Double) {
    var value = entry.constant
    var largest = abs(entry.constant)
    var total = largest
    for term in entry.constraint.expression.terms {
      guard let symbol = variables[ObjectIdentifier(term.variable)]?.symbol else { continue }
      let product = term.coefficient * self.value(of: symbol)
      value += product
      largest = max(largest, abs(product))
      total += abs(product)
    }
    switch entry.constraint.relation {
    case .equal: return (abs(value), largest, total)
    case .lessThanOrEqual: return (value, largest, total)
    case .greaterThanOrEqual: return (-value, largest, total)
    }
  }
}
