// Frames on the screen's pixel grid, as UIKit places what Auto Layout solves.
//
// The numbers are UIKit's, from public references:
// [A] Stack Overflow 19349072, "Why does iOS auto layout lead to apparent rounding errors on
//     pre-Retina displays", accepted answer: on a 2x screen a view constrained to y = 950.25
//     gets frame {{0, 950.5}, {768, 8}}, and at y = 950.2 {{0, 950}, {768, 8}} ("it is
//     rounding and not ceiling").
// [B] Stack Overflow 63747471, "systemLayoutSizeFitting(_:) does not respect width or height
//     constraints for decimal numbers" (iOS 13.7): a 173.5 pt width constraint fits as
//     173.66666666666666 at 3x and 173.5 at 2x; 173.25 fits as 173.33333333333334 at 3x.
// [C] Issue 41, from real UIKit recursiveDescription output: 388.5 pt from an edge is 388.667
//     at 3x ("1/3 pt at 3x").

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct PixelGridTests {
  private func pinnedView(in root: UIView, top: CGFloat, width: CGFloat) -> UIView {
    let view = makeView("pinned", in: root)
    NSLayoutConstraint.activate([
      view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      view.topAnchor.constraint(equalTo: root.topAnchor, constant: top),
      view.widthAnchor.constraint(equalToConstant: width),
      view.heightAnchor.constraint(equalToConstant: 8),
    ])
    return view
  }

  @Test func edgesRoundToTheNearestHalfPointAtTwoTimes() {
    let root = makeRoot(width: 768, height: 1024)
    root.hostScale = 2
    let view = pinnedView(in: root, top: 950.25, width: 768)
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(0, 950.5, 768, 8))  // [A]
    view.superview!.constraints.first { $0.constant == 950.25 }!.constant = 950.2
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(0, 950, 768, 8))  // [A]: rounding, not ceiling
  }

  @Test func sizesComeOutInThirdsOfAPointAtThreeTimes() {
    let root = makeRoot(width: 393, height: 852)
    #expect(root.traitCollection.displayScale == 3)
    let view = pinnedView(in: root, top: 0.5, width: 388.5)
    root.layoutIfNeeded()
    // [C]: 388.5 pt is 1165.5 pixels, rounded half up to 1166: 388.667 pt.
    #expect(view.frame.width == 1166.0 / 3)
    #expect(view.frame.minY == 2.0 / 3)
    #expect(String(format: "%.3f", Double(view.frame.width)) == "388.667")
  }

  @Test func fittingSizeIsRoundedToThePixel() {
    for (scale, width, fitted) in [
      (CGFloat(3), CGFloat(173.5), CGFloat(173.66666666666666)), (3, 173.25, 173.33333333333334),
      (2, 173.5, 173.5),
    ] {
      let root = makeRoot(width: 400, height: 800)
      root.hostScale = scale
      let view = makeView("fitted", in: root)
      view.widthAnchor.constraint(equalToConstant: width).isActive = true
      let size = view.systemLayoutSizeFitting(CGSize(width: width, height: 0))
      #expect(size.width == fitted)  // [B]
    }
  }

  @Test func equalPartsOfAnOddSpanAlternateAtTwoTimes() {
    // Follows from [A]: each edge rounds on its own, so 100 pt in three equal parts at 2x
    // ends at 33.5, 66.5 and 100: widths 33.5, 33 and 33.5 that still tile the span.
    let root = makeRoot(width: 100, height: 50)
    root.hostScale = 2
    let parts = (0..<3).map { makeView("part\($0)", in: root) }
    for (index, part) in parts.enumerated() {
      NSLayoutConstraint.activate([
        part.topAnchor.constraint(equalTo: root.topAnchor),
        part.heightAnchor.constraint(equalToConstant: 10),
        part.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1.0 / 3),
        part.leadingAnchor.constraint(
          equalTo: index == 0 ? root.leadingAnchor : parts[index - 1].trailingAnchor),
      ])
    }
    root.layoutIfNeeded()
    #expect(parts.map(\.frame.width) == [33.5, 33, 33.5])
    #expect(parts.map(\.frame.minX) == [0, 33.5, 66.5])
  }

  @Test func framesAppCodeSetStayWhereTheyWereSet() {
    let root = makeRoot()
    let manual = UIView(frame: CGRect(x: 10.1, y: 0.25, width: 50.05, height: 20))
    root.addSubview(manual)
    root.layoutIfNeeded()
    #expect(manual.frame == CGRect(x: 10.1, y: 0.25, width: 50.05, height: 20))
  }

  @Test func scaleFollowsTheHostOrTheDevice() {
    #expect(makeRoot(width: 375, height: 667).displayScale == 2)  // iPhone SE
    #expect(makeRoot(width: 1024, height: 1366).displayScale == 2)  // iPad
    #expect(makeRoot(width: 393, height: 852).displayScale == 3)  // iPhone 15
    let hosted = makeRoot()
    hosted.hostScale = 2
    #expect(hosted.displayScale == 2)
    #expect(hosted.traitCollection.displayScale == 2)
  }
}
