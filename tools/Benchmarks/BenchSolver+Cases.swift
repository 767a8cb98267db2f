// The benchmark systems of `navsim-bench solver`, built once and run by NavSim and Kiwi alike.
import ConstraintSolver
import Foundation

// MARK: - Case

/// A benchmark system: untimed setup calls, then the timed calls.
struct SolverCase {
  /// A constraint over variable indices: `constant + sum(coefficient * x[index]) <rel> 0`.
  struct Definition {
    var terms: [(Int, Double)]
    var constant: Double
    var relation: Relation
    var strength: Strength
  }

  enum Call {
    case add(Int), remove(Int), edit(Int, Strength), suggest(Int, Double), solve
    /// Start over with an empty solver (the next system of a case of several).
    case reset
  }

  let name: String
  /// Best of this many runs.
  let repeats: Int
  /// The workload this case is one system of (its summary line), if any.
  let group: String?
  var variableCount = 0
  var definitions: [Definition] = []
  var setup: [Call] = []
  var timed: [Call] = []

  init(_ name: String, repeats: Int, group: String? = nil) {
    self.name = name
    self.repeats = repeats
    self.group = group
  }

  var timedCalls: Int { timed.count }

  mutating func variable() -> Int {
    variableCount += 1
    return variableCount - 1
  }

  /// Defines a constraint and returns its index (it is added by an `.add` call).
  mutating func define(
    _ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
    _ strength: Strength = .required
  ) -> Int {
    definitions.append(Definition(
      terms: terms, constant: constant, relation: relation, strength: strength))
    return definitions.count - 1
  }

  // MARK: - Running

  /// Best-of-`repeats` seconds NavSim spends in the timed calls; nil when a call threw
  /// (the error is printed to stderr: no time is reported for a system NavSim got wrong).
  func timeNavSim() -> Double? {
    var best = Double.infinity
    for _ in 0..<repeats {
      let variables = (0..<variableCount).map { Variable("x\($0)") }
      let constraints = definitions.map { definition in
        var expression = LinearExpression(definition.constant)
        for (index, coefficient) in definition.terms {
          expression = expression + Term(variables[index], coefficient)
        }
        return Constraint(expression, definition.relation, strength: definition.strength)
      }
      let solver = Solver()
      guard run(setup, solver, variables, constraints) else { return nil }
      let start = DispatchTime.now().uptimeNanoseconds
      guard run(timed, solver, variables, constraints) else { return nil }
      let end = DispatchTime.now().uptimeNanoseconds
      best = min(best, Double(end - start) / 1e9)
    }
    return best
  }

  /// Makes `calls`; false (after printing the error) when one throws.
  func run(
    _ calls: [Call], _ solver: Solver, _ variables: [Variable], _ constraints: [Constraint]
  ) -> Bool {
    do {
      for call in calls {
        switch call {
        case .add(let index): try solver.addConstraint(constraints[index])
        case .remove(let index): try solver.removeConstraint(constraints[index])
        case .edit(let index, let strength):
          try solver.addEditVariable(variables[index], strength: strength)
        case .suggest(let index, let value): try solver.suggestValue(variables[index], value)
        case .solve: solver.updateVariables()
        case .reset: solver.reset()
        }
      }
    } catch {
      FileHandle.standardError.write(Data("navsim-bench solver: \(name): \(error)\n".utf8))
      return false
    }
    return true
  }

  // MARK: - Script

  /// The case in the solver script language, a `timed` line between setup and timed calls.
  func script() -> String {
    var lines = ["system \(name)", "var \(variableCount)", "repeats \(repeats)"]
    func line(_ call: Call) -> String {
      switch call {
      case .add(let index):
        let d = definitions[index]
        let relation = d.relation == .equal ? "eq" : d.relation == .lessThanOrEqual ? "le" : "ge"
        let terms = d.terms.map { "\($0.0) \($0.1)" }.joined(separator: " ")
        return "add \(index) \(relation) \(d.strength.value) \(d.constant) \(terms)"
      case .remove(let index): return "remove \(index)"
      case .edit(let index, let strength): return "edit \(index) \(strength.value)"
      case .suggest(let index, let value): return "suggest \(index) \(value)"
      case .solve: return "solve"
      case .reset: return "reset"
      }
    }
    lines += setup.map(line)
    lines.append("timed")
    lines += timed.map(line)
    lines.append("end")
    return lines.joined(separator: "\n") + "\n"
  }
}

// MARK: - The cases

func solverCases() -> [SolverCase] {
  [
    chainCase(100, repeats: 20), chainCase(1000, repeats: 3), chainCase(10_000, repeats: 1),
    suggestCase(), removeCase(), layoutCase(),
  ]
    + randomCases("e-random-30", variables: 30, calls: 250, systems: 12, seed: 17, repeats: 3)
    + randomCases("e-random-60", variables: 60, calls: 600, systems: 6, seed: 60, repeats: 1)
}

/// The chain `x[i+1] == x[i] + 10` with `x[i] >= x[0] + 5 i` every 10th and a weak
/// `x[i] == 7 i` every 5th, in order of `i`; returns the case and the add calls.
func chainSystem(_ name: String, _ count: Int, repeats: Int) -> (SolverCase, [SolverCase.Call]) {
  var c = SolverCase(name, repeats: repeats)
  let x = (0..<count).map { _ in c.variable() }
  var calls: [SolverCase.Call] = [.add(c.define([(x[0], 1)], 0, .greaterThanOrEqual))]
  for i in 0..<count {
    if i + 1 < count {
      calls.append(.add(c.define([(x[i + 1], 1), (x[i], -1)], -10, .equal)))
    }
    if i % 10 == 0, i > 0 {
      calls.append(.add(c.define([(x[i], 1), (x[0], -1)], -5 * Double(i), .greaterThanOrEqual)))
    }
    if i % 5 == 0 {
      calls.append(.add(c.define([(x[i], 1)], -7 * Double(i), .equal, .weak)))
    }
  }
  return (c, calls)
}

/// (a) Add and solve a chain of `count` variables.
func chainCase(_ count: Int, repeats: Int) -> SolverCase {
  var (c, calls) = chainSystem("a-chain-\(count)", count, repeats: repeats)
  c.timed = calls + [.solve]
  return c
}

/// (b) 10 000 suggest + update cycles on an edit variable of the 1 000-variable chain.
func suggestCase() -> SolverCase {
  var (c, calls) = chainSystem("b-suggest", 1000, repeats: 1)
  c.setup = calls + [.edit(500, .strong), .solve]
  for k in 0..<10_000 {
    c.timed += [.suggest(500, Double(3000 + (k * 37) % 4000)), .solve]
  }
  return c
}

/// (c) Remove and re-add each of the first 1 000 constraints of the 1 000-variable chain.
func removeCase() -> SolverCase {
  var (c, calls) = chainSystem("c-remove-readd", 1000, repeats: 1)
  c.setup = calls + [.solve]
  for call in calls.prefix(1000) {
    guard case .add(let index) = call else { continue }
    c.timed += [.remove(index), .add(index)]
  }
  c.timed.append(.solve)
  return c
}
