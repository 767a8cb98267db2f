// Changing a constraint's constant in place (edit variables' suggestions among them).

extension Engine {
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
        guard let original else { throw unsatisfiable(constraint, constant: constant) }
        return try refuseUpdate(constraint, constant, original)
      }
      setConstant(constant, of: entry)
      rows[slot].constant = 0
      return
    }

    setConstant(constant, of: entry)
    let broken = shift(
      tag, of: constraint, by: delta,
      scale: constantScale(of: constraint.expression, constant: constant))
    if broken, let original {
      // A redundant equality that follows from this one no longer holds.
      return try refuseUpdate(constraint, constant, original)
    }
    do {
      try dualOptimize()
      try checkHealth()
    } catch {
      guard let original else { throw .internalFailure(error.message) }
      return try refuseUpdate(constraint, constant, original)
    }
    if let original, !verifiedAccept() || !requiredConstraintsHoldRefined() {
      // As for a phase-one add: the dual simplex repaired the rows along drifted coefficients
      // (seed 2000163: a change 1.6e-3 of its terms from feasible, accepted).
      return try refuseUpdate(constraint, constant, original)
    }
  }

  /// Applies `0 = c + delta + ...` to the tableau of `0 = c + ...` through the constraint's
  /// own symbols, queueing rows that turn infeasible.
  /// - Parameter scale: the size of the constraint's numbers (`constantScale`).
  /// - Returns: whether the shift left the row of a redundant required equality (a basic
  ///   dummy over dummies only) beyond rounding noise of zero: no pivot can repair it, so the
  ///   new constant contradicts the required equalities.
  mutating func shift(
    _ tag: Tag, of constraint: Constraint, by delta: Double, scale: Double
  ) -> Bool {
    // The coefficients the marker and other symbol got in `makeRow` (before sign fixing,
    // which scales the whole equation and so doesn't change the ratio used here).
    let markerCoefficient = markerCoefficient(constraint)
    let otherCoefficient = -markerCoefficient
    if let slot = slot(of: tag.marker) {
      rows[slot].constant -= delta / markerCoefficient
      if rows[slot].constant < 0 { infeasible.append(tag.marker) }
      return false
    }
    if tag.other.isValid, let slot = slot(of: tag.other) {
      rows[slot].constant -= delta / otherCoefficient
      if rows[slot].constant < 0 { infeasible.append(tag.other) }
      return false
    }
    let factor = delta / markerCoefficient
    var broken = false
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
        if !noise { broken = true }
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
        constraint, constant: constant, editVariable: entry.editVariable, marker: entry.marker,
        order: entry.order)
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
}
