// A new constraint's row (paper 4.1), its subject, and phase one for a row without one.

extension Engine {
  // MARK: - The row (paper 4.1)

  /// The row of `constraint` over the current parameters (Kiwi's `createRow`): `e <= 0` is
  /// `e + slack = 0`, `e >= 0` is `e - slack = 0`; a weighted constraint also gets an error
  /// (two for an equality) in the objective; a required equality gets a dummy only when
  /// `marker` is `.always`. Sign-normalised to a constant `>= 0`; `sign` is -1 when that
  /// negated it (a dummy inserted later gets coefficient `sign`).
  mutating func makeRow(
    for constraint: Constraint, constant: Double, marker: EqualityMarker
  ) -> (row: Row, tag: Tag, sign: Double) {
    var row = Row(constant: constant)
    var scale = 0.0
    for term in constraint.expression.terms where !nearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      if let slot = slot(of: symbol) {
        row.insert(rows[slot], term.coefficient)
        scale = max(scale, abs(term.coefficient) * rows[slot].largestCoefficient)
      } else {
        row.insert(symbol, term.coefficient)
        scale = max(scale, abs(term.coefficient))
      }
    }
    row.dropCancellations(scale: scale)
    var tag = Tag()
    let strength = constraint.strength.value
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
      tag.marker = newSymbol(.slack)
      row.insert(tag.marker, sign)
      if !constraint.isRequired {
        tag.other = newSymbol(.error)
        row.insert(tag.other, -sign)
        objective.insert(tag.other, strength)
      }
    case .equal:
      if constraint.isRequired {
        if marker == .always {
          tag.marker = newSymbol(.dummy)
          row.insert(tag.marker)
        }
      } else {
        tag.marker = newSymbol(.error)
        tag.other = newSymbol(.error)
        row.insert(tag.marker, -1)
        row.insert(tag.other, 1)
        objective.insert(tag.marker, strength)
        objective.insert(tag.other, strength)
      }
    }
    guard row.constant < 0 else { return (row, tag, 1) }
    row.reverseSign()
    return (row, tag, -1)
  }

  /// `|constant| + sum(|coefficient * value|)` at the current solution: the size of the
  /// numbers whose rounding a dependent constraint's row constant carries.
  func constantScale(of expression: LinearExpression, constant: Double) -> Double {
    var scale = abs(constant)
    for term in expression.terms {
      let symbol = variables[ObjectIdentifier(term.variable)]?.symbol ?? .invalid
      if let slot = slot(of: symbol) { scale += abs(term.coefficient * rows[slot].constant) }
    }
    return scale
  }

  /// The symbol to solve a new row for (paper 4.1, Kiwi's `chooseSubject`), or `.invalid`
  /// when an artificial variable is needed: the oldest external if it `isPivotSized`, else the
  /// row's own slack or error with a negative coefficient.
  func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
    if let first = row.cells.first(where: { $0.symbol.isExternal }),
      row.isPivotSized(first.coefficient)
    {
      return first.symbol
    }
    if tag.marker.isPivotable, row.coefficient(for: tag.marker) < 0 { return tag.marker }
    if tag.other.isPivotable, row.coefficient(for: tag.other) < 0 { return tag.other }
    return .invalid
  }

  // MARK: - Phase one (paper 4.1, Kiwi's `addWithArtificialVariable`)

  /// What phase one made of a row.
  enum PhaseOneOutcome {
    /// The row holds and is in the tableau.
    case added
    /// Redundant with required equalities (`0 = noise + dummies`), out of the tableau.
    case redundant(Row)
    /// The row can't hold: the final objective, whose markers name the constraints in the
    /// way. The tableau is left pivoted, for the caller to restore.
    case unsatisfiable(Row)
  }

  /// Adds `row` through an artificial variable, minimised to zero; a final value within
  /// rounding of `scale` (`constantScale`) and of `certificateScale` counts as zero.
  mutating func addWithArtificialVariable(
    _ row: Row, scale: Double, size: PivotSize
  ) throws(InternalFailure) -> PhaseOneOutcome {
    let art = newSymbol(.slack)
    insertRow(row, for: art)
    artificial = row
    defer { artificial = nil }
    try optimize(.one, size: size)
    let final = artificial ?? Row()
    // A negative final value is rounding past zero (the artificial is restricted).
    let noiseScale = max(scale, certificateScale(final))
    guard final.constant < 0 || isRoundingNoise(final.constant, scale: noiseScale) else {
      return .unsatisfiable(final)
    }

    // The artificial variable is zero; pivot it out if it is still basic, then drop it.
    if let slot = slot(of: art) {
      if rows[slot].cells.isEmpty {
        _ = takeRow(at: slot)
        return .added
      }
      let entering = anyPivotableSymbol(rows[slot], size)
      guard entering.isValid else {
        // Only dummies left: the constraint follows from required equalities (redundant).
        let row = takeRow(at: slot)
        return row.hasOnlyDummies ? .redundant(row) : .unsatisfiable(row)
      }
      pivot(slot: slot, entering: entering)
    }
    for slot in takeSlots(containing: art) { rows[slot].remove(art) }
    objective.remove(art)
    return .added
  }

  /// The size of what phase one's final row combines: the largest `|coefficient| x
  /// constantScale` over the required constraints whose symbols it holds (each one's rounding
  /// reaches the residual times its weight, up to 1e7: seed 3 004 330).
  func certificateScale(_ row: Row) -> Double {
    var scale = 0.0
    for cell in row.cells {
      guard let key = ownerOfSymbol[cell.symbol.id], let entry = constraints[key],
        entry.constraint.isRequired
      else { continue }
      let size = constantScale(of: entry.constraint.expression, constant: entry.constant)
      scale = max(scale, abs(cell.coefficient) * size)
    }
    return scale
  }

  /// The first slack or error of `row` that is pivot-sized under rule `size` (Kiwi's
  /// `anyPivotableSymbol`, which takes the first of any size), else `.invalid`.
  func anyPivotableSymbol(_ row: Row, _ size: PivotSize) -> Symbol {
    for cell in row.cells
    where cell.symbol.isPivotable && row.isPivotSized(cell.coefficient, size) {
      return cell.symbol
    }
    return .invalid
  }
}
