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
}
