// The one seam between the core and the exactness layer (`Engine.settle(_:)`).
import Foundation
import Testing

@testable import ConstraintSolver

@Suite struct SeamTests {
  /// `x == 1`, `y == 2` (required), and the engine's symbol of a slack from `z >= 0`.
  func equalities() throws -> (Solver, Variable, Variable, Variable, Symbol) {
    let x = Variable("x"), y = Variable("y"), z = Variable("z")
    let solver = Solver()
    try solver.addConstraint(Constraint(x - 1, .equal))
    try solver.addConstraint(Constraint(y - 2, .equal))
    let bound = Constraint(z, .greaterThanOrEqual)
    try solver.addConstraint(bound)
    let slack = try #require(solver.engine.constraints[ObjectIdentifier(bound)]?.tag.marker)
    return (solver, x, y, z, slack)
  }

  /// A row as rounding leaves it for a dependent equality: a residue and a constant near zero.
  func residueRow(_ slack: Symbol) -> Row {
    Row(constant: 3e-13, cells: [Cell(symbol: slack, coefficient: 2e-9)])
  }

  @Test func aDependentEqualityIsDecidedFromTheConstraints() throws {
    let (solver, x, y, z, slack) = try equalities()
    let consistent = Constraint(x + y - 3, .equal)
    let conflicting = Constraint(x + y - 4, .equal)
    let independent = Constraint(x + z - 5, .equal)
    let row = residueRow(slack)
    #expect(solver.engine.settle(.dependentEquality(consistent, row: row, constant: -3)) == true)
    #expect(solver.engine.settle(.dependentEquality(conflicting, row: row, constant: -4)) == false)
    // Not a combination of the equalities in force: the layer leaves it to the core.
    #expect(solver.engine.settle(.dependentEquality(independent, row: row, constant: -5)) == nil)
    // A row with a sizable cell doesn't look dependent: not the layer's question.
    let sizable = Row(constant: 0, cells: [Cell(symbol: slack, coefficient: 0.5)])
    #expect(solver.engine.settle(.dependentEquality(consistent, row: sizable, constant: -3)) == nil)
  }

  @Test func aDependentEqualityIsKeptAndAConflictingOneRefused() throws {
    let (solver, x, y, _, _) = try equalities()
    try solver.addConstraint(Constraint(x + y - 3, .equal))
    #expect(throws: SolverError.self) { try solver.addConstraint(Constraint(x + y - 4, .equal)) }
    solver.updateVariables()
    #expect(x.value == 1 && y.value == 2)
  }

  @Test func smallPivotsAreSettledByRefactoring() throws {
    let (solver, x, _, _, _) = try equalities()
    let symbol = try #require(solver.engine.variables[ObjectIdentifier(x)]?.symbol)
    let slot = try #require(solver.engine.slot(of: symbol))
    solver.engine.rows[slot].constant += 1e-6  // drift
    #expect(solver.engine.settle(.smallPivots) == true)
    #expect(solver.engine.rows[slot].constant == 1)
  }

  /// The core (every engine file outside `Exactness/`) calls no function the layer defines
  /// but `settle` with a `Doubt`: the layer wraps the core's verbs, and the core reaches it
  /// at one seam. (A core file calling `refactor()` directly fails here.)
  @Test func theCoreReachesTheLayerOnlyThroughSettle() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ConstraintSolver")
    let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    func text(_ file: String) throws -> String {
      try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }
    /// Names of functions and enum cases (`.unsatisfiable(row)` is no call).
    func defined(_ source: String) -> Set<String> {
      var names: Set<String> = []
      for line in source.split(separator: "\n") {
        for keyword in ["func ", "case "] {
          guard let range = line.range(of: keyword) else { continue }
          let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
          if !name.isEmpty { names.insert(String(name)) }
        }
      }
      return names
    }
    func calls(_ code: Substring, _ name: String) -> Bool {
      var rest = code[...]
      while let range = rest.range(of: name + "(") {
        let before = rest[..<range.lowerBound].last
        if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
        rest = rest[range.upperBound...]
      }
      return false
    }
    let layer = files.filter { $0.hasPrefix("Exactness/") }
    // The public face (`Solver`) and the debug aids call the layer's calls, as clients do.
    let core = files.filter {
      !$0.hasPrefix("Exactness/") && !$0.hasPrefix("Solver")
    }
    #expect(layer.count >= 2 && core.count >= 10, "\(files)")
    var coreNames: Set<String> = []
    for file in core { coreNames.formUnion(defined(try text(file))) }
    var layerNames: Set<String> = []
    for file in layer { layerNames.formUnion(defined(try text(file))) }
    // The seam itself: `settle` and the cases of `Doubt`.
    let seam = defined(try text("Exactness/Engine+Seam.swift"))
    let layerOnly = layerNames.subtracting(coreNames).subtracting(seam)
    #expect(seam.contains("settle") && layerOnly.contains("refactor"))
    for file in core {
      for (number, line) in try text(file).split(separator: "\n").enumerated() {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]
        for name in layerOnly.sorted() where calls(code, name) {
          Issue.record("\(file):\(number + 1) calls the layer's \(name)")
        }
      }
    }
  }
}
