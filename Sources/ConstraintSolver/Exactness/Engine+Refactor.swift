// Refactoring: every row recomputed from the constraints at the current basis, as LP codes
// reinvert a drifted basis (after many pivots, rows drift from the constraints they stand
// for). Each constraint is written as in `makeRow` before sign normalisation; one whose
// marker or other symbol is basic gives that symbol's row; the rest (the core) determine the
// basic external variables through a square dense solve; the objective is re-summed. The
// tableau is left untouched when the basis doesn't fit that shape or the core is singular.

extension Engine {
  /// One constraint as a row of the constraint matrix.
  private struct MatrixRow {
    var constant: Double
    /// External variables' symbols and coefficients (duplicates summed).
    var terms: [(symbol: Symbol, coefficient: Double)]
    /// The constraint's own symbols (marker, other) with their coefficients.
    var own: [(symbol: Symbol, coefficient: Double)]
  }

  /// Recomputes every row and the objective from the constraints at the current basis and
  /// queues the rows that come out infeasible. O(k³ + cells), k the basic externals.
  /// - Returns: whether the tableau was refactored; when false it is unchanged.
  @discardableResult
  mutating func refactor() -> Bool {
    guard artificial == nil, !needsRebuild else { return false }
    let slots = usedSlots
    guard slots.count == constraints.count else { return false }

    // The constraint matrix, one row per constraint, in order of addition.
    let entries = constraints.values
    var matrix: [MatrixRow] = []
    matrix.reserveCapacity(entries.count)
    for entry in entries {
      var row = Row()
      for term in entry.constraint.expression.terms where !nearZero(term.coefficient) {
        guard let symbol = variables[ObjectIdentifier(term.variable)]?.symbol else { return false }
        row.insert(symbol, term.coefficient)
      }
      let m = markerCoefficient(entry.constraint)
      var own: [(symbol: Symbol, coefficient: Double)] = []
      if entry.tag.marker.isValid { own.append((entry.tag.marker, m)) }
      if entry.tag.other.isValid { own.append((entry.tag.other, -m)) }
      matrix.append(
        MatrixRow(
          constant: entry.constant, terms: row.cells.map { ($0.symbol, $0.coefficient) },
          own: own))
    }

    // Which constraint each basic own symbol solves; the core constraints and externals.
    var solvedBy: [Int: Int] = [:]  // basic symbol id -> constraint index
    var core: [Int] = []
    for (j, row) in matrix.enumerated() {
      let basicOwn = row.own.filter { isBasic($0.symbol) }
      guard basicOwn.count <= 1 else { return false }
      if let own = basicOwn.first {
        solvedBy[own.symbol.id] = j
      } else {
        core.append(j)
      }
    }
    var basicExternals: [Symbol] = []
    for slot in slots {
      let basic = basics[slot]
      if basic.isExternal {
        basicExternals.append(basic)
      } else if solvedBy[basic.id] == nil {
        return false  // a basic symbol no constraint owns
      }
    }
    basicExternals.sort()
    let k = core.count
    guard basicExternals.count == k else { return false }

    // The basic externals from the core: x_B = -C⁻¹ (c + A_N x_N + own symbols).
    var externalRows: [Int: Row] = [:]  // symbol id -> row
    if k > 0 {
      var columnOf: [Int: Int] = [:]
      for (i, symbol) in basicExternals.enumerated() { columnOf[symbol.id] = i }
      var c = [Double](repeating: 0, count: k * k)
      for (r, j) in core.enumerated() {
        for term in matrix[j].terms {
          if let i = columnOf[term.symbol.id] { c[r * k + i] += term.coefficient }
        }
      }
      guard let inverse = invert(&c, size: k) else { return false }
      for (i, symbol) in basicExternals.enumerated() {
        // Row i of x_B: -sum_r inverse[i][r] * (core row r without its basic externals).
        var row = Row()
        for (r, j) in core.enumerated() {
          let factor = -inverse[i * k + r]
          guard factor != 0 else { continue }
          var rest = Row(constant: matrix[j].constant)
          for term in matrix[j].terms where columnOf[term.symbol.id] == nil {
            rest.cells.append(Cell(symbol: term.symbol, coefficient: term.coefficient))
          }
          for own in matrix[j].own { rest.insert(own.symbol, own.coefficient) }
          row.insert(rest, factor)
        }
        externalRows[symbol.id] = row
      }
    }

    // Every row: a basic external's from the core, an own symbol's from its constraint.
    var fresh: [Int: Row] = [:]  // slot -> row
    for slot in slots {
      let basic = basics[slot]
      if basic.isExternal {
        fresh[slot] = externalRows[basic.id] ?? Row()
        continue
      }
      guard let j = solvedBy[basic.id] else { return false }
      let definition = matrix[j]
      var row = Row(constant: definition.constant)
      var coefficient = 0.0
      for term in definition.terms {
        if let known = externalRows[term.symbol.id] {
          row.insert(known, term.coefficient)
        } else {
          row.insert(term.symbol, term.coefficient)
        }
      }
      for own in definition.own {
        if own.symbol == basic {
          coefficient = own.coefficient
        } else {
          row.insert(own.symbol, own.coefficient)
        }
      }
      row.scale(by: -1 / coefficient)
      if basic.isDummy, row.hasOnlyDummies {
        // A redundant required equality: accepted with its residual as rounding.
        row.constant = 0
      }
      fresh[slot] = row
    }

    // Install: rows, the column index, the objective, the infeasible queue.
    for id in columns.indices {
      columns[id].removeAll()
      compactedLength[id] = 0
    }
    infeasible.removeAll()
    for slot in slots {
      rows[slot] = fresh[slot] ?? Row()
      for cell in rows[slot].cells { noteCell(cell.symbol, inSlot: slot) }
      let basic = basics[slot]
      if basic.isRestricted, rows[slot].constant < 0 { infeasible.append(basic) }
    }
    refreshObjective()  // the weighted errors in terms of the parameters
    return true
  }
}

/// Inverts the `size` x `size` row-major matrix `a` (destroyed) by Gauss-Jordan elimination
/// with partial pivoting; nil when numerically singular (`Tolerance.refactor`).
func invert(_ a: inout [Double], size n: Int) -> [Double]? {
  var inverse = [Double](repeating: 0, count: n * n)
  for i in 0..<n { inverse[i * n + i] = 1 }
  for column in 0..<n {
    var pivotRow = column
    var best = 0.0
    var largest = 0.0
    for r in column..<n {
      let size = abs(a[r * n + column])
      largest = max(largest, size)
      if size > best {
        best = size
        pivotRow = r
      }
    }
    for r in 0..<column { largest = max(largest, abs(a[r * n + column])) }
    guard best > 0, best >= Tolerance.standard.refactor * largest else { return nil }
    if pivotRow != column {
      for j in 0..<n {
        a.swapAt(pivotRow * n + j, column * n + j)
        inverse.swapAt(pivotRow * n + j, column * n + j)
      }
    }
    let scale = 1 / a[column * n + column]
    for j in 0..<n {
      a[column * n + j] *= scale
      inverse[column * n + j] *= scale
    }
    for r in 0..<n where r != column {
      let factor = a[r * n + column]
      guard factor != 0 else { continue }
      for j in 0..<n {
        a[r * n + j] -= factor * a[column * n + j]
        inverse[r * n + j] -= factor * inverse[column * n + j]
      }
    }
  }
  return inverse
}

extension Engine {
  // MARK: - Tableau health

  /// Pivots between two checks of the tableau against its constraints (a check costs about
  /// one pivot: a few percent at most).
  var healthCheckInterval: Int { 32 + rows.count }

  /// Every `healthCheckInterval` pivots: `refactorIfDrifted`.
  mutating func checkHealth() throws(InternalFailure) {
    guard pivotsSinceHealthCheck >= healthCheckInterval else { return }
    pivotsSinceHealthCheck = 0
    try refactorIfDrifted()
  }

  /// Refactors the tableau and re-optimises when its solution misses a constraint's equation.
  mutating func refactorIfDrifted() throws(InternalFailure) {
    guard equationsHaveDrifted(), refactor() else { return }
    try optimize()
    try dualOptimize()
    pivotsSinceHealthCheck = 0
  }

  /// Whether some constraint's equation, read at the tableau's solution, misses zero by more
  /// than `Tolerance.refactor` of its terms.
  mutating func equationsHaveDrifted() -> Bool {
    // A loop, not `contains`: in a debug build the closure would copy the engine each call.
    for equation in cachedEquations() {
      let (residual, _, total) = terms(of: equation)
      if abs(residual) > Tolerance.standard.refactor * max(1, total) { return true }
    }
    return false
  }

  // MARK: - Small pivots

  /// At most this many sub-pivot-size pivots in one optimisation (`smallPivotDirection`).
  static let smallPivotLimit = 4
}
