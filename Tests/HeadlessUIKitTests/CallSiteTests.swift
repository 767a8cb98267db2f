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
