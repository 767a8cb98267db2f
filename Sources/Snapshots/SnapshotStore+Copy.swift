import Replay

extension SnapshotStore {
  /// Copies one finished run of `source`, frame by frame, into this store under `label`;
  /// layouts are stored once by content, as for a replayed run. Only the stores' public API
  /// (runs, frames, layouts, a run writer), not their tables: `navsim merge` and the diff of
  /// two stores' runs use it.
  public func copyRun(_ run: RunInfo, from source: SnapshotStore, label: String) throws {
    var metadata = run.metadata
    metadata.label = label
    let writer = try beginRun(metadata)
    var cache: (hash: String, layout: LayoutState)?
    try source.forEachFrame(of: run) { frame in
      if cache?.hash != frame.layoutHash {
        cache = (frame.layoutHash, try source.layout(hash: frame.layoutHash, seq: frame.seq))
      }
      let snapshot = LayoutSnapshot(
        seq: frame.seq, t: frame.t, event: frame.event, layout: cache!.layout,
        findings: frame.findings)
      try writer.append(snapshot, detail: frame.detail)
    }
    _ = try writer.finish(logFingerprint: run.logFingerprint)
  }
}
