// Exact values at solve time. The rows' constants are the product of every pivot since the
// constraints were added and drift from the point the current basis defines; the basis itself
// is right. `refineSolution()` measures each constraint's residual at the tableau's values
// and, beyond rounding, solves `B d = -r` (one equation per constraint over the basic
// symbols, partial pivoting: backward stable) and adds `d` to the row constants; the
// objective is recomputed and the simplex resumes.

extension Engine {
  /// The most cells the dense solve may hold (16 M doubles); larger systems keep their values.
  static let refinementCellBudget = 16_000_000

  /// A constraint as `makeRow` builds it before sign normalisation: `constant + sum = 0`.
  struct Equation {
    var constant: Double
    var terms: [(symbol: Symbol, coefficient: Double)]
  }

  func equation(of entry: ConstraintEntry) -> Equation {
    var terms: [(symbol: Symbol, coefficient: Double)] = []
    for term in entry.constraint.expression.terms where !nearZero(term.coefficient) {
      guard let symbol = variables[ObjectIdentifier(term.variable)]?.symbol else { continue }
      terms.append((symbol, term.coefficient))
    }
    let tag = entry.tag
    switch entry.constraint.relation {
    case .lessThanOrEqual:
      terms.append((tag.marker, 1))
      if tag.other.isValid { terms.append((tag.other, -1)) }
    case .greaterThanOrEqual:
      terms.append((tag.marker, -1))
      if tag.other.isValid { terms.append((tag.other, 1)) }
    case .equal:
      if entry.constraint.isRequired {
        if tag.marker.isValid { terms.append((tag.marker, 1)) }
      } else {
        terms.append((tag.marker, -1))
        terms.append((tag.other, 1))
      }
    }
    return Equation(constant: entry.constant, terms: terms)
  }

  /// The value of `symbol` at the tableau's solution: its row's constant, or zero.
  @inline(__always) func value(of symbol: Symbol) -> Double {
    // Not `slot(of:).map { rows[$0].constant }`: in a debug build that closure copies the
    // whole engine (a retain of every field), and this runs for every term of every check.
    guard let slot = slot(of: symbol) else { return 0 }
    return rows[slot].constant
  }

  /// `equation`'s residual at the tableau's solution, with its terms' largest and total size.
  func terms(of equation: Equation) -> (residual: Double, largest: Double, total: Double) {
    var sum = equation.constant
    var largest = abs(equation.constant)
    var total = largest
    for term in equation.terms {
      let product = term.coefficient * value(of: term.symbol)
      sum += product
      largest = max(largest, abs(product))
      total += abs(product)
    }
    return (sum, largest, total)
  }

  /// `equation`'s residual, and whether it is beyond `Tolerance.refinement` of its terms.
  func residual(of equation: Equation) -> (value: Double, drifted: Bool) {
    let (sum, largest, _) = terms(of: equation)
    return (sum, abs(sum) > Tolerance.standard.refinement * max(1, largest))
  }

  /// Whether one of `equations` drifted (`residual(of:)`). A loop, not `contains(where:)`: in
  /// a debug build a closure that calls a method copies the whole engine, once an equation.
  func someResidualDrifted(in equations: [Equation]) -> Bool {
    for equation in equations where residual(of: equation).drifted { return true }
    return false
  }

  /// Re-solves the basic values from the constraints when they drifted beyond rounding and
  /// lets the simplex resume (at most three rounds); a basis it can't repair is rebuilt
  /// `rebuilds` times at most, unless that loses a constraint. O(terms) when nothing drifted.
  /// - Returns: whether the solution it leaves is exact (another call would do nothing).
  @discardableResult
  mutating func refineSolution(rebuilds: Int = 1) -> Bool {
    rebuildIfNeeded()
    let saved = self
    var rebuildsLeft = rebuilds
    for _ in 0..<3 {
      guard someResidualDrifted(in: cachedEquations()) else { return true }
      var repaired = correctBasicValues()
      if repaired {
        refreshObjective()
        for slot in usedSlots where !basics[slot].isExternal && rows[slot].constant < 0 {
          infeasible.append(basics[slot])
        }
        do {
          try dualOptimize()
          try optimize()
        } catch {
          infeasible.removeAll()
          repaired = false
        }
      }
      guard !repaired else { continue }
      guard rebuildsLeft > 0, rebuild() else {
        self = saved
        return false
      }
      rebuildsLeft -= 1
    }
    return false
  }

  /// `equations`, filled from `constraints` in order of addition when stale.
  mutating func cachedEquations() -> [Equation] {
    if let equations { return equations }
    let entries = constraints.values
    let fresh = entries.map(equation(of:))
    equationOfConstraint = [:]
    for (index, entry) in entries.enumerated() {
      equationOfConstraint[ObjectIdentifier(entry.constraint)] = index
    }
    equations = fresh
    return fresh
  }

  /// Solves `B d = -r` and adds `d` to the basic values; false (nothing changed) when the
  /// system is not square, too large, or singular.
  mutating func correctBasicValues() -> Bool {
    let slots = usedSlots
    let n = slots.count
    let equations = cachedEquations()
    guard n == equations.count, n > 0, n * n <= Engine.refinementCellBudget else { return false }
    var unknownOfSlot = [Int](repeating: -1, count: rows.count)
    for (unknown, slot) in slots.enumerated() { unknownOfSlot[slot] = unknown }

    var a = [Double](repeating: 0, count: n * n)
    var rhs = [Double](repeating: 0, count: n)
    for (i, equation) in equations.enumerated() {
      rhs[i] = -residual(of: equation).value
      for term in equation.terms {
        guard let slot = slot(of: term.symbol) else { continue }
        a[i * n + unknownOfSlot[slot]] += term.coefficient
      }
    }
    guard let d = solveDense(&a, &rhs, n) else { return false }
    for (unknown, slot) in slots.enumerated() { rows[slot].constant += d[unknown] }
    return true
  }

  /// Recomputes the objective from the weighted errors (a basic one replaced by its row).
  mutating func refreshObjective() {
    var fresh = Row()
    for entry in constraints
    where !entry.constraint.isRequired {
      let strength = entry.constraint.strength.value
      for symbol in [entry.tag.marker, entry.tag.other] where symbol.kind == .error {
        if let slot = slot(of: symbol) {
          fresh.insert(rows[slot], strength)
        } else {
          fresh.insert(symbol, strength)
        }
      }
    }
    objective = fresh
  }
}

/// Solves `a x = b` (`n x n`, row-major, destroyed) by Gaussian elimination with partial
/// pivoting; nil when numerically singular (`Tolerance.singular`).
func solveDense(_ a: inout [Double], _ b: inout [Double], _ n: Int) -> [Double]? {
  // Through pointers: in a debug build an `Array` subscript is a call with a uniqueness check,
  // twenty times a pointer's cost, and this is O(n³). The arithmetic and its order are the
  // subscripted version's.
  guard n > 0 else { return [] }
  precondition(a.count >= n * n && b.count >= n, "solveDense: \(a.count), \(b.count) for n = \(n)")
  return a.withUnsafeMutableBufferPointer { aBuffer in
    b.withUnsafeMutableBufferPointer { bBuffer in
      solveDense(aBuffer.baseAddress!, bBuffer.baseAddress!, n)
    }
  }
}

/// `solveDense` on the matrix `a` (n x n, row-major) and right-hand side `b`, in place.
private func solveDense(
  _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, _ n: Int
) -> [Double]? {
  var columnScale = [Double](repeating: 0, count: n)
  for i in 0..<n {
    for j in 0..<n { columnScale[j] = max(columnScale[j], abs(a[i * n + j])) }
  }
  for k in 0..<n {
    var pivotRow = k
    var pivotSize = abs(a[k * n + k])
    for i in (k + 1)..<max(k + 1, n) where abs(a[i * n + k]) > pivotSize {
      pivotSize = abs(a[i * n + k])
      pivotRow = i
    }
    guard pivotSize > Tolerance.standard.singular * columnScale[k], pivotSize > 0 else {
      return nil
    }
    if pivotRow != k {
      for j in k..<n { swap(&a[k * n + j], &a[pivotRow * n + j]) }
      swap(&b[k], &b[pivotRow])
    }
    let pivot = a[k * n + k]
    for i in (k + 1)..<max(k + 1, n) {
      let factor = a[i * n + k] / pivot
      guard factor != 0 else { continue }
      a[i * n + k] = 0
      for j in (k + 1)..<n { a[i * n + j] -= factor * a[k * n + j] }
      b[i] -= factor * b[k]
    }
  }
  var x = [Double](repeating: 0, count: n)
  for k in stride(from: n - 1, through: 0, by: -1) {
    var sum = b[k]
    for j in (k + 1)..<n { sum -= a[k * n + j] * x[j] }
    x[k] = sum / a[k * n + k]
  }
  return x
}
