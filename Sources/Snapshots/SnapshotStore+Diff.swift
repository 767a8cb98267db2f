import Foundation
import HeadlessUIKit
import Replay

// MARK: - Diff

extension SnapshotStore {
  /// Compares two finished runs of the same recording event by event.
  /// - Throws: `SnapshotStoreError` for unknown labels, unfinished runs or runs of
  ///   different recordings (and what reading their frames throws).
  /// - Complexity: one streaming pass over both runs; layouts are parsed once per change.
  public func diff(labelA: String, labelB: String, tolerance: Double = 0) throws -> RunDiff {
    let runA = try run(label: labelA), runB = try run(label: labelB)
    for run in [runA, runB] where !run.isFinished {
      throw SnapshotStoreError.unfinishedRun(path: path, label: run.label)
    }
    guard runA.logFingerprint == runB.logFingerprint else {
      throw SnapshotStoreError.differentRecordings(
        path: path, labelA: labelA, labelB: labelB,
        detail: "'\(runA.recordingName)' #\(runA.recordingID) vs '\(runB.recordingName)' #\(runB.recordingID)")
    }
    let streamA = try FrameStream(store: self, run: runA, details: false)
    let streamB = try FrameStream(store: self, run: runB, details: false)
    var differences: [EventDifference] = []
    var compared = 0
    var a = try streamA.next(), b = try streamB.next()
    while a != nil || b != nil {
      var left: StoredFrame?, right: StoredFrame?
      if let frameA = a, let frameB = b, frameA.seq == frameB.seq {
        left = frameA
        right = frameB
      } else if let frameA = a, b == nil || frameA.seq < b!.seq {
        left = frameA
      } else {
        right = b
      }
      if left != nil { a = try streamA.next() }
      if right != nil { b = try streamB.next() }
      compared += 1
      // Findings match by key, compared as bytes (as `compareSnapshots` does).
      if let left, let right, left.layoutHash == right.layoutHash,
        sameBytes(left.findings, right.findings)
          || (left.findings.count == right.findings.count
            && zip(left.findings, right.findings).allSatisfy({ sameBytes($0.key, $1.key) }))
      {
        continue
      }
      let snapshotA = try left.map {
        LayoutSnapshot(seq: $0.seq, t: $0.t, event: $0.event, layout: try streamA.layout(of: $0), findings: $0.findings)
      }
      let snapshotB = try right.map {
        LayoutSnapshot(seq: $0.seq, t: $0.t, event: $0.event, layout: try streamB.layout(of: $0), findings: $0.findings)
      }
      let difference = compareSnapshots(snapshotA, snapshotB, labels: (labelA, labelB), tolerance: tolerance)
      if !difference.isEmpty { differences.append(difference) }
    }
    return RunDiff(
      labelA: labelA, labelB: labelB, delegateA: runA.delegate, delegateB: runB.delegate,
      tolerance: tolerance, eventsCompared: compared, differences: differences)
  }
}
