// A new constraint's row (paper 4.1, "augmented simplex form"), its subject, and phase one
// for a row that has none.

extension Engine {
  // MARK: - The row (paper 4.1)

  /// The row of `constraint` over the current parameters, with its slack / error / dummy.
  ///
  /// `expression <= 0` becomes `expression + slack = 0`, `>= 0` becomes
  /// `expression - slack = 0`; a non-required constraint also gets an error (two for an
  /// equality), weighted by its strength in the objective; a required equality gets a dummy
  /// marker only when `marker` is `.always`. Basic variables are replaced by their rows. The row is sign-normalised so its constant is `>= 0`; `sign` is -1 when
  /// that negated it (a dummy marker inserted later gets coefficient `sign`, so that in the
  /// un-normalised equation it has +1, as one inserted here has).
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

  /// The size of the numbers that make up the constant of `expression`'s row at the current
  /// solution: `|constant| + sum(|coefficient * value|)`, a basic variable's value being its
  /// row's constant (a parametric one is zero). A constraint the others already fix leaves
  /// its row's constant at rounding noise, which grows with this size, not with one.
  func constantScale(of expression: LinearExpression, constant: Double) -> Double {
    var scale = abs(constant)
    for term in expression.terms {
      let symbol = variables[ObjectIdentifier(term.variable)]?.symbol ?? .invalid
      if let slot = slot(of: symbol) { scale += abs(term.coefficient * rows[slot].constant) }
    }
    return scale
  }

  /// The symbol to solve a new row for, or `.invalid` when an artificial variable is needed.
  ///
  /// An external variable if there is one (its sign is free); else the row's own slack or
  /// error when its coefficient is negative (solving for it keeps it `>= 0`, as the row's
  /// constant is `>= 0`). Among externals, the oldest.
  ///
  /// An external whose coefficient is a rounding residue (not `isPivotSized`) is passed over
  /// for the largest external one; if every external coefficient is such a residue the row
  /// goes on as if it had none.
  func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
    var largest = Symbol.invalid
    var largestSize = 0.0
    for cell in row.cells where cell.symbol.isExternal {
      if !largest.isValid, abs(cell.coefficient) >= Tolerance.standard.sizablePivot { return cell.symbol }
      if abs(cell.coefficient) > largestSize {
        largestSize = abs(cell.coefficient)
        largest = cell.symbol
      }
    }
    if largest.isValid {
      // The first external was small: take it only if it is pivot-sized, else the largest.
      for cell in row.cells where cell.symbol.isExternal {
        if row.isPivotSized(cell.coefficient) { return cell.symbol }
        break
      }
      if row.isPivotSized(largestSize) { return largest }
    }
    if tag.marker.isPivotable, row.coefficient(for: tag.marker) < 0 { return tag.marker }
    if tag.other.isPivotable, row.coefficient(for: tag.other) < 0 { return tag.other }
    return .invalid
  }

  // MARK: - Phase one (paper 4.1: adding a row with no usable subject)

  /// What phase one made of a row.
  enum PhaseOneOutcome {
    /// The row holds and is in the tableau.
    case added
    /// The row holds but reduced to `0 = noise + dummies`: redundant with required
    /// equalities. It is out of the tableau; the caller keeps it as a marker's row.
    case redundant(Row)
    /// The row can't hold: the final phase-one objective, whose markers name the
    /// constraints in the way. The tableau is left pivoted, for the caller to restore.
    case unsatisfiable(Row)
  }

  /// Adds `row` through an artificial variable, minimising it to zero (phase one).
  /// - Parameter scale: the size of the numbers behind the row's constant
  ///   (`constantScale(of:constant:)`): a final artificial value within rounding noise of it
  ///   counts as zero.
  /// - Parameter floor: when positive, the share of its row from which a coefficient is a
  ///   pivot (`Row.isPivotSized(_:floor:)`): a freshly refactored tableau's retry.
  mutating func addWithArtificialVariable(
    _ row: Row, scale: Double, floor: Double
  ) throws(InternalFailure) -> PhaseOneOutcome {
    let art = newSymbol(.slack)
    insertRow(row, for: art)
    artificial = row
    defer { artificial = nil }
    try optimize(.one, floor: floor)
    let final = artificial ?? Row()
    // The artificial is restricted: its least value is never below zero, so a negative one is
    // rounding past zero (seen down to -8e-6 next to terms of 1e3), never a conflict. A
    // positive one is measured against the new row's numbers and the certificate's.
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
      let entering = anyPivotableSymbol(rows[slot])
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

  /// The size of the numbers phase one's final artificial row `row` combines: the largest
  /// `|coefficient| x constantScale` over the required constraints whose own symbols (marker,
  /// other) it holds. The row reads the new constraint's residual as a combination of those
  /// constraints, each weighted by its coefficient, so rounding of each of them (1e-9 of its
  /// numbers, `Tolerance.residual`) reaches the residual multiplied by its weight. On
  /// nearly dependent required constraints the weights reach 1e6 ... 1e7: LP-oracle seed
  /// 3 004 330's add 115 ended at a residual of 3.2e-4 where the LP holds every row within
  /// 4.6e-13 of its size, and was refused.
  /// - Complexity: O(cells of `row` x terms of their constraints); paid when phase one ends
  ///   above zero.
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

  /// The first pivot-sized slack or error symbol of `row`, else the largest one, or
  /// `.invalid`.
  func anyPivotableSymbol(_ row: Row) -> Symbol {
    var largest = Symbol.invalid
    var largestSize = 0.0
    for cell in row.cells where cell.symbol.isPivotable {
      if row.isPivotSized(cell.coefficient) { return cell.symbol }
      if abs(cell.coefficient) > largestSize {
        largestSize = abs(cell.coefficient)
        largest = cell.symbol
      }
    }
    return largest
  }
}
