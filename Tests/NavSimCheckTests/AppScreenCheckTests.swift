import Foundation
import Snapshots
import Testing
import TestSupport

#if os(Linux)
  /// An app team's own `navsim` (`navsim-app-screens`) checking its screen that reacts to the
  /// location permission, the notification center and the SDK's transaction IDs: with
  /// `--jobs 1` every configuration replays in one process, one after the other; with
  /// `--jobs 2` they are spread over two workers. Each replay is an app of its own, so the
  /// outputs are the same bytes, and every configuration saw its own permission granted.
  @MainActor
  @Suite(.serialized) struct AppScreenCheckTests {
    @Test func aPermissionReactingScreenChecksAlikeInOneProcessOrTwo() async throws {
      guard Fixtures.executable("navsim-app-screens") != nil else {
        print("skipped: the navsim-app-screens executable is not built")
        return
      }
      let directory = TemporaryDirectory()
      var outputs: [String] = []
      for jobs in ["1", "2"] {
        let files = [
          "--sarif", directory.file("\(jobs).sarif"), "--junit", directory.file("\(jobs).xml"),
          "--snapshots", directory.file("\(jobs).sqlite"),
        ]
        // Awaited: the main actor runs other suites while the child process works.
        let result = try await launchProduct(
          "navsim-app-screens",
          ["check", "Recordings", "--screen", "permission", "--jobs", jobs] + files,
          currentDirectory: Fixtures.repositoryRoot)
        #expect(result.status == 0, "\(result.standardError)")
        outputs.append(result.standardOutput)
      }
      #expect(outputs[0] == outputs[1])
      let (serial, runs) = try expectSameCheckOutputs(in: directory)
      #expect(runs.count >= 2, "configurations replayed one after another")
      for run in runs {
        // Every configuration's app was asked and heard back, its first drop-off numbered 1
        // (every canonical trip arrives somewhere).
        var texts = ""
        var lastHash = ""
        try serial.forEachFrame(of: run) { frame in
          guard frame.layoutHash != lastHash else { return }
          lastHash = frame.layoutHash
          texts += try serial.layout(hash: frame.layoutHash).text
        }
        for text in ["Location%20allowed", "Alerts%20on", "Delivered%20navsim-transaction-1%2C"] {
          #expect(texts.contains("text=" + text), "\(run.label): \(text)")
        }
      }
    }
  }
#endif
