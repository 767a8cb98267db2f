// Whether a required equality follows from the required equalities in force, decided from
// the constraints rather than from the tableau's residues (seed 50 256): Gaussian elimination
// (partial pivoting, order of addition) of their coefficient vectors, carrying constants.
// Paid only for rows that look dependent.

extension Engine {
  /// Whether `row`, the substituted row of required equality `constraint`, has no cell but
  /// dummies above `Tolerance.pivot` of its coefficients, or dummies only and a constant
  /// beyond rounding.
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

  /// Whether required equality `constraint`, whose substituted row is `row`, is consistent
  /// with the required equalities in force when it depends on them; nil when it doesn't (or
  /// its row doesn't look dependent). O(e² x v).
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
    for entry in constraints
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
    for column in 0..<n where abs(new[column]) > Tolerance.standard.residual * max(1, size) {
      return nil
    }
    return isRoundingNoise(new[n], scale: new[n + 1])
  }
}
