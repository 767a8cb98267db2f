import Replay
import Snapshots

// Building reports straight from the snapshot store.

extension SnapshotStore {
  /// Every layout the frames refer to, by hash, each read once.
  public func layouts(for frames: [StoredFrame]) throws -> [String: LayoutState] {
    var layouts: [String: LayoutState] = [:]
    for frame in frames where layouts[frame.layoutHash] == nil {
      layouts[frame.layoutHash] = try layout(hash: frame.layoutHash, seq: frame.seq)
    }
    return layouts
  }

  /// The HTML report of the run labelled `label`.
  public func replayReport(label: String) throws -> String {
    let run = try self.run(label: label)
    let frames = try self.frames(of: run)
    return HTMLReport.replayPage(
      run: run, frames: frames, layouts: try layouts(for: frames))
  }

  /// The side-by-side HTML report of runs `labelA` and `labelB`, diffed while the page is
  /// built: each differing event is marked on the page and handed to `each`, and none is kept
  /// (the page keeps each distinct set of differences once; its events and tables still grow
  /// with the trip).
  /// - Returns: the page and the diff's summary.
  /// - Throws: as `diff(labelA:labelB:tolerance:each:)` (checked before anything is read),
  ///   what reading the runs' frames throws, and what `each` throws.
  public func diffReport(
    labelA: String, labelB: String, tolerance: Double = 0,
    each: (EventDifference) throws -> Void = { _ in }
  ) throws -> (page: String, summary: RunDiffSummary) {
    let (runA, runB) = try comparableRuns(labelA: labelA, labelB: labelB)
    let framesA = try frames(of: runA), framesB = try frames(of: runB)
    var summary: RunDiffSummary?
    let page = try HTMLReport.diffPage(
      runA: runA, runB: runB, framesA: framesA, framesB: framesB,
      layouts: try layouts(for: framesA + framesB)
    ) { consume in
      let streamed = try diff(labelA: labelA, labelB: labelB, tolerance: tolerance) {
        consume($0)
        try each($0)
      }
      summary = streamed
      return streamed
    }
    // diffPage runs `differences` once, always: the summary is there unless it threw.
    guard let summary else { preconditionFailure("diffPage returned without diffing the runs") }
    return (page, summary)
  }

  /// The side-by-side HTML report of `diff` (computed by `diff(labelA:labelB:tolerance:)`).
  public func diffReport(_ diff: RunDiff) throws -> String {
    let runA = try run(label: diff.labelA), runB = try run(label: diff.labelB)
    let framesA = try frames(of: runA), framesB = try frames(of: runB)
    return HTMLReport.diffPage(
      runA: runA, runB: runB, framesA: framesA,
      framesB: framesB, layouts: try layouts(for: framesA + framesB),
      diff: diff)
  }
}
