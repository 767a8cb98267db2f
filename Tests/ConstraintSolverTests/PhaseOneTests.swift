// Phase one's last step (paper 4.1, Kiwi's `addWithArtificialVariable`): an artificial variable
// that ends at zero but basic leaves through a pivot-sized slack or error, under the pivot rule
// phase one ran with.
import Testing

@testable import ConstraintSolver

@Suite struct PhaseOneTests {
  /// `art = x + 1e-7 s` at zero, `x` external, `s` a slack: 1e-7 of its row is a residue to
  /// the standard rule (below 1e-6) and genuine on a refactored tableau (from 1e-9). Under the
  /// standard rule the row can't be pivoted out and the constraint is refused; on the
  /// refactored tableau, where phase one is retried, `s` leaves the artificial's row.
  @Test func theArtificialLeavesThroughAPivotTheRefactoredRuleAllows() throws {
    func phaseOne(_ size: PivotSize) throws -> (Engine, Engine.PhaseOneOutcome, Symbol) {
      var engine = Engine()
      let x = engine.newSymbol(.external)
      let s = engine.newSymbol(.slack)
      let row = Row(
        constant: 0, cells: [Cell(symbol: x, coefficient: 1), Cell(symbol: s, coefficient: 1e-7)])
      let outcome = try engine.addWithArtificialVariable(row, scale: 1, size: size)
      return (engine, outcome, s)
    }
    let (standard, refused, _) = try phaseOne(.standard)
    guard case .unsatisfiable = refused else {
      Issue.record("the standard rule pivoted on a 1e-7 residue: \(refused)")
      return
    }
    #expect(standard.usedSlots.isEmpty)
    let (refactored, added, s) = try phaseOne(.refactored)
    guard case .added = added else {
      Issue.record("the refactored rule left the artificial basic: \(added)")
      return
    }
    let slot = try #require(refactored.slot(of: s))
    #expect(refactored.rows[slot].constant == 0)
    #expect(refactored.usedSlots == [slot])
  }

  /// A new row's oldest external with a residue-sized coefficient (1e-7 next to 1) is not its
  /// subject (Kiwi's would be: dividing by 1e-7 puts x at 5e7): the row has no slack or error
  /// of its own, so it goes through phase one, which solves it for y.
  @Test func aResidueSizedExternalIsNotASubject() throws {
    let solver = Solver()
    let x = Variable("x"), y = Variable("y")
    let link = Constraint(1e-7 * x + y - 5, .equal)
    try solver.addConstraint(link)
    solver.updateVariables()
    #expect(x.value == 0 && y.value == 5, "x \(x.value), y \(y.value)")
    #expect(solver.engine.constraints[ObjectIdentifier(link)]?.addPivots ?? 0 > 0, "phase one")
    #expect(solver._checkInvariants().isEmpty)
  }
}
