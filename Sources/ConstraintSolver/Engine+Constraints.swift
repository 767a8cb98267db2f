// Adding, removing and editing constraints: the transactions around the simplex verbs.

extension Engine {
  // MARK: - Adding

  /// Adds `constraint` with expression constant `constant` and re-optimises.
  ///
  /// A required equality gets no dummy marker unless `explicit` (or `allExplicit`): markers
  /// of required equalities are only needed to remove them or change their constants, and
  /// on chains of equalities (`x[i+1] == x[i] + 10`) their columns fill the tableau
  /// quadratically, which is where Kiwi's adds slow down. On `unsatisfiableConstraint` the
  /// engine is restored exactly (the phase-one pivots are undone by restoring a
  /// copy-on-write copy taken before them).
  /// - Throws: `SolverError` for a duplicate, non-finite or unsatisfiable constraint;
  ///   `.internalFailure` when the dual simplex can't repair a row (excluded by the
  ///   algorithm); the caller then rebuilds.
  mutating func add(
    _ constraint: Constraint, constant: Double? = nil, editVariable: Variable? = nil,
    explicit: Bool = false, order: Int? = nil, confirmRefusal: Bool = true,
    certified: Bool = false
  ) throws(EngineError) {
    rebuildIfNeeded()
    let pivotsBefore = pivotCount
    let key = ObjectIdentifier(constraint)
    guard constraints[key] == nil else {
      throw .solver(.duplicateConstraint(constraint))
    }
    guard constraint.isFinite, constant?.isFinite ?? true else {
      throw .solver(.nonFiniteConstraint(constraint))
    }
    let constant = constant ?? constraint.expression.constant
    let explicit = explicit || allExplicit
    var (row, tag, sign) = makeRow(for: constraint, constant: constant, explicit: explicit)
    var subject = chooseSubject(row, tag)

    // A row of dummies only: redundant if its constant is zero, contradictory otherwise.
    // A redundant equality always gets a marker, as its basic row: that row keeps the
    // markers of the equalities it follows from, so removing one of them substitutes into
    // it instead of losing it.
    var explicitNow = explicit
    if !subject.isValid, constraint.isRequired, constraint.relation == .equal,
      looksDependent(row, constraint, constant: constant),
      let consistent = dependence(of: constraint, constant: constant)
    {
      // It follows from the required equalities in force (exactly: `dependence`), whatever
      // residues the tableau's rounding left in its row.
      guard consistent else {
        guard confirmRefusal else {
          throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
        }
        throw unsatisfiable(constraint, constant: constant, certificate: row)
      }
      row.cells.removeAll { !$0.symbol.isDummy }
      row.constant = 0
    }
    if !subject.isValid, row.hasOnlyDummies {
      let scale = constantScale(of: constraint.expression, constant: constant)
      guard isRoundingNoise(row.constant, scale: scale) else {
        guard confirmRefusal else {
          throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
        }
        guard let error = refusal(constraint, constant: constant, certificate: row) else {
          return try addToFreshTableau(constraint, constant, editVariable, explicit, order)
        }
        throw error
      }
      row.constant = 0  // it holds: the residual is rounding of the equalities it follows from
      if !tag.marker.isValid {
        tag.marker = newSymbol(.dummy)
        row.insert(tag.marker, sign)
        explicitNow = true
      }
      subject = tag.marker
    }

    // The engine before a phase-one accept, to restore if the accept doesn't survive a check
    // against the constraints (`verifiedAccept`).
    var beforePhaseOne: Engine?
    if subject.isValid {
      row.solve(for: subject)
      substitute(subject, with: row)
      insertRow(row, for: subject)
    } else {
      let saved = self
      let outcome: PhaseOneOutcome
      let scale = constantScale(of: constraint.expression, constant: constant)
      do {
        if certified { pivotFloor = Tolerance.standard.certifiedPivotFloor }
        outcome = try addWithArtificialVariable(row, scale: scale)
        pivotFloor = 0
      } catch {
        self = saved
        throw .internalFailure(error.message)
      }
      switch outcome {
      case .added:
        if constraint.isRequired { beforePhaseOne = saved }
      case .redundant(var row):
        // As above: the marker's row keeps the markers of the equalities it follows from.
        row.constant = 0
        if !tag.marker.isValid { tag.marker = newSymbol(.dummy) }
        if row.index(of: tag.marker) < 0 { row.insert(tag.marker, sign) }
        explicitNow = true
        row.solve(for: tag.marker)
        substitute(tag.marker, with: row)
        insertRow(row, for: tag.marker)
      case .unsatisfiable(let certificate):
        if !certified, constraint.isRequired, hasSmallDirection(certificate) {
          // Phase one stopped at a positive artificial with a direction left whose coefficient
          // is below pivot size: a residue of rounding, or a genuine small coefficient of
          // nearly dependent constraints. The tableau refactored from the constraints has no
          // residues, so its phase one may take every coefficient above `Tolerance.certifiedPivotFloor`
          // (LP-oracle seeds 1 001 865 and 2 007 129: feasible required sets refused, their
          // only way to feasibility a coefficient of 1.2e-7 of its row, at points near 1e9).
          var refactored = saved
          if refactored.refactor(), (try? refactored.dualOptimize()) != nil {
            self = refactored
            return try add(
              constraint, constant: constant, editVariable: editVariable, explicit: explicit,
              order: order, confirmRefusal: confirmRefusal, certified: true)
          }
        }
        guard confirmRefusal else {
          self = saved
          throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
        }
        let error = refusal(constraint, constant: constant, certificate: certificate)
        self = saved
        guard let error else {
          return try addToFreshTableau(constraint, constant, editVariable, explicit, order)
        }
        throw error
      }
    }

    let order = order ?? nextOrder
    nextOrder = max(nextOrder, order + 1)
    constraints[key] = ConstraintEntry(
      constraint: constraint, tag: tag, order: order, constant: constant,
      editVariable: editVariable, isExplicit: explicitNow)
    if tag.marker.isValid { ownerOfSymbol[tag.marker.id] = key }
    if tag.other.isValid { ownerOfSymbol[tag.other.id] = key }
    retainVariables(of: constraint.expression)
    do {
      try optimize()
      try dualOptimize()
      try checkHealth()
    } catch {
      throw .internalFailure(error.message)
    }
    if let saved = beforePhaseOne, !verifiedAccept() || !requiredConstraintsHoldRefined() {
      // Phase one reached zero only along the tableau's drifted rows; the constraints
      // themselves refuse it (LP oracle seed 2000053: a required equality 1.4 of its terms
      // from any point the others allow, accepted after 300 calls).
      self = saved
      guard confirmRefusal else {
        throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
      }
      guard let error = refusal(constraint, constant: constant, certificate: Row()) else {
        return try addToFreshTableau(constraint, constant, editVariable, explicit, order)
      }
      throw error
    }
    let pivots = pivotCount &- pivotsBefore
    if pivots != 0 { constraints[key]?.addPivots = pivots }
  }

  /// Whether phase one's final artificial row `row` still has a direction of descent that
  /// `isPivotSized` passed over but `Tolerance.certifiedPivotFloor` would take.
  func hasSmallDirection(_ row: Row) -> Bool {
    row.cells.contains { cell in
      !cell.symbol.isDummy && cell.coefficient < 0 && !row.isPivotSized(cell.coefficient)
        && row.isPivotSized(cell.coefficient, floor: Tolerance.standard.certifiedPivotFloor)
    }
  }

  // MARK: - Conflicts

  /// The error for unsatisfiable `constraint`: the required constraints in its way, from
  /// the markers of `certificate` (the failed row) when every equality has one, else from
  /// an engine that gives them markers.
  func unsatisfiable(_ constraint: Constraint, constant: Double, certificate: Row) -> EngineError {
    refusal(constraint, constant: constant, certificate: certificate)
      ?? .solver(.unsatisfiableConstraint(constraint, conflicting: []))
  }

  /// `unsatisfiable(_:constant:certificate:)`, or nil when the engine that explains the
  /// conflict (a fresh tableau) accepts the constraint after all: the refusal came from
  /// rounding this tableau gathered over many pivots, not from the constraints.
  func refusal(_ constraint: Constraint, constant: Double, certificate: Row) -> EngineError? {
    if allExplicit {
      let key = ObjectIdentifier(constraint)
      let conflicting = requiredOwners(of: certificate, excluding: key)
      return .solver(.unsatisfiableConstraint(constraint, conflicting: conflicting))
    }
    guard let conflicting = explainConflict(constraint, constant: constant) else { return nil }
    return .solver(.unsatisfiableConstraint(constraint, conflicting: conflicting))
  }

  /// Adds `constraint` after rebuilding the tableau from scratch (a refusal this tableau
  /// made that a fresh one did not confirm). When the rebuilt tableau refuses it too, it is
  /// added once more to a tableau of the required constraints alone, as the engines that
  /// confirmed it were, and the weighted constraints are re-added after it (seed 2 001 207:
  /// with the weighted constraints' error columns in the way, a feasible required equality at
  /// a point near 2.5e8 was refused); refused for good if that refuses it too.
  mutating func addToFreshTableau(
    _ constraint: Constraint, _ constant: Double, _ editVariable: Variable?, _ explicit: Bool,
    _ order: Int?
  ) throws(EngineError) {
    // Neither rebuild may lose a constraint in force: the add would be judged, and kept,
    // against the rest (`rebuildLosingNothing()`); the refusal stands then.
    guard rebuildLosingNothing() else {
      throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
    }
    do {
      try add(
        constraint, constant: constant, editVariable: editVariable, explicit: explicit,
        order: order, confirmRefusal: false)
    } catch .solver(.unsatisfiableConstraint) where constraint.isRequired {
      let entries = constraints.values.sorted(by: { $0.order < $1.order })
      var fresh = emptied()
      fresh.readd(entries.filter(\.constraint.isRequired))
      try fresh.add(
        constraint, constant: constant, editVariable: editVariable, explicit: explicit,
        order: order, confirmRefusal: false)
      fresh.readd(entries.filter { !$0.constraint.isRequired })
      guard fresh.lostInRebuild.count == lostInRebuild.count else {
        throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
      }
      adopt(fresh)
    }
  }

  /// The required constraints (other than `excluded`) whose markers appear in `row`, in the
  /// order they were added: the best-effort culprits of an unsatisfiable constraint.
  func requiredOwners(of row: Row, excluding excluded: ObjectIdentifier) -> [Constraint] {
    var seen: Set<ObjectIdentifier> = []
    var owners: [ConstraintEntry] = []
    for cell in row.cells {
      guard let key = ownerOfSymbol[cell.symbol.id], key != excluded,
        let entry = constraints[key], entry.constraint.isRequired,
        seen.insert(key).inserted
      else { continue }
      owners.append(entry)
    }
    return owners.sorted { $0.order < $1.order }.map(\.constraint)
  }

  /// Why `constraint` (with `constant`) can't be added: replays the required constraints
  /// into an engine where every equality has a marker and reads the failed row there; nil
  /// when that engine accepts it.
  ///
  /// An engine that could not re-add every required constraint in force proves nothing by
  /// accepting: the refusal stands, its culprits unknown (`[]`). Taking that accept for a
  /// rounding refusal sent seed 2 009 835's conflicting add to `addToFreshTableau`, whose
  /// rebuild lost the same constraint and accepted the add without it.
  /// - Complexity: a rebuild; paid only when a call fails.
  func explainConflict(_ constraint: Constraint, constant: Double) -> [Constraint]? {
    var probe = Engine()
    probe.allExplicit = true
    var complete = true
    for entry in constraints.values.sorted(by: { $0.order < $1.order })
    where entry.constraint.isRequired && entry.constraint !== constraint {
      do {
        try probe.add(entry.constraint, constant: entry.constant, order: entry.order)
      } catch {
        complete = false
      }
    }
    do {
      try probe.add(constraint, constant: constant)
    } catch {
      if case .solver(.unsatisfiableConstraint(_, let conflicting)) = error { return conflicting }
      return []
    }
    return complete ? nil : []
  }

  // MARK: - Removing

  /// Removes `constraint` (paper 4.4) and re-optimises. A required equality without a
  /// marker first gets the marker column it would have had (`materialiseMarker`); when that
  /// can't be computed it only leaves the tables and the tableau is rebuilt when next needed.
  /// - Throws: `unknownConstraint`; `.internalFailure` when no row holds its marker or the
  ///   dual simplex fails, after the constraint is gone from the tables.
  mutating func remove(_ constraint: Constraint) throws(EngineError) {
    let key = ObjectIdentifier(constraint)
    guard let entry = constraints.removeValue(forKey: key) else {
      throw .solver(.unknownConstraint(constraint))
    }
    var tag = entry.tag
    if tag.marker.isValid { ownerOfSymbol[tag.marker.id] = nil }
    if tag.other.isValid { ownerOfSymbol[tag.other.id] = nil }
    if !needsRebuild, entry.isImplicit, let marker = materialiseMarker(for: entry) {
      tag.marker = marker  // now removed like any constraint with a marker
    } else if needsRebuild || entry.isImplicit {
      needsRebuild = true
      return
    }
    let strength = constraint.strength.value
    removeEffects(of: tag.marker, strength: strength)
    removeEffects(of: tag.other, strength: strength)

    if let slot = slot(of: tag.marker) {
      _ = takeRow(at: slot)
    } else {
      guard let slot = markerLeavingSlot(tag.marker) else {
        releaseVariables(of: constraint.expression)
        throw .internalFailure("no row holds the marker of [\(constraint)]")
      }
      let leaving = basics[slot]
      var row = takeRow(at: slot)
      if leaving.isDummy { row.constant = 0 }  // a redundant equality's row: zero but rounding
      row.solve(for: leaving, swapping: tag.marker)
      substitute(tag.marker, with: row)
    }
    releaseVariables(of: constraint.expression)
    do {
      try optimize()
      try dualOptimize()
      try checkHealth()
    } catch {
      throw .internalFailure(error.message)
    }
    // The tableau holds the rest: a rebuild that would lose one of them is not worth it.
    if entry.isImplicit, hasDrifted() { _ = rebuildLosingNothing() }
  }

  // MARK: - Rebuilding

  /// Rebuilds the tableau if a removal left it stale.
  mutating func rebuildIfNeeded() {
    if needsRebuild { rebuild() }
  }

  /// Rebuilds the tableau from scratch: the constraints in their order of addition, with
  /// their constants in force and markers as before, then the edit variables.
  ///
  /// The constraints in force were each accepted against the ones before them, so re-adding
  /// them in order cannot meet a conflict; a constraint that still fails to re-add (rounding,
  /// a cycling simplex, or a phase one that stalls short of a point far out: see
  /// `rebuildLosingNothing()`, which callers whose tableau is still whole use instead) is
  /// never dropped silently: it is left out so the engine stays consistent, and described in
  /// `lostInRebuild`, which the `Solver` throws as `internalError` from its next throwing call
  /// before that call does anything.
  ///
  /// When a constraint can't be re-added in that order, the rebuild is made once more with the
  /// required constraints first and the weighted ones after them, and kept if it lost fewer:
  /// the weighted constraints' error columns can steer phase one away from a feasible point
  /// (fresh LP-oracle seed 2 005 773: a pending rebuild dropped a required equality added 230
  /// calls earlier, and the constant change it ran for was then accepted without it; the
  /// required-first rebuild keeps it, and the change is refused).
  /// - Returns: whether every constraint was re-added.
  @discardableResult
  mutating func rebuild() -> Bool {
    let lost = lostInRebuild.count
    let entries = constraints.values.sorted(by: { $0.order < $1.order })
    var fresh = emptied()
    fresh.readd(entries)
    if fresh.lostInRebuild.count > lost {
      var requiredFirst = emptied()
      requiredFirst.readd(entries.filter(\.constraint.isRequired))
      requiredFirst.readd(entries.filter { !$0.constraint.isRequired })
      if requiredFirst.lostInRebuild.count < fresh.lostInRebuild.count { fresh = requiredFirst }
    }
    adopt(fresh)
    return lostInRebuild.count == lost
  }

  /// `rebuild()`, unless that loses a constraint: then the engine is left as it was, for
  /// callers whose tableau still holds every constraint in force (a rebuild run to confirm or
  /// ease a call, not to recover from a broken tableau).
  ///
  /// A fresh tableau can refuse a required constraint that this one holds: its phase one
  /// passes over coefficients it takes for rounding residues, and a feasible point far out
  /// can need one (LP oracle seeds 2 009 835 and 2 006 927: required sets whose LP points lie
  /// at |x| = 6e7 and 1e7; their re-adds stalled at coefficients of 5e-4 next to 5e2, and
  /// 3e-5). Adopting that rebuild dropped the constraint, and the call it ran for went on
  /// without it (a conflicting add accepted; a constant change made on the rest).
  /// - Returns: whether the tableau was rebuilt.
  mutating func rebuildLosingNothing() -> Bool {
    let saved = self
    guard rebuild() else {
      self = saved
      return false
    }
    return true
  }

  /// An engine without constraints that rebuilds this one: same marker policy, same record of
  /// constraints lost in earlier rebuilds.
  func emptied() -> Engine {
    var fresh = Engine()
    fresh.allExplicit = allExplicit
    fresh.lostInRebuild = lostInRebuild
    return fresh
  }

  /// Adds `entries` in turn (their constants in force, markers as before); one that fails is
  /// left out and described in `lostInRebuild` (see `rebuild()`).
  mutating func readd(_ entries: [ConstraintEntry]) {
    for entry in entries {
      do {
        try add(
          entry.constraint, constant: entry.constant, editVariable: entry.editVariable,
          explicit: entry.isExplicit, order: entry.order, confirmRefusal: false)
      } catch {
        let reason: String
        switch error {
        case .solver(let error): reason = "\(error)"
        case .internalFailure(let message): reason = message
        }
        lostInRebuild.append(
          "a rebuild could not re-add [\(entry.constraint)] (\(reason)); it was dropped")
      }
    }
  }

  /// Becomes `fresh`, a rebuild of this engine's constraints, keeping the order counter and
  /// the edit variables whose constraints it holds.
  mutating func adopt(_ fresh: Engine) {
    var fresh = fresh
    fresh.nextOrder = max(fresh.nextOrder, nextOrder)
    for (key, edit) in edits where fresh.constraints[ObjectIdentifier(edit.constraint)] != nil {
      fresh.edits[key] = edit
    }
    self = fresh
  }

  // MARK: - Changing a constant

  /// Changes the expression constant of `constraint` in place and re-solves (dual simplex).
  ///
  /// The change is absorbed by one symbol that only this constraint has: its marker or other
  /// symbol when basic (one row changes), else the marker's column (paper 4.3, as for edit
  /// variables). A required equality without a marker first gets one (`giveMarker(to:)`: its
  /// column computed in place; failing that, a rebuild that marks it, unless the rebuild
  /// would lose a constraint). A required constraint that no longer fits restores the engine
  /// and throws `unsatisfiableConstraint`.
  mutating func updateConstant(of constraint: Constraint, to constant: Double) throws(EngineError) {
    rebuildIfNeeded()
    let key = ObjectIdentifier(constraint)
    guard constraints[key] != nil else { throw .solver(.unknownConstraint(constraint)) }
    guard constant.isFinite else { throw .solver(.nonFiniteConstraint(constraint)) }
    guard let oldConstant = constraints[key]?.constant, constant != oldConstant else { return }

    // Only a required constraint can fail; keep the state to restore it exactly then.
    let original: Engine? = constraint.isRequired ? self : nil
    if constraints[key]?.isImplicit == true, !giveMarker(to: key) {
      // The column can't be computed in place: a rebuild with the equality marked, unless
      // that would lose a constraint (seed 2 006 927: it lost a required inequality, and the
      // change was made on the rest).
      let before = self
      constraints[key]?.isExplicit = true
      guard rebuildLosingNothing() else {
        self = before
        let reason = "no marker could be given to [\(constraint)] without losing a constraint"
        throw .solver(.internalError(reason))
      }
    }
    guard let entry = constraints[key] else {
      if let original { self = original }
      throw .internalFailure("[\(constraint)] could not be re-added with a marker")
    }
    let delta = constant - entry.constant
    let tag = entry.tag
    if tag.marker.isDummy, let slot = slot(of: tag.marker) {
      // A redundant required equality: the others already fix its expression.
      let row = rows[slot]
      guard row.hasOnlyDummies else {
        do {
          return try readd(constraint, constant: constant)
        } catch {
          if let original { self = original }
          throw error
        }
      }
      let scale = constantScale(of: constraint.expression, constant: constant)
      guard isRoundingNoise(row.constant - delta, scale: scale) else {
        guard let original else { throw unsatisfiable(constraint, constant: constant, certificate: row) }
        return try refuseUpdate(constraint, constant, certificate: row, original)
      }
      setConstant(constant, of: entry)
      rows[slot].constant = 0
      return
    }

    setConstant(constant, of: entry)
    let broken = shift(
      tag, relation: constraint.relation, isRequired: constraint.isRequired, by: delta,
      scale: constantScale(of: constraint.expression, constant: constant))
    if let broken, let original {
      // A redundant equality that follows from this one no longer holds.
      return try refuseUpdate(constraint, constant, certificate: broken, original)
    }
    do {
      try dualOptimize()
      try checkHealth()
    } catch {
      guard let original else { throw .internalFailure(error.message) }
      return try refuseUpdate(constraint, constant, certificate: Row(), original)
    }
    if let original, !verifiedAccept() || !requiredConstraintsHoldRefined() {
      // As for a phase-one add: the dual simplex repaired the rows along drifted coefficients
      // (seed 2000163: a change 1.6e-3 of its terms from feasible, accepted).
      return try refuseUpdate(constraint, constant, certificate: Row(), original)
    }
  }

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
    refined.refineSolution(rebuilding: false)
    return refined.lostInRebuild.count == lostInRebuild.count && refined.requiredConstraintsHold()
  }

  /// Restores `original` and refuses the new `constant` of required `constraint`, unless the
  /// engine that explains the conflict (a fresh tableau, `refusal`) accepts it: then the
  /// refusal came from this tableau's rounding (LP oracle seeds 1000119, 1003201: a feasible
  /// change refused after some 500 calls), and the constraints are re-added in order with the
  /// new constant, as `addToFreshTableau` does for an add. Refused for good if that rebuild
  /// can't re-add them all.
  mutating func refuseUpdate(
    _ constraint: Constraint, _ constant: Double, certificate: Row, _ original: Engine
  ) throws(EngineError) {
    self = original
    if let error = refusal(constraint, constant: constant, certificate: certificate) {
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

  /// Applies `0 = c + delta + ...` to the tableau of `0 = c + ...` through the constraint's
  /// own symbols, queueing rows that turn infeasible.
  /// - Parameter scale: the size of the constraint's numbers (`constantScale`).
  /// - Returns: the first row of a redundant required equality (a basic dummy over dummies
  ///   only) that the shift left beyond rounding noise of zero, if any: no pivot can repair
  ///   it, so the new constant contradicts the required equalities.
  @discardableResult
  mutating func shift(
    _ tag: Tag, relation: Relation, isRequired: Bool, by delta: Double, scale: Double = 0
  ) -> Row? {
    // The coefficients the marker and other symbol got in `makeRow` (before sign fixing,
    // which scales the whole equation and so doesn't change the ratio used here).
    let markerCoefficient: Double
    let otherCoefficient: Double
    switch relation {
    case .lessThanOrEqual: (markerCoefficient, otherCoefficient) = (1, -1)
    case .greaterThanOrEqual: (markerCoefficient, otherCoefficient) = (-1, 1)
    case .equal: (markerCoefficient, otherCoefficient) = isRequired ? (1, 0) : (-1, 1)
    }
    if let slot = slot(of: tag.marker) {
      rows[slot].constant -= delta / markerCoefficient
      if rows[slot].constant < 0 { infeasible.append(tag.marker) }
      return nil
    }
    if tag.other.isValid, let slot = slot(of: tag.other) {
      rows[slot].constant -= delta / otherCoefficient
      if rows[slot].constant < 0 { infeasible.append(tag.other) }
      return nil
    }
    let factor = delta / markerCoefficient
    var broken: Row?
    // The marker's column as recorded, each slot once (first occurrence) and looked up once:
    // the slots and order of the compacted column, without rewriting it (edit variables
    // shift on every suggestion).
    let epoch = nextMarkEpoch()
    for entry in columns[tag.marker.id] {
      let slot = Int(entry)
      guard slotMarks[slot] != epoch else { continue }
      slotMarks[slot] = epoch
      let index = rows[slot].index(of: tag.marker)
      guard index >= 0 else { continue }
      let basic = basics[slot]
      let coefficient = rows[slot].cells[index].coefficient
      rows[slot].constant += coefficient * factor
      if basic.isDummy, rows[slot].hasOnlyDummies {
        let noise = isRoundingNoise(rows[slot].constant, scale: scale + abs(coefficient * factor))
        if !noise, broken == nil { broken = rows[slot] }
        if noise { rows[slot].constant = 0 }
      } else if !basic.isExternal, rows[slot].constant < 0 {
        infeasible.append(basic)
      }
    }
    objective.constant += objective.coefficient(for: tag.marker) * factor
    return broken
  }

  /// Changes a constant by removing and re-adding the constraint (same object, same order,
  /// same markers), restoring the engine if the new constant is unsatisfiable, or if the
  /// rebuild the removal may leave pending loses another constraint (`rebuildLosingNothing()`).
  mutating func readd(_ constraint: Constraint, constant: Double) throws(EngineError) {
    let key = ObjectIdentifier(constraint)
    guard let entry = constraints[key] else { throw .solver(.unknownConstraint(constraint)) }
    let saved = self
    let lost = lostInRebuild.count
    do {
      try remove(constraint)
      try add(
        constraint, constant: constant, editVariable: entry.editVariable,
        explicit: entry.isExplicit, order: entry.order)
    } catch {
      self = saved
      throw error
    }
    guard lostInRebuild.count == lost else {
      self = saved
      throw .solver(
        .internalError("[\(constraint)] could not be re-added without losing a constraint"))
    }
  }

  // MARK: - Reading the solution

  /// Writes every variable's value: its row's constant when basic, else zero.
  func writeValues() {
    for entry in variables.values {
      let symbol = entry.symbol
      let value = slot(of: symbol).map { rows[$0].constant } ?? 0
      if entry.variable.value != value { entry.variable.value = value }
    }
  }
}

/// What an engine call throws: a user-facing error, or a failure that needs a rebuild.
enum EngineError: Error {
  case solver(SolverError)
  case internalFailure(String)
}
