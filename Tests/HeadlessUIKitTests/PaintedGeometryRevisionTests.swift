// `UIView.paintedGeometryRevision`: what tells the layout rules that a frame they read may
// have moved. A bare view's frame (no subviews, no background colour, not watched) moves
// `geometryRevision` and `visibleRevision` only.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct PaintedGeometryRevisionTests {
  /// Counts read before and after `change`: which of the three moved.
  private func moved(_ change: () -> Void) -> (visible: Bool, geometry: Bool, painted: Bool) {
    let visible = UIView.visibleRevision, geometry = UIView.geometryRevision
    let painted = UIView.paintedGeometryRevision
    change()
    return (
      UIView.visibleRevision != visible, UIView.geometryRevision != geometry,
      UIView.paintedGeometryRevision != painted
    )
  }

  /// A label with no background whose text grows: its frame moves the geometry count, not
  /// the painted one.
  @Test func aBareLabelGrowingMovesOnlyTheGeometryCount() {
    let root = makeRoot()
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
      label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
    ])
    label.text = "350 m away"
    root.layoutIfNeeded()
    let width = label.frame.width
    let change = moved {
      label.text = "2350 m away"
      root.layoutIfNeeded()
    }
    #expect(label.frame.width > width)
    #expect(change.visible && change.geometry && !change.painted)
    // A background all but transparent still paints nothing.
    label.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 0.005)
    #expect(moved { label.frame.size.width += 10 } == (true, true, false))
  }

  /// A frame moves the painted count when the view paints a background, has subviews or is
  /// watched; a background given later moves it by itself.
  @Test func paintedParentsAndWatchedViewsMoveThePaintedCount() {
    let root = makeRoot()
    let painted = makeView("painted", in: root)
    painted.backgroundColor = .white
    let all = (true, true, true), bareOnly = (true, true, false)
    #expect(moved { painted.frame = CGRect(x: 1, y: 1, width: 20, height: 20) } == all)
    let parent = makeView("parent", in: root)
    _ = makeView("child", in: parent)
    #expect(moved { parent.frame = CGRect(x: 2, y: 2, width: 20, height: 20) } == all)
    let watched = makeView("watched", in: root)
    watched.framesAreWatched = true
    #expect(moved { watched.frame = CGRect(x: 3, y: 3, width: 20, height: 20) } == all)
    let bare = makeView("bare", in: root)
    #expect(moved { bare.frame = CGRect(x: 4, y: 4, width: 20, height: 20) } == bareOnly)
    let guided = makeView("guided", in: root)
    guided.addLayoutGuide(UILayoutGuide())
    #expect(moved { guided.frame = CGRect(x: 6, y: 6, width: 20, height: 20) } == all)
    #expect(moved { bare.backgroundColor = .black } == all)
    #expect(moved { bare.frame = CGRect(x: 5, y: 5, width: 20, height: 20) } == all)
  }
}
