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
    for entry in constraints { readds += 1 + entry.addPivots }
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
    for other in constraints {
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
///
/// The pivot search keeps each row's largest magnitude over the columns not yet pivoted, and
/// the first column that has it, and compares rows: the first strictly largest in row order,
/// as a scan of every cell would pick, for O(m) a step instead of O(m n). A row is scanned
/// again only when elimination changed it or its column was pivoted. The dense work reads and
/// writes through pointers (in a debug build an `Array` subscript is a call with a uniqueness
/// check, twenty times a pointer's cost); the arithmetic and its order are unchanged.
/// - Complexity: O(m n) a row elimination changes, O(m²) for the search.
func solveFirstUnit(_ matrix: [[(Int, Double)]], columns n: Int) -> [Double]? {
  let m = matrix.count
  guard m > 0, m <= n else { return nil }
  let a = UnsafeMutablePointer<Double>.allocate(capacity: m * n)
  a.initialize(repeating: 0, count: m * n)
  let usedColumn = UnsafeMutablePointer<Bool>.allocate(capacity: n)
  usedColumn.initialize(repeating: false, count: n)
  let rowBest = UnsafeMutablePointer<Double>.allocate(capacity: m)
  rowBest.initialize(repeating: 0, count: m)
  let rowBestColumn = UnsafeMutablePointer<Int>.allocate(capacity: m)
  rowBestColumn.initialize(repeating: -1, count: m)
  defer {
    a.deallocate()
    usedColumn.deallocate()
    rowBest.deallocate()
    rowBestColumn.deallocate()
  }
  var largest = 0.0
  for (i, terms) in matrix.enumerated() {
    for (j, value) in terms {
      assert(j >= 0 && j < n, "column \(j) outside 0..<\(n)")
      a[i * n + j] += value
      largest = max(largest, abs(value))
    }
  }
  /// Row `index`'s largest magnitude over the unused columns, and the first column with it.
  func scan(_ index: Int) {
    let row = a + index * n
    var best = 0.0, column = -1
    for j in 0..<n where !usedColumn[j] && row[j].magnitude > best {
      best = row[j].magnitude
      column = j
    }
    rowBest[index] = best
    rowBestColumn[index] = column
  }
  for i in 0..<m { scan(i) }
  var rhs = [Double](repeating: 0, count: m)
  rhs[0] = 1
  var rowOrder = Array(0..<m)
  var pivotColumn = [Int](repeating: -1, count: m)
  for r in 0..<m {
    var best = 0.0, bestRow = -1, bestColumn = -1
    for i in r..<m where rowBest[rowOrder[i]] > best {
      best = rowBest[rowOrder[i]]
      bestRow = i
      bestColumn = rowBestColumn[rowOrder[i]]
    }
    guard bestRow >= 0, best > Tolerance.standard.singular * largest else { return nil }
    rowOrder.swapAt(r, bestRow)
    pivotColumn[r] = bestColumn
    usedColumn[bestColumn] = true
    let pivotRow = a + rowOrder[r] * n
    let pivot = pivotRow[bestColumn]
    for i in (r + 1)..<m {
      let index = rowOrder[i]
      let row = a + index * n
      let factor = row[bestColumn] / pivot
      if factor != 0 {
        for j in 0..<n { row[j] -= factor * pivotRow[j] }
        rhs[index] -= factor * rhs[rowOrder[r]]
      }
      if factor != 0 || rowBestColumn[index] == bestColumn { scan(index) }
    }
  }
  var w = [Double](repeating: 0, count: n)
  for r in stride(from: m - 1, through: 0, by: -1) {
    let row = a + rowOrder[r] * n
    let column = pivotColumn[r]
    var sum = rhs[rowOrder[r]]
    for j in 0..<n where j != column { sum -= row[j] * w[j] }
    w[column] = sum / row[column]
  }
  return w
}
