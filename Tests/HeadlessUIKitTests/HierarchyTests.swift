// Hierarchy moves and the incremental engine: subtrees joining and leaving hierarchies keep
// their inner constraints, lose crossing ones, and the engine's bookkeeping stays exact.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct HierarchyTests {
  /// A 100 x 40 card with a label-like child inset by 8, built detached.
  private func makeCard() -> (card: UIView, child: UIView) {
    let card = UIView()
    card.accessibilityIdentifier = "card"
    card.translatesAutoresizingMaskIntoConstraints = false
    let child = makeView("child", in: card)
    NSLayoutConstraint.activate([
      card.widthAnchor.constraint(equalToConstant: 100),
      card.heightAnchor.constraint(equalToConstant: 40),
      child.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
      child.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
      child.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
      child.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
    ])
    return (card, child)
  }

  @Test func detachedSubtreeLaidOutAloneThenMovedIntoAHierarchy() {
    let (card, child) = makeCard()
    card.frame = CGRect(0, 0, 100, 40)
    card.layoutIfNeeded()
    #expect(child.frame == CGRect(8, 8, 84, 24))
    let root = makeRoot()
    root.addSubview(card)
    NSLayoutConstraint.activate([
      card.centerXAnchor.constraint(equalTo: root.centerXAnchor),
      card.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -10),
    ])
    root.layoutIfNeeded()
    #expect(card.frame == CGRect(150, 750, 100, 40))
    #expect(child.frameInRoot == CGRect(158, 758, 84, 24))
    #expect(card.engine == nil, "a subtree's own engine goes when it joins a hierarchy")
    checkEngine(root)
  }

  @Test func removedAndReaddedViewsGetFreshCrossingConstraints() {
    let root = makeRoot()
    let (card, child) = makeCard()
    root.addSubview(card)
    let place: (CGFloat) -> [NSLayoutConstraint] = { top in
      [
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        card.topAnchor.constraint(equalTo: root.topAnchor, constant: top),
      ]
    }
    NSLayoutConstraint.activate(place(10))
    root.layoutIfNeeded()
    #expect(card.frame == CGRect(0, 10, 100, 40))
    for round in 1...5 {
      card.removeFromSuperview()
      #expect(root.constraints.isEmpty)
      root.layoutIfNeeded()
      checkEngine(root)
      root.addSubview(card)
      NSLayoutConstraint.activate(place(CGFloat(10 * round)))
      root.layoutIfNeeded()
      #expect(card.frame == CGRect(0, CGFloat(10 * round), 100, 40))
      #expect(child.frame == CGRect(8, 8, 84, 24))
      checkEngine(root)
    }
  }

  @Test func viewMovedBetweenTwoHierarchiesBeforeEitherIsLaidOutAgain() {
    let first = makeRoot()
    let second = makeRoot(width: 200, height: 200)
    let (card, child) = makeCard()
    first.addSubview(card)
    card.topAnchor.constraint(equalTo: first.topAnchor, constant: 5).isActive = true
    card.leadingAnchor.constraint(equalTo: first.leadingAnchor, constant: 5).isActive = true
    first.layoutIfNeeded()
    second.addSubview(card)
    card.bottomAnchor.constraint(equalTo: second.bottomAnchor).isActive = true
    card.trailingAnchor.constraint(equalTo: second.trailingAnchor).isActive = true
    second.layoutIfNeeded()
    #expect(card.frame == CGRect(100, 160, 100, 40))
    first.addSubview(card)
    card.topAnchor.constraint(equalTo: first.topAnchor, constant: 7).isActive = true
    card.leadingAnchor.constraint(equalTo: first.leadingAnchor, constant: 7).isActive = true
    first.layoutIfNeeded()
    second.layoutIfNeeded()
    #expect(card.frame == CGRect(7, 7, 100, 40))
    #expect(child.frameInRoot == CGRect(15, 15, 84, 24))
    checkEngine(first)
    checkEngine(second)
  }

  @Test func zOrderOperationsReorderSubviews() {
    let root = makeRoot()
    let a = makeView("a", in: root)
    let b = makeView("b", in: root)
    let c = UIView()
    root.insertSubview(c, belowSubview: a)
    #expect(root.subviews == [c, a, b])
    root.bringSubviewToFront(c)
    #expect(root.subviews == [a, b, c])
    root.sendSubviewToBack(b)
    #expect(root.subviews == [b, a, c])
    let d = UIView()
    root.insertSubview(d, aboveSubview: b)
    #expect(root.subviews == [b, d, a, c])
    root.insertSubview(a, at: 0)
    #expect(root.subviews == [a, b, d, c])
    root.addSubview(a)
    #expect(root.subviews == [b, d, c, a])
    #expect(a.isDescendant(of: root))
    #expect(!root.isDescendant(of: a))
  }
}
