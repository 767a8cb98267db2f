import Replay
import Snapshots

// Building reports straight from the snapshot store.

extension HTMLReport {
  /// What a diff page's scratch errors call the page when its writer is not told its path
  /// (`writeDiffReport`'s and `DiffPageWriter`'s default `page`).
  public static let unnamedDiffPage = "the diff page"
}

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
  /// (the page keeps each distinct set of differences once; the page itself grows with the
  /// trip: `writeDiffReport` writes it in memory that does not).
  /// - Returns: the page and the diff's summary.
  /// - Throws: as `writeDiffReport`.
  public func diffReport(
    labelA: String, labelB: String, tolerance: Double = 0,
    each: (EventDifference) throws -> Void = { _ in }
  ) throws -> (page: String, summary: RunDiffSummary) {
    var page = ""
    let summary = try writeDiffReport(
      labelA: labelA, labelB: labelB, tolerance: tolerance, each: each
    ) { page += $0 }
    return (page, summary)
  }

  /// Diffs runs `labelA` and `labelB` and writes their side-by-side HTML report to `output`,
  /// byte for byte the page `diffReport` returns, in memory independent of the runs' length.
  ///
  /// Two passes over the runs: the first builds the page's tables and writes its columns (one
  /// fact of every event each) into buffers of `bufferLimit` bytes in all that spill to
  /// scratch files in a scratch directory under `TMPDIR` (the tables' older texts go to
  /// databases there); the second diffs the runs, marking each differing event on the page
  /// and handing it to `each`. Nothing reaches `output` before both have run to their end and
  /// the scratch files are written through and checked. The scratch directory is removed
  /// when the page is written or has failed.
  /// - Parameter page: the page's path (or name), for the scratch files' errors;
  ///   `HTMLReport.unnamedDiffPage` when not given.
  /// - Returns: the diff's summary.
  /// - Throws: as `diff(labelA:labelB:tolerance:each:)` (checked before anything is read),
  ///   what reading the runs' frames throws, `RunDiffScratchError` naming `page` (or
  ///   `OutputError` when `TMPDIR` has no room for a scratch directory) when a scratch file of
  ///   the page fails, and what `each` and `output` throw.
  @discardableResult
  public func writeDiffReport(
    labelA: String, labelB: String, tolerance: Double = 0, bufferLimit: Int = 1 << 20,
    page: String = HTMLReport.unnamedDiffPage, each: (EventDifference) throws -> Void = { _ in },
    to output: (String) throws -> Void
  ) throws -> RunDiffSummary {
    try writeDiffReportMeasuring(
      labelA: labelA, labelB: labelB, tolerance: tolerance, bufferLimit: bufferLimit,
      page: page, each: each, to: output
    ).summary
  }

  /// As `writeDiffReport(labelA:labelB:tolerance:bufferLimit:page:each:to:)`, returning also
  /// the most bytes of the page's columns and tables held in memory at once, so tests can
  /// check it; `recentLimit` is how many recent texts the tables hold (`TextTable`).
  func writeDiffReportMeasuring(
    labelA: String, labelB: String, tolerance: Double, bufferLimit: Int,
    page: String = HTMLReport.unnamedDiffPage, recentLimit: Int = 1024,
    each: (EventDifference) throws -> Void, to output: (String) throws -> Void
  ) throws -> (summary: RunDiffSummary, peakBufferedBytes: Int) {
    let (runA, runB) = try comparableRuns(labelA: labelA, labelB: labelB)
    let writer = DiffPageWriter(
      runA: runA, runB: runB, bufferLimit: bufferLimit, spilling: true, page: page,
      recentLimit: recentLimit)
    let pairs = try FramePairs(store: self, runA: runA, runB: runB, details: true)
    while let (a, b) = try pairs.next() {
      try writer.add(
        AlignedFrames(
          a: a, b: b, layoutA: try a.map { try pairs.a.layout(of: $0) },
          layoutB: try b.map { try pairs.b.layout(of: $0) }))
    }
    let summary = try diff(
      labelA: labelA, labelB: labelB, tolerance: tolerance,
      eachAt: { difference, frame in
        try writer.mark(difference, at: frame)
        try each(difference)
      })
    try writer.finish(summary, to: output)
    return (summary, writer.peakBufferedBytes)
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
