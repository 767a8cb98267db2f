// The dual simplex (paper 4.3: re-solving after edits and constant changes).

extension Engine {
  /// Pivots infeasible rows (restricted basic symbols below zero) back to feasibility while
  /// keeping the objective optimal. The oldest infeasible symbol goes first. Rows less than
  /// 1e-8 below zero count as feasible: that is rounding noise of earlier pivots (primal
  /// steps queue such rows too), and pivoting on it could only fail.
  /// - Throws: `InternalFailure` when a row can't be repaired; the failing basic symbol is
  ///   left in `infeasible`.
  mutating func dualOptimize() throws(InternalFailure) {
    var pivots = 0
    var refactored = false
    var floor = 0.0  // `Tolerance.certifiedPivotFloor` once the tableau is refactored
    while !infeasible.isEmpty {
      var first = 0
      for i in infeasible.indices where infeasible[i] < infeasible[first] { first = i }
      let leaving = infeasible[first]
      infeasible.swapAt(first, infeasible.count - 1)
      infeasible.removeLast()
      infeasible.removeAll { $0 == leaving }
      guard let slot = slot(of: leaving), rows[slot].constant < -Tolerance.standard.zero else {
        continue
      }
      let entering = dualEnteringSymbol(rows[slot], rule: pivotRule(after: pivots), floor: floor)
      guard entering.isValid else {
        if !refactored {
          // Every coefficient that could lift the row is below pivot size: residues, or small
          // coefficients the constraints really have. On the refactored tableau residues are
          // gone, so the entering choice may take coefficients from `Tolerance.certifiedPivotFloor` of
          // the row (fresh LP-oracle seeds 4 008 231, 4 008 267, 4 009 551: feasible required
          // adds ended at a row nothing could lift, on the tableau and on its rebuild). The
          // refactor queues the rows it leaves below zero, this one among them.
          refactored = true
          if settle(.smallPivots) == true {
            floor = Tolerance.standard.certifiedPivotFloor
            continue
          }
        }
        if isRoundingNoise(rows[slot].constant, scale: largestValue) {
          // Nothing can lift it, even on the refactored tableau, and it is below zero by
          // rounding of the values around it (a degenerate row whose coefficients cancelled to
          // residues): it is zero. Taken for noise before the refactor, such a row of seed
          // 1 000 269 left a required bound 1.8e-7 short (1.4e-9 of its terms) at a solve.
          rows[slot].constant = 0
          continue
        }
        infeasible.append(leaving)
        throw InternalFailure(message: "dual optimize failed")
      }
      pivot(slot: slot, entering: entering)
      pivots += 1
      if pivots > pivotLimit {
        infeasible.removeAll()
        throw InternalFailure(message: "the dual simplex is cycling")
      }
    }
  }

  /// The largest magnitude among the basic symbols' values: the scale of the rounding in
  /// any of them.
  var largestValue: Double {
    var largest = 0.0
    for slot in rows.indices where basics[slot].isValid { largest = max(largest, abs(rows[slot].constant)) }
    return largest
  }

  /// The parameter of `row` that can rise to lift the row to zero at least objective cost:
  /// a restricted one with a positive coefficient (minimum ratio of objective coefficient to
  /// row coefficient), or a free external variable (ratio zero); ties to the oldest.
  /// Coefficients that are not `isPivotSized` are passed over. As in `leavingRow`, a small
  /// chosen pivot (under `.dantzig`) gives way to the largest one among the parameters whose
  /// ratio is within `Tolerance.ratio` (of their objective coefficient) of the least.
  func dualEnteringSymbol(_ row: Row, rule: PivotRule, floor: Double) -> Symbol {
    var best = Symbol.invalid
    var bestRatio = Double.infinity
    var bestCoefficient = 0.0
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, floor: floor) {
      guard let ratio = dualRatio(cell) else { continue }
      if ratio < bestRatio {
        bestRatio = ratio
        best = cell.symbol
        bestCoefficient = cell.coefficient
      }
    }
    guard rule == .dantzig, best.isValid else { return best }
    let largest = max(1, row.largestCoefficient)
    guard abs(bestCoefficient) / largest < Tolerance.standard.stablePivot else { return best }
    var bound = Double.infinity
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, floor: floor) {
      guard dualRatio(cell) != nil else { continue }
      let cost = abs(objective.coefficient(for: cell.symbol))
      bound = min(bound, (cost + Tolerance.standard.ratio * max(1, cost)) / abs(cell.coefficient))
    }
    var pickSize = abs(bestCoefficient)
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, floor: floor) {
      guard let ratio = dualRatio(cell), ratio <= bound else { continue }
      if abs(cell.coefficient) > pickSize {
        pickSize = abs(cell.coefficient)
        best = cell.symbol
      }
    }
    return best
  }

  /// The dual ratio of a cell of an infeasible row, nil when raising its symbol can't help.
  @inline(__always) func dualRatio(_ cell: Cell) -> Double? {
    if cell.symbol.isExternal {
      return abs(objective.coefficient(for: cell.symbol) / cell.coefficient)
    }
    guard cell.coefficient > 0 else { return nil }
    return objective.coefficient(for: cell.symbol) / cell.coefficient
  }
}
