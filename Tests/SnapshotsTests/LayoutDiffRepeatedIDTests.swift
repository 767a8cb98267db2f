import Foundation
@testable import Replay
import ReplayTestSupport
@testable import Snapshots
import Testing

// Repeated ids: the n-th node of an id in A is paired with the n-th in B in linear time, and a
// node's z-order counts the children of its own parent node, not of every node of its parent's
// id.

@Suite struct LayoutDiffRepeatedIDTests {
  /// `count` nodes all named `cell` under the map, the last `missing` of them left out.
  func cells(_ count: Int, missing: Int = 0) -> LayoutState {
    sampleLayout { layout in
      for index in 0..<(count - missing) {
        layout.nodes.append(
          SnapshotNode(
            id: "cell", kind: .appView, parent: "map",
            frame: SnapshotRect(x: Double(index), y: 0, width: 1, height: 1)))
      }
    }
  }

  /// Pairing follows each chain link once: 1000 nodes of one id cost 1000 steps (plus the
  /// sample's five unique views), not the half a million a walk from the id's first node for
  /// each node would.
  @Test func pairingARepeatedIDTakesLinearSteps() {
    let a = cells(1000), b = cells(1000, missing: 10)
    let pairs = NodePairs(NodeIndex(a.nodes), NodeIndex(b.nodes), nodes: b.nodes)
    #expect(pairs.steps == 5 + 990)
    #expect(pairs.partnerOfB == Array(0..<995))
    #expect(pairs.partnerOfA == Array(0..<995) + Array(repeating: -1, count: 10))
    let views = a.changes(to: b).views
    #expect(views.count == 10)
    #expect(views.first?.name == "cell (991st)")
    #expect(views.last?.name == "cell (1000th)")
  }

  /// Two rows of one id, each with a title: an icon added to the first row moves nothing in
  /// the second.
  @Test func zOrderCountsTheChildrenOfEachParentNode() {
    func rows(iconInFirst: Bool) -> LayoutState {
      sampleLayout { layout in
        let frame = SnapshotRect(x: 0, y: 0, width: 10, height: 10)
        layout.nodes.append(SnapshotNode(id: "row", kind: .appView, parent: "map", frame: frame))
        if iconInFirst {
          layout.nodes.append(
            SnapshotNode(id: "icon", kind: .appView, parent: "row", frame: frame))
        }
        layout.nodes.append(SnapshotNode(id: "title", kind: .appView, parent: "row", frame: frame))
        layout.nodes.append(SnapshotNode(id: "row", kind: .appView, parent: "map", frame: frame))
        layout.nodes.append(SnapshotNode(id: "title", kind: .appView, parent: "row", frame: frame))
      }
    }
    let views = rows(iconInFirst: false).changes(to: rows(iconInFirst: true)).views
    #expect(
      views.map(\.textLine) == [
        "icon appeared at (0, 0, 10x10)", "title z-order 0 -> 1",
      ])
  }
}
