// Removing a constraint (paper 4.4).

extension Engine {
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
    if !needsRebuild, entry.isImplicit,
      let marker = materialiseMarker(for: entry, cheaperThan: rebuildWorkEstimate())
    {
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
}
