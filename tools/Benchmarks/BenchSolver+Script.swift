// `navsim-bench solver --script`: runs solver scripts from stdin and prints what happened,
// the Swift half of tools/kiwi-diff (the Python half runs the same scripts through Kiwi).
//
// Script lines (one call each; variables are indices, constraints have script ids):
//   system <label>          start a fresh solver
//   var <count>             create variables x0 ... x<count-1>
//   add <id> <le|eq|ge> <strength> <constant> [<var> <coefficient>]...
//   remove <id>             update <id> <constant>
//   edit <var> <strength>   unedit <var>         suggest <var> <value>
//   solve                   update the variables and print them
//   reset                   remove every constraint and edit variable (Solver.reset())
//   dump                    print the tableau dump, each line prefixed with "# "
//   timed, repeats <n>      benchmark markers (the clock starts; best of n runs): no-ops
//   end                     end of the system
// Output: `system <label>`, one `<verb> <status>` line per call (`ok`, `unsatisfiable`,
// or `error <kind>`), `values <v0> <v1> ...` per solve, and `end`.
import ConstraintSolver
import Foundation

/// A malformed script line: names the line number and the problem.
struct ScriptError: Error, CustomStringConvertible {
  let line: Int
  let message: String
  var description: String { "stdin:\(line): \(message)" }
}

/// Runs the solver scripts read from stdin, printing results to stdout.
/// - Throws: `ScriptError` for a malformed line.
func runSolverScript() throws {
  var runner = ScriptRunner()
  var number = 0
  var output = ""
  while let line = readLine() {
    number += 1
    let words = line.split(separator: " ").map(String.init)
    guard !words.isEmpty else { continue }
    do {
      try runner.execute(words, output: &output)
    } catch let error as ScriptError {
      throw error
    } catch {
      throw ScriptError(line: number, message: "\(error)")
    }
    if output.utf8.count > 1 << 16 {
      FileHandle.standardOutput.write(Data(output.utf8))
      output = ""
    }
  }
  FileHandle.standardOutput.write(Data(output.utf8))
}

// MARK: - Runner

struct ScriptRunner {
  var solver = Solver()
  var variables: [Variable] = []
  var constraints: [Int: Constraint] = [:]

  struct BadLine: Error, CustomStringConvertible {
    let description: String
  }

  mutating func execute(_ words: [String], output: inout String) throws {
    let verb = words[0]
    switch verb {
    case "system":
      solver = Solver()
      variables = []
      constraints = [:]
      output += "system \(words.dropFirst().joined(separator: " "))\n"
    case "var":
      let count = try int(words, 1)
      variables = (0..<count).map { Variable("x\($0)") }
    case "add":
      let id = try int(words, 1)
      let relation: Relation
      switch try word(words, 2) {
      case "le": relation = .lessThanOrEqual
      case "eq": relation = .equal
      case "ge": relation = .greaterThanOrEqual
      case let other: throw BadLine(description: "unknown relation '\(other)'")
      }
      let strength = Strength(try double(words, 3))
      var expression = LinearExpression(try double(words, 4))
      var index = 5
      while index + 1 < words.count {
        expression = expression + Term(try variable(words, index), try double(words, index + 1))
        index += 2
      }
      let constraint = Constraint(expression, relation, strength: strength)
      constraints[id] = constraint
      output += "add \(id) " + status { try solver.addConstraint(constraint) } + "\n"
    case "remove":
      let id = try int(words, 1)
      let constraint = try known(id)
      output += "remove \(id) " + status { try solver.removeConstraint(constraint) } + "\n"
    case "update":
      let id = try int(words, 1)
      let constraint = try known(id)
      let constant = try double(words, 2)
      output += "update \(id) "
        + status { try solver.updateConstant(of: constraint, to: constant) } + "\n"
    case "edit":
      let v = try variable(words, 1)
      let strength = Strength(try double(words, 2))
      output += "edit \(words[1]) " + status { try solver.addEditVariable(v, strength: strength) }
        + "\n"
    case "unedit":
      let v = try variable(words, 1)
      output += "unedit \(words[1]) " + status { try solver.removeEditVariable(v) } + "\n"
    case "suggest":
      let v = try variable(words, 1)
      let value = try double(words, 2)
      output += "suggest \(words[1]) " + status { try solver.suggestValue(v, value) } + "\n"
    case "solve":
      solver.updateVariables()
      output += "values " + variables.map { "\($0.value)" }.joined(separator: " ") + "\n"
    case "reset":
      solver.reset()
    case "timed", "repeats":
      break  // benchmark markers: where the clock starts, how many runs
    case "dump":
      output += solver.dumpTableau().split(separator: "\n").map { "# \($0)\n" }.joined()
    case "end":
      output += "end\n"
    default:
      throw BadLine(description: "unknown verb '\(verb)'")
    }
  }

  /// `ok`, `unsatisfiable` or `error <kind>` for one solver call.
  func status(_ call: () throws -> Void) -> String {
    do {
      try call()
      return "ok"
    } catch let error as SolverError {
      switch error {
      case .unsatisfiableConstraint: return "unsatisfiable"
      case .duplicateConstraint: return "error duplicate-constraint"
      case .unknownConstraint: return "error unknown-constraint"
      case .nonFiniteConstraint: return "error non-finite-constraint"
      case .duplicateEditVariable: return "error duplicate-edit-variable"
      case .unknownEditVariable: return "error unknown-edit-variable"
      case .requiredEditStrength: return "error required-edit-strength"
      case .nonFiniteValue: return "error non-finite-value"
      case .internalError(let message):
        FileHandle.standardError.write(Data("navsim-bench: internal solver error: \(message)\n".utf8))
        return "error internal"
      }
    } catch {
      return "error other"
    }
  }

  // MARK: - Words

  func word(_ words: [String], _ i: Int) throws -> String {
    guard i < words.count else { throw BadLine(description: "missing field \(i)") }
    return words[i]
  }

  func int(_ words: [String], _ i: Int) throws -> Int {
    guard let value = Int(try word(words, i)) else {
      throw BadLine(description: "field \(i) is not an integer")
    }
    return value
  }

  func double(_ words: [String], _ i: Int) throws -> Double {
    guard let value = Double(try word(words, i)) else {
      throw BadLine(description: "field \(i) is not a number")
    }
    return value
  }

  func variable(_ words: [String], _ i: Int) throws -> Variable {
    let index = try int(words, i)
    guard variables.indices.contains(index) else {
      throw BadLine(description: "no variable x\(index)")
    }
    return variables[index]
  }

  func known(_ id: Int) throws -> Constraint {
    guard let constraint = constraints[id] else {
      throw BadLine(description: "no constraint \(id)")
    }
    return constraint
  }
}
