// Removing a required equality that has no marker: the marker column is computed from the
// tableau (no rebuild), and the result is the optimum of the remaining constraints.
import Testing
import SeededRandom

@testable import ConstraintSolver

@Suite struct MarkerRemovalTests {
  /// A system over 8 variables whose required constraints hold at a hidden integer point:
  /// markerless required equalities, required inequalities, weighted constraints and
  /// two edit variables with suggestions.
  struct System {
    var variables: [Variable] = (0..<8).map { Variable("x\($0)") }
    var equalities: [Constraint] = []
    var others: [Constraint] = []
    var edits: [(Variable, Strength, Double)] = []

    init(seed: UInt64) {
      var rng = SplitMix64(seed: seed)
      let point = variables.map { _ in Double(Int.random(in: -40...40, using: &rng)) }
      func expression(_ count: Int) -> (LinearExpression, Double) {
        var e = LinearExpression()
        var atPoint = 0.0
        var used: Set<Int> = []
        while used.count < count {
          let i = Int.random(in: 0..<8, using: &rng)
          guard used.insert(i).inserted else { continue }
          let a = [1.0, -1, 2, -2, 0.5, 3, -1.5][Int.random(in: 0..<7, using: &rng)]
          e = e + a * variables[i]
          atPoint += a * point[i]
        }
        return (e, atPoint)
      }
      for _ in 0..<4 {
        let (e, atPoint) = expression(Int.random(in: 2...3, using: &rng))
        equalities.append(Constraint(e - atPoint, .equal))
      }
      for k in 0..<10 {
        let (e, atPoint) = expression(Int.random(in: 1...3, using: &rng))
        let slack = Double(Int.random(in: 0...20, using: &rng))
        if k % 3 == 0 {
          others.append(Constraint(e - atPoint - slack, .lessThanOrEqual))
        } else {
          let target = atPoint + Double(Int.random(in: -30...30, using: &rng))
          let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][k % 3]
          let strength: Strength = [.strong, .medium, .weak, Strength(5000)][k % 4]
          others.append(Constraint(e - target, relation, strength: strength))
        }
      }
      edits = [(variables[1], .strong, point[1] + 7), (variables[5], .medium, point[5] - 11)]
    }

    /// A solver with `equalities` and `others` added interleaved, then the edits.
    func solver(without removed: Constraint? = nil) throws -> Solver {
      let solver = Solver()
      for (i, c) in others.enumerated() {
        if i < equalities.count, equalities[i] !== removed { try solver.addConstraint(equalities[i]) }
        try solver.addConstraint(c)
      }
      for (v, strength, value) in edits {
        try solver.addEditVariable(v, strength: strength)
        try solver.suggestValue(v, value)
      }
      return solver
    }

    /// The weighted error (constraints and edits) at the variables' values.
    func objective() -> Double {
      var total = weightedError(others)
      for (v, strength, value) in edits { total += strength.value * abs(v.value - value) }
      return total
    }
  }

  @Test(arguments: 0..<12)
  func removingAMarkerlessEqualityNeedsNoRebuild(seed: Int) throws {
    let system = System(seed: UInt64(seed))
    for removed in system.equalities {
      let solver = try system.solver()
      let key = ObjectIdentifier(removed)
      #expect(solver.engine.constraints[key]?.isImplicit == true)
      try solver.removeConstraint(removed)
      #expect(!solver.engine.needsRebuild, "seed \(seed): the removal rebuilt the tableau")
      #expect(solver._checkInvariants() == [], "seed \(seed)")
      solver.updateVariables()
      let incremental = system.objective()
      let incrementalValues = system.variables.map(\.value)

      let fresh = try system.solver(without: removed)
      fresh.updateVariables()
      let scratch = system.objective()
      #expect(
        close(incremental, scratch, 1e-9) || abs(incremental - scratch) < 1e-6,
        "seed \(seed): objective \(incremental) after the removal, \(scratch) from scratch")
      // Every remaining required constraint holds at the incremental solution.
      for v in system.variables.indices { system.variables[v].value = incrementalValues[v] }
      for c in system.equalities where c !== removed {
        #expect(abs(c.expression.value) < 1e-7, "seed \(seed): \(c) violated")
      }
      for c in system.others where c.isRequired {
        #expect(c.expression.value < 1e-7, "seed \(seed): \(c) violated")
      }
    }
  }

  /// Above the dense solve's budget (a long chain of equalities) the removal falls back to
  /// the rebuild, with the same result.
  @Test func longChainsFallBackToTheRebuild() throws {
    let count = 200
    let x = (0..<count).map { Variable("x\($0)") }
    let solver = Solver()
    var links: [Constraint] = []
    try solver.addConstraint(Constraint(x[0] - 5, .equal, strength: .weak))
    for i in 0..<(count - 1) {
      links.append(Constraint(x[i + 1] - x[i] - 10, .equal))
      try solver.addConstraint(links[i])
    }
    try solver.addConstraint(Constraint(x[count - 1] - 7, .equal, strength: .strong))
    try solver.removeConstraint(links[100])
    #expect(solver.engine.needsRebuild)
    solver.updateVariables()
    #expect(close(x[0].value, 5) && close(x[100].value, 1005) && close(x[101].value, 7 - 980))
  }

  /// A screen's layout: many views placed by two-term required equalities. Its tableau is
  /// sparse, so re-adding the constraints costs less than the dense solve and the removal
  /// rebuilds (replays remove and re-add such constraints at every layout change).
  @Test func sparseLayoutsRebuildInsteadOfSolvingDensely() throws {
    let solver = Solver()
    var widths: [Constraint] = []
    for i in 0..<40 {
      let left = Variable("v\(i).left"), width = Variable("v\(i).width")
      try solver.addConstraint(Constraint(left - Double(8 * i), .equal))
      let w = Constraint(width - 100, .equal)
      widths.append(w)
      try solver.addConstraint(w)
      try solver.addConstraint(Constraint(width - 50, .equal, strength: .weak))
    }
    try solver.removeConstraint(widths[20])
    #expect(solver.engine.needsRebuild)
    solver.updateVariables()
  }
}

/// Without rebuilds after removals a tableau lives through many more pivots, so a refusal
/// is confirmed on a fresh tableau (the one that explains conflicts) before it is reported.
@Suite struct RefusalConfirmationTests {
  @Test func aRefusalFromDriftedRoundingIsNotReported() throws {
    let x = Variable("x"), y = Variable("y")
    let solver = Solver()
    try solver.addConstraint(Constraint(x + y - 10, .equal))
    try solver.addConstraint(Constraint(y - 3, .greaterThanOrEqual))
    // Drift the tableau as long pivot sequences can: x's row constant off by 1e-4.
    let symbol = try #require(solver.engine.variables[ObjectIdentifier(x)]?.symbol)
    let slot = try #require(solver.engine.slot(of: symbol))
    solver.engine.rows[slot].constant += 1e-4
    // Redundant with the first: this tableau alone would call it a conflict; the test from
    // the constraints themselves (`Engine.dependence`) keeps it.
    let redundant = Constraint(2 * x + 2 * y - 20, .equal)
    try solver.addConstraint(redundant)
    #expect(solver.hasConstraint(redundant))
    solver.updateVariables()
    #expect(close(x.value + y.value, 10, 1e-12), "the solve re-solved the drifted values")
    #expect(solver._checkInvariants() == [])
  }

  @Test func aGenuineConflictIsStillRefused() throws {
    let x = Variable("x"), y = Variable("y")
    let solver = Solver()
    let sum = Constraint(x + y - 10, .equal)
    try solver.addConstraint(sum)
    let conflicting = Constraint(2 * x + 2 * y - 21, .equal)
    #expect {
      try solver.addConstraint(conflicting)
    } throws: { error in
      guard case SolverError.unsatisfiableConstraint(let c, let others) = error else { return false }
      return c === conflicting && others.count == 1 && others[0] === sum
    }
  }
}
