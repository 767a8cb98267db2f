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
}
