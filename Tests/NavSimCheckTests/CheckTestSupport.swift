import CLITestSupport
import Foundation
import NavSimCheck
import SampleDelegates
import TestSupport
@testable import NavSimCLI

/// Runs `navsim` commands in this process with the sample delegates registered.
@MainActor
func runCLI(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  runInProcess(
    arguments, delegates: SampleDelegateCatalog.all, screens: SampleDelegateCatalog.screens)
}

/// Paths of the canonical recordings.
enum CanonicalRecordings {
  static var directory: String { Fixtures.repositoryRoot + "/Recordings" }
  static func log(_ name: String) -> String { directory + "/\(name).sqlite" }
}

/// The 1-based line of the `broken` sample's source that holds `fragment` (the first such).
func brokenLine(_ fragment: String) -> Int {
  let path = Fixtures.repositoryRoot + "/Sources/SampleDelegates/BrokenLayoutDelegate.swift"
  let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").components(separatedBy: "\n")
  return (lines.firstIndex { $0.contains(fragment) } ?? -1) + 1
}

/// The line of the turn card's fixed height, the `broken` sample's `fixed-size-constraint`.
var turnCardHeightLine: Int { brokenLine("turnCard.heightAnchor.constraint(equalToConstant: 90)") }

extension ProcessResult {
  /// The status, stdout and stderr as `runCLI` returns them.
  var cliResult: (status: Int32, out: String, err: String) {
    (status, standardOutput, standardError)
  }
}
