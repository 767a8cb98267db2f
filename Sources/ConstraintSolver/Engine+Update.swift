// Changing a constraint's constant in place (paper 4.3: edit variables' suggestions).

extension Engine {
  // MARK: - Changing a constant (paper 4.3)

  /// What `changeConstant` did.
  enum ConstantChange {
    /// A redundant required equality's, which the others fix: nothing moved.
    case absorbed
    /// Shifted through the constraint's own symbols and re-solved by the dual simplex.
    case shifted
    /// A required constraint that can't hold with it, or a redundant equality whose row holds
    /// more than dummies: the caller restores the engine and decides on a fresh tableau.
    case refused
  }

  /// Changes the constant of `entry`'s constraint, which has a marker, and re-solves with the
  /// dual simplex (paper 4.3, Kiwi's `suggestValue`).
  mutating func changeConstant(
    of entry: ConstraintEntry, to constant: Double
  ) throws(InternalFailure) -> ConstantChange {
    let constraint = entry.constraint
    let delta = constant - entry.constant
    let tag = entry.tag
    if tag.marker.isDummy, let slot = slot(of: tag.marker) {
      // A redundant required equality: the others already fix its expression.
      let row = rows[slot]
      guard row.hasOnlyDummies else { return .refused }
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

  /// Shifts the constant by `delta` through the constraint's own symbols: its marker's or
  /// other symbol's row when basic, else the marker's column; queues rows turned infeasible.
  /// - Returns: whether a redundant equality's row (dummies only) left rounding of `scale`:
  ///   the new constant contradicts the required equalities.
  mutating func shift(
    _ tag: Tag, of constraint: Constraint, by delta: Double, scale: Double
  ) -> Bool {
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
    // The column as recorded, each slot once, without compacting it.
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
