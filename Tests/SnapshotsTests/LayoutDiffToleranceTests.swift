@testable import Replay
import ReplayTestSupport
@testable import Snapshots
import Testing

// `--tolerance` is in points: it applies to every point measure a diff compares (frames, the
// safe area and the map's size), never to tokens (map content, overlays) or times.

@Suite struct LayoutDiffToleranceTests {
  @Test func theMapSizeHonoursTheTolerance() {
    let b = sampleLayout {
      $0.mapWidth = 393.4
      $0.mapHeight = 851.7
    }
    #expect(sampleLayout().text != b.text)
    #expect(
      sampleLayout().changes(to: b).state
        == [StateChange(field: "map", from: "393x852", to: "393.4x851.7")])
    // Within 0.5 pt on both sides: no change, as frames and the safe area.
    #expect(sampleLayout().changes(to: b, tolerance: 0.5).state.isEmpty)
    #expect(sampleLayout().changes(to: b, tolerance: 0.35).state.map(\.field) == ["map"])
    // The stored rounding (0.011 pt) is no change even without a tolerance.
    #expect(sampleLayout().changes(to: sampleLayout { $0.mapWidth = 393.004 }).state.isEmpty)
  }

  @Test func tokensAreComparedExactlyWhateverTheTolerance() {
    let a = sampleLayout { $0.overlays = ["polyline;points=2;width=4"] }
    let b = sampleLayout { $0.overlays = ["polyline;points=2;width=4.2"] }
    #expect(a.changes(to: b, tolerance: 1).state.map(\.field) == ["overlays"])
  }
}

