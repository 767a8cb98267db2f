// The dual simplex (paper 4.3: re-solving after edits and constant changes).

extension Engine {
  /// Pivots infeasible rows (restricted basics below `-Tolerance.zero`, oldest first) back to
  /// feasibility, keeping the objective optimal (paper 4.3, Kiwi's `dualOptimize`). A row no
  /// pivot-sized coefficient can lift is a doubt about small pivots (`settle`; seeds
  /// 4 008 231, 4 008 267, 4 009 551); still stuck but within rounding, it is zero (seed
  /// 1 000 269).
  /// - Throws: `InternalFailure` when a row can't be repaired (left in `infeasible`).
  mutating func dualOptimize() throws(InternalFailure) {
    var pivots = 0
    var refactored = false
    var size = PivotSize.standard
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
      let entering = dualEnteringSymbol(rows[slot], rule: pivotRule(after: pivots), size: size)
      guard entering.isValid else {
        if !refactored {
          refactored = true
          if settle(.smallPivots) == true {
            size = .refactored
            continue
          }
        }
        if isRoundingNoise(rows[slot].constant, scale: largestValue) {
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

  /// The largest magnitude among the basic values: the scale of their rounding.
  var largestValue: Double {
    var largest = 0.0
    for slot in rows.indices where basics[slot].isValid {
      largest = max(largest, abs(rows[slot].constant))
    }
    return largest
  }

  /// The parameter that lifts infeasible `row` at least objective cost (Kiwi's
  /// `getDualEnteringSymbol`: least ratio, ties to the oldest), over `isPivotSized` cells;
  /// under `.dantzig` a small pick gives way to a Harris test, as in `leavingRow`.
  func dualEnteringSymbol(_ row: Row, rule: PivotRule, size: PivotSize) -> Symbol {
    var best = Symbol.invalid
    var bestRatio = Double.infinity
    var bestCoefficient = 0.0
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, size) {
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
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, size) {
      guard dualRatio(cell) != nil else { continue }
      let cost = abs(objective.coefficient(for: cell.symbol))
      bound = min(bound, (cost + Tolerance.standard.ratio * max(1, cost)) / abs(cell.coefficient))
    }
    var pickSize = abs(bestCoefficient)
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, size) {
      guard let ratio = dualRatio(cell), ratio <= bound else { continue }
      if abs(cell.coefficient) > pickSize {
        pickSize = abs(cell.coefficient)
        best = cell.symbol
      }
    }
    return best
  }

  /// The dual ratio of an infeasible row's cell; nil when raising its symbol can't help.
  @inline(__always) func dualRatio(_ cell: Cell) -> Double? {
    if cell.symbol.isExternal {
      return abs(objective.coefficient(for: cell.symbol) / cell.coefficient)
    }
    guard cell.coefficient > 0 else { return nil }
    return objective.coefficient(for: cell.symbol) / cell.coefficient
  }
}
