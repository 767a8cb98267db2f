import Foundation
import TestSupport
import Testing

/// `.ci/run`'s start: TMPDIR is the checkout's `.build/tmp`, emptied of what earlier runs
/// left there, and nothing outside that folder is touched.
@Suite struct CIRunTests {
  /// The lines of `.ci/run` before it installs anything (`bash tools/setup.sh`), run in a
  /// checkout of their own whose `.build/tmp` holds an earlier run's leftovers (a PostgreSQL
  /// cluster among them, stopped through a stand-in server script that logs its calls) and
  /// links out of the checkout, one named like a cluster.
  @Test func theRunStartsWithAnEmptyTemporaryFolderInsideTheCheckout() throws {
    let script = try String(
      contentsOfFile: Fixtures.repositoryRoot + "/.ci/run", encoding: .utf8)
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    let setup = try #require(lines.firstIndex { $0.hasPrefix("bash tools/setup.sh") })
    let prelude = lines[..<setup].joined(separator: "\n")
      + "\nprintf '%s\\n' \"$TMPDIR\"\nls -A \"$TMPDIR\"\n"

    let checkout = TemporaryDirectory(), outside = TemporaryDirectory()
    let files = FileManager.default
    let tmp = checkout.file(".build/tmp")
    try files.createDirectory(
      atPath: tmp + "/TemporaryDirectory.aB3dE9", withIntermediateDirectories: true)
    try files.createDirectory(atPath: checkout.file(".ci"), withIntermediateDirectories: true)
    try "swiftpm".write(toFile: tmp + "/TemporaryDirectory.aB3dE9/Package.swift",
      atomically: false, encoding: .utf8)
    try "left".write(toFile: tmp + "/navsim-test-x.sqlite", atomically: false, encoding: .utf8)
    try "kept".write(toFile: outside.file("kept.txt"), atomically: false, encoding: .utf8)
    try files.createSymbolicLink(atPath: tmp + "/out", withDestinationPath: outside.path)
    try files.createDirectory(
      atPath: tmp + "/navsim-pg-aB3/data", withIntermediateDirectories: true)
    try files.createSymbolicLink(
      atPath: tmp + "/navsim-pg-link", withDestinationPath: outside.path)
    try files.createDirectory(atPath: checkout.file("tools"), withIntermediateDirectories: true)
    try "printf '%s\\n' \"$*\" >> \"$(dirname \"$0\")/../calls.txt\"\n".write(
      toFile: checkout.file("tools/postgres-test-server.sh"), atomically: false, encoding: .utf8)
    try "build".write(toFile: checkout.file(".build/kept.txt"), atomically: false, encoding: .utf8)
    try prelude.write(toFile: checkout.file(".ci/run"), atomically: false, encoding: .utf8)

    let result = try launch(path: "/bin/bash", [checkout.file(".ci/run")], timeout: .seconds(60))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == tmp + "\n", "TMPDIR, then what is left in it (nothing)")
    #expect(files.fileExists(atPath: outside.file("kept.txt")), "a link was followed")
    #expect(files.fileExists(atPath: checkout.file(".build/kept.txt")))
    let calls = try? String(contentsOfFile: checkout.file("calls.txt"), encoding: .utf8)
    #expect(calls == "stop \(tmp)/navsim-pg-aB3\n", "the cluster stopped once, the link never")
  }
}
