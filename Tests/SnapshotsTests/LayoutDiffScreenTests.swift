import Findings
import Foundation
@testable import Replay
@testable import Snapshots
import ReplayTestSupport
import Testing
import TestSupport

// A diff compares every fact of the layout line and the running animations, not only state,
// wide mode, map size and direction: layouts that differ only in their safe area, map content,
// overlays or animations have other texts and hashes, so they are not "identical".

@Suite struct LayoutDiffScreenTests {
  /// `sampleLayout()` with `change` applied.
  @Test func aSafeAreaChangeIsReportedBeyondTheToleranceOnly() {
    let b = sampleLayout { $0.safeArea.top = 47 }
    #expect(sampleLayout().text != b.text)
    let (state, views) = sampleLayout().changes(to: b)
    #expect(state == [StateChange(field: "safeArea", from: "59,0,34,0", to: "47,0,34,0")])
    #expect(views.isEmpty)
    // Points, as a frame's edges: within the tolerance (and the stored rounding) is no change.
    let near = sampleLayout { $0.safeArea.trailing = 0.4 }
    #expect(sampleLayout().changes(to: near, tolerance: 0.5).state.isEmpty)
    #expect(
      sampleLayout().changes(to: near).state
        == [StateChange(field: "safeArea", from: "59,0,34,0", to: "59,0,34,0.4")])
    #expect(sampleLayout().changes(to: sampleLayout { $0.safeArea.bottom = 34.004 }).state.isEmpty)
  }

  @Test func mapContentChangesAreReportedAsTheLayoutLinePrintsThem() {
    let a = sampleLayout { $0.mapContent = ["alternates:2", "stopSigns"] }
    let b = sampleLayout { $0.mapContent = ["alternates:1", "stopSigns"] }
    #expect(
      a.changes(to: b).state
        == [
          StateChange(
            field: "mapContent", from: "alternates:2,stopSigns", to: "alternates:1,stopSigns")
        ])
    #expect(
      sampleLayout().changes(to: a).state
        == [StateChange(field: "mapContent", from: "none", to: "alternates:2,stopSigns")])
    #expect(a.changes(to: a).state.isEmpty)
  }

  @Test func overlayChangesAreReportedAndComparedByBytes() {
    let a = sampleLayout { $0.overlays = ["marker:pickup", "polyline:route"] }
    let b = sampleLayout { $0.overlays = ["marker:pickup"] }
    #expect(
      a.changes(to: b).state
        == [
          StateChange(
            field: "overlays", from: "marker:pickup,polyline:route", to: "marker:pickup")
        ])
    // "é" precomposed and decomposed: equal Strings, other bytes in the stored text.
    let composed = sampleLayout { $0.overlays = ["marker:caf\u{E9}"] }
    let decomposed = sampleLayout { $0.overlays = ["marker:cafe\u{301}"] }
    #expect(Array(composed.text.utf8) != Array(decomposed.text.utf8))
    #expect(composed.changes(to: decomposed).state.map(\.field) == ["overlays"])
    // Escaped as the layout line escapes them: one token each.
    let spaced = sampleLayout { $0.overlays = ["marker:a b,c"] }
    #expect(sampleLayout().changes(to: spaced).state.map(\.to) == ["marker:a%20b%2Cc"])
  }

  @Test func animationsAddedRemovedAndChangedAreReportedByTarget() {
    let fade = SnapshotAnimation(
      views: ["order sheet,<script>=1%"], properties: ["alpha"], start: 3, duration: 0.25)
    let b = sampleLayout {
      $0.animations[0].duration = 0.5
      $0.animations.insert(fade, at: 0)
    }
    let (state, views) = sampleLayout().changes(to: b)
    #expect(views.isEmpty)
    #expect(
      state == [
        StateChange(
          field: "animation views=order%20sheet%2C<script>%3D1%25 props=alpha", from: "none",
          to: "start=3.000 duration=0.250"),
        StateChange(
          field: "animation views=prompt.incident#3 props=frame", from: "start=12.000 duration=0.300",
          to: "start=12.000 duration=0.500"),
      ])
    // Removed: B's targets first (none), then those only in A.
    #expect(
      b.changes(to: sampleLayout { $0.animations = [] }).state.map { "\($0.field): \($0.from) -> \($0.to)" }
        == [
          "animation views=order%20sheet%2C<script>%3D1%25 props=alpha: start=3.000 duration=0.250 -> none",
          "animation views=prompt.incident#3 props=frame: start=12.000 duration=0.500 -> none",
        ])
  }

  @Test func animationsCompareAsStoredAndInOrder() {
    // Below the stored three decimals: the same text, the same hash, no change.
    let same = sampleLayout { $0.animations[0].start = 12.0001 }
    #expect(same.text == sampleLayout().text)
    #expect(sampleLayout().changes(to: same).state.isEmpty)
    // The same animations in another order: other lines, so a change.
    let second = SnapshotAnimation(views: ["turnCard"], properties: ["frame"], start: 12, duration: 0.3)
    let a = sampleLayout { $0.animations.append(second) }
    let b = sampleLayout { $0.animations.insert(second, at: 0) }
    #expect(a.text != b.text)
    #expect(
      a.changes(to: b).state == [
        StateChange(
          field: "animations",
          from: "views=prompt.incident#3 props=frame; views=turnCard props=frame",
          to: "views=turnCard props=frame; views=prompt.incident#3 props=frame")
      ])
  }

  /// No views and a view named `none` are other stored lines: animations of those targets
  /// are told apart, not matched as one (and print apart, `LayoutDiffTokenTests`).
  @Test func animationsOfNoViewsAndOfAViewNamedNoneAreOtherTargets() {
    let a = sampleLayout { $0.animations[0].views = [] }
    let b = sampleLayout { $0.animations[0].views = ["none"] }
    #expect(a.text != b.text)
    #expect(
      a.changes(to: b).state.map(\.field) == [
        "animation views=%6Eone props=frame", "animation views=none props=frame",
      ])
  }

  @Test func aDiffOfRunsThatDifferOnlyOnTheLayoutLineReportsIt() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try writeRun(store, label: "v1") { _, _ in }
    try writeRun(store, label: "v2") { seq, layout in
      if seq == 3 { layout.safeArea.bottom = 0 }
      if seq == 5 { layout.overlays = ["marker:pickup"] }
      if seq == 7 { layout.animations = [] }
    }
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(!diff.isIdentical)
    #expect(diff.differences.map(\.seq) == [3, 5, 7])
    let text = diff.text()
    #expect(text.hasPrefix("3 of 10 events differ between v1 (basic) and v2 (basic)"))
    #expect(text.contains("event 3 progress t=3.000:\n  safeArea 59,0,34,0 -> 59,0,0,0\n"))
    #expect(text.contains("event 5 progress t=5.000:\n  overlays none -> marker:pickup\n"))
    #expect(
      text.contains(
        "event 7 progress t=7.000:\n  animation views=prompt.incident#3 props=frame "
          + "start=12.000 duration=0.300 -> none\n"))
    let json = diff.json
    #expect(json.contains(#"{"field":"safeArea","from":"59,0,34,0","to":"59,0,0,0"}"#))
    #expect(json.contains(#"{"field":"overlays","from":"none","to":"marker:pickup"}"#))
    #expect(
      json.contains(
        #"{"field":"animation views=prompt.incident#3 props=frame","#
          + #""from":"start=12.000 duration=0.300","to":"none"}"#))
    _ = directory
  }

  /// Writes a finished run of ten events, each `sampleLayout()` changed by `change(seq, &layout)`.
  @discardableResult
  func writeRun(
    _ store: SnapshotStore, label: String, change: (Int64, inout LayoutState) -> Void
  ) throws -> RunInfo {
    let writer = try store.beginRun(
      RunMetadata(
        label: label, delegate: "basic", recordingID: 1, recordingName: "commute",
        logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
    for seq in Int64(1)...10 {
      var layout = sampleLayout()
      change(seq, &layout)
      let snapshot = LayoutSnapshot(
        seq: seq, t: seq * 1000, event: "progress", layout: layout, findings: [])
      try writer.append(snapshot, detail: "{}")
    }
    return try writer.finish()
  }
}
