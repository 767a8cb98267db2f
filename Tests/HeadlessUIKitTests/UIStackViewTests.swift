// UIStackView: arrangement along the axis, distributions, alignments, hidden views, RTL.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct UIStackViewTests {
  private func box(_ width: CGFloat, _ height: CGFloat, _ name: String) -> FixedSizeView {
    let view = FixedSizeView(CGSize(width: width, height: height))
    view.accessibilityIdentifier = name
    return view
  }

  /// A stack pinned at the root's top-leading corner (16, 40), its size left to its content.
  private func place(_ stack: UIStackView, in root: UIView) {
    stack.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
    ])
  }

  @Test func verticalStackSizesToItsContentAndHidingCollapses() {
    let root = makeRoot()
    let (a, b, c) = (box(100, 20, "a"), box(60, 30, "b"), box(80, 10, "c"))
    let stack = UIStackView(arrangedSubviews: [a, b, c])
    stack.axis = .vertical
    stack.spacing = 4
    stack.alignment = .leading
    place(stack, in: root)
    let auditor = RecordingAuditor()
    withAuditor(auditor) { root.layoutIfNeeded() }
    #expect(auditor.events.isEmpty, "no breaks, no ambiguity: \(auditor.events)")
    #expect(stack.frame == CGRect(16, 40, 100, 68))
    #expect([a.frame, b.frame, c.frame] == [
      CGRect(0, 0, 100, 20), CGRect(0, 24, 60, 30), CGRect(0, 58, 80, 10),
    ])
    #expect(stack.constraints.isEmpty, "the arrangement isn't app constraints")
    withAuditor(auditor) {
      b.isHidden = true
      root.layoutIfNeeded()
    }
    #expect(auditor.events == ["hidden FixedSizeView('b') true"])
    #expect(stack.frame.height == 34)
    #expect(c.frame.minY == 24)
    b.isHidden = false
    root.layoutIfNeeded()
    #expect(stack.frame.height == 68)
  }

  @Test func horizontalFillDistributionsAndSpacing() {
    let root = makeRoot()
    let (a, b) = (box(50, 20, "a"), box(70, 20, "b"))
    let stack = UIStackView(arrangedSubviews: [a, b])
    stack.spacing = 10
    place(stack, in: root)
    let width = stack.widthAnchor.constraint(equalToConstant: 300)
    width.isActive = true
    b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
    root.layoutIfNeeded()
    #expect(a.frame == CGRect(0, 0, 220, 20), "lower hugging stretches")
    #expect(b.frame == CGRect(230, 0, 70, 20))
    stack.distribution = .fillEqually
    root.layoutIfNeeded()
    #expect(a.frame == CGRect(0, 0, 145, 20))
    #expect(b.frame == CGRect(155, 0, 145, 20))
    stack.distribution = .equalSpacing
    stack.addArrangedSubview(box(30, 20, "c"))
    root.layoutIfNeeded()
    #expect(a.frame == CGRect(0, 0, 50, 20))
    #expect(b.frame == CGRect(125, 0, 70, 20))
    #expect(stack.arrangedSubviews.last?.frame == CGRect(270, 0, 30, 20))
  }

  @Test func centerAlignmentAndMarginsRelativeArrangement() {
    let root = makeRoot()
    let (wide, narrow) = (box(100, 20, "wide"), box(40, 20, "narrow"))
    let stack = UIStackView(arrangedSubviews: [wide, narrow])
    stack.axis = .vertical
    stack.alignment = .center
    stack.isLayoutMarginsRelativeArrangement = true
    stack.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 5, leading: 10, bottom: 5, trailing: 10)
    place(stack, in: root)
    root.layoutIfNeeded()
    #expect(stack.frame.size == CGSize(width: 120, height: 50))
    #expect(wide.frame == CGRect(10, 5, 100, 20))
    #expect(narrow.frame == CGRect(40, 25, 40, 20))
  }

  @Test func horizontalStackFlipsInRightToLeft() {
    let root = makeRoot()
    root.baseLayoutDirection = .rightToLeft
    let (a, b) = (box(50, 20, "a"), box(70, 20, "b"))
    let stack = UIStackView(arrangedSubviews: [a, b])
    stack.spacing = 10
    stack.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      stack.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    root.layoutIfNeeded()
    #expect(stack.frame == CGRect(254, 0, 130, 20))
    #expect(a.frame == CGRect(80, 0, 50, 20), "first arranged view at the leading (right) end")
    #expect(b.frame == CGRect(0, 0, 70, 20))
  }

  @Test func removingFromSuperviewLeavesTheArrangement() {
    let root = makeRoot()
    let (a, b) = (box(50, 20, "a"), box(70, 20, "b"))
    let stack = UIStackView(arrangedSubviews: [a, b])
    place(stack, in: root)
    root.layoutIfNeeded()
    a.removeFromSuperview()
    #expect(stack.arrangedSubviews == [b])
    root.layoutIfNeeded()
    #expect(b.frame == CGRect(0, 0, 70, 20))
    stack.removeArrangedSubview(b)
    #expect(b.superview === stack, "removeArrangedSubview keeps the subview, as in UIKit")
    checkEngine(root)
  }
}
