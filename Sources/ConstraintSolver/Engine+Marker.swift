// Removing a required equality that has no marker, without rebuilding the tableau: its
// marker's column would have been `-B⁻¹ e_k`. A marked constraint `j` (marker coefficient
// `m_j`) gives `B⁻¹ e_j = B⁻¹ M_μj / m_j` from the tableau; the markerless equalities `E`
// (independent in their variables) satisfy `sum_{j in E} a_jv y_j = B⁻¹ M_v - sum_{j not in E}
// a_jv B⁻¹ M_μj / m_j =: R_v`, so with `A_E w = e_k`, `y_k = sum_v w_v R_v`. The result is
// checked against `B y_k = e_k` before the tableau is touched; the caller rebuilds when the
// check fails, the dense solve costs more than a rebuild, or the tableau is not square.

extension Engine {
  /// The most multiply-adds (`|E|² x columns`) the dense solve may take (long chains rebuild).
  static let markerSolveBudget = 4_000_000

  /// What a rebuild costs in the same multiply-adds: (constraints + the pivots their adds
  /// took) x the tableau's cells. A screen's sparse tableau, added without pivots, rebuilds
  /// for less than the dense solve; general systems do not. Counts, never time.
  func rebuildWorkEstimate() -> Int {
    var cells = 0
    for row in rows { cells += row.cells.count }
    var readds = 0
    for entry in constraints.values { readds += 1 + entry.addPivots }
    return readds * cells
  }

  /// Gives `entry`'s markerless equality (already out of `constraints`) a dummy marker with
  /// the column it would have had from the start, if that costs less than `rebuildCost`.
  /// - Returns: the marker, or nil (the tableau unchanged).
  mutating func materialiseMarker(
    for entry: ConstraintEntry, cheaperThan rebuildCost: Int
  ) -> Symbol? {
    var implicit: [ConstraintEntry] = [entry]
    var marked: [ConstraintEntry] = []
    for other in constraints.values.sorted(by: { $0.order < $1.order }) {
      if other.isImplicit { implicit.append(other) } else { marked.append(other) }
    }
    guard rows.count - freeSlots.count == constraints.count + 1 else { return nil }

    // The markerless equalities' coefficients over their external variables.
    var columnOf: [Int: Int] = [:]
    var columnSymbols: [Symbol] = []
    var matrix: [[(Int, Double)]] = []
    for equality in implicit {
      var terms: [(Int, Double)] = []
      for term in equality.constraint.expression.terms where !nearZero(term.coefficient) {
        guard let symbol = variables[ObjectIdentifier(term.variable)]?.symbol else { return nil }
        let column: Int
        if let known = columnOf[symbol.id] {
          column = known
        } else {
          column = columnSymbols.count
          columnOf[symbol.id] = column
          columnSymbols.append(symbol)
        }
        terms.append((column, term.coefficient))
      }
      matrix.append(terms)
    }
    let n = columnSymbols.count
    let denseWork = implicit.count * implicit.count * n
    guard denseWork <= Engine.markerSolveBudget,
      denseWork < rebuildCost,
      let w = solveFirstUnit(matrix, columns: n)
    else { return nil }

    // y_k = sum_v w_v R_v, dense over slots.
    var y = [Double](repeating: 0, count: rows.count)
    func addColumn(of symbol: Symbol, times factor: Double) {
      if let slot = slot(of: symbol) {
        y[slot] += factor
      } else {
        for slot in slots(containing: symbol) {  // compacts: the same slots, in column order
          y[slot] -= factor * rows[slot].coefficient(for: symbol)
        }
      }
    }
    for column in 0..<n where w[column] != 0 {
      addColumn(of: columnSymbols[column], times: w[column])
    }
    for other in marked {
      let m = markerCoefficient(other.constraint)
      for term in other.constraint.expression.terms where !nearZero(term.coefficient) {
        guard let symbol = variables[ObjectIdentifier(term.variable)]?.symbol,
          let column = columnOf[symbol.id], w[column] != 0
        else { continue }
        addColumn(of: other.tag.marker, times: -w[column] * term.coefficient / m)
      }
    }
    guard satisfiesUnitSystem(y, removed: entry, others: implicit.dropFirst() + marked) else {
      return nil
    }

    // The marker's column is -y; the objective gains the weighted errors' share of it.
    let marker = newSymbol(.dummy)
    var cost = 0.0
    for slot in y.indices where basics[slot].isValid && !nearZero(y[slot]) {
      rows[slot].insert(marker, -y[slot])
      noteCell(marker, inSlot: slot)
    }
    for other in marked where !other.constraint.isRequired {
      for symbol in [other.tag.marker, other.tag.other] where symbol.kind == .error {
        if let slot = slot(of: symbol) { cost -= other.constraint.strength.value * y[slot] }
      }
    }
    objective.insert(marker, cost)
    return marker
  }

  /// The coefficient `makeRow` gives a constraint's marker (before sign normalisation).
  func markerCoefficient(_ constraint: Constraint) -> Double {
    switch constraint.relation {
    case .lessThanOrEqual: return 1
    case .greaterThanOrEqual: return -1
    case .equal: return constraint.isRequired ? 1 : -1
    }
  }

  /// Whether `B y = e_k` within `Tolerance.unitSystem` of each constraint's terms.
  func satisfiesUnitSystem(
    _ y: [Double], removed: ConstraintEntry, others: some Sequence<ConstraintEntry>
  ) -> Bool {
    func residual(_ entry: ConstraintEntry, target: Double) -> Bool {
      var sum = 0.0
      var size = 0.0
      func add(_ symbol: Symbol, _ coefficient: Double) {
        guard let slot = slot(of: symbol) else { return }
        sum += coefficient * y[slot]
        size += abs(coefficient * y[slot])
      }
      for term in entry.constraint.expression.terms where !nearZero(term.coefficient) {
        guard let symbol = variables[ObjectIdentifier(term.variable)]?.symbol else { return false }
        add(symbol, term.coefficient)
      }
      if entry.tag.marker.isValid { add(entry.tag.marker, markerCoefficient(entry.constraint)) }
      if entry.tag.other.isValid { add(entry.tag.other, -markerCoefficient(entry.constraint)) }
      return abs(sum - target) <= Tolerance.standard.unitSystem * max(1, size)
    }
    guard residual(removed, target: 1) else { return false }
    for entry in others where !residual(entry, target: 0) { return false }
    return true
  }
}

/// A solution `w` of `A w = e_0` for sparse rows (column, coefficient), by Gaussian
/// elimination with complete pivoting (free unknowns zero); nil when numerically dependent.
func solveFirstUnit(_ matrix: [[(Int, Double)]], columns n: Int) -> [Double]? {
  let m = matrix.count
  guard m > 0, m <= n else { return nil }
  var a = [Double](repeating: 0, count: m * n)
  var largest = 0.0
  for (i, terms) in matrix.enumerated() {
    for (j, value) in terms {
      a[i * n + j] += value
      largest = max(largest, abs(value))
    }
  }
  var rhs = [Double](repeating: 0, count: m)
  rhs[0] = 1
  var rowOrder = Array(0..<m)
  var pivotColumn = [Int](repeating: -1, count: m)
  var usedColumn = [Bool](repeating: false, count: n)
  for r in 0..<m {
    var best = 0.0, bestRow = -1, bestColumn = -1
    for i in r..<m {
      let base = rowOrder[i] * n
      for j in 0..<n where !usedColumn[j] && abs(a[base + j]) > best {
        best = abs(a[base + j])
        bestRow = i
        bestColumn = j
      }
    }
    guard bestRow >= 0, best > Tolerance.standard.singular * largest else { return nil }
    rowOrder.swapAt(r, bestRow)
    pivotColumn[r] = bestColumn
    usedColumn[bestColumn] = true
    let pivotBase = rowOrder[r] * n
    let pivot = a[pivotBase + bestColumn]
    for i in (r + 1)..<m {
      let base = rowOrder[i] * n
      let factor = a[base + bestColumn] / pivot
      guard factor != 0 else { continue }
      for j in 0..<n { a[base + j] -= factor * a[pivotBase + j] }
      rhs[rowOrder[i]] -= factor * rhs[rowOrder[r]]
    }
  }
  var w = [Double](repeating: 0, count: n)
  for r in stride(from: m - 1, through: 0, by: -1) {
    let base = rowOrder[r] * n
    var sum = rhs[rowOrder[r]]
    for j in 0..<n where j != pivotColumn[r] { sum -= a[base + j] * w[j] }
    w[pivotColumn[r]] = sum / a[base + pivotColumn[r]]
  }
  return w
}
