// A removal the tableau can't pivot is recovered from the constraints.
import Testing

@testable import ConstraintSolver

/// A removal the tableau can't pivot (its marker's column holds nothing pivot-sized: only
/// residues) is recovered from the constraints: a fresh tableau without the constraint.
@Suite struct UnpivotableRemovalTests {
  @Test func aMarkerWithOnlyResiduesInItsColumnIsRemovedByARebuild() throws {
    let solver = Solver()
    let x = Variable("x")
    let bound = Constraint(x - 5, .greaterThanOrEqual)
    try solver.addConstraint(bound)
    try solver.addConstraint(Constraint(x * 1, .equal, strength: .weak))  // pulls x to 0
    solver.updateVariables()
    #expect(x.value == 5)
    // x = 5 + s: the bound's slack is a parameter of x's row (and of the weak error's).
    // Shrink it to a residue (1e-9 of its rows) in each: a state rounding could leave, which
    // no call sequence is known to reach.
    let slack = try #require(solver.engine.constraints[ObjectIdentifier(bound)]?.tag.marker)
    let xSymbol = try #require(solver.engine.variables[ObjectIdentifier(x)]?.symbol)
    let xSlot = try #require(solver.engine.slot(of: xSymbol))
    #expect(solver.engine.rows[xSlot].index(of: slack) >= 0)
    for slot in solver.engine.usedSlots {
      let cell = solver.engine.rows[slot].index(of: slack)
      if cell >= 0 { solver.engine.rows[slot].cells[cell].coefficient = 1e-9 }
    }
    #expect(solver.engine.markerLeavingRow(slack) == nil, "no pivot-sized cell")

    try solver.removeConstraint(bound)
    solver.updateVariables()
    #expect(!solver.hasConstraint(bound))
    #expect(x.value == 0, "the weak preference alone")
    #expect(solver._checkInvariants().isEmpty)
  }
}
