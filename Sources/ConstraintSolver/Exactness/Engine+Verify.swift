// Checking an accept against the constraints themselves, not the tableau's rows: a required
// constraint accepted along drifted rows is refused, and a tableau whose solution drifted is
// refactored or rebuilt.

extension Engine {
  // MARK: - Accepts

  /// Whether the tableau's solution after a required constraint was accepted along pivots
  /// (phase one, or the dual simplex after a constant change) holds up against the
  /// constraints: when the solution misses a constraint's equation beyond rounding
  /// (`equationsHaveDrifted`), the rows are recomputed from the constraints at the current
  /// basis (`refactor`) and re-optimised; false when that finds a row no pivot can repair
  /// (the constraints in force are infeasible: the accept came from drifted rows).
  /// - Complexity: O(terms) when nothing drifted; else a refactor.
  mutating func verifiedAccept() -> Bool {
    do {
      try refactorIfDrifted()
    } catch {
      infeasible.removeAll()
      return false
    }
    return true
  }

  /// Whether the tableau's solution holds every required constraint in force within 1e-9 of
  /// its largest term (`Tolerance.residual`), inequalities included: what every required
  /// accept must show (`requiredConstraintsHoldRefined()`), a phase one that took
  /// sub-pivot-size coefficients (`Tolerance.certifiedPivotFloor`) first among them. The equation check
  /// of `verifiedAccept` reads slacks at their values and so passes a point where a required
  /// inequality's slack went negative; fresh LP-oracle seeds 3 002 617 and 3 004 335 were
  /// accepted that way, 0.65 and 0.45 from feasible.
  /// - Complexity: O(terms of the required constraints).
  func requiredConstraintsHold() -> Bool {
    constraints.values.allSatisfy { entry in
      guard entry.constraint.isRequired else { return true }
      let (miss, largest, _) = miss(of: entry)
      return miss <= Tolerance.standard.residual * max(1, largest)
    }
  }

  /// Whether a required accept's point holds every required constraint
  /// (`requiredConstraintsHold()`), at the tableau's values or, when those miss, at the values
  /// refined from the constraints at the same basis (`refineSolution`, without its rebuild),
  /// which is the point the next solve reports. Phase one and the dual simplex can end at a
  /// basis whose rows are feasible only by their drift: a required inequality's slack then
  /// reads zero or above while the constraint itself is missed (fresh LP-oracle seeds
  /// 4 005 927 and 3 003 157, constant changes 0.0018 and 0.0042 from feasible; 4 003 927, an
  /// add accepted at a point that missed a required constraint by 1.09 of its terms at the
  /// next solve). The tableau's own values miss by up to 2e-7 of the terms on accepts the LP
  /// confirms (3 003 157), so they alone can't decide.
  /// - Complexity: O(terms of the required constraints); a copy and a dense solve when the
  ///   tableau's values miss.
  func requiredConstraintsHoldRefined() -> Bool {
    if requiredConstraintsHold() { return true }
    var refined = self
    refined.refineSolution(rebuilds: 0)
    return refined.lostInRebuild.count == lostInRebuild.count && refined.requiredConstraintsHold()
  }

  /// Restores `original` and refuses the new `constant` of required `constraint`, unless the
  /// engine that explains the conflict (a fresh tableau, `refusal`) accepts it: then the
  /// refusal came from this tableau's rounding (LP oracle seeds 1000119, 1003201: a feasible
  /// change refused after some 500 calls), and the constraints are re-added in order with the
  /// new constant, as `addToFreshTableau` does for an add. Refused for good if that rebuild
  /// can't re-add them all.
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
    let lost = lostInRebuild.count
    rebuild()
    guard lostInRebuild.count == lost else {
      self = original
      throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
    }
  }

  // MARK: - Drift

  /// Whether the tableau's solution misses a required constraint by more than
  /// `Tolerance.drift` of its terms: rounding that many pivots gathered. A removal with a
  /// materialised marker then rebuilds, as every markerless removal used to.
  /// - Complexity: O(terms of the constraints).
  func hasDrifted() -> Bool {
    constraints.values.contains { entry in
      guard entry.constraint.isRequired else { return false }
      let (miss, _, total) = miss(of: entry)
      return miss > Tolerance.standard.drift * max(1, total)
    }
  }

  /// How far the tableau's solution misses `entry`'s constraint (zero when it holds; an
  /// inequality's miss is signed, negative inside), with the largest and the total magnitude
  /// of its terms there.
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
