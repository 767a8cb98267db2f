// Whether a required equality follows from the required equalities in force, decided from
// the constraints themselves rather than from the tableau.
//
// Substituting a new equality into the tableau gives a row that is empty (or dummies only)
// exactly when the equality depends on the ones before it; in floating point the row keeps
// residues of the cancellation and its constant the rounding of every pivot since. After
// phase-one excursions (rows of 1e6) those residues reach 1e-8 of the terms: the LP oracle's
// combinations of earlier equalities (`x + 2y == 7` from `x == 1` and `y == 3`, with weights
// such as 1/3) were then taken for independent constraints, left the basis singular, or
// refused although consistent (seed 50256: a residual of 1.5e-5 next to terms of 2e3).
//
// The test: Gaussian elimination (partial pivoting, in order of addition) of the required
// equalities' coefficient vectors over the variables, carrying their constants; the new
// equality is reduced against them. It depends on them when what is left of its coefficients
// is within 1e-9 of their size, and is consistent when what is left of its constant is
// rounding (`isRoundingNoise`) of the constants combined. Paid only for rows that look
// dependent (every non-dummy cell below 1e-6 of the equality's coefficients).

extension Engine {
  /// Whether `row` (the substituted row of required equality `constraint`) looks like a
  /// dependent equality's: no cell but dummies above 1e-6 of the constraint's coefficients,
  /// or dummies only with a constant that is not rounding.
  func looksDependent(_ row: Row, _ constraint: Constraint, constant: Double) -> Bool {
    var size = 0.0
    for term in constraint.expression.terms { size = max(size, abs(term.coefficient)) }
    let limit = Tolerance.standard.pivot * max(1, size)
    for cell in row.cells where !cell.symbol.isDummy && abs(cell.coefficient) > limit {
      return false
    }
    if row.hasOnlyDummies {
      let scale = constantScale(of: constraint.expression, constant: constant)
      return !isRoundingNoise(row.constant, scale: scale)
    }
    return true
  }

  /// Whether required equality `constraint` (constant `constant`), whose substituted row is
  /// `row`, is consistent with the required equalities in force, if its row looks dependent
  /// (`looksDependent`) and it depends on them; nil otherwise.
  /// - Complexity: O(e² x v) for e equalities over v variables, when the row looks dependent.
  func dependence(of constraint: Constraint, row: Row, constant: Double) -> Bool? {
    guard looksDependent(row, constraint, constant: constant) else { return nil }
    var columnOf: [ObjectIdentifier: Int] = [:]
    func vector(_ expression: LinearExpression) -> [(Int, Double)] {
      var sums: [Int: Double] = [:]
      for term in expression.terms where !nearZero(term.coefficient) {
        let key = ObjectIdentifier(term.variable)
        let column: Int
        if let known = columnOf[key] {
          column = known
        } else {
          column = columnOf.count
          columnOf[key] = column
        }
        sums[column, default: 0] += term.coefficient
      }
      return sums.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    var equalities: [(terms: [(Int, Double)], constant: Double)] = []
    for entry in constraints.values.sorted(by: { $0.order < $1.order })
    where entry.constraint.isRequired && entry.constraint.relation == .equal {
      equalities.append((vector(entry.constraint.expression), entry.constant))
    }
    let target = vector(constraint.expression)
    let n = columnOf.count
    guard n > 0 else { return nil }

    // Dense rows: coefficients, then the constant and the size of the constants in it.
    let width = n + 2
    var rows = [Double](repeating: 0, count: equalities.count * width)
    for (i, equality) in equalities.enumerated() {
      for (column, coefficient) in equality.terms { rows[i * width + column] = coefficient }
      rows[i * width + n] = equality.constant
      rows[i * width + n + 1] = abs(equality.constant)
    }
    var new = [Double](repeating: 0, count: width)
    var size = 0.0
    for (column, coefficient) in target {
      new[column] = coefficient
      size = max(size, abs(coefficient))
    }
    new[n] = constant
    new[n + 1] = abs(constant)

    // Forward elimination with partial pivoting, reducing the new equality as it goes.
    var used = [Bool](repeating: false, count: equalities.count)
    for column in 0..<n {
      var pivot = -1
      var best = 0.0
      for i in equalities.indices where !used[i] && abs(rows[i * width + column]) > best {
        best = abs(rows[i * width + column])
        pivot = i
      }
      guard pivot >= 0, best > Tolerance.standard.eliminationPivot else { continue }
      used[pivot] = true
      let p = pivot * width
      for i in equalities.indices where !used[i] {
        let factor = rows[i * width + column] / rows[p + column]
        guard factor != 0 else { continue }
        for j in column..<(n + 1) { rows[i * width + j] -= factor * rows[p + j] }
        rows[i * width + n + 1] += abs(factor) * rows[p + n + 1]
      }
      let factor = new[column] / rows[p + column]
      if factor != 0 {
        for j in column..<(n + 1) { new[j] -= factor * rows[p + j] }
        new[n + 1] += abs(factor) * rows[p + n + 1]
      }
    }
    for column in 0..<n where abs(new[column]) > Tolerance.standard.residual * max(1, size) { return nil }
    return isRoundingNoise(new[n], scale: new[n + 1])
  }
}
