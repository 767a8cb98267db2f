import Foundation
import NavSim
@testable import Replay
import Testing

/// The snapshot reader keeps the names it gave the tree (`ViewIdentity`) from one walk to the
/// next until `UIView.treeRevision` moves: a rename or a new view between two reads shows in
/// the second, exactly as a reader naming the tree afresh shows it.
@MainActor
@Suite struct SnapshotReaderNamesTests {
  private func ids(_ layout: LayoutState) -> [String] { layout.nodes.map(\.id) }

  @Test func renamesAndNewViewsShowInTheNextRead() {
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let panel = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
    panel.accessibilityIdentifier = "panel"
    mapView.addSubview(panel)
    let plain = UIView(frame: CGRect(x: 10, y: 60, width: 20, height: 20))
    panel.addSubview(plain)
    var reader = SnapshotReader()
    let first = reader.read(mapView, reuse: nil).layout
    #expect(ids(first).contains("panel") && ids(first).contains("UIView#1"))

    panel.accessibilityIdentifier = "card"
    let renamed = reader.read(mapView, reuse: first)
    #expect(renamed.changed)
    #expect(ids(renamed.layout).contains("card") && !ids(renamed.layout).contains("panel"))
    #expect(renamed.layout.node("UIView#1")?.parent == "card")

    // A view before the plain one takes its ordinal.
    panel.insertSubview(UIView(frame: .zero), at: 0)
    let inserted = reader.read(mapView, reuse: renamed.layout)
    var fresh = SnapshotReader()
    #expect(inserted.layout == fresh.read(mapView, reuse: nil).layout)
    #expect(inserted.layout.node("UIView#2")?.frame.y == 70, "map coordinates: 10 + 60")
  }
}
