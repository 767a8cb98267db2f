// A call the constraints allow, which no tableau can carry out without dropping another
// constraint, fails as `internalError` naming what would be lost, the solver unchanged; it is
// never reported as unsatisfiable (it is not).
import Testing

@testable import ConstraintSolver

@Suite struct RebuildLossTests {
  /// A solver holding `x == 10` and `y >= x`, plus a weak constraint whose entry no rebuild can
  /// re-add (a NaN constant: a state no call sequence reaches, put in the tables by hand, so
  /// that every rebuild loses it while the required constraints all re-add).
  func solverWithAnUnrebuildableEntry() throws -> (Solver, Constraint, Constraint) {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    let fixed = Constraint(x - 10, .equal)
    try solver.addConstraint(fixed)
    try solver.addConstraint(Constraint(y - x, .greaterThanOrEqual))
    let unrebuildable = Constraint(y - 50, .equal, strength: .weak)
    solver.engine.constraints[ObjectIdentifier(unrebuildable)] = ConstraintEntry(
      constraint: unrebuildable, tag: Tag(), order: solver.engine.nextOrder, constant: .nan,
      editVariable: nil, isExplicit: false)
    solver.engine.nextOrder += 1
    return (solver, fixed, unrebuildable)
  }

  /// Expects `call` to fail as `cannotApply`: `internalError` naming `constraint` with
  /// `constant` as allowed, and `lost` as what the rebuild would lose.
  func expectCannotApply(
    _ constraint: Constraint, constant: Double, losing lost: Constraint,
    _ call: () throws(EngineError) -> Void
  ) {
    do {
      try call()
      Issue.record("the call went through a rebuild that loses a constraint")
    } catch .solver(.internalError(let message)) {
      let allowed =
        "[\(constraint)] with constant \(constant) is allowed by the constraints in force"
      #expect(message.contains(allowed), "\(message)")
      #expect(message.contains("[\(lost)]"), "names the one lost: \(message)")
    } catch {
      Issue.record("expected internalError, got \(error)")
    }
  }

  /// A refused required add that a fresh tableau accepts goes to a rebuilt tableau; when the
  /// rebuild would lose a constraint, the add fails as `internalError`, not unsatisfiable.
  @Test func anAddTheRebuildCannotTakeIsAnInternalErrorNotAConflict() throws {
    let (solver, _, unrebuildable) = try solverWithAnUnrebuildableEntry()
    let before = solver.engine.constraints.keys
    let z = Variable("z")
    let added = Constraint(z - 3, .equal)
    var engine = solver.engine
    #expect(engine.refusal(added, constant: -3) == nil, "the constraints allow it")
    expectCannotApply(added, constant: -3.0, losing: unrebuildable) { () throws(EngineError) in
      try engine.addToFreshTableau(Addition(added))
    }
    #expect(engine.constraints.keys == before, "unchanged")
    #expect(engine.lostInRebuild.isEmpty, "thrown now, not reported again by the next call")
  }

  /// The same for a required constant update the constraints allow: the old constant stays in
  /// force and nothing is dropped.
  @Test func anUpdateTheRebuildCannotTakeIsAnInternalErrorNotAConflict() throws {
    let (solver, fixed, unrebuildable) = try solverWithAnUnrebuildableEntry()
    let before = solver.engine.constraints.keys
    var engine = solver.engine
    let original = solver.engine
    expectCannotApply(fixed, constant: -20.0, losing: unrebuildable) { () throws(EngineError) in
      try engine.refuseUpdate(fixed, -20, original)
    }
    #expect(engine.constraints.keys == before, "unchanged")
    #expect(engine.constraints[ObjectIdentifier(fixed)]?.constant == -10, "the old constant")
    #expect(engine.lostInRebuild.isEmpty, "thrown now, not reported again by the next call")
  }
}
