// The solver's kernels written for a debug build's speed (pointers, no generic calls) give what
// the plain versions they replaced give, bit for bit.
import SeededRandom
import Testing

@testable import ConstraintSolver

@Suite struct DebugBuildKernelTests {
  /// The module's `abs`, `min` and `max` of `Double`s and the standard library's generic ones,
  /// on signed zeros, NaNs, infinities and subnormals.
  @Test func theConcreteAbsMinMaxAreTheStandardLibrarys() {
    func generic<T: SignedNumeric & Comparable>(_ x: T) -> T { Swift.abs(x) }
    let values: [Double] = [
      0, -0.0, 1, -1, 2.5, -2.5, .nan, -.nan, .infinity, -.infinity, .leastNonzeroMagnitude,
      -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    for x in values {
      #expect(abs(x).bitPattern == generic(x).bitPattern, "abs(\(x))")
      for y in values {
        #expect(min(x, y).bitPattern == Swift.min(x, y).bitPattern, "min(\(x), \(y))")
        #expect(max(x, y).bitPattern == Swift.max(x, y).bitPattern, "max(\(x), \(y))")
      }
    }
  }

  /// `solveFirstUnit` picks the pivots a scan of every cell picks (first strictly largest in
  /// row order; integer coefficients make ties) and returns the same bits.
  @Test func solveFirstUnitIsTheFullScansSolve() {
    var rng = SplitMix64(seed: 4_700)
    var solved = 0
    for _ in 0..<300 {
      let n = Int.random(in: 1...14, using: &rng)
      let m = Int.random(in: 1...n, using: &rng)
      let matrix: [[(Int, Double)]] = (0..<m).map { _ in
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in
          (Int.random(in: 0..<n, using: &rng),
           [1.0, -1, 2, -2, 0.5, 3, -1.5, 1e-9][Int.random(in: 0..<8, using: &rng)])
        }
      }
      let want = Self.fullScanSolve(matrix, columns: n)
      let got = solveFirstUnit(matrix, columns: n)
      #expect(want?.map(\.bitPattern) == got?.map(\.bitPattern), "\(matrix) over \(n) columns")
      if want != nil { solved += 1 }
    }
    #expect(solved > 50)  // both outcomes occur: solved and dependent
    #expect(solved < 300)
  }

  /// The equations kept across an addition (`appendEquation`) are those `cachedEquations()`
  /// builds from all the constraints, after every addition of MarkerRemovalTests' systems
  /// (markerless equalities, inequalities, weighted constraints, edits; some through phase
  /// one); the kept list is used (an addition keeps it when something read it before: dozens).
  /// Equations as text, every number as its bits: equal texts are bit-identical equations.
  static func text(_ equations: [Engine.Equation]) -> [String] {
    equations.map { equation in
      "\(equation.constant.bitPattern) "
        + equation.terms.map { "\($0.symbol.raw):\($0.coefficient.bitPattern)" }
        .joined(separator: " ")
    }
  }

  @Test func theEquationsKeptAcrossAnAdditionAreTheRebuiltOnes() throws {
    var kept = 0, additions = 0
    for seed in 0..<12 {
      let system = MarkerRemovalTests.System(seed: UInt64(seed))
      let solver = Solver()
      for (i, constraint) in system.others.enumerated() {
        for c in (i < system.equalities.count ? [system.equalities[i]] : []) + [constraint] {
          try solver.addConstraint(c)
          additions += 1
          guard let equations = solver.engine.equations else { continue }
          kept += 1
          var fresh = solver.engine
          fresh.equations = nil
          #expect(Self.text(equations) == Self.text(fresh.cachedEquations()), "seed \(seed), \(c)")
          for (key, index) in solver.engine.equationOfConstraint {
            #expect(fresh.equationOfConstraint[key] == index, "seed \(seed)")
          }
        }
      }
    }
    #expect(kept >= 20, "\(kept) of \(additions)")
  }

  /// The kept equations stay those a rebuild gives through every kind of change, not only
  /// additions: removals, constant updates, refused and conflicting additions (a required
  /// constraint that can't hold), edit variables and suggestions, in a seeded random walk.
  @Test func theKeptEquationsSurviveEveryKindOfChange() throws {
    var checked = 0, refused = 0
    for seed in 0..<40 {
      var rng = SplitMix64(seed: 9_100 + UInt64(seed))
      let solver = Solver()
      let variables = (0..<5).map { Variable("x\($0)") }
      var added: [Constraint] = []
      let strengths: [Strength] = [.required, .strong, .medium, .weak]
      let relations: [Relation] = [.lessThanOrEqual, .equal, .greaterThanOrEqual]
      for step in 0..<50 {
        let variable = variables[Int.random(in: 0..<variables.count, using: &rng)]
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:  // an addition, which may be refused
          var expression = LinearExpression(Double(Int.random(in: -50...50, using: &rng)))
          for other in variables where Bool.random(using: &rng) {
            expression = expression + Double(Int.random(in: -3...3, using: &rng)) * other
          }
          let constraint = Constraint(
            expression, relations.randomElement(using: &rng)!,
            strength: strengths.randomElement(using: &rng)!)
          do {
            try solver.addConstraint(constraint)
            added.append(constraint)
          } catch {
            refused += 1
          }
        case 5, 6:  // a removal
          guard !added.isEmpty else { continue }
          let index = Int.random(in: 0..<added.count, using: &rng)
          try solver.removeConstraint(added.remove(at: index))
        case 7:  // a new constant, which may be refused
          guard let constraint = added.randomElement(using: &rng) else { continue }
          do {
            try solver.updateConstant(
              of: constraint, to: Double(Int.random(in: -50...50, using: &rng)))
          } catch {
            refused += 1
          }
        case 8:  // an edit variable added or removed
          if solver.hasEditVariable(variable) {
            try solver.removeEditVariable(variable)
          } else {
            try solver.addEditVariable(variable, strength: .strong)
          }
        default:  // a suggestion
          if solver.hasEditVariable(variable) {
            try solver.suggestValue(variable, Double(Int.random(in: -80...80, using: &rng)))
          }
        }
        solver.updateVariables()
        guard let equations = solver.engine.equations else { continue }
        checked += 1
        var fresh = solver.engine
        fresh.equations = nil
        #expect(Self.text(equations) == Self.text(fresh.cachedEquations()), "seed \(seed) step \(step)")
        #expect(
          solver.engine.equationOfConstraint == fresh.equationOfConstraint,
          "seed \(seed) step \(step)")
      }
    }
    #expect(checked >= 1_500 && refused >= 10, "\(checked) checked, \(refused) refused")
  }

  /// `solveDense` through pointers returns the bits the subscripted version returned, on
  /// well-conditioned, singular and pivoting (zero diagonal) systems.
  @Test func solveDenseIsTheSubscriptedSolve() {
    var rng = SplitMix64(seed: 4_701)
    var solved = 0
    for _ in 0..<300 {
      let n = Int.random(in: 1...9, using: &rng)
      let a = (0..<(n * n)).map { _ in
        [0.0, 0, 1, -1, 2, 0.5, -3, 1e-13][Int.random(in: 0..<8, using: &rng)]
      }
      let b = (0..<n).map { _ in Double(Int.random(in: -9...9, using: &rng)) }
      var (a1, b1, a2, b2) = (a, b, a, b)
      let want = Self.subscriptedSolveDense(&a1, &b1, n)
      let got = solveDense(&a2, &b2, n)
      #expect(want?.map(\.bitPattern) == got?.map(\.bitPattern), "\(a) \(b)")
      if want != nil { solved += 1 }
    }
    #expect(solved > 50 && solved < 300)
    var empty: [Double] = [], none: [Double] = []
    #expect(solveDense(&empty, &none, 0) == [])
  }

  /// `solveDense` as it was before it worked through pointers (Engine+Refine.swift at a7330aa):
  /// a frozen reference, kept apart from the engine's on purpose - don't change it with it.
  static func subscriptedSolveDense(_ a: inout [Double], _ b: inout [Double], _ n: Int)
    -> [Double]?
  {
    var columnScale = [Double](repeating: 0, count: n)
    for i in 0..<n {
      for j in 0..<n { columnScale[j] = Swift.max(columnScale[j], Swift.abs(a[i * n + j])) }
    }
    for k in 0..<n {
      var pivotRow = k
      var pivotSize = Swift.abs(a[k * n + k])
      for i in (k + 1)..<Swift.max(k + 1, n) where Swift.abs(a[i * n + k]) > pivotSize {
        pivotSize = Swift.abs(a[i * n + k])
        pivotRow = i
      }
      guard pivotSize > Tolerance.standard.singular * columnScale[k], pivotSize > 0 else {
        return nil
      }
      if pivotRow != k {
        for j in k..<n { a.swapAt(k * n + j, pivotRow * n + j) }
        b.swapAt(k, pivotRow)
      }
      let pivot = a[k * n + k]
      for i in (k + 1)..<Swift.max(k + 1, n) {
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

  /// `solveFirstUnit` as it was before its pivot search kept each row's largest magnitude: the
  /// whole remaining matrix scanned for every pivot (Engine+Marker.swift at a7330aa, a frozen
  /// reference like the one above).
  static func fullScanSolve(_ matrix: [[(Int, Double)]], columns n: Int) -> [Double]? {
    let m = matrix.count
    guard m > 0, m <= n else { return nil }
    var a = [Double](repeating: 0, count: m * n)
    var largest = 0.0
    for (i, terms) in matrix.enumerated() {
      for (j, value) in terms {
        a[i * n + j] += value
        largest = Swift.max(largest, Swift.abs(value))
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
        for j in 0..<n where !usedColumn[j] && Swift.abs(a[base + j]) > best {
          best = Swift.abs(a[base + j])
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
}
