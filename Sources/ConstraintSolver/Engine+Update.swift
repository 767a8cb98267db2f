// Changing a constraint's constant in place (edit variables' suggestions among them).

extension Engine {
  // MARK: - Changing a constant (paper 4.3)

  /// What `changeConstant` did.
  enum ConstantChange {
    /// The constant of a redundant required equality, which the others fix: nothing moved.
    case absorbed
    /// Shifted through the constraint's own symbols and re-solved by the dual simplex.
    case shifted
    /// A required constraint that can't hold with the new constant; the caller restores the
    /// engine.
    case refused
    /// A redundant equality's row holds more than dummies: only removing and re-adding the
    /// constraint applies the change (`readd`).
    case needsReadd
  }

  /// Changes the expression constant of `entry`'s constraint, which has a marker, in place
  /// and re-solves (dual simplex): the change is absorbed by one symbol that only this
  /// constraint has, its marker or other symbol when basic (one row changes), else the
  /// marker's column (paper 4.3, as for edit variables).
  /// - Throws: `InternalFailure` when the dual simplex can't repair a row.
  mutating func changeConstant(
    of entry: ConstraintEntry, to constant: Double
  ) throws(InternalFailure) -> ConstantChange {
    let constraint = entry.constraint
    let delta = constant - entry.constant
    let tag = entry.tag
    if tag.marker.isDummy, let slot = slot(of: tag.marker) {
      // A redundant required equality: the others already fix its expression.
      let row = rows[slot]
      guard row.hasOnlyDummies else { return .needsReadd }
      let scale = constantScale(of: constraint.expression, constant: constant)
      guard isRoundingNoise(row.constant - delta, scale: scale) else { return .refused }
      setConstant(constant, of: entry)
      rows[slot].constant = 0
      return .absorbed
    }
    setConstant(constant, of: entry)
    let broken = shift(
      tag, of: constraint, by: delta,
      scale: constantScale(of: constraint.expression, constant: constant))
    // A redundant equality that follows from this one no longer holds.
    if broken, constraint.isRequired { return .refused }
    try dualOptimize()
    return .shifted
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
}
