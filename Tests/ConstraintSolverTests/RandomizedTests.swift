// Randomised checks: tableau invariants after every call, and incremental results against a
// solver built from scratch with the same constraints.
import Testing
import SeededRandom

@testable import ConstraintSolver

/// The weighted error of the non-required constraints at the variables' current values:
/// the quantity Cassowary minimises.
func weightedError(_ constraints: [Constraint], constants: [ObjectIdentifier: Double] = [:])
  -> Double
{
  var total = 0.0
  for c in constraints where !c.isRequired {
    let constant = constants[ObjectIdentifier(c)] ?? c.expression.constant
    let value = c.expression.terms.reduce(constant) { $0 + $1.value }
    let error: Double
    switch c.relation {
    case .equal: error = abs(value)
    case .lessThanOrEqual: error = max(0, value)
    case .greaterThanOrEqual: error = max(0, -value)
    }
    total += c.strength.value * error
  }
  return total
}

@Suite struct RandomizedTests {
  static let strengths: [Strength] = [.required, .required, .strong, .medium, .weak, Strength(7)]
  static let relations: [Relation] = [.lessThanOrEqual, .equal, .greaterThanOrEqual]

  /// A random constraint over 1-3 of `variables`, small integer coefficients.
  static func randomConstraint(
    _ variables: [Variable], _ rng: inout SplitMix64
  ) -> Constraint {
    var expression = LinearExpression(Double(Int.random(in: -50...50, using: &rng)))
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      let variable = variables.randomElement(using: &rng)!
      let coefficient = Double(Int.random(in: -3...3, using: &rng))
      expression = expression + coefficient * variable
    }
    return Constraint(
      expression, relations.randomElement(using: &rng)!,
      strength: strengths.randomElement(using: &rng)!)
  }

  @Test(arguments: 0..<40)
  func randomCallsKeepInvariantsAndMatchARebuild(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed))
    let solver = Solver()
    let variables = (0..<6).map { Variable("x\($0)") }
    var added: [Constraint] = []
    var constants: [ObjectIdentifier: Double] = [:]
    var edits: [Variable] = []
    for step in 0..<60 {
      let roll = Int.random(in: 0..<10, using: &rng)
      let before = solver.dumpTableau()
      switch roll {
      case 0..<5:
        let c = Self.randomConstraint(variables, &rng)
        do {
          try solver.addConstraint(c)
          added.append(c)
        } catch SolverError.unsatisfiableConstraint {
          #expect(c.isRequired)
          #expect(solver.dumpTableau() == before, "seed \(seed) step \(step)")
        }
      case 5, 6:
        guard !added.isEmpty else { continue }
        let c = added.remove(at: Int.random(in: 0..<added.count, using: &rng))
        try solver.removeConstraint(c)
        constants[ObjectIdentifier(c)] = nil
      case 7:
        guard !added.isEmpty else { continue }
        let c = added.randomElement(using: &rng)!
        let constant = Double(Int.random(in: -60...60, using: &rng))
        do {
          try solver.updateConstant(of: c, to: constant)
          constants[ObjectIdentifier(c)] = constant
        } catch SolverError.unsatisfiableConstraint {
          #expect(c.isRequired)
          #expect(solver.dumpTableau() == before, "seed \(seed) step \(step)")
        }
      case 8:
        let v = variables.randomElement(using: &rng)!
        if solver.hasEditVariable(v) {
          try solver.removeEditVariable(v)
          edits.removeAll { $0 === v }
        } else {
          try solver.addEditVariable(v, strength: [.strong, .medium, .weak][step % 3])
          edits.append(v)
        }
      default:
        guard let v = edits.randomElement(using: &rng) else { continue }
        try solver.suggestValue(v, Double(Int.random(in: -100...100, using: &rng)))
      }
      let problems = solver._checkInvariants()
      #expect(problems == [], "seed \(seed) step \(step): \(problems)")
      if !problems.isEmpty { return }
    }

    // The incremental optimum equals the optimum of the same constraints added at once.
    solver.updateVariables()
    let incremental = weightedError(added, constants: constants)
    let fresh = Solver()
    for c in added {
      try fresh.engine.add(c, constant: constants[ObjectIdentifier(c)])
    }
    fresh.updateVariables()
    let scratch = weightedError(added, constants: constants)
    // Edit variables change the objective, so compare only without them.
    if edits.isEmpty {
      // Relative 1e-9, or absolute 1e-6 (errors of ~1e-15 weighted by strong's 1e6).
      #expect(close(incremental, scratch, 1e-9) || abs(incremental - scratch) < 1e-6,
              "seed \(seed): \(incremental) vs \(scratch)")
    }
  }
}

@Suite struct ExtremeInputTests {
  static let numbers: [Double] = [1e300, -1e300, 1e-300, 5e-9, -3e-9, 1e8, 0, 1, -1, 2.5, 1e154]

  /// Hostile numbers (overflowing products, coefficients below the solver's epsilon, zero
  /// and near-required strengths) never crash the solver: every call returns or throws a
  /// `SolverError`, and the solver keeps answering.
  @Test(arguments: 0..<60)
  func hostileNumbersNeverCrash(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
    let solver = Solver()
    let variables = (0..<4).map { Variable("x\($0)") }
    var added: [Constraint] = []
    func number() -> Double { Self.numbers.randomElement(using: &rng)! }
    for _ in 0..<40 {
      do {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1, 2:
          var expression = LinearExpression(number())
          for v in variables where Bool.random(using: &rng) { expression = expression + number() * v }
          let strength = [Strength.required, .strong, Strength(0), Strength.create(999, 1000, 1000),
                          Strength(1e-12)].randomElement(using: &rng)!
          let c = Constraint(
            expression, [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!,
            strength: strength)
          try solver.addConstraint(c)
          added.append(c)
        case 3:
          if let c = added.popLast() { try solver.removeConstraint(c) }
        case 4:
          if let c = added.randomElement(using: &rng) { try solver.updateConstant(of: c, to: number()) }
        default:
          let v = variables.randomElement(using: &rng)!
          if !solver.hasEditVariable(v) { try solver.addEditVariable(v, strength: .medium) }
          try solver.suggestValue(v, number())
        }
      } catch is SolverError {
        continue
      } catch {
        Issue.record("unexpected error \(error)")
      }
      solver.updateVariables()
      _ = solver.dumpTableau()
      _ = variables.map(solver.isAmbiguous)
    }
  }
}
