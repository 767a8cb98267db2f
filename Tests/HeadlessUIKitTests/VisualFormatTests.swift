// The Visual Format Language and its options.
//
// UIKit's rules, from public references:
// [A] Apple, Auto Layout Guide, "Visual Format Language": the example strings used here
//     ("|-50-[purpleBox]-50-|", "[button(>=50)]", "V:[topField]-10-[bottomField]",
//     "[flexibleButton(>=70,<=100)]", "[button1(==button2)]", "[button(100@20)]",
//     "|-[find]-[findNext]-[findField(>=20)]-|"), and "the standard space" between views.
// [B] Apple, UIView.layoutMargins: with "|-[subview]-|" "the left and right edges of the
//     subview are inset from the edge of the superview by the corresponding layout margins".

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct VisualFormatTests {
  private func views(_ names: [String], in root: UIView) -> [String: UIView] {
    var result: [String: UIView] = [:]
    for name in names { result[name] = makeView(name, in: root) }
    return result
  }

  private func height(_ views: [String: UIView]) -> [NSLayoutConstraint] {
    views.keys.sorted().flatMap { name in
      NSLayoutConstraint.constraints(
        withVisualFormat: "V:|[\(name)(20)]", metrics: nil, views: views)
    }
  }

  @Test func edgesSpacingAndSizes() {
    let root = makeRoot(width: 400, height: 800)
    let named = views(["purpleBox", "button"], in: root)
    NSLayoutConstraint.activate(
      NSLayoutConstraint.constraints(
        withVisualFormat: "H:|-50-[purpleBox]-50-|", metrics: nil, views: named)  // [A]
        + NSLayoutConstraint.constraints(
          withVisualFormat: "[button(>=50,<=100)]-|", metrics: nil, views: named)
        + NSLayoutConstraint.constraints(
          withVisualFormat: "[button(==purpleBox@250)]", metrics: nil, views: named)
        + height(named))
    root.layoutIfNeeded()
    #expect(named["purpleBox"]!.frame == CGRect(50, 0, 300, 20))
    // Ending at the right margin (8 pt), at most 100 wide: the required limit beats the
    // optional equal width (300 @250).
    #expect(named["button"]!.frame == CGRect(292, 0, 100, 20))
  }

  @Test func standardSpacingIsEightBetweenViewsAndTheMarginsAtTheEdges() {
    let root = makeRoot(width: 400, height: 800)
    root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 30)
    let named = views(["find", "findNext", "findField"], in: root)
    let made = NSLayoutConstraint.constraints(
      withVisualFormat: "|-[find(60)]-[findNext(70)]-[findField(>=20)]-|", metrics: nil,
      views: named)  // [A]
    NSLayoutConstraint.activate(made + height(named))
    root.layoutIfNeeded()
    #expect(named["find"]!.frame.minX == 20)  // [B]: the leading margin
    #expect(named["findNext"]!.frame.minX == 88)  // 20 + 60 + 8: the standard space [A]
    #expect(named["findField"]!.frame == CGRect(166, 0, 204, 20))  // up to 400 - 30
  }

  @Test func verticalFormatsMetricsAndPriorities() {
    let root = makeRoot(width: 400, height: 800)
    let named = views(["topField", "bottomField"], in: root)
    let made = NSLayoutConstraint.constraints(
      withVisualFormat: "V:|-top-[topField(44)]-10-[bottomField(==topField)]",
      metrics: ["top": 12], views: named)  // [A]
    #expect(made.count == 4)
    let priority = NSLayoutConstraint.constraints(
      withVisualFormat: "[topField(100@20)]", metrics: nil, views: named)  // [A]
    #expect(priority.first?.priority == UILayoutPriority(20))
    #expect(priority.first?.constant == 100)
    NSLayoutConstraint.activate(made)
    for view in named.values {
      NSLayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        view.widthAnchor.constraint(equalToConstant: 10),
      ])
    }
    root.layoutIfNeeded()
    #expect(named["topField"]!.frame == CGRect(0, 12, 10, 44))
    #expect(named["bottomField"]!.frame == CGRect(0, 66, 10, 44))
  }

  @Test func alignmentOptionsLineTheViewsUp() {
    let root = makeRoot(width: 400, height: 800)
    let named = views(["a", "b"], in: root)
    let made = NSLayoutConstraint.constraints(
      withVisualFormat: "|[a(40)]-[b(50)]", options: [.alignAllCenterY], metrics: nil,
      views: named)
    #expect(made.contains {
      $0.firstAttribute == .centerY && $0.secondAttribute == .centerY
    })
    NSLayoutConstraint.activate(
      made + [
        named["a"]!.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        named["a"]!.heightAnchor.constraint(equalToConstant: 40),
        named["b"]!.heightAnchor.constraint(equalToConstant: 20),
      ])
    root.layoutIfNeeded()
    #expect(named["b"]!.frame == CGRect(48, 110, 50, 20))
  }

  @Test func directionOptionsChooseLeftToRightOrRightToLeft() {
    let root = makeRoot(width: 400, height: 800)
    let named = views(["a", "b"], in: root)
    NSLayoutConstraint.activate(
      NSLayoutConstraint.constraints(
        withVisualFormat: "|-10-[a(40)]-5-[b(50)]", options: .directionRightToLeft, metrics: nil,
        views: named) + height(named))
    root.layoutIfNeeded()
    #expect(named["a"]!.frame.minX == 350)  // 10 from the right edge
    #expect(named["b"]!.frame.minX == 295)  // 5 to the left of a
  }

  @Test func aStringUIKitCannotParseGivesOneInertConstraintThatReports() {
    let root = makeRoot()
    let named = views(["a"], in: root)
    let auditor = RecordingAuditor()
    let made = NSLayoutConstraint.constraints(
      withVisualFormat: "|-[missing]", metrics: nil, views: named)
    #expect(made.count == 1)
    withAuditor(auditor) { NSLayoutConstraint.activate(made) }
    #expect(auditor.events.contains {
      $0.contains("unable to parse constraint format '|-[missing]'")
        && $0.contains("'missing' is not a key in the views dictionary")
    })
  }
}
