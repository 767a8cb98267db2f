// Refactoring: the tableau recomputed from the constraints at the current basis.
import Testing
import SeededRandom

@testable import ConstraintSolver

@Suite struct RefactorTests {
  /// A random system with edit variables: weighted and required constraints over 8 variables.
  /// Also returns the weighted error at the solution's values (edits included).
  func randomSystem(seed: UInt64) throws -> (Solver, [Variable], () -> Double) {
    var rng = SplitMix64(seed: seed)
    let variables = (0..<8).map { Variable("x\($0)") }
    let solver = Solver()
    var added: [Constraint] = []
    for _ in 0..<40 {
      let constraint = RandomizedTests.randomConstraint(variables, &rng)
      if (try? solver.addConstraint(constraint)) != nil { added.append(constraint) }
    }
    var suggestions: [(Variable, Double)] = []
    for (i, v) in variables.prefix(3).enumerated() {
      try solver.addEditVariable(v, strength: .strong)
      try solver.suggestValue(v, Double(10 * i + 5))
      suggestions.append((v, Double(10 * i + 5)))
    }
    let error = {
      weightedError(added)
        + suggestions.reduce(0) { $0 + Strength.strong.value * abs($1.0.value - $1.1) }
    }
    return (solver, variables, error)
  }

  @Test(arguments: 0..<10 as Range<UInt64>)
  func aRefactoredTableauHasTheSameSolution(seed: UInt64) throws {
    let (solver, variables, weightedError) = try randomSystem(seed: seed)
    solver.updateVariables()
    let before = variables.map(\.value)
    let objective = weightedError()
    let refactored = solver.engine.refactor()
    #expect(refactored, "seed \(seed): the basis could not be refactored")
    #expect(solver._checkInvariants() == [], "seed \(seed)")
    #expect(solver.engine.infeasible.isEmpty, "seed \(seed): a feasible basis stays feasible")
    solver.updateVariables()
    for (v, old) in zip(variables, before) {
      #expect(close(v.value, old, 1e-9), "seed \(seed): \(v.name) \(old) -> \(v.value)")
    }
    // The objective row is re-summed too (its constant is the weighted error; suggestions
    // leave the incremental one stale).
    #expect(close(solver.engine.objective.constant, objective, 1e-9 * max(1, abs(objective))))
  }

  /// Drift as long pivot sequences leave it: x's row constant off by 1e-4.
  func drifted() throws -> (Solver, Variable, Variable) {
    let x = Variable("x"), y = Variable("y")
    let solver = Solver()
    try solver.addConstraint(Constraint(x + y - 10, .equal))
    try solver.addConstraint(Constraint(y - 3, .greaterThanOrEqual))
    try solver.addConstraint(Constraint(x - 2, .equal, strength: .weak))
    let symbol = try #require(solver.engine.variables[ObjectIdentifier(x)]?.symbol)
    let slot = try #require(solver.engine.slot(of: symbol))
    solver.engine.rows[slot].constant += 1e-4
    return (solver, x, y)
  }

  @Test func refactoringRemovesDrift() throws {
    let (solver, x, y) = try drifted()
    let driftedBefore = solver.engine.equationsHaveDrifted()
    let refactored = solver.engine.refactor()
    let driftedAfter = solver.engine.equationsHaveDrifted()
    #expect(driftedBefore && refactored && !driftedAfter)
    solver.updateVariables()
    #expect(close(x.value + y.value, 10, 1e-12))
    #expect(close(x.value, 2, 1e-12) && close(y.value, 8, 1e-12))
  }

  @Test func theHealthCheckRefactorsADriftedTableau() throws {
    let (solver, x, y) = try drifted()
    let z = Variable("z")
    // A call after `healthCheckInterval` pivots checks the tableau; fewer leave it alone.
    solver.engine.pivotsSinceHealthCheck = solver.engine.healthCheckInterval - 1
    try solver.addConstraint(Constraint(z - 1, .equal))
    let early = solver.engine.equationsHaveDrifted()
    #expect(early, "checked before the interval")
    solver.engine.pivotsSinceHealthCheck = solver.engine.healthCheckInterval + 1  // + its row
    try solver.addConstraint(Constraint(z - 2, .lessThanOrEqual))
    let late = solver.engine.equationsHaveDrifted()
    #expect(!late)
    solver.updateVariables()
    #expect(close(x.value, 2, 1e-12) && close(y.value, 8, 1e-12) && z.value == 1)
  }

  @Test func aSingularBasisIsLeftAlone() {
    // Gauss-Jordan refuses a numerically singular core instead of dividing by rounding.
    var singular = [1.0, 2.0, 2.0, 4.0 + 1e-15]
    #expect(invert(&singular, size: 2) == nil)
    var regular = [2.0, 1.0, 1.0, 3.0]
    let inverse = invert(&regular, size: 2)
    #expect(inverse.map { zip($0, [0.6, -0.2, -0.2, 0.4]).allSatisfy { close($0, $1, 1e-15) } } == true)
  }
}
