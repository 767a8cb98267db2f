// `UIView.treeRevision`: what tells the replay's snapshot reader that the names it gave the
// views (`ViewIdentity`) may no longer hold.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct TreeRevisionTests {
  /// Every change a name depends on moves the count: joining or leaving the tree, the order of
  /// the subviews, a layout guide, an `accessibilityIdentifier`, a guide's `identifier`.
  @Test func hierarchyGuidesAndIdentifiersMoveIt() {
    let root = makeRoot()
    let first = makeView("first", in: root)
    let second = makeView("second", in: root)
    var tree = UIView.treeRevision
    func moved() -> Bool {
      defer { tree = UIView.treeRevision }
      return UIView.treeRevision != tree
    }
    root.bringSubviewToFront(first)
    #expect(moved(), "the subviews' order")
    first.accessibilityIdentifier = "renamed"
    #expect(moved(), "an identifier")
    let guide = UILayoutGuide()
    second.addLayoutGuide(guide)
    #expect(moved(), "a layout guide added")
    guide.identifier = "gap"
    #expect(moved(), "a guide's identifier")
    second.removeLayoutGuide(guide)
    #expect(moved(), "a layout guide removed")
    let inner = makeView("inner", in: second)
    #expect(moved(), "a view added")
    inner.removeFromSuperview()
    #expect(moved(), "a view removed")
  }

  /// Frames, visibility and texts move `visibleRevision` but leave the names, and the count.
  @Test func framesVisibilityAndTextsLeaveIt() {
    let root = makeRoot()
    let view = makeView("box", in: root)
    let label = UILabel()
    root.addSubview(label)
    NSLayoutConstraint.activate([
      view.widthAnchor.constraint(equalToConstant: 40),
      view.heightAnchor.constraint(equalToConstant: 20),
    ])
    root.layoutIfNeeded()
    let tree = UIView.treeRevision, visible = UIView.visibleRevision
    view.isHidden = true
    view.alpha = 0.5
    label.text = "12 min"
    label.frame = CGRect(x: 5, y: 5, width: 50, height: 20)
    root.layoutIfNeeded()
    #expect(UIView.visibleRevision != visible)
    #expect(UIView.treeRevision == tree)
  }
}
