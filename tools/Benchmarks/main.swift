// navsim-bench: the performance benchmarks. Each reports ratios against a reference measured
// in the same run (these machines are noisy), never absolute timing targets.
import Foundation

let benchmarks: [(name: String, summary: String, run: ([String]) throws -> Void)] = [
  ("eventlog", "append and read 10^6 events vs a C baseline", benchEventLog),
  ("solver", "ConstraintSolver vs kiwisolver", benchSolver),
  ("record", "simulate and record a 10-hour drive", benchRecord),
  ("replay", "replay a 1-hour recording through the complete delegate", benchReplay),
  ("layout", "incremental layout passes of a 40-view screen vs solving from scratch", benchLayout),
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name })
else {
  print("USAGE: navsim-bench <benchmark> [arguments]\n")
  for benchmark in benchmarks { print("  \(benchmark.name)\t\(benchmark.summary)") }
  exit(arguments.isEmpty ? 0 : 2)
}
do {
  try benchmark.run(Array(arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("navsim-bench \(name): \(error)\n".utf8))
  exit(2)
}
