import Foundation
import NavSimCheck
import Replay
import SampleDelegates
import Snapshots
import Testing
import TestSupport

/// Parallel checks (worker processes of the built `navsim`) against serial ones, and shard
/// stores merged against the unsharded store.
@MainActor
@Suite struct CheckParallelTests {
  let logs = ["rtl-city", "pan-reroute", "city-commute"].map(CanonicalRecordings.log)
  let delegates = ["--delegate", "basic", "--delegate", "broken", "--delegate", "complete"]

  /// The built `navsim check` of the 9-configuration matrix with `--jobs 1` and `--jobs 4`,
  /// each writing every output: stdout (with annotations), SARIF, JUnit and a snapshot store.
  struct SerialAndParallel {
    var directory: TemporaryDirectory
    var results: [ProcessResult]
    func file(_ jobs: String, _ ext: String) -> String { directory.file("\(jobs).\(ext)") }
  }

  /// The two runs the byte-for-byte tests (and the shard test's whole store) compare, started
  /// once for the suite; nil when `navsim` is not built.
  private static var serialAndParallel: Task<SerialAndParallel, any Error>?

  /// The suite's serial and parallel runs; nil, after printing `note` (what the caller does
  /// instead: skip, or go on in this process), when `navsim` is not built.
  private func runSerialAndParallel(
    orElse note: String = "skipped: the navsim executable is not built"
  ) async throws -> SerialAndParallel? {
    guard Fixtures.executable("navsim") != nil else {
      print(note)
      return nil
    }
    let task = Self.serialAndParallel ?? Task { [logs, delegates] in
      let directory = TemporaryDirectory.untilExit()
      func check(jobs: String) async throws -> ProcessResult {
        let files = ["sarif", "xml", "sqlite"].map { directory.file("\(jobs).\($0)") }
        return try await launchProduct(
          "navsim",
          ["check"] + logs + delegates + ["--jobs", jobs, "--annotations", "github"]
            + ["--sarif", files[0], "--junit", files[1], "--snapshots", files[2]],
          currentDirectory: Fixtures.repositoryRoot)
      }
      // The two runs share nothing but their inputs: they run at the same time.
      async let serial = check(jobs: "1")
      async let parallel = check(jobs: "4")
      let results = [try await serial, try await parallel]
      return SerialAndParallel(directory: directory, results: results)
    }
    Self.serialAndParallel = task
    let runs = try await task.value
    for result in runs.results { #expect(result.status == 1, "\(result.standardError)") }
    return runs
  }

  @Test func parallelOutputEqualsSerialOutputByteForByte() async throws {
    guard let runs = try await runSerialAndParallel() else { return }
    let outputs = runs.results.map(\.standardOutput)
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].contains("9 configurations: 59 errors"))
    for ext in ["sarif", "xml"] {
      let serial = try String(contentsOfFile: runs.file("1", ext), encoding: .utf8)
      let parallel = try String(contentsOfFile: runs.file("4", ext), encoding: .utf8)
      #expect(serial == parallel, "\(ext) differs")
    }
  }

  /// A worker replays one screen after another in one process: with `--jobs 1` every
  /// configuration of a screen runs in the same process, with `--jobs 2` they are spread over
  /// two. Every sample screen, on every canonical recording, prints and writes the same bytes.
  @Test func everySampleScreenChecksAlikeInOneProcessOrTwo() async throws {
    guard Fixtures.executable("navsim") != nil else {
      print("skipped: the navsim executable is not built")
      return
    }
    let screens = SampleDelegateCatalog.screens.keys.sorted().flatMap { ["--screen", $0] }
    #expect(!screens.isEmpty)
    let directory = TemporaryDirectory()
    func check(jobs: String) async throws -> ProcessResult {
      let files = [
        "--sarif", directory.file("\(jobs).sarif"), "--junit", directory.file("\(jobs).xml"),
        "--snapshots", directory.file("\(jobs).sqlite"),
      ]
      return try await launchProduct(
        "navsim", ["check", "Recordings"] + screens + ["--jobs", jobs] + files,
        currentDirectory: Fixtures.repositoryRoot)
    }
    // Two independent processes, run at the same time.
    async let serialRun = check(jobs: "1")
    async let parallelRun = check(jobs: "2")
    let results = [try await serialRun, try await parallelRun]
    for result in results { #expect(result.status == 0, "\(result.standardError)") }
    let outputs = results.map(\.standardOutput)
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].contains("configurations: 0 errors"))
    _ = try expectSameCheckOutputs(in: directory)
  }

  /// Workers claim configurations in whatever order they free up; the merged store still
  /// lists the runs in matrix order, each run as the serial check stored it.
  @Test func parallelStoreEqualsSerialStoreRunForRun() async throws {
    guard let runs = try await runSerialAndParallel() else { return }
    let stores = try ["1", "4"].map {
      try SnapshotStore(path: runs.file($0, "sqlite"), mode: .readOnly)
    }
    let serial = try stores[0].runs(), parallel = try stores[1].runs()
    #expect(serial.map(\.label) == parallel.map(\.label))
    #expect(serial.count == 9)
    for run in serial {
      var exportA = "", exportB = ""
      try stores[0].exportRun(label: run.label) { exportA += $0 }
      try stores[1].exportRun(label: run.label) { exportB += $0 }
      #expect(exportA == exportB, "\(run.label)")
      #expect(try stores[1].run(label: run.label).metadata == run.metadata)
    }
  }

  /// The unsharded store is the serial check's (`--jobs 1`), made once for the suite; in this
  /// process when `navsim` is not built.
  @Test func mergedShardStoresAnswerAsTheUnshardedStore() async throws {
    let directory = TemporaryDirectory()
    let merged = directory.file("merged.sqlite")
    let whole: String
    if let runs = try await runSerialAndParallel(
      orElse: "the navsim executable is not built: the unsharded check runs in this process")
    {
      whole = runs.file("1", "sqlite")
    } else {
      whole = directory.file("whole.sqlite")
      #expect(runCLI(["check"] + logs + delegates + ["--snapshots", whole]).status == 1)
    }
    var shardStores: [String] = []
    var shardTables: [String] = []
    for index in 1...3 {
      let path = directory.file("shard\(index).sqlite")
      let result = runCLI(["check"] + logs + delegates + ["--shard", "\(index)/3", "--snapshots", path])
      #expect(result.status != 2, "\(result.err)")
      shardStores.append(path)
      shardTables += result.out.split(separator: "\n").map(String.init)
    }
    let merge = runCLI(["merge", merged] + shardStores)
    #expect(merge.status == 0, "\(merge.err)")
    #expect(merge.out == "merged 9 runs from 3 stores into \(merged)\n")

    let a = try SnapshotStore(path: whole, mode: .readOnly)
    let b = try SnapshotStore(path: merged, mode: .readOnly)
    let runsA = try a.runs(), runsB = try b.runs()
    #expect(Set(runsA.map(\.label)) == Set(runsB.map(\.label)))
    #expect(runsA.count == 9)
    for run in runsA {
      let other = try b.run(label: run.label)
      #expect(other.metadata == run.metadata)
      #expect(other.eventCount == run.eventCount && other.layoutChanges == run.layoutChanges)
      var exportA = "", exportB = ""
      try a.exportRun(label: run.label) { exportA += $0 }
      try b.exportRun(label: run.label) { exportB += $0 }
      #expect(exportA == exportB, "\(run.label)")
    }
    // The merged store diffs as the whole one does.
    let labels = runsA.map(\.label).filter { $0.contains("rtl-city") }
    let diffA = try a.diff(labelA: labels[0], labelB: labels[1])
    let diffB = try b.diff(labelA: labels[0], labelB: labels[1])
    #expect(diffA.text(maxEvents: 5) == diffB.text(maxEvents: 5))

    // Merging again changes nothing; a different run under a taken label is refused.
    let again = runCLI(["merge", merged, shardStores[0]])
    #expect(again.status == 0)
    #expect(again.out.contains("(\(try SnapshotStore(path: shardStores[0], mode: .readOnly).runs().count) already there)"))
    // Each row of the whole run shows up in exactly one shard's table.
    let rows = shardTables.filter { $0.hasPrefix("basic ") || $0.hasPrefix("broken ") || $0.hasPrefix("complete ") }
    #expect(rows.count == 9)
    #expect(Set(rows).count == 9)
  }

  @Test func aStoreWithTheLabelsTakenIsRefusedBeforeAnythingRuns() {
    let directory = TemporaryDirectory()
    let store = directory.file("s.sqlite")
    #expect(runCLI(["check", logs[0], "--delegate", "complete", "--snapshots", store]).status == 0)
    let again = runCLI(["check", logs[0], "--delegate", "complete", "--snapshots", store])
    #expect(again.status == 2)
    #expect(again.err.contains("exists already"))
    let prefixed = runCLI([
      "check", logs[0], "--delegate", "complete", "--snapshots", store, "--label-prefix", "v2",
    ])
    #expect(prefixed.status == 0, "\(prefixed.err)")
  }
}
