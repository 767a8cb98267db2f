// Benchmark 'solver': ConstraintSolver against kiwisolver on identical systems.
//
//   navsim-bench solver [--kiwi <python>] [--only <case>]   time the cases (and Kiwi)
//   navsim-bench solver --script                           run solver scripts from stdin
//   navsim-bench solver --emit <case>                      print a case as a script
import Foundation

func benchSolver(_ arguments: [String]) throws {
  if arguments.first == "--script" {
    try runSolverScript()
    return
  }
  throw NotYetBuilt()
}
