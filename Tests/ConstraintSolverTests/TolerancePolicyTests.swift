// The engine's shape rules, read from its sources: every threshold comes from `Tolerance`, and
// no engine function takes a Boolean mode.
import Foundation
import Testing

@testable import ConstraintSolver

@Suite struct TolerancePolicyTests {
  /// The ConstraintSolver sources (all but `Tolerance.swift`), comments removed, by file name.
  func engineSources() throws -> [(name: String, code: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/ConstraintSolver").standardizedFileURL
    let files = try #require(FileManager.default.enumerator(atPath: root.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count > 10, "no sources under \(root.path)")
    return try files.filter { !$0.hasSuffix("Tolerance.swift") }.map { name in
      let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
      let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
      }.joined(separator: "\n")
      return (name, code)
    }
  }

  @Test func everyThresholdComesFromTheTolerancePolicy() throws {
    let literal = try Regex(#"[0-9]\.?[0-9]*e-[0-9]+"#)
    for (name, code) in try engineSources() {
      let found = code.matches(of: literal).map { String(code[$0.range]) }
      #expect(found.isEmpty, "\(name): threshold literals \(found) outside Tolerance.swift")
    }
  }

  @Test func noEngineFunctionTakesABooleanMode() throws {
    let boolParameter = try Regex(#"func \w+(<[^>]*>)?\([^)]*: Bool\b"#)
    for (name, code) in try engineSources() where !name.hasSuffix("+Debug.swift") {
      let found = code.matches(of: boolParameter).map { String(code[$0.range]) }
      #expect(found.isEmpty, "\(name): Boolean parameters in \(found)")
    }
  }

  @Test func theStandardPolicyOrdersItsThresholds() {
    let t = Tolerance.standard
    // The drift checks sit below the residual budget, the pivot rules above it.
    #expect(t.refinement < t.refactor && t.refactor < t.drift && t.drift < t.residual)
    #expect(t.residual < t.zero && t.zero < t.pivot && t.pivot < t.certifiedPivot)
    #expect(t.certifiedPivot < t.sizablePivot && t.sizablePivot < t.stablePivot)
    #expect(t.certifiedPivotFloor <= t.residual)
  }

  /// `PivotSize.refactored` takes what the standard rule refuses as a residue (1e-7 next to
  /// 4, below `Tolerance.pivot` of the row), down to `Tolerance.certifiedPivotFloor` of it.
  @Test func aRefactoredTableauPivotsOnCoefficientsTheStandardRuleRefuses() {
    let row = Row(
      constant: 1,
      cells: [
        Cell(symbol: Symbol(id: 1, kind: .slack), coefficient: 4),
        Cell(symbol: Symbol(id: 2, kind: .slack), coefficient: 1e-7),
      ])
    #expect(row.isPivotSized(4, .standard) && row.isPivotSized(4, .refactored))
    #expect(!row.isPivotSized(1e-7, .standard))
    #expect(row.isPivotSized(1e-7, .refactored))
    #expect(!row.isPivotSized(3e-9, .refactored))
  }
}
