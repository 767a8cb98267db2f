// The solver's calls, checked: the layer wraps the core's verbs (`insert`, `changeConstant`,
// `removeFromTableau`), checks the tableau's health after each, checks a required accept
// against the constraints and lets a refusal stand only once a fresh tableau confirms it.

extension Engine {
  // MARK: - Adding

  /// Adds `constraint` (expression constant `constant`, else its own) and re-optimises; on
  /// `unsatisfiableConstraint` the engine is restored exactly.
  /// - Throws: `SolverError`; `.internalFailure` for a failure of the tableau (the caller
  ///   rebuilds).
  mutating func add(
    _ constraint: Constraint, constant: Double? = nil, editVariable: Variable? = nil
  ) throws(EngineError) {
    try add(Addition(constraint, constant: constant, editVariable: editVariable))
  }

  /// `add`, for an `Addition` (a rebuild's, a constant's re-add).
  mutating func add(_ addition: Addition) throws(EngineError) {
    guard let refusal = try insertRetryingRefactored(addition) else { return }
    try confirm(refusal, of: addition)
  }

  /// `add`, taking a refusal as it comes: a rebuild re-adding constraints in force, or the
  /// fresh tableau that confirms a refusal.
  mutating func addWithoutConfirming(_ addition: Addition) throws(EngineError) {
    guard try insertRetryingRefactored(addition) != nil else { return }
    throw .solver(.unsatisfiableConstraint(addition.constraint, conflicting: []))
  }

  /// The core's `insert`, then the health check; a required constraint accepted through
  /// phase one must hold at the point the tableau shows, checked against the constraints,
  /// or it is refused and the engine restored (oracle seed 2 000 053). Records the pivots
  /// the addition took (`ConstraintEntry.addPivots`).
  /// - Returns: nil when added, else why not.
  mutating func insertVerified(
    _ addition: Addition, pivots: PivotSize
  ) throws(EngineError) -> Refusal? {
    rebuildIfNeeded()
    let pivotsBefore = pivotCount
    var cached = equations
    let firstNewOrder = nextOrder
    let insertion = try insert(addition, pivots: pivots)
    if case .refused(let refusal) = insertion { return refusal }
    appendEquation(of: ObjectIdentifier(addition.constraint), to: &cached, from: firstNewOrder)
    do {
      try checkHealth()
    } catch {
      throw .internalFailure(error.message)
    }
    if case .addedThroughPhaseOne(let saved) = insertion,
      !verifiedAccept() || !requiredConstraintsHoldRefined()
    {
      self = saved
      return Refusal(kind: .conflict, certificate: Row())
    }
    let pivots = pivotCount &- pivotsBefore
    if pivots != 0 {
      let equations = self.equations  // the count changes no equation
      constraints[ObjectIdentifier(addition.constraint)]?.addPivots = pivots
      self.equations = equations
    }
    return nil
  }

  /// Restores the equations `cached` before the constraint `key` was added, with its equation
  /// appended, when it was added after every other (its order `firstNewOrder`, the
  /// `nextOrder` before, or later): what `cachedEquations()` would build again from all the
  /// constraints, at the cost of one. Building a tableau constraint by constraint was
  /// quadratic in its constraints otherwise (each solve checks the equations).
  /// `cached` is taken (left nil), so that the append happens in place, not in a copy.
  mutating func appendEquation(
    of key: ObjectIdentifier, to cached: inout [Equation]?, from firstNewOrder: Int
  ) {
    guard var list = cached, equations == nil, let entry = constraints[key],
      entry.order >= firstNewOrder
    else { return }
    cached = nil
    list.append(equation(of: entry))
    equationOfConstraint[key] = list.count - 1
    equations = list
  }

  // MARK: - Changing a constant

  /// Changes the expression constant of `constraint` in place and re-solves (the core's
  /// `changeConstant`). A markerless required equality first gets a marker (`giveMarker`;
  /// failing that, a rebuild that marks it, unless that loses a constraint: seed 2 006 927).
  /// A required refusal or an accept that fails the check against the constraints goes to
  /// `refuseUpdate` (seed 2 000 163).
  mutating func updateConstant(of constraint: Constraint, to constant: Double) throws(EngineError) {
    rebuildIfNeeded()
    let key = ObjectIdentifier(constraint)
    guard constraints[key] != nil else { throw .solver(.unknownConstraint(constraint)) }
    guard constant.isFinite else { throw .solver(.nonFiniteConstraint(constraint)) }
    guard let oldConstant = constraints[key]?.constant, constant != oldConstant else { return }

    let original: Engine? = constraint.isRequired ? self : nil  // only required ones fail
    if constraints[key]?.isImplicit == true, !giveMarker(to: key) {
      let before = self
      constraints[key]?.isExplicit = true
      let lost = rebuildLosingNothing()
      guard lost.isEmpty else {
        self = before
        let reason = "no marker could be given to [\(constraint)] without losing a constraint: "
          + lost.joined(separator: "; ") + "; the solver is unchanged"
        throw .solver(.internalError(reason))
      }
    }
    guard let entry = constraints[key] else {
      if let original { self = original }
      throw .internalFailure("[\(constraint)] could not be re-added with a marker")
    }
    let change: ConstantChange
    do {
      change = try changeConstant(of: entry, to: constant)
      if change == .shifted { try checkHealth() }
    } catch {
      guard let original else { throw .internalFailure(error.message) }
      return try refuseUpdate(constraint, constant, original)
    }
    switch change {
    case .absorbed:
      return
    case .refused:
      guard let original else { throw unsatisfiable(constraint, constant: constant) }
      return try refuseUpdate(constraint, constant, original)
    case .shifted:
      if let original, !verifiedAccept() || !requiredConstraintsHoldRefined() {
        return try refuseUpdate(constraint, constant, original)
      }
    }
  }

  /// Gives markerless required equality `key` the dummy marker it would have had from the
  /// start (`materialiseMarker`), retried once on the refactored tableau (seed 3 003 157).
  /// The tableau is kept rather than rebuilt: a rebuild re-runs every first addition's pivots
  /// and can end at a singular basis (seed 1 001 353) or lose a constraint (seed 2 006 927).
  /// - Returns: whether it has a marker now; when false the engine is unchanged.
  mutating func giveMarker(to key: ObjectIdentifier) -> Bool {
    guard constraints[key] != nil else { return false }
    let saved = self
    var entry = constraints.removeValue(forKey: key)!
    var column = materialiseMarker(for: entry, cheaperThan: Int.max)
    if column == nil {
      constraints[key] = entry
      if refactor(), (try? dualOptimize()) != nil {
        entry = constraints.removeValue(forKey: key)!
        column = materialiseMarker(for: entry, cheaperThan: Int.max)
      }
    }
    guard let marker = column else {
      self = saved
      return false
    }
    entry.tag.marker = marker
    entry.isExplicit = true
    constraints[key] = entry
    ownerOfSymbol[marker.id] = key
    return true
  }

  // MARK: - Removing

  /// Removes `constraint` (the core's `removeFromTableau`), then the health check; a
  /// markerless equality removed through a computed marker rebuilds when the solution has
  /// drifted (`hasDrifted`), unless the rebuild would lose a constraint.
  mutating func remove(_ constraint: Constraint) throws(EngineError) {
    let wasImplicit = constraints[ObjectIdentifier(constraint)]?.isImplicit == true
    guard try removeFromTableau(constraint) else { return }
    do {
      try checkHealth()
    } catch {
      throw .internalFailure(error.message)
    }
    if wasImplicit, hasDrifted() { _ = rebuildLosingNothing() }
  }
}
