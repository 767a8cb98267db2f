// Redundant required constraints: kept when consistent up to rounding, refused when not.
import Testing

@testable import ConstraintSolver

@Suite struct ToleranceTests {
  /// `x == 3e8 + 0.1`, `y == x + 7e8 + 0.2`: `y`'s value carries rounding of 1.2e-7, above
  /// the fixed 1e-8 of the paper and Kiwi, but within 1e-9 of the numbers in play.
  func largeChain() throws -> (Solver, Variable, Variable) {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    try solver.addConstraint(Constraint(x - (3e8 + 0.1), .equal))
    try solver.addConstraint(Constraint(y - x - (7e8 + 0.2), .equal))
    return (solver, x, y)
  }

  @Test func redundantConsistentEqualityWithLargeNumbersIsKept() throws {
    let (solver, x, y) = try largeChain()
    let redundant = Constraint(y - 1_000_000_000.3, .equal)
    try solver.addConstraint(redundant)
    #expect(solver.hasConstraint(redundant))
    solver.updateVariables()
    #expect(close(x.value, 3e8 + 0.1) && close(y.value, 1e9 + 0.3))
    #expect(solver._checkInvariants() == [])
    // It stays removable, and the others still hold without it.
    try solver.removeConstraint(redundant)
    solver.updateVariables()
    #expect(close(y.value, 1e9 + 0.3))
  }

  @Test func conflictingEqualityWithLargeNumbersIsStillRefused() throws {
    let (solver, _, y) = try largeChain()
    let conflicting = Constraint(y - 1_000_000_005.3, .equal)
    #expect(throws: SolverError.self) { try solver.addConstraint(conflicting) }
    #expect(!solver.hasConstraint(conflicting))
  }

  @Test func redundantEqualityAfterAConstantUpdateIsKept() throws {
    // `a + b == 30` follows from `a == 10` and `b == 20` once both are explicit (updated).
    let solver = Solver()
    let a = Variable("a"), b = Variable("b"), s = Variable("s")
    let pinA = Constraint(a - 10, .equal), pinB = Constraint(b - 20, .equal)
    try solver.addConstraint(pinA)
    try solver.addConstraint(pinB)
    try solver.addConstraint(Constraint(s - a, .greaterThanOrEqual))
    try solver.updateConstant(of: pinA, to: -10)
    try solver.addConstraint(Constraint(a + b - 30, .equal))
    solver.updateVariables()
    #expect(close(a.value, 10) && close(b.value, 20))
    #expect(solver._checkInvariants() == [])
  }

  @Test func constantUpdateThatBreaksARedundantEqualityIsRefused() throws {
    let solver = Solver()
    let a = Variable("a"), b = Variable("b")
    let pinA = Constraint(a - 10, .equal), pinB = Constraint(b - 20, .equal)
    let sum = Constraint(a + b - 30, .equal)
    try solver.addConstraint(pinA)
    try solver.addConstraint(pinB)
    try solver.addConstraint(sum)
    try solver.updateConstant(of: pinA, to: -10)  // same value: gives pinA a marker
    let before = solver.dumpTableau()
    #expect {
      try solver.updateConstant(of: pinA, to: -15)
    } throws: { error in
      guard case SolverError.unsatisfiableConstraint(let c, _) = error else { return false }
      return c === pinA
    }
    #expect(solver.dumpTableau() == before)
    solver.updateVariables()
    #expect(close(a.value, 10) && close(b.value, 20))
    // Moving both ends keeps the three consistent again, one call at a time via the sum.
    try solver.removeConstraint(sum)
    try solver.updateConstant(of: pinA, to: -15)
    solver.updateVariables()
    #expect(close(a.value, 15) && close(a.value + b.value, 35))
  }

  /// A rebuild that can't re-add a constraint says so: the next throwing call throws
  /// `internalError` naming it, and it is gone from the solver (never silently dropped).
  @Test func aConstraintARebuildCannotReAddIsReportedNotDropped() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    try solver.addConstraint(Constraint(x - 10, .equal))
    let kept = Constraint(y - x, .greaterThanOrEqual)
    try solver.addConstraint(kept)
    let link = Constraint(y - x - 5, .equal)  // a required equality without a marker:
    try solver.addConstraint(link)
    // A state no call sequence reaches: a conflicting required constraint in the tables (put
    // there after the add, whose accept checks its point against every required constraint),
    // then a removal that leaves the tableau to be rebuilt.
    let conflicting = Constraint(x - 20, .equal)
    let key = ObjectIdentifier(conflicting)
    solver.engine.constraints[key] = ConstraintEntry(
      constraint: conflicting, tag: Tag(), order: solver.engine.nextOrder, constant: -20,
      editVariable: nil, isExplicit: false)
    solver.engine.nextOrder += 1
    try solver.removeConstraint(link)  // removing it leaves the tableau to be rebuilt
    #expect(solver.engine.needsRebuild)
    solver.updateVariables()  // the pending rebuild runs here and cannot throw
    #expect(!solver.hasConstraint(conflicting))
    #expect(solver.hasConstraint(kept))
    #expect(close(x.value, 10))
    let refused = Constraint(y - 30, .equal, strength: .weak)
    #expect {
      try solver.addConstraint(refused)
    } throws: { error in
      guard case SolverError.internalError(let message) = error else { return false }
      return message.contains("could not re-add [\(conflicting)]")
    }
    #expect(!solver.hasConstraint(refused))  // the reporting call did nothing else
    // Reported once; the solver goes on with the constraints it has.
    try solver.addConstraint(Constraint(y - 40, .equal, strength: .medium))
    solver.updateVariables()
    #expect(close(y.value, 40))
    #expect(solver._checkInvariants() == [])
  }

  /// A failure of the tableau during a call (what `Engine.add` throws when the simplex
  /// cycles on rounding, after the constraint is in its tables) is retried on a tableau
  /// rebuilt from the constraints: the add holds and no `internalError` reaches the app.
  @Test func aFailureOfTheTableauIsRetriedOnAFreshOne() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    try solver.addConstraint(Constraint(x - 10, .equal))
    let link = Constraint(y - x - 5, .equal)
    let cycling = EngineError.internalFailure("the dual simplex is cycling")
    try solver.recover(cycling, dropping: link) { (engine: inout Engine) throws(EngineError) in
      try engine.add(link)
    }
    solver.updateVariables()
    #expect(solver.hasConstraint(link))
    #expect(close(y.value, 15))
    #expect(solver._checkInvariants() == [])
  }

  /// When the fresh tableau fails too, the call throws `internalError` with both failures,
  /// and the solver goes on without the constraint.
  @Test func aFailureTheFreshTableauRepeatsIsReported() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(x - 10, .equal))
    let doomed = Constraint(x - 5, .greaterThanOrEqual)
    #expect {
      try solver.recover(EngineError.internalFailure("first"), dropping: doomed) {
        (engine: inout Engine) throws(EngineError) in
        try engine.add(doomed)
        throw .internalFailure("second")
      }
    } throws: { error in
      guard case SolverError.internalError(let message) = error else { return false }
      return message == "first; second"
    }
    #expect(!solver.hasConstraint(doomed))
    solver.updateVariables()
    #expect(close(x.value, 10))
    #expect(solver._checkInvariants() == [])
  }
}
