import Foundation
import HeadlessUIKit
import Replay
import TextBytes

// MARK: - Diff

extension SnapshotStore {
  /// Compares two finished runs of the same recording event by event.
  /// - Throws: `SnapshotStoreError` for unknown labels, unfinished runs or runs of
  ///   different recordings (and what reading their frames throws).
  /// - Complexity: one streaming pass over both runs; layouts are parsed once per change.
  ///   Every differing event is kept: for a long trip, `diff(labelA:labelB:tolerance:each:)`
  ///   or `writeDiff` hold only a summary.
  public func diff(labelA: String, labelB: String, tolerance: Double = 0) throws -> RunDiff {
    var differences: [EventDifference] = []
    let runs = try forEachDifference(labelA: labelA, labelB: labelB, tolerance: tolerance) {
      difference, _ in differences.append(difference)
    }
    return RunDiff(
      labelA: labelA, labelB: labelB, delegateA: runs.a.delegate, delegateB: runs.b.delegate,
      tolerance: tolerance, eventsCompared: runs.compared, differences: differences)
  }

  /// Compares two finished runs of the same recording event by event, handing each differing
  /// event to `each` in seq order as it is found and keeping only the summary.
  /// - Returns: the summary: counts, the first difference, per-view summaries, findings
  ///   introduced and fixed.
  /// - Throws: `SnapshotStoreError` for unknown labels, unfinished runs or runs of
  ///   different recordings (and what reading their frames or `each` throws).
  /// - Complexity: one streaming pass over both runs; memory independent of their length.
  public func diff(
    labelA: String, labelB: String, tolerance: Double = 0,
    each: (EventDifference) throws -> Void
  ) throws -> RunDiffSummary {
    try diff(labelA: labelA, labelB: labelB, tolerance: tolerance, eachAt: { d, _ in try each(d) })
  }

  /// As `diff(labelA:labelB:tolerance:each:)`, handing `each` also the differing event's place
  /// among the events compared (0 for the first; the runs' events paired by seq).
  package func diff(
    labelA: String, labelB: String, tolerance: Double = 0,
    eachAt each: (_ difference: EventDifference, _ index: Int) throws -> Void
  ) throws -> RunDiffSummary {
    // The delegates are known once the runs are read; they name nothing `add` counts.
    var summary = RunDiffSummary(
      labelA: labelA, labelB: labelB, delegateA: "", delegateB: "", tolerance: tolerance)
    let runs = try forEachDifference(labelA: labelA, labelB: labelB, tolerance: tolerance) {
      summary.add($0)
      try each($0, $1)
    }
    summary.delegateA = runs.a.delegate
    summary.delegateB = runs.b.delegate
    summary.eventsCompared = runs.compared
    return summary
  }

  /// The runs `labelA` and `labelB`, when a diff can compare them.
  /// - Throws: `SnapshotStoreError` for unknown labels, unfinished runs or runs of different
  ///   recordings.
  package func comparableRuns(labelA: String, labelB: String) throws -> (RunInfo, RunInfo) {
    let runA = try run(label: labelA), runB = try run(label: labelB)
    for run in [runA, runB] where !run.isFinished {
      throw SnapshotStoreError.unfinishedRun(path: path, label: run.label)
    }
    guard runA.logFingerprint == runB.logFingerprint else {
      throw SnapshotStoreError.differentRecordings(
        path: path, labelA: labelA, labelB: labelB,
        detail: "'\(runA.recordingName)' #\(runA.recordingID) vs '\(runB.recordingName)' #\(runB.recordingID)")
    }
    return (runA, runB)
  }

  /// Hands each event on which two finished runs of the same recording differ to `each`, in
  /// seq order, with its place among the events compared (0 for the first), keeping nothing.
  /// - Returns: the two runs and how many events were compared.
  /// - Throws: as `diff(labelA:labelB:tolerance:each:)`.
  package func forEachDifference(
    labelA: String, labelB: String, tolerance: Double,
    _ each: (_ difference: EventDifference, _ index: Int) throws -> Void
  ) throws -> (a: RunInfo, b: RunInfo, compared: Int) {
    let (runA, runB) = try comparableRuns(labelA: labelA, labelB: labelB)
    var compared = 0
    let pairs = try FramePairs(store: self, runA: runA, runB: runB, details: false)
    while let (left, right) = try pairs.next() {
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
        LayoutSnapshot(
          seq: $0.seq, t: $0.t, event: $0.event, layout: try pairs.a.layout(of: $0),
          findings: $0.findings)
      }
      let snapshotB = try right.map {
        LayoutSnapshot(
          seq: $0.seq, t: $0.t, event: $0.event, layout: try pairs.b.layout(of: $0),
          findings: $0.findings)
      }
      let difference = compareSnapshots(snapshotA, snapshotB, labels: (labelA, labelB), tolerance: tolerance)
      if !difference.isEmpty { try each(difference, compared - 1) }
    }
    return (runA, runB, compared)
  }
}
