// Exact values at solve time: the basic solution re-solved from the original constraints.
//
// The tableau's row constants are the values of the basic symbols, but they are the product
// of every pivot and substitution since the constraints were added: with strengths up to
// 1e9 and rows that grow during phase one, they drift from the point the current basis
// defines. The drift shows as residuals of the *original* constraints at the solution: on
// random 30 x 250 systems, a required equality missed by 1e-4 next to terms of 4e4, or a
// strong equality left 1.9e-6 off (1.9 of weighted error where the basis had none).
//
// The basis itself is right (the objective row, recomputed from the rows, gave the LP
// optimum within 3e-12 on such a system), so the fix is to recompute the point of that basis:
// with every parametric symbol at zero, each constraint `j` reads
// `constant_j + sum(a_jv x_v) + (its slack / error / dummy terms) = 0`, one equation per
// constraint over the basic symbols, a square system `B y = -c` (one basic symbol per
// constraint). `refineSolution()` measures each equation's residual at the tableau's values
// and, only when one exceeds rounding (`Tolerance.refinement` of the equation's largest
// term), solves `B d = -r` by Gaussian elimination with partial pivoting (backward stable:
// each residual then sits within a few units in the last place of its terms) and adds `d` to
// the row constants. The coefficients of the rows are not touched; the objective row is
// recomputed from them, and the simplex resumes if the new values or costs call for pivots.

extension Engine {
  /// The most cells (`constraints x basic symbols`) the dense solve may hold: 16 M doubles,
  /// 128 MB. Larger systems keep the tableau's values.
  static let refinementCellBudget = 16_000_000

  /// One original constraint as an equation over symbols, in the form `makeRow` builds before
  /// sign normalisation: `constant + sum(coefficient * symbol) = 0`.
  struct Equation {
    var constant: Double
    var terms: [(symbol: Symbol, coefficient: Double)]
  }

  /// The equation of `entry` (its constant in force, its variables' symbols, its own symbols
  /// with the signs `makeRow` gives them).
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
    slot(of: symbol).map { rows[$0].constant } ?? 0
  }

  /// `equation`'s residual at the tableau's solution, with the largest and the total
  /// magnitude of the terms that made it (the scales the drift checks measure it against).
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

  /// Residual of `equation` at the tableau's solution, and whether it is beyond rounding
  /// (`Tolerance.refinement` of its largest term).
  func residual(of equation: Equation) -> (value: Double, drifted: Bool) {
    let (sum, largest, _) = terms(of: equation)
    return (sum, abs(sum) > Tolerance.standard.refinement * max(1, largest))
  }

  /// Re-solves the basic values from the original constraints when the tableau's values
  /// drifted beyond rounding, refreshes the objective from the rows and lets the simplex
  /// resume (at most three rounds). Deterministic: constraints in order of addition, basic
  /// symbols by slot.
  /// - Complexity: O(terms) when nothing drifted; else a dense solve, O(n³) for n
  ///   constraints, within `refinementCellBudget`.
  /// - Parameter rebuilds: how many fresh tableaus it may build when the basis can't be
  ///   repaired (a solve: one; a check of an accept, which must judge this tableau: none).
  /// - Returns: whether the solution it leaves is exact (no equation drifted beyond rounding),
  ///   so that another call before any change would do nothing.
  @discardableResult
  mutating func refineSolution(rebuilds: Int = 1) -> Bool {
    rebuildIfNeeded()
    let saved = self
    var rebuildsLeft = rebuilds
    for _ in 0..<3 {
      if !equationsValid { cacheEquations() }
      guard equations.contains(where: { residual(of: $0).drifted }) else { return true }
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
      // A singular basis (the tableau took a dependent constraint for an independent one) or
      // one the simplex can't repair from its drifted rows: a fresh tableau from the
      // constraints in order, once; failing that, or when the rebuild loses a constraint (a
      // fresh phase one can refuse one this tableau holds: `rebuildLosingNothing()`), the
      // tableau as it was.
      guard rebuildsLeft > 0, rebuild() else {
        self = saved
        return false
      }
      rebuildsLeft -= 1
    }
    return false
  }

  /// Fills `equations` from `constraints`, in order of addition.
  mutating func cacheEquations() {
    let entries = constraints.values.sorted { $0.order < $1.order }
    equations = entries.map(equation(of:))
    equationOfConstraint = [:]
    for (index, entry) in entries.enumerated() {
      equationOfConstraint[ObjectIdentifier(entry.constraint)] = index
    }
    equationsValid = true
  }

  /// Solves `B d = -r` for the corrections `d` of the basic symbols' values and applies them.
  /// - Returns: false (nothing changed) when the system is not square, too large, or singular.
  mutating func correctBasicValues() -> Bool {
    let slots = usedSlots
    let n = slots.count
    guard n == equations.count, n > 0, n * n <= Engine.refinementCellBudget else { return false }
    var unknownOfSlot = [Int](repeating: -1, count: rows.count)
    for (unknown, slot) in slots.enumerated() { unknownOfSlot[slot] = unknown }

    // Dense matrix, row-major: one row per equation, one column per basic symbol.
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

  /// Recomputes the objective row from the weighted errors: each soft constraint's strength
  /// times its error symbols, a basic one replaced by its row. Removes the drift the objective
  /// gathers from substitutions at strengths up to 1e6 (its constant is the weighted error).
  mutating func refreshObjective() {
    var fresh = Row()
    for entry in constraints.values.sorted(by: { $0.order < $1.order })
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

/// Solves the `n x n` system `a x = b` (row-major `a`, destroyed) by Gaussian elimination with
/// partial pivoting; nil when a pivot is below 1e-9 of its column's largest entry (nearly
/// singular: the values it would give are rounding amplified).
func solveDense(_ a: inout [Double], _ b: inout [Double], _ n: Int) -> [Double]? {
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
    guard pivotSize > Tolerance.standard.singular * columnScale[k], pivotSize > 0 else { return nil }
    if pivotRow != k {
      for j in k..<n { a.swapAt(k * n + j, pivotRow * n + j) }
      b.swapAt(k, pivotRow)
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
