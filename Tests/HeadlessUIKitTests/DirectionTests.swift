// Right-to-left layout: leading / trailing flip with the layout direction, left / right don't.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct DirectionTests {
  /// A 100 x 20 view at leading + 16 and one at left + 16.
  private func makeLeadingAndLeft(in root: UIView) -> (leading: UIView, left: UIView) {
    let leading = makeView("leading", in: root)
    let left = makeView("left", in: root)
    for view in [leading, left] {
      NSLayoutConstraint.activate([
        view.topAnchor.constraint(equalTo: root.topAnchor),
        view.widthAnchor.constraint(equalToConstant: 100),
        view.heightAnchor.constraint(equalToConstant: 20),
      ])
    }
    NSLayoutConstraint.activate([
      leading.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      left.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 16),
    ])
    return (leading, left)
  }

  @Test func leadingFlipsInRightToLeftButLeftDoesNot() {
    let root = makeRoot()
    root.baseLayoutDirection = .rightToLeft
    let views = makeLeadingAndLeft(in: root)
    root.layoutIfNeeded()
    #expect(views.leading.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(views.leading.frame == CGRect(284, 0, 100, 20))
    #expect(views.left.frame == CGRect(16, 0, 100, 20))
  }

  @Test func changingTheDirectionRelaysOutIncrementally() {
    let root = makeRoot()
    let views = makeLeadingAndLeft(in: root)
    root.layoutIfNeeded()
    #expect(views.leading.frame.minX == 16)
    root.baseLayoutDirection = .rightToLeft
    root.layoutIfNeeded()
    #expect(views.leading.frame.minX == 284)
    #expect(views.left.frame.minX == 16)
    root.baseLayoutDirection = .leftToRight
    root.layoutIfNeeded()
    #expect(views.leading.frame.minX == 16)
  }

  @Test func flippingTheDirectionOfATightRowBreaksNothing() {
    // A row that only fits one way round at a time: each leading / trailing constraint,
    // re-resolved alone against the others' old resolution, would contradict them.
    let root = makeRoot(width: 393)
    let panel = makeView("panel", in: root)
    let button = makeView("button", in: root)
    NSLayoutConstraint.activate([
      panel.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      panel.trailingAnchor.constraint(lessThanOrEqualTo: button.leadingAnchor, constant: -12),
      panel.widthAnchor.constraint(equalToConstant: 200),
      button.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
      button.widthAnchor.constraint(equalToConstant: 44),
      panel.topAnchor.constraint(equalTo: root.topAnchor),
      button.topAnchor.constraint(equalTo: root.topAnchor),
      panel.heightAnchor.constraint(equalToConstant: 40),
      button.heightAnchor.constraint(equalToConstant: 44),
    ])
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      root.layoutIfNeeded()
      root.semanticContentAttribute = .forceRightToLeft
      root.layoutIfNeeded()
    }
    #expect(auditor.broken.isEmpty, "\(auditor.events)")
    #expect(panel.frame == CGRect(x: 393 - 16 - 200, y: 0, width: 200, height: 40))
    #expect(button.frame == CGRect(x: 16, y: 0, width: 44, height: 44))
  }

  @Test func forcedSemanticContentAttributeAppliesToTheSubtree() {
    let root = makeRoot()
    root.baseLayoutDirection = .rightToLeft
    let container = makeView("container", in: root)
    container.semanticContentAttribute = .forceLeftToRight
    let child = makeView("child", in: container)
    NSLayoutConstraint.activate([
      container.topAnchor.constraint(equalTo: root.topAnchor),
      container.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      container.widthAnchor.constraint(equalToConstant: 200),
      container.heightAnchor.constraint(equalToConstant: 50),
      child.topAnchor.constraint(equalTo: container.topAnchor),
      child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
      child.widthAnchor.constraint(equalToConstant: 20),
      child.heightAnchor.constraint(equalToConstant: 20),
    ])
    root.layoutIfNeeded()
    #expect(container.frame == CGRect(200, 0, 200, 50), "placed by the root's RTL direction")
    #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    #expect(child.frame == CGRect(10, 0, 20, 20), "placed by the container's forced LTR")
    container.semanticContentAttribute = .unspecified
    root.layoutIfNeeded()
    #expect(child.frame == CGRect(170, 0, 20, 20))
  }

  @Test func directionalMarginsFlipAndAbsoluteOnesFollow() {
    let root = makeRoot()
    let card = makeView("card", in: root)
    card.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 2, leading: 20, bottom: 2, trailing: 4)
    let content = makeView("content", in: card)
    NSLayoutConstraint.activate([
      card.topAnchor.constraint(equalTo: root.topAnchor),
      card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      card.widthAnchor.constraint(equalToConstant: 200),
      card.heightAnchor.constraint(equalToConstant: 40),
      content.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
      content.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
      content.bottomAnchor.constraint(equalTo: card.layoutMarginsGuide.bottomAnchor),
    ])
    root.layoutIfNeeded()
    #expect(content.frame == CGRect(20, 2, 176, 36))
    #expect(card.layoutMargins == UIEdgeInsets(top: 2, left: 20, bottom: 2, right: 4))
    root.baseLayoutDirection = .rightToLeft
    root.layoutIfNeeded()
    #expect(content.frame == CGRect(4, 2, 176, 36))
    #expect(card.layoutMargins == UIEdgeInsets(top: 2, left: 4, bottom: 2, right: 20))
    #expect(card.layoutMarginsGuide.layoutFrame == CGRect(4, 2, 176, 36))
  }

  @Test func playbackContentIsAlwaysLeftToRight() {
    let root = makeRoot()
    root.baseLayoutDirection = .rightToLeft
    let controls = makeView("controls", in: root)
    controls.semanticContentAttribute = .playback
    let inner = makeView("inner", in: controls)
    #expect(controls.effectiveUserInterfaceLayoutDirection == .leftToRight)
    #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
  }
}
