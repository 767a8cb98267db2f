// Snapshot fixtures the snapshot text, store and report tests share: a layout, a stored run.

import Findings
import Replay
import Snapshots

/// A small layout: a turn card, a viewport, an app sheet with an awkward identifier, a prompt.
public func sampleLayout(turnCardY: Double = 59) -> LayoutState {
  LayoutState(
    state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
    safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0), direction: "ltr",
    nodes: [
      SnapshotNode(
        id: "turnCard", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 0, y: turnCardY, width: 393, height: 120)),
      SnapshotNode(
        id: "viewport", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 0, y: 179, width: 393, height: 473)),
      SnapshotNode(
        id: "order sheet,<script>=1%", kind: .appView, parent: "map",
        frame: SnapshotRect(x: 0, y: 652, width: 393, height: 200), alpha: 0.5),
      SnapshotNode(
        id: "prompt.incident#3", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 0, y: 700, width: 393, height: 152), isHidden: true,
        roundedCorners: ["minXminY", "maxXminY"]),
      SnapshotNode(
        id: "UILayoutGuide#1", kind: .guide, parent: "order sheet,<script>=1%",
        frame: SnapshotRect(x: -0.004, y: 1.0 / 3, width: 10, height: 10)),
    ],
    animations: [
      SnapshotAnimation(views: ["prompt.incident#3"], properties: ["frame"], start: 12, duration: 0.3)
    ])
}

/// `sampleLayout()` changed by `change`.
public func sampleLayout(_ change: (inout LayoutState) -> Void) -> LayoutState {
  var layout = sampleLayout()
  change(&layout)
  return layout
}

/// The metadata of a test run of recording 1, "commute".
public func testRunMetadata(
  label: String, delegate: String = "basic", fingerprint: String = "f1"
) -> RunMetadata {
  RunMetadata(
    label: label, delegate: delegate, recordingID: 1, recordingName: "commute",
    logFingerprint: fingerprint, navsimVersion: "test", sdkProfile: "default", variants: "")
}

/// Writes a finished run of progress events, event `i` (seq `i + 1`, at `100 i` ms) with
/// `events[i]`'s layout and findings.
@discardableResult
public func writeRun(
  _ store: SnapshotStore, label: String, delegate: String = "screen",
  events: [(layout: LayoutState, findings: [Finding])]
) throws -> RunInfo {
  let writer = try store.beginRun(testRunMetadata(label: label, delegate: delegate))
  for (index, event) in events.enumerated() {
    try writer.append(
      LayoutSnapshot(
        seq: Int64(index + 1), t: Int64(index * 100), event: "progress", layout: event.layout,
        findings: event.findings),
      detail: "{}")
  }
  return try writer.finish()
}

/// Writes a finished run of `count` events whose turn card moves at the events in `movesAt`.
@discardableResult
public func writeRun(
  _ store: SnapshotStore, label: String, delegate: String = "basic", fingerprint: String = "f1",
  count: Int64 = 10, movesAt: Set<Int64> = [], findingAt: Int64? = nil
) throws -> RunInfo {
  let writer = try store.beginRun(
    testRunMetadata(label: label, delegate: delegate, fingerprint: fingerprint))
  for seq in 1...count {
    let finding = Finding(ruleID: "missing-logo", severity: .error, views: ["googleLogo"], message: "no logo")
    let snapshot = LayoutSnapshot(
      seq: seq, t: seq * 1000, event: "progress",
      layout: sampleLayout(turnCardY: movesAt.contains(seq) ? 70 : 59),
      findings: seq == findingAt ? [finding] : [])
    try writer.append(snapshot, detail: "{\"seq\":\(seq)}")
  }
  return try writer.finish()
}
