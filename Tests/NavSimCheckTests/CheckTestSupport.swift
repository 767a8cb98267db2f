import Foundation
import NavSimCheck
import SampleDelegates
import TestSupport
@testable import NavSimCLI

/// Runs `navsim` commands in this process with the sample delegates registered.
@MainActor
func runCLI(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  var out = "", err = ""
  let context = CommandContext(
    delegates: DelegateRegistry(SampleDelegateCatalog.all), standardOutput: { out += $0 },
    standardError: { err += $0 }, showsProgress: false)
  let status = NavSimCLI.run(arguments, context: context)
  return (status, out, err)
}

/// Paths of the canonical recordings.
enum CanonicalRecordings {
  static var directory: String { Fixtures.repositoryRoot + "/Recordings" }
  static func log(_ name: String) -> String { directory + "/\(name).sqlite" }
}
