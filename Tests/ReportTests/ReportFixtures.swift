import Findings
import Foundation
@testable import Replay
@testable import Snapshots

/// A short hand-built trip for report tests: ready state, guidance in portrait, an incident
/// prompt that covers the viewport (a finding), a rotation into wide mode and back, arrival.
/// Run B moves the turn card and the app's sheet, so a diff has something to show.
enum ReportFixture {
  static let hostileID = "order<script>alert(1)</script>&\"sheet\""

  static func portrait(guidance: Bool, prompt: Bool, speed: Bool, shift: Double) -> LayoutState {
    var nodes: [SnapshotNode] = [
      SnapshotNode(id: "viewport", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 0, y: guidance ? 179 + shift : 59, width: 393,
          height: guidance ? (prompt ? 513 - shift : 473 - shift) : 759)),
      SnapshotNode(id: "googleLogo", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 12, y: guidance ? 568 : 780, width: 72, height: 32)),
    ]
    if guidance {
      nodes += [
        SnapshotNode(id: "turnCard", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 0, y: 59 + shift, width: 393, height: 120)),
        SnapshotNode(id: "tripProgressBar", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 373, y: 229, width: 12, height: 300)),
        SnapshotNode(id: "speedWidget", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 8, y: 496, width: 64, height: speed ? 132 : 64), isHidden: false),
        SnapshotNode(id: "etaCard", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 0, y: 746, width: 393, height: 72)),
        SnapshotNode(id: hostileID, kind: .appView, parent: "map",
          frame: SnapshotRect(x: 0, y: 652 - shift, width: 393, height: 94 + shift), alpha: 0.9),
        SnapshotNode(id: "UILayoutGuide#1", kind: .guide, parent: "map",
          frame: SnapshotRect(x: 16, y: 189, width: 361, height: 40)),
        SnapshotNode(id: "button.reporting", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 333, y: 540, width: 48, height: 48), isHidden: prompt),
      ]
    }
    nodes.append(
      SnapshotNode(id: "button.compass", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 333, y: guidance ? 189 : 71, width: 48, height: 48)))
    if prompt {
      nodes.append(
        SnapshotNode(id: "prompt.incident#1", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 0, y: 644, width: 393, height: 174),
          roundedCorners: ["minXminY", "maxXminY"]))
    }
    return LayoutState(
      state: guidance ? "activeGuidance" : "navigationReady", wideMode: false, mapWidth: 393,
      mapHeight: 852, safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0),
      direction: "ltr", nodes: nodes,
      animations: prompt
        ? [SnapshotAnimation(views: ["prompt.incident#1"], properties: ["frame"], start: 40, duration: 0.3)]
        : [])
  }

  static func wide(shift: Double) -> LayoutState {
    LayoutState(
      state: "activeGuidance", wideMode: true, mapWidth: 852, mapHeight: 393,
      safeArea: SnapshotInsets(top: 0, leading: 59, bottom: 21, trailing: 59), direction: "ltr",
      nodes: [
        SnapshotNode(id: "viewport", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 434 + shift, y: 0, width: 359 - shift, height: 372)),
        SnapshotNode(id: "turnCard", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 59, y: 8 + shift, width: 375, height: 120)),
        SnapshotNode(id: "etaCard", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 59, y: 300, width: 375, height: 72)),
        SnapshotNode(id: "speedWidget", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 67, y: 228, width: 64, height: 64)),
        SnapshotNode(id: "googleLogo", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 442, y: 332, width: 72, height: 32)),
        SnapshotNode(id: hostileID, kind: .appView, parent: "map",
          frame: SnapshotRect(x: 59, y: 136, width: 375, height: 84)),
        SnapshotNode(id: "button.compass", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 737, y: 8, width: 48, height: 48)),
      ],
      animations: [])
  }

  /// The trip's frames for run A (`shift` 0) or run B (`shift` 12), and their layouts.
  static func run(shift: Double) -> (frames: [StoredFrame], layouts: [String: LayoutState]) {
    let ready = portrait(guidance: false, prompt: false, speed: false, shift: shift)
    let guiding = portrait(guidance: true, prompt: false, speed: false, shift: shift)
    let speeding = portrait(guidance: true, prompt: false, speed: true, shift: shift)
    let prompting = portrait(guidance: true, prompt: true, speed: false, shift: shift)
    let wideLayout = wide(shift: shift)
    let covered = Finding(
      ruleID: "prompt-covers-viewport", severity: .error,
      views: ["prompt.incident#1", "viewport"],
      message: "The prompt covers the bottom 174 pt of the viewport <b>camera</b>.")
    var frames: [StoredFrame] = []
    var t: Int64 = 0
    func add(_ event: String, _ detail: String, _ layout: LayoutState, _ findings: [Finding] = []) {
      frames.append(StoredFrame(
        seq: Int64(frames.count + 1), t: t, event: event, detail: detail, layoutHash: layout.hash,
        findings: findings))
      t += 1000
    }
    add("navigationEnabled", "{}", ready)
    add("routeSet", #"{"routeID":"r1","totalDistance":5200}"#, ready)
    add("guidanceStarted", "{}", guiding)
    for step in 0..<30 {
      let road = step < 15 ? "Main St <script>alert('road')</script>" : "Harbour Rd"
      add("progress", #"{"distanceRemaining":\#(5000 - step * 100),"roadName":"\#(road)"}"#,
        step >= 10 && step < 14 ? speeding : guiding)
    }
    add("promptReady", #"{"kind":"incident","promptID":1}"#, prompting, [covered])
    add("progress", #"{"distanceRemaining":2000}"#, prompting, [covered])
    add("promptDismissed", #"{"promptID":1}"#, guiding)
    add("mapResized", #"{"height":393,"width":852}"#, wideLayout)
    for step in 0..<5 { add("progress", #"{"distanceRemaining":\#(1500 - step * 100)}"#, wideLayout) }
    add("mapResized", #"{"height":852,"width":393}"#, guiding)
    add("arrived", #"{"waypointIndex":0}"#, guiding)
    add("guidanceStopped", #"{"reason":"arrived"}"#, ready)
    var layouts: [String: LayoutState] = [:]
    for layout in [ready, guiding, speeding, prompting, wideLayout] { layouts[layout.hash] = layout }
    return (frames, layouts)
  }

  static func reportRun(_ label: String, delegate: String, events: Int) -> RunInfo {
    runInfo(
      label: label, delegate: delegate, recordingName: "harbour <trip>", sdkProfile: "default",
      variants: "rtl=no", eventCount: events)
  }

  /// A finished run record as the snapshot store would return it.
  static func runInfo(
    label: String, delegate: String, recordingName: String, sdkProfile: String,
    variants: String, eventCount: Int
  ) -> RunInfo {
    RunInfo(
      id: 1,
      metadata: RunMetadata(
        label: label, delegate: delegate, recordingID: 1, recordingName: recordingName,
        logFingerprint: "f", navsimVersion: "0.1.0", sdkProfile: sdkProfile, variants: variants),
      eventCount: eventCount, layoutChanges: 0, isFinished: true)
  }

  /// Both runs, their merged layouts and their diff.
  static func diffInputs() -> (
    a: [StoredFrame], b: [StoredFrame], layouts: [String: LayoutState], diff: RunDiff
  ) {
    let a = run(shift: 0), b = run(shift: 12)
    let layouts = a.layouts.merging(b.layouts) { first, _ in first }
    let differences = zip(a.frames, b.frames).map { fa, fb in
      compareSnapshots(
        LayoutSnapshot(seq: fa.seq, t: fa.t, event: fa.event, layout: a.layouts[fa.layoutHash]!, findings: fa.findings),
        LayoutSnapshot(seq: fb.seq, t: fb.t, event: fb.event, layout: b.layouts[fb.layoutHash]!, findings: fb.findings),
        labels: ("v1", "v2"))
    }.filter { !$0.isEmpty }
    let diff = RunDiff(
      labelA: "v1", labelB: "v2", delegateA: "classic", delegateB: "sheet<script>",
      tolerance: 0, eventsCompared: a.frames.count, differences: differences)
    return (a.frames, b.frames, layouts, diff)
  }
}
