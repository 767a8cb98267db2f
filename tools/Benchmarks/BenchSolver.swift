// Benchmark 'solver': ConstraintSolver against kiwisolver on identical systems.
//
//   navsim-bench solver [--only <case>] [--kiwi-times <file>]   time NavSim on every case
//   navsim-bench solver --emit <directory>                      write every case as a script
//   navsim-bench solver --script                                run solver scripts from stdin
//
// tools/bench-solver runs them in order: emit, time Kiwi on the scripts (inside Python,
// around the solver calls only), then time NavSim and print both with the ratio.
import ConstraintSolver
import Foundation

func benchSolver(_ arguments: [String]) throws {
  var options = ArraySlice(arguments)
  var only: String?
  var kiwiTimes: [String: Double] = [:]
  while let option = options.popFirst() {
    switch option {
    case "--script":
      try runSolverScript()
      return
    case "--emit":
      guard let directory = options.popFirst() else { throw UsageFailure("--emit needs a path") }
      try emitCases(to: directory)
      return
    case "--only":
      only = options.popFirst()
    case "--kiwi-times":
      guard let path = options.popFirst() else { throw UsageFailure("--kiwi-times needs a file") }
      kiwiTimes = try readKiwiTimes(path)
    default:
      throw UsageFailure("unknown option '\(option)'")
    }
  }
  let cases = solverCases().filter { only == nil || $0.name == only || $0.group == only }
  print("case".padding(16) + "calls".padding(9, left: true) + "navsim".padding(12, left: true)
    + "kiwi".padding(12, left: true) + "navsim/kiwi".padding(13, left: true))
  var groups: [GroupTotal] = []
  var failures = 0
  for benchCase in cases {
    let seconds = benchCase.timeNavSim()
    let kiwi = kiwiTimes[benchCase.name]
    if let seconds {
      print(resultLine(benchCase.name, benchCase.timedCalls, seconds, kiwi))
    } else {
      failures += 1
      print(benchCase.name.padding(16) + "\(benchCase.timedCalls)".padding(9, left: true)
        + "failed".padding(12, left: true))
    }
    guard let group = benchCase.group else { continue }
    if groups.last?.name != group { groups.append(GroupTotal(name: group)) }
    groups[groups.count - 1].add(calls: benchCase.timedCalls, navsim: seconds, kiwi: kiwi)
  }
  for group in groups {
    // The comparison covers the systems both completed; NavSim's time on the systems it
    // completed is printed too.
    let failed = group.failed > 0 ? " (navsim failed on \(group.failed))" : ""
    print(resultLine(
      group.name + " (\(group.compared)/\(group.systems))", group.comparedCalls,
      group.comparedNavSim, group.compared > 0 ? group.kiwi : nil)
      + "   navsim on all \(group.systems): \(formatSeconds(group.navsim)), \(group.calls) calls"
      + failed)
  }
  if failures > 0 { throw UsageFailure("NavSim failed on \(failures) case(s); see above") }
}

/// One line of the result table; the ratio when Kiwi has a time.
func resultLine(_ name: String, _ calls: Int, _ navsim: Double, _ kiwi: Double?) -> String {
  var line = name.padding(16) + "\(calls)".padding(9, left: true)
    + formatSeconds(navsim).padding(12, left: true)
  if let kiwi {
    line += formatSeconds(kiwi).padding(12, left: true)
    line += String(format: "%.3f", navsim / kiwi).padding(13, left: true)
  }
  return line
}

/// Sums over the systems of a workload: those NavSim completed, and those both completed.
struct GroupTotal {
  let name: String
  var systems = 0, calls = 0, navsim = 0.0, failed = 0
  var compared = 0, comparedCalls = 0, comparedNavSim = 0.0, kiwi = 0.0

  mutating func add(calls: Int, navsim: Double?, kiwi: Double?) {
    systems += 1
    guard let navsim else {
      failed += 1
      return
    }
    self.calls += calls
    self.navsim += navsim
    guard let kiwi else { return }
    compared += 1
    comparedCalls += calls
    comparedNavSim += navsim
    self.kiwi += kiwi
  }
}

struct UsageFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// `name seconds` lines, as tools/kiwi-diff/kiwi_time.py prints them.
func readKiwiTimes(_ path: String) throws -> [String: Double] {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var times: [String: Double] = [:]
  for (number, line) in text.split(separator: "\n").enumerated() {
    let words = line.split(separator: " ")
    guard words.count == 2, let seconds = Double(words[1]) else {
      throw UsageFailure("\(path):\(number + 1): expected '<case> <seconds>'")
    }
    times[String(words[0])] = seconds
  }
  return times
}

func emitCases(to directory: String) throws {
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  for benchCase in solverCases() {
    let path = directory + "/" + benchCase.name + ".txt"
    try benchCase.script().write(toFile: path, atomically: true, encoding: .utf8)
  }
}

func formatSeconds(_ seconds: Double) -> String {
  if seconds < 1e-3 { return String(format: "%.1f us", seconds * 1e6) }
  if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
  return String(format: "%.2f s", seconds)
}

extension String {
  func padding(_ width: Int, left: Bool = false) -> String {
    let pad = String(repeating: " ", count: max(0, width - count))
    return left ? pad + self : self + pad
  }
}
