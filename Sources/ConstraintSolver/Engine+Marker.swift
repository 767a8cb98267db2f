// Removing a required equality that has no marker, without rebuilding the tableau.
//
// A markerless required equality `k` leaves no column of its own, so the paper's removal
// (pivot the marker into the basis, drop its row) has nothing to pivot. The column its dummy
// marker would have had is `-B⁻¹ e_k`, where `B` holds the basic symbols' columns of the
// constraint matrix `M` (one row per constraint, in the form `makeRow` builds before sign
// normalisation). It can be computed from the tableau itself:
//
// * a parametric symbol `z` has tableau column `T_z = -B⁻¹ M_z`, a basic one `B⁻¹ M_z = e_row`;
// * a constraint `j` with a marker `μ_j` (slack, error or dummy, coefficient `m_j = ±1`, in no
//   other row) gives `B⁻¹ e_j = B⁻¹ M_μj / m_j` directly;
// * for every external variable `v`, `M_v = sum_j a_jv e_j`, so the unknown vectors
//   `y_j = B⁻¹ e_j` of the markerless equalities `E` satisfy
//   `sum_{j in E} a_jv y_j = B⁻¹ M_v - sum_{j not in E} a_jv B⁻¹ M_μj / m_j =: R_v`.
//
// The markerless equalities are linearly independent in the external variables (one that
// depends on the others reduces to dummies only when added and gets a marker), so a `w` with
// `A_E w = e_k` exists, and `y_k = sum_v w_v R_v`. The result is checked against `B y_k = e_k`
// row by row before the tableau is touched; when the check fails, the system of markerless
// equalities is too large for a dense solve, or the tableau is not square, the caller falls
// back to the rebuild.

extension Engine {
  /// The most work (`|E|² x columns` multiply-adds) the dense solve may take; above it a
  /// rebuild is cheaper (long chains of equalities: each rebuild re-adds them linearly).
  static let markerSolveBudget = 4_000_000

  /// What a rebuild roughly costs, in the same multiply-adds: each constraint re-added
  /// substitutes into a tableau of the current size (its cells), and so does each pivot its
  /// first addition took (`ConstraintEntry.addPivots`), which a rebuild takes again. Sparse
  /// tableaus (a screen's layout: rows of two or three cells, no pivots) rebuild for less
  /// than the dense solve costs; general systems, whose additions pivot (phase one, weighted
  /// errors), do not: on the random 30 x 250 systems a rebuild took 244 ... 325 pivots and
  /// 24 M instructions where the dense solve needs 2e4 multiply-adds. Deterministic: it
  /// counts cells and pivots, never time.
  func rebuildWorkEstimate() -> Int {
    var cells = 0
    for row in rows { cells += row.cells.count }
    var readds = 0
    for entry in constraints.values { readds += 1 + entry.addPivots }
    return readds * cells
  }

  /// Gives `entry`'s markerless required equality (already out of `constraints`) a dummy
  /// marker whose column is the one it would have had from the start, so the caller can
  /// remove it like a constraint with a marker.
  /// - Parameter rebuildCost: the work the dense solve must stay below
  ///   (`rebuildWorkEstimate()` when a rebuild would do as well; `Int.max` when it must not
  ///   run).
  /// - Returns: the marker, or nil when the column can't be computed reliably (the caller
  ///   rebuilds); the tableau is unchanged then.
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
    for column in 0..<n where w[column] != 0 { addColumn(of: columnSymbols[column], times: w[column]) }
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

  /// Whether `B y = e_k`: each constraint's row of `M` over the basic symbols, applied to `y`,
  /// gives 1 for the removed constraint and 0 for the others (within 1e-8 of its terms: a
  /// wrong column misses by O(1), and a tableau that has drifted by 2e-9 ... 5e-9 of its terms
  /// (measured on random 30 x 250 systems) is caught after the removal by `hasDrifted()`,
  /// which holds the solution to 1e-10, instead of costing a rebuild here).
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

/// A solution `w` of `A w = e_0` for the sparse rows `matrix` (column, coefficient) over
/// `columns` unknowns, by Gaussian elimination with complete pivoting (free unknowns zero);
/// nil when the rows are numerically dependent (a pivot below 1e-9 of the largest entry).
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
