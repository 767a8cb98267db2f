import Findings
import Foundation
import NavSimCheck
import Replay
import Snapshots
import TestSupport
import Testing

/// `navsim merge` keeps a target's run only when the shard's run of that label is the same run
/// to the byte: a finding message quoting "Café" precomposed (U+00E9) in one store and
/// decomposed ("e" + U+0301) in the other is an equal `String`, but other stored bytes.
@Suite struct SnapshotMergeBytesTests {
  static func store(
    quoting text: String, label: String = "run", recording: String = "commute",
    in directory: TemporaryDirectory, name: String
  ) throws -> SnapshotStore {
    let store = try SnapshotStore(
      path: directory.path + "/" + name, mode: .create)
    let writer = try store.beginRun(
      RunMetadata(
        label: label, delegate: "screen", recordingID: 1, recordingName: recording,
        logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
    let layout = LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
      safeArea: .zero, direction: "ltr",
      nodes: [
        SnapshotNode(
          id: "cafe", kind: .appView, parent: "map",
          frame: SnapshotRect(x: 16, y: 100, width: 60, height: 20))
      ],
      animations: [])
    let finding = Finding(
      ruleID: "label-truncated", severity: .warning, views: ["cafe"],
      message: "\"\(text)\" is cut off")
    try writer.append(
      LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: layout, findings: [finding]),
      detail: "{}")
    _ = try writer.finish()
    return store
  }

  @Test func aRunWhoseFindingDiffersOnlyInNormalizationIsNotAlreadyThere() throws {
    let (directory, _) = freshDatabase(named: "unused.sqlite")
    let target = try Self.store(quoting: "Caf\u{E9}", in: directory, name: "target.sqlite")
    let same = try Self.store(quoting: "Caf\u{E9}", in: directory, name: "same.sqlite")
    #expect(try SnapshotMerge.merge(same, into: target).alreadyThere == 1)
    let other = try Self.store(quoting: "Cafe\u{301}", in: directory, name: "other.sqlite")
    #expect(throws: CheckError.self) { try SnapshotMerge.merge(other, into: target) }
  }

  /// The label and the metadata's texts count too: a run labelled, or naming its recording,
  /// in the other form is not the target's run.
  @Test func aRunWhoseLabelOrRecordingDiffersOnlyInNormalizationIsNotAlreadyThere() throws {
    let (directory, _) = freshDatabase(named: "unused.sqlite")
    let target = try Self.store(
      quoting: "x", label: "Caf\u{E9}", recording: "Caf\u{E9}", in: directory,
      name: "target.sqlite")
    let label = try Self.store(
      quoting: "x", label: "Cafe\u{301}", recording: "Caf\u{E9}", in: directory,
      name: "label.sqlite")
    #expect(throws: CheckError.self) { try SnapshotMerge.merge(label, into: target) }
    let recording = try Self.store(
      quoting: "x", label: "Caf\u{E9}", recording: "Cafe\u{301}", in: directory,
      name: "recording.sqlite")
    #expect(throws: CheckError.self) { try SnapshotMerge.merge(recording, into: target) }
  }
}
