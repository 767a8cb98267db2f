// Removing a constraint (paper 4.4).

extension Engine {
  // MARK: - Removing

  /// Removes `constraint` and re-optimises (paper 4.4, Kiwi's `removeConstraint`). A
  /// markerless equality first gets the column it would have had (`materialiseMarker`), else
  /// it only leaves the tables and a rebuild is pending.
  /// - Returns: whether it left the tableau now (false: a rebuild is pending).
  /// - Throws: `unknownConstraint`; `.internalFailure` after it left the tables.
  mutating func removeFromTableau(_ constraint: Constraint) throws(EngineError) -> Bool {
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
      return false
    }
    let strength = constraint.strength.value
    removeEffects(of: tag.marker, strength: strength)
    removeEffects(of: tag.other, strength: strength)

    if let slot = slot(of: tag.marker) {
      _ = takeRow(at: slot)
    } else {
      guard let slot = markerLeavingRow(tag.marker) else {
        releaseVariables(of: constraint.expression)
        throw .internalFailure(
          "no row holds the marker of [\(constraint)] with a pivot-sized coefficient")
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
    } catch {
      throw .internalFailure(error.message)
    }
    return true
  }

  // MARK: - The marker's leaving row (paper 4.4)

  /// The row to pivot `marker` into (Kiwi's `getMarkerLeavingRow`): a basic dummy's (a
  /// redundant equality that must now hold on its own: seed 40200), else as the paper orders
  /// them: restricted with a negative coefficient (least ratio), restricted with a positive
  /// one (least ratio), external; among `isPivotSized` cells (none: the caller rebuilds).
  /// Ties: oldest.
  mutating func markerLeavingRow(_ marker: Symbol) -> Int? {
    var dummy: Int?
    var first: Int?, firstRatio = Double.infinity
    var second: Int?, secondRatio = Double.infinity
    var third: Int?
    for slot in slots(containing: marker) {
      let basic = basics[slot]
      let coefficient = rows[slot].coefficient(for: marker)
      guard coefficient != 0, rows[slot].isPivotSized(coefficient) else { continue }
      if basic.isDummy {
        if dummy == nil || basic < basics[dummy!] { dummy = slot }
      } else if basic.isExternal {
        if third == nil || basic < basics[third!] { third = slot }
      } else if coefficient < 0 {
        let ratio = -rows[slot].constant / coefficient
        if first == nil || ratio < firstRatio || (ratio == firstRatio && basic < basics[first!]) {
          firstRatio = ratio
          first = slot
        }
      } else {
        let ratio = rows[slot].constant / coefficient
        if second == nil || ratio < secondRatio
          || (ratio == secondRatio && basic < basics[second!])
        {
          secondRatio = ratio
          second = slot
        }
      }
    }
    return dummy ?? first ?? second ?? third
  }

  /// Takes `symbol`'s weighted error out of the objective.
  mutating func removeEffects(of symbol: Symbol, strength: Double) {
    guard symbol.kind == .error else { return }
    if let slot = slot(of: symbol) {
      objective.insert(rows[slot], -strength)
    } else {
      objective.insert(symbol, -strength)
    }
  }
}
