// `navsim merge`: the snapshot stores of several shards into one. Uses only the snapshot
// store's public API (runs, frames, layouts, a run writer), not its tables, so a change of
// the store's format does not break it.

import HeadlessUIKit
import Replay
import Snapshots
import TextBytes

/// Merges snapshot stores.
public enum SnapshotMerge {
  /// What a merge did.
  public struct Summary: Equatable, Sendable {
    /// Runs copied into the target.
    public var copied = 0
    /// Runs the target already held with the same label, recording and frames.
    public var alreadyThere = 0
  }

  /// Copies every finished run of `source` into `target`, in the source's order; layouts are
  /// stored once by content (the store does that). A run whose label the target holds already
  /// is skipped when it is the same run (every metadata field, the label included, and every
  /// frame, byte for byte), so merging a store twice, or overlapping shards, changes nothing.
  /// - Throws: `CheckError` for an unfinished run, or a label the target uses for a different
  ///   run (naming both stores and the label).
  @discardableResult
  public static func merge(_ source: SnapshotStore, into target: SnapshotStore) throws -> Summary {
    var summary = Summary()
    let existing = try target.runs()
    for run in try source.runs() {
      guard run.isFinished else {
        throw CheckError("\(source.path): run '\(run.label)' did not finish; replay it again")
      }
      if let other = existing.first(where: { $0.label == run.label }) {
        guard try sameRun(run, in: source, other, in: target) else {
          throw CheckError(
            "\(source.path): run '\(run.label)' differs from the run of that label in "
              + "\(target.path); merge into a new store or delete one of them")
        }
        summary.alreadyThere += 1
        continue
      }
      try target.copyRun(run, from: source, label: run.label)
      summary.copied += 1
    }
    return summary
  }

  private static func sameRun(
    _ a: RunInfo, in storeA: SnapshotStore, _ b: RunInfo, in storeB: SnapshotStore
  ) throws -> Bool {
    guard sameBytes(a.metadata, b.metadata), a.eventCount == b.eventCount, b.isFinished else {
      return false
    }
    let framesA = try storeA.frames(of: a), framesB = try storeB.frames(of: b)
    return framesA.count == framesB.count && zip(framesA, framesB).allSatisfy(sameBytes)
  }

  // The same run to the byte: `==` compares texts as `String`s, which equates canonically
  // equivalent texts, and the target would keep its bytes for a run whose stored texts differ.

  private static func sameBytes(_ a: RunMetadata, _ b: RunMetadata) -> Bool {
    a == b
      && TextBytes.sameBytes(
        [
          a.label, a.delegate, a.recordingName, a.logFingerprint, a.navsimVersion, a.sdkProfile,
          a.variants,
        ],
        [
          b.label, b.delegate, b.recordingName, b.logFingerprint, b.navsimVersion, b.sdkProfile,
          b.variants,
        ])
      && TextBytes.sameBytes(a.logPath, b.logPath)
      && TextBytes.sameBytes(a.tripStart, b.tripStart)
      && TextBytes.sameBytes(a.font, b.font)
  }

  private static func sameBytes(_ a: StoredFrame, _ b: StoredFrame) -> Bool {
    a == b && TextBytes.sameBytes(a.event, b.event)
      && TextBytes.sameBytes(a.detail, b.detail) && Replay.sameBytes(a.findings, b.findings)
  }
}
