// LP-oracle systems stored as data: `OracleSystems/SEED.calls` beside this file, in the
// grammar `tools/lp-oracle` generates and `navsim-bench solver --script` reads (a `system SEED`
// line, a `var N` line, then one call a line). The oracle checks the same files
// (`tools/lp-oracle/run --files Tests/ConstraintSolverTests/OracleSystems/*.calls`).
import Foundation

/// One stored LP-oracle system: its seed, its variable count and its calls.
struct OracleSystem {
  let seed: Int
  let variables: Int
  /// The calls, one a line, without the `system` and `var` lines.
  let calls: String
  /// The calls with their line numbers in the file (the `var` line is line 2).
  var numberedCalls: [(number: Int, line: Substring)] {
    calls.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { (number: $0.offset + 3, line: $0.element) }.filter { !$0.line.isEmpty }
  }

  /// Reads `OracleSystems/SEED.calls`.
  /// - Throws: `OracleSystemFileError` naming the file and line when it is missing or malformed.
  static func load(_ seed: Int) throws -> OracleSystem {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("OracleSystems/\(seed).calls").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw OracleSystemFileError(path: path, line: 0, problem: "cannot read the file")
    }
    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count == 3, lines[0] == "system \(seed)" else {
      throw OracleSystemFileError(path: path, line: 1, problem: "expected 'system \(seed)'")
    }
    guard lines[1].hasPrefix("var "), let variables = Int(lines[1].dropFirst(4)), variables > 0
    else {
      throw OracleSystemFileError(path: path, line: 2, problem: "expected 'var N'")
    }
    return OracleSystem(seed: seed, variables: variables, calls: String(lines[2]))
  }
}

struct OracleSystemFileError: Error, CustomStringConvertible {
  let path: String
  let line: Int
  let problem: String
  var description: String { "\(path):\(line): \(problem)" }
}
