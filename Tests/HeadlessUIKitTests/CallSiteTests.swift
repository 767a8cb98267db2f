import Foundation
import Testing
@testable import HeadlessUIKit

/// Layout calls remember where the app's code made them, with call sites unchanged.
@MainActor
@Suite struct CallSiteTests {
  @Test func anchorFactoriesRecordTheCallersLine() {
    let root = makeRoot()
    let view = makeView("card", in: root)
    let line = #line + 1
    let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
    #expect(top.sourceLocation?.line == line)
    #expect(top.sourceLocation?.filePath == #filePath)
    #expect(top.sourceLocation?.description == "CallSiteTests.swift:\(line)")
    #expect(top.sourceLocation?.shortPath == "HeadlessUIKitTests/CallSiteTests.swift")
    let height = view.heightAnchor.constraint(equalToConstant: 40)
    #expect(height.sourceLocation?.line == line + 5)
    let width = view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: 1)
    #expect(width.sourceLocation?.line == line + 7)
  }

  @Test func activateRecordsItsLineForConstraintsThatDoNotKnowTheirs() {
    let root = makeRoot()
    let view = makeView("card", in: root)
    let made = view.leadingAnchor.constraint(equalTo: root.leadingAnchor)
    let madeLine = #line - 1
    let itemForm = NSLayoutConstraint(
      item: view, attribute: .width, relatedBy: .equal, toItem: nil,
      attribute: .notAnAttribute, multiplier: 1, constant: 10)
    let itemLine = #line - 3
    NSLayoutConstraint.activate([made, itemForm])
    #expect(made.sourceLocation?.line == madeLine)  // the factory's line wins
    #expect(itemForm.sourceLocation?.line == itemLine)
  }

  @Test func addingViewsAndGuidesRecordsTheLine() {
    let root = makeRoot()
    let view = UIView()
    root.addSubview(view)
    #expect(view.addedAt?.line == #line - 1)
    let stack = UIStackView()
    root.addSubview(stack)
    let arranged = UIView()
    stack.addArrangedSubview(arranged)
    #expect(arranged.addedAt?.line == #line - 1)  // not UIStackView's own addSubview
    let guide = UILayoutGuide()
    root.addLayoutGuide(guide)
    #expect(guide.addedAt?.line == #line - 1)
    root.insertSubview(view, at: 0)
    #expect(view.addedAt?.line == #line - 1)
  }
}

/// An app class overriding UIKit's insertion methods with UIKit's signatures.
@MainActor
private final class CountingContainer: UIView {
  var added: [UIView] = []
  override func addSubview(_ view: UIView) {
    added.append(view)
    super.addSubview(view)
  }
  override func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    added.append(view)
    super.insertSubview(view, aboveSubview: sibling)
  }
}

@MainActor
private final class CountingStack: UIStackView {
  var arranged = 0
  var added = 0
  override func addArrangedSubview(_ view: UIView) {
    arranged += 1
    super.addArrangedSubview(view)
  }
  override func addSubview(_ view: UIView) {
    added += 1
    super.addSubview(view)
  }
}

@MainActor
@Suite struct OverriddenInsertionTests {
  @Test func anOverrideRunsOnceAndItsSuperCallAttaches() {
    let container = CountingContainer()
    let first = UIView()
    container.addSubview(first)
    let second = UIView()
    container.insertSubview(second, aboveSubview: first)
    #expect(container.added.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
    #expect(container.subviews.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
    #expect(first.superview === container)
    #expect(first.addedAt?.shortPath == "HeadlessUIKitTests/CallSiteTests.swift")
  }

  @Test func aStackViewsArrangingRunsTheAppsAddSubviewOverride() {
    let stack = CountingStack()
    let line = #line + 1
    stack.addArrangedSubview(UIView())
    let view = UIView()
    stack.insertArrangedSubview(view, at: 0)
    #expect(stack.arranged == 1)  // insertArrangedSubview is not addArrangedSubview
    #expect(stack.added == 2)  // as UIKit, arranging adds through addSubview
    #expect(stack.arrangedSubviews.first === view)
    #expect(view.addedAt?.line == line + 2)  // the app's call, not the override's super call
  }
}
