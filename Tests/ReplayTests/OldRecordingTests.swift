import Foundation
import NavSim
import NavSimTesting
import Replay
import SampleDelegates
import SessionEvents
import TestSupport
import Testing

/// The canonical recordings as the previous release wrote them (schema-1 files without the
/// route's waypoints, legs and steps, kept in `Tests/Fixtures/v1/`): they replay to exactly the
/// goldens they had (`__Golden__/v1/`), and the re-recorded ones, which carry the new kinds,
/// lay out the same screens event for event.
@MainActor
@Suite struct OldRecordingTests {
  nonisolated static let recordings = GoldenReplayTests.recordings

  nonisolated static func oldRecording(_ name: String) -> String {
    Fixtures.repositoryRoot + "/Tests/Fixtures/v1/\(name).sqlite"
  }

  /// Kinds the old files do not have; they change no layout.
  nonisolated static let newKinds: Set<String> = [
    EventKind.waypoint, .routeStatus, .routeLeg, .routeStep, .stepDetail,
  ].reduce(into: []) { $0.insert($1.rawValue) }

  @Test(arguments: recordings)
  func oldRecordingsReplayToTheirGoldens(recordingName: String) {
    let log = Self.oldRecording(recordingName)
    expectReplayMatchesGolden(
      log: log, delegate: { BasicLayoutDelegate() }, golden: "v1/\(recordingName).basic")
    expectReplayMatchesGolden(
      log: log, delegate: { CompleteLayoutDelegate() }, golden: "v1/\(recordingName).complete")
    expectReplayMatchesGolden(log: log, delegate: { nil }, golden: "v1/\(recordingName).builtin")
    expectReplayMatchesGolden(
      log: log, screen: { DeliveryMapScreen(mapView: $0) },
      golden: "v1/\(recordingName).delivery")
  }

  /// A golden's snapshots without event numbers, leaving out unchanged snapshots of the new
  /// kinds: what stays is every layout, in order.
  static func layouts(_ golden: GoldenText) -> [String] {
    var blocks: [[Substring]] = []
    for line in golden.text.split(separator: "\n") {
      if line.hasPrefix("event ") { blocks.append([]) }
      blocks[blocks.count - 1].append(line)
    }
    return blocks.compactMap { block in
      let words = block[0].split(separator: " ")
      if block.count == 1, words.last == "=", Self.newKinds.contains(String(words[3])) { return nil }
      return (["event"] + words.dropFirst(2) + block.dropFirst()).joined(separator: "\n")
    }
  }

  /// The map's width in a layout block (`map=WIDTHxHEIGHT`), nil when it names none.
  static func mapWidth(_ block: String) -> Double? {
    guard let start = block.range(of: " map=") else { return nil }
    return Double(block[start.upperBound...].prefix { $0 != "x" && $0 != " " })
  }

  @Test(arguments: recordings)
  func reRecordedRecordingsLayOutAsTheOldOnes(recordingName: String) throws {
    let delegates: [(String, @MainActor () -> (any NavigationLayoutDelegate)?)] = [
      ("basic", { BasicLayoutDelegate() }), ("complete", { CompleteLayoutDelegate() }),
      ("builtin", { nil }),
    ]
    for (name, delegate) in delegates {
      let (old, _) = try ReplayTesting.replay(log: Self.oldRecording(recordingName), delegate: delegate)
      // The re-recorded one's replay is the goldens' (`CanonicalReplays`).
      let new = try CanonicalGolden.text(recordingName, name)
      let before = Self.layouts(old), after = Self.layouts(new)
      #expect(before.count > 100)
      // Where the map has another size the layout differs too: only the iPad's split panes,
      // which were thirds of the screen in the old copy and are iPadOS's windows now (issue
      // 44). Everywhere else the layout is the same.
      var resizedFrom: Set<Double> = []
      for (a, b) in zip(before, after) {
        if let width = Self.mapWidth(a), width != Self.mapWidth(b) {
          resizedFrom.insert(width)
        } else if a != b {
          Issue.record(
            "\(recordingName) through \(name): first layout difference:\n\(a)\nvs\n\(b)")
          break
        }
      }
      let splitPanes: Set<Double> = recordingName == "rotations-wide" ? [341, 455, 911] : []
      #expect(resizedFrom.isSubset(of: splitPanes), "\(recordingName): \(resizedFrom.sorted())")
      #expect(before.count == after.count, "\(recordingName) through \(name)")
    }
  }
}
