import Foundation
import NavSimCheck
import Testing
import TestSupport

/// The worker pool on its own, with shell scripts as workers.
@MainActor
@Suite struct CheckWorkerTests {
  private func configurations(_ count: Int) throws -> [CheckConfiguration] {
    let recording = try #require(try CheckMatrix.recordings(in: [CanonicalRecordings.log("rtl-city")]).first)
    return (0..<count).map { CheckConfiguration(recording: recording, subject: .delegate("d\($0)")) }
  }

  @Test func resultsComeBackInMatrixOrderWhateverOrderWorkersFinishIn() throws {
    let matrix = try configurations(5)
    // Worker i sleeps longer the earlier it is in the matrix, so they finish in reverse.
    let launcher = CheckWorkerLauncher(executable: "/bin/sh") { configuration, _, _ in
      let index = Int(configuration.subject.name.dropFirst())!
      let delay = String(format: "%.2f", Double(4 - index) * 0.15)
      return ["-c", "sleep \(delay); echo '{\"events\":\(index),\"layoutChanges\":0,\"findings\":[]}'"]
    }
    var progress: [Int] = []
    let results = try CheckRunner.runInWorkers(
      matrix, launcher: launcher, jobs: 5, storePath: nil, labelPrefix: nil,
      progress: { progress.append($0) })
    #expect(results.map(\.events) == [0, 1, 2, 3, 4])
    #expect(results.map(\.configuration.name) == matrix.map(\.name))
    #expect(progress == [1, 2, 3, 4, 5])
  }

  @Test func aFailingWorkerNamesItsConfigurationAndItsMessage() throws {
    let matrix = try configurations(3)
    let launcher = CheckWorkerLauncher(executable: "/bin/sh") { configuration, _, _ in
      configuration.subject.name == "d1"
        ? ["-c", "echo 'delegate exploded' >&2; exit 3"]
        : ["-c", "echo '{\"events\":1,\"layoutChanges\":0,\"findings\":[]}'"]
    }
    #expect(throws: CheckError(
      "'d1 rtl-city#1 iphone-15-portrait rtl' failed (worker exit 3): delegate exploded")
    ) {
      try CheckRunner.runInWorkers(matrix, launcher: launcher, jobs: 2, storePath: nil, labelPrefix: nil)
    }
    let garbled = CheckWorkerLauncher(executable: "/bin/sh") { _, _, _ in ["-c", "echo '{\"events\":1}'"] }
    #expect(throws: CheckError.self) {
      try CheckRunner.runInWorkers(matrix, launcher: garbled, jobs: 2, storePath: nil, labelPrefix: nil)
    }
  }

  @Test func aWorkerOfABatchThatFailsNamesTheFirstConfigurationNobodyAnsweredFor() throws {
    let matrix = try configurations(3)
    // Each worker claims nothing and answers for nothing; one of them fails.
    let launcher = CheckWorkerLauncher(executable: "/bin/sh") { batch in
      ["-c", "test -s '\(batch.claims)' && exit 0; echo x >> '\(batch.claims)'; echo 'log gone' >&2; exit 4"]
    }
    #expect(throws: CheckError("'d0 rtl-city#1 iphone-15-portrait rtl' failed (worker exit 4): log gone")) {
      try CheckRunner.runInWorkers(matrix, launcher: launcher, jobs: 2, storePath: nil, labelPrefix: nil)
    }
  }

  @Test func batchResultsComeBackInMatrixOrderByTheirIndex() throws {
    let matrix = try configurations(4)
    // One worker answers for every configuration, last first; the batch lists them longest
    // first (all equal here: matrix order), and `index` says which is which.
    let launcher = CheckWorkerLauncher(executable: "/bin/sh") { batch in
      let lines = batch.configurations.indices.reversed().map { index in
        "echo '{\"events\":\(index * 10),\"layoutChanges\":0,\"findings\":[],\"index\":\(index)}'"
      }
      return ["-c", "echo 'a delegate printed this'; " + lines.joined(separator: "; ")]
    }
    var progress: [Int] = []
    let results = try CheckRunner.runInWorkers(
      matrix, launcher: launcher, jobs: 1, storePath: nil, labelPrefix: nil,
      progress: { progress.append($0) })
    #expect(results.map(\.events) == [0, 10, 20, 30])
    #expect(results.map(\.configuration.name) == matrix.map(\.name))
    #expect(progress == [4])
  }

  @Test func claimsHandEveryPositionOutOnceAcrossClaimers() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("claims")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let a = try CheckClaims(path: path, count: 5), b = try CheckClaims(path: path, count: 5)
    var claimed: [Int] = []
    while true {
      let first = try a.next(), second = try b.next()
      claimed += [first, second].compactMap { $0 }
      if first == nil && second == nil { break }
    }
    #expect(claimed == [0, 1, 2, 3, 4])
    #expect(try a.next() == nil)
  }
}
