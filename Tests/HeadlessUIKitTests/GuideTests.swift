// Layout guides, layout margins and the safe area.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct GuideTests {
  @Test func appLayoutGuideSpacesViewsAndReportsItsFrame() {
    let root = makeRoot()
    let top = makeView("top", in: root)
    let bottom = makeView("bottom", in: root)
    let gap = UILayoutGuide()
    gap.identifier = "gap"
    root.addLayoutGuide(gap)
    #expect(gap.owningView === root)
    #expect(root.layoutGuides == [gap])
    NSLayoutConstraint.activate([
      top.topAnchor.constraint(equalTo: root.topAnchor),
      top.heightAnchor.constraint(equalToConstant: 100),
      gap.topAnchor.constraint(equalTo: top.bottomAnchor),
      gap.heightAnchor.constraint(equalTo: top.heightAnchor, multiplier: 0.5),
      gap.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      gap.widthAnchor.constraint(equalToConstant: 1),
      bottom.topAnchor.constraint(equalTo: gap.bottomAnchor),
      bottom.bottomAnchor.constraint(equalTo: root.bottomAnchor),
    ])
    for view in [top, bottom] {
      NSLayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        view.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      ])
    }
    root.layoutIfNeeded()
    #expect(gap.layoutFrame == CGRect(0, 100, 1, 50))
    #expect(bottom.frame == CGRect(0, 150, 400, 650))
    root.removeLayoutGuide(gap)
    #expect(gap.owningView == nil)
    #expect(root.layoutGuides.isEmpty)
    #expect(!root.constraints.contains { $0.firstItem === gap || $0.secondItem === gap })
  }

  @Test func layoutMarginsGuideInsetsByTheMargins() {
    let root = makeRoot()
    let content = makeView("content", in: root)
    root.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 14, right: 16)
    NSLayoutConstraint.activate([
      content.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
      content.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
      content.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
    ])
    root.layoutIfNeeded()
    #expect(content.frame == CGRect(12, 10, 372, 776))
    root.directionalLayoutMargins = .zero
    root.layoutIfNeeded()
    #expect(content.frame == CGRect(0, 0, 400, 800))
  }

  @Test func marginAttributesOfTheItemFormUseTheMarginsGuide() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    NSLayoutConstraint.activate([
      NSLayoutConstraint(
        item: view, attribute: .leading, relatedBy: .equal, toItem: root,
        attribute: .leadingMargin, multiplier: 1, constant: 0),
      NSLayoutConstraint(
        item: view, attribute: .top, relatedBy: .equal, toItem: root,
        attribute: .topMargin, multiplier: 1, constant: 0),
      view.widthAnchor.constraint(equalToConstant: 5),
      view.heightAnchor.constraint(equalToConstant: 5),
    ])
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(8, 8, 5, 5), "default margins are 8 points")
  }

  @Test func safeAreaOfTheRootReachesSubviewsThatOverlapIt() {
    let root = makeRoot()
    root.additionalSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    let header = makeView("header", in: root)
    let footer = makeView("footer", in: root)
    let inHeader = makeView("inHeader", in: header)
    NSLayoutConstraint.activate([
      header.topAnchor.constraint(equalTo: root.topAnchor),
      header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      header.heightAnchor.constraint(equalToConstant: 100),
      footer.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
      footer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      footer.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      footer.heightAnchor.constraint(equalToConstant: 60),
      inHeader.topAnchor.constraint(equalTo: header.safeAreaLayoutGuide.topAnchor),
      inHeader.leadingAnchor.constraint(equalTo: header.layoutMarginsGuide.leadingAnchor),
      inHeader.widthAnchor.constraint(equalToConstant: 10),
      inHeader.heightAnchor.constraint(equalToConstant: 10),
    ])
    root.layoutIfNeeded()
    #expect(root.safeAreaInsets.top == 47)
    #expect(root.safeAreaLayoutGuide.layoutFrame == CGRect(0, 47, 400, 719))
    #expect(footer.frame == CGRect(0, 706, 400, 60))
    #expect(header.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0))
    #expect(footer.safeAreaInsets == .zero)
    #expect(inHeader.frame == CGRect(8, 47, 10, 10))
    root.additionalSafeAreaInsets = .zero
    root.layoutIfNeeded()
    #expect(inHeader.frame == CGRect(8, 0, 10, 10))
    #expect(footer.frame.maxY == 800)
  }

  @Test func marginsGuideSitsInsideTheSafeAreaUnlessToldOtherwise() {
    let root = makeRoot()
    root.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    let view = makeView("v", in: root)
    NSLayoutConstraint.activate([
      view.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
      view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      view.widthAnchor.constraint(equalToConstant: 1),
      view.heightAnchor.constraint(equalToConstant: 1),
    ])
    root.layoutIfNeeded()
    #expect(view.frame.minY == 28)
    root.insetsLayoutMarginsFromSafeArea = false
    root.layoutIfNeeded()
    #expect(view.frame.minY == 8)
  }
}
