// Behaviour of the solver's public API: solutions, strengths, edits, errors.
import Testing

@testable import ConstraintSolver

/// `a` and `b` equal within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

@Suite struct SolverTests {
  // MARK: - Solutions

  @Test func issueExampleSolvesAsDocumented() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    try solver.addConstraint(Constraint(x + y - 100, .equal))
    try solver.addConstraint(Constraint(x - 2 * y, .greaterThanOrEqual, strength: .strong))
    try solver.addConstraint(Constraint(x - 10, .equal, strength: .weak))
    try solver.addEditVariable(y, strength: .strong)
    try solver.suggestValue(y, 30)
    solver.updateVariables()
    #expect(close(x.value, 70) && close(y.value, 30))
    #expect(solver.hasEditVariable(y) && !solver.hasEditVariable(x))
    #expect(solver._checkInvariants() == [])
  }

  @Test func textbookLinearProgramReachesItsOptimum() throws {
    // maximise x + y s.t. x + 2y <= 14, 3x - y >= 0, x - y <= 2: optimum (6, 4).
    // Weak "x >= 1000" and "y >= 1000" make the objective (1000 - x) + (1000 - y).
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    try solver.addConstraint(Constraint(x + 2 * y - 14, .lessThanOrEqual))
    try solver.addConstraint(Constraint(3 * x - y, .greaterThanOrEqual))
    try solver.addConstraint(Constraint(x - y - 2, .lessThanOrEqual))
    try solver.addConstraint(Constraint(x - 1000, .greaterThanOrEqual, strength: .weak))
    try solver.addConstraint(Constraint(y - 1000, .greaterThanOrEqual, strength: .weak))
    solver.updateVariables()
    #expect(close(x.value, 6) && close(y.value, 4))
    #expect(solver._checkInvariants() == [])
  }

  @Test func weightedLinearProgramHonoursWeights() throws {
    // minimise 3a + 2b (as strengths) s.t. a + b >= 10, a <= 8: optimum a = 0, b = 10 when
    // pulling both towards zero, costs decide which one gives.
    let solver = Solver()
    let a = Variable("a"), b = Variable("b")
    try solver.addConstraint(Constraint(a + b - 10, .greaterThanOrEqual))
    try solver.addConstraint(Constraint(a - 8, .lessThanOrEqual))
    try solver.addConstraint(Constraint(a, .lessThanOrEqual, strength: Strength(3)))
    try solver.addConstraint(Constraint(b, .lessThanOrEqual, strength: Strength(2)))
    try solver.addConstraint(Constraint(a, .greaterThanOrEqual))
    try solver.addConstraint(Constraint(b, .greaterThanOrEqual))
    solver.updateVariables()
    #expect(close(a.value, 0) && close(b.value, 10))
  }

  @Test func strongerPreferenceWinsOverWeaker() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(x - 10, .equal, strength: .weak))
    try solver.addConstraint(Constraint(x - 20, .equal, strength: .medium))
    solver.updateVariables()
    #expect(close(x.value, 20))
    let strong = Constraint(x - 30, .equal, strength: .strong)
    try solver.addConstraint(strong)
    solver.updateVariables()
    #expect(close(x.value, 30))
    try solver.removeConstraint(strong)
    solver.updateVariables()
    #expect(close(x.value, 20))
  }

  @Test func midpointFollowsEditsWithinBounds() throws {
    // The paper's running example: left, mid, right on a 0...100 line.
    let solver = Solver()
    let left = Variable("left"), mid = Variable("mid"), right = Variable("right")
    try solver.addConstraint(Constraint(mid - (left + right) / 2, .equal))
    try solver.addConstraint(Constraint(left + 10 - right, .lessThanOrEqual))
    try solver.addConstraint(Constraint(right - 100, .lessThanOrEqual))
    try solver.addConstraint(Constraint(left, .greaterThanOrEqual))
    try solver.addConstraint(Constraint(left - 90, .equal, strength: .weak))
    solver.updateVariables()
    #expect(close(left.value, 90) && close(mid.value, 95) && close(right.value, 100))

    try solver.addEditVariable(mid, strength: .strong)
    for target in [20.0, 2, 50, 99, 60] {
      try solver.suggestValue(mid, target)
      solver.updateVariables()
      let expected = min(max(target, 5), 95)
      #expect(close(mid.value, expected))
      #expect(close(mid.value, (left.value + right.value) / 2))
      #expect(left.value + 10 <= right.value + 1e-9 && right.value <= 100 + 1e-9)
      #expect(solver._checkInvariants() == [])
    }
    try solver.removeEditVariable(mid)
    solver.updateVariables()
    #expect(close(left.value, 90) && close(mid.value, 95))
  }

  @Test func createdStrengthsFollowKiwisEncoding() {
    #expect(Strength.required.value == 1_001_001_000)
    #expect(Strength.strong.value == 1_000_000)
    #expect(Strength.medium.value == 1000)
    #expect(Strength.weak.value == 1)
    #expect(Strength.create(2000, 0.5, -3).value == 1_000_000_000 + 500)
    #expect(Strength.create(1, 2, 3, 2).value == 2_004_006)
    #expect(Constraint(LinearExpression(1), .equal, strength: Strength(5e9)).strength == .required)
  }

  @Test func expressionsReduceRepeatedVariables() {
    let x = Variable("x"), y = Variable("y")
    let constraint = Constraint(x + y + 2 * x - 3 - y * 0.5, .equal)
    let terms = constraint.expression.terms
    #expect(terms.count == 2)
    #expect(terms[0].variable === x && terms[0].coefficient == 3)
    #expect(terms[1].variable === y && terms[1].coefficient == 0.5)
    #expect(constraint.expression.constant == -3)
  }

  @Test func variablesKeyDictionariesByIdentity() {
    let a = Variable("same"), b = Variable("same")
    var table: [Variable: Int] = [:]
    table[a] = 1
    table[b] = 2
    #expect(table.count == 2 && table[a] == 1 && table[b] == 2)
  }

  // MARK: - Constants

  @Test func updateConstantMovesTheSolution() throws {
    let solver = Solver()
    let x = Variable("x"), w = Variable("w")
    let left = Constraint(x - 10, .equal)
    let width = Constraint(w - 50, .equal, strength: .strong)
    try solver.addConstraint(left)
    try solver.addConstraint(width)
    try solver.addConstraint(Constraint(w - 200, .lessThanOrEqual))
    for value in [20.0, -5, 0, 1e6] {
      try solver.updateConstant(of: left, to: -value)
      solver.updateVariables()
      #expect(close(x.value, value))
    }
    for value in [60.0, 500, 150] {
      try solver.updateConstant(of: width, to: -value)
      solver.updateVariables()
      #expect(close(w.value, min(value, 200)))
      #expect(solver._checkInvariants() == [])
    }
  }

  @Test func unsatisfiableConstantUpdateLeavesSolverUnchanged() throws {
    let solver = Solver()
    let x = Variable("x")
    let cap = Constraint(x - 50, .lessThanOrEqual)
    let pin = Constraint(x - 10, .equal)
    try solver.addConstraint(cap)
    try solver.addConstraint(pin)
    let before = solver.dumpTableau()
    #expect {
      try solver.updateConstant(of: pin, to: -60)
    } throws: { error in
      guard case let SolverError.unsatisfiableConstraint(c, conflicting) = error else { return false }
      return c === pin && conflicting.count == 1 && conflicting[0] === cap
    }
    #expect(solver.dumpTableau() == before)
    try solver.updateConstant(of: pin, to: -40)
    solver.updateVariables()
    #expect(close(x.value, 40))
  }

  // MARK: - Errors

  @Test func unsatisfiableConstraintNamesTheConflictAndChangesNothing() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    let sum = Constraint(x + y - 100, .equal)
    let pinX = Constraint(x - 30, .equal)
    let free = Constraint(y - 1, .equal, strength: .weak)
    try solver.addConstraint(sum)
    try solver.addConstraint(free)
    try solver.addConstraint(pinX)
    solver.updateVariables()
    let before = solver.dumpTableau()
    let bad = Constraint(y - 80, .equal)
    #expect {
      try solver.addConstraint(bad)
    } throws: { error in
      guard case let SolverError.unsatisfiableConstraint(c, conflicting) = error else { return false }
      return c === bad && conflicting.map(ObjectIdentifier.init) == [sum, pinX].map(ObjectIdentifier.init)
    }
    #expect(solver.dumpTableau() == before)
    #expect(!solver.hasConstraint(bad))
    solver.updateVariables()
    #expect(close(x.value, 30) && close(y.value, 70))
    // Still usable.
    try solver.removeConstraint(pinX)
    try solver.addConstraint(bad)
    solver.updateVariables()
    #expect(close(x.value, 20) && close(y.value, 80))
  }

  @Test func inequalityConflictIsUnsatisfiable() throws {
    let solver = Solver()
    let x = Variable("x")
    let low = Constraint(x - 10, .greaterThanOrEqual)
    try solver.addConstraint(low)
    let before = solver.dumpTableau()
    let high = Constraint(x - 5, .lessThanOrEqual)
    #expect {
      try solver.addConstraint(high)
    } throws: { error in
      guard case let SolverError.unsatisfiableConstraint(c, conflicting) = error else { return false }
      return c === high && conflicting.count == 1 && conflicting[0] === low
    }
    #expect(solver.dumpTableau() == before)
  }

  @Test func misuseThrowsTheMatchingError() throws {
    let solver = Solver()
    let x = Variable("x")
    let c = Constraint(x - 1, .equal)
    try solver.addConstraint(c)
    #expect(throws: SolverError.self) { try solver.addConstraint(c) }
    #expect(isError(of: { try solver.addConstraint(c) }, .duplicateConstraint))
    let stranger = Constraint(x, .equal)
    #expect(isError(of: { try solver.removeConstraint(stranger) }, .unknownConstraint))
    #expect(isError(of: { try solver.updateConstant(of: stranger, to: 1) }, .unknownConstraint))
    #expect(isError(of: { try solver.addEditVariable(x, strength: .required) }, .requiredEdit))
    try solver.addEditVariable(x, strength: .strong)
    #expect(isError(of: { try solver.addEditVariable(x, strength: .weak) }, .duplicateEdit))
    let y = Variable("y")
    #expect(isError(of: { try solver.suggestValue(y, 1) }, .unknownEdit))
    #expect(isError(of: { try solver.removeEditVariable(y) }, .unknownEdit))
    #expect(isError(of: { try solver.suggestValue(x, .nan) }, .nonFiniteValue))
    let nan = Constraint(x * .nan, .equal)
    #expect(isError(of: { try solver.addConstraint(nan) }, .nonFiniteConstraint))
    #expect(isError(of: { try solver.updateConstant(of: c, to: .infinity) }, .nonFiniteConstraint))
    #expect(solver._checkInvariants() == [])
  }

  @Test func removingEverythingForgetsVariables() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    let constraints = [
      Constraint(x + y - 10, .equal), Constraint(x - 2 * y, .greaterThanOrEqual),
      Constraint(x - 3, .equal, strength: .medium),
    ]
    for c in constraints { try solver.addConstraint(c) }
    try solver.addEditVariable(y, strength: .weak)
    try solver.suggestValue(y, 4)
    for c in constraints.reversed() { try solver.removeConstraint(c) }
    try solver.removeEditVariable(y)
    solver.updateVariables()
    #expect(solver.engine.variables.isEmpty)
    #expect(solver.engine.usedSlots.isEmpty)
    #expect(solver.engine.objective.cells.isEmpty)
  }

  // MARK: - Ambiguity

  @Test func ambiguityFollowsFreedom() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y"), z = Variable("z")
    try solver.addConstraint(Constraint(x + y - 100, .equal))
    #expect(solver.isAmbiguous(x) && solver.isAmbiguous(y) && solver.isAmbiguous(z))
    try solver.addConstraint(Constraint(x - 10, .equal))
    #expect(!solver.isAmbiguous(x) && !solver.isAmbiguous(y))
    // A bounded range with no preference: free; a weak preference fixes it.
    try solver.addConstraint(Constraint(z, .greaterThanOrEqual))
    try solver.addConstraint(Constraint(z - 5, .lessThanOrEqual))
    #expect(solver.isAmbiguous(z))
    try solver.addConstraint(Constraint(z - 3, .equal, strength: .weak))
    #expect(!solver.isAmbiguous(z))
  }

  // MARK: - Determinism and dump

  @Test func sameCallsGiveIdenticalDumps() throws {
    func run() throws -> (String, [Double]) {
      let solver = Solver()
      let v = (0..<6).map { Variable("v\($0)") }
      try solver.addConstraint(Constraint(v[0] + v[1] - v[2], .equal))
      try solver.addConstraint(Constraint(v[3] - v[2] - 7, .greaterThanOrEqual, strength: .strong))
      try solver.addConstraint(Constraint(v[4] + v[5] - 3, .lessThanOrEqual))
      try solver.addConstraint(Constraint(v[5] - v[0], .equal, strength: .medium))
      try solver.addConstraint(Constraint(v[1] - 12, .equal, strength: .weak))
      try solver.addEditVariable(v[4], strength: .strong)
      try solver.suggestValue(v[4], 9)
      solver.updateVariables()
      return (solver.dumpTableau(), v.map(\.value))
    }
    let (dump1, values1) = try run()
    let (dump2, values2) = try run()
    #expect(dump1 == dump2)
    #expect(values1.map(\.bitPattern) == values2.map(\.bitPattern))
    #expect(dump1.contains("Objective") && dump1.contains("Tableau") && dump1.contains("v4"))
  }
}

// MARK: - Error matching

enum ErrorKind {
  case duplicateConstraint, unknownConstraint, nonFiniteConstraint, duplicateEdit, unknownEdit
  case requiredEdit, nonFiniteValue, unsatisfiable, internalError
}

/// Whether `body` throws a `SolverError` of `kind`.
func isError(of body: () throws -> Void, _ kind: ErrorKind) -> Bool {
  do {
    try body()
    return false
  } catch let error as SolverError {
    switch (error, kind) {
    case (.duplicateConstraint, .duplicateConstraint), (.unknownConstraint, .unknownConstraint),
      (.nonFiniteConstraint, .nonFiniteConstraint), (.duplicateEditVariable, .duplicateEdit),
      (.unknownEditVariable, .unknownEdit), (.requiredEditStrength, .requiredEdit),
      (.nonFiniteValue, .nonFiniteValue), (.unsatisfiableConstraint, .unsatisfiable),
      (.internalError, .internalError):
      return true
    default:
      return false
    }
  } catch {
    return false
  }
}
