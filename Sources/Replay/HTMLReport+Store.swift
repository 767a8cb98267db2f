// Building reports straight from the snapshot store.

extension ReportRun {
  /// The report's view of a stored run.
  public init(_ run: RunInfo) {
    self.init(
      label: run.label, delegate: run.delegate, recordingName: run.recordingName,
      navsimVersion: run.navsimVersion, sdkProfile: run.sdkProfile,
      variants: run.variants.isEmpty ? [] : run.variants.split(separator: " ").map(String.init),
      eventCount: run.eventCount, isFinished: run.isFinished)
  }
}

extension ReportFrame {
  /// The report's view of a stored frame.
  public init(_ frame: StoredFrame) {
    self.init(
      seq: frame.seq, t: frame.t, event: frame.event, detail: frame.detail,
      layoutHash: frame.layoutHash, findings: frame.findings)
  }
}

extension SnapshotStore {
  /// Every layout the frames refer to, by hash, each read once.
  public func layouts(for frames: [StoredFrame]) throws -> [String: LayoutState] {
    var layouts: [String: LayoutState] = [:]
    for frame in frames where layouts[frame.layoutHash] == nil {
      layouts[frame.layoutHash] = try layout(hash: frame.layoutHash)
    }
    return layouts
  }

  /// The HTML report of the run labelled `label`.
  public func replayReport(label: String) throws -> String {
    let run = try self.run(label: label)
    let frames = try self.frames(of: run)
    return HTMLReport.replayPage(
      run: ReportRun(run), frames: frames.map(ReportFrame.init), layouts: try layouts(for: frames))
  }

  /// The side-by-side HTML report of `diff` (computed by `diff(labelA:labelB:tolerance:)`).
  public func diffReport(_ diff: RunDiff) throws -> String {
    let runA = try run(label: diff.labelA), runB = try run(label: diff.labelB)
    let framesA = try frames(of: runA), framesB = try frames(of: runB)
    return HTMLReport.diffPage(
      runA: ReportRun(runA), runB: ReportRun(runB), framesA: framesA.map(ReportFrame.init),
      framesB: framesB.map(ReportFrame.init), layouts: try layouts(for: framesA + framesB),
      diff: diff)
  }
}
