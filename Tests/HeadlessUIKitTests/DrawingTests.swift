// Custom drawing, offsets and navigation items: the API snapshot tests' view code uses.
//
// [A] Apple, UIView.draw(_:): "The default implementation of this method does nothing.
//     Subclasses that use technologies such as Core Graphics and UIKit to draw their view's
//     content should override this method and implement their drawing code there."
// [B] Apple, UIViewController.title: setting it updates the navigation item's title.
// [C] Apple, UIBezierPath.init(rect:) / init(roundedRect:cornerRadius:): a path of the
//     rectangle; `bounds` is the rectangle the path's points span.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct DrawingTests {
  @Test func drawingAHierarchyCallsEachViewsDrawWithItsBounds() {
    let root = makeRoot(width: 100, height: 100)
    let badge = BadgeView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
    badge.accessibilityIdentifier = "badge"
    root.addSubview(badge)
    let hidden = BadgeView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
    hidden.isHidden = true
    root.addSubview(hidden)
    var drawn: [UIGraphicsImageRendererContext.DrawnPath] = []
    _ = UIGraphicsImageRenderer(bounds: root.bounds).image { context in
      #expect(root.drawHierarchy(in: root.bounds, afterScreenUpdates: true))
      drawn = context.drawnPaths
    }
    // [A]: plain views draw nothing; the badge fills and strokes its rounded bounds.
    #expect(drawn.map(\.kind) == [.fill, .stroke])
    #expect(drawn.allSatisfy { $0.view == "BadgeView('badge')" })
    #expect(drawn[0].bounds == CGRect(0, 0, 40, 20))  // [C]
    #expect(drawn[1].lineWidth == 2)
    #expect(badge.drawnRects == [CGRect(0, 0, 40, 20)])
    #expect(hidden.drawnRects.isEmpty)
    #expect(!root.drawHierarchy(in: root.bounds, afterScreenUpdates: false))
  }

  @Test func pathsKnowTheirElementsAndBounds() {
    let rect = UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(rect.elements.count == 5)
    #expect(rect.bounds == CGRect(1, 2, 3, 4))  // [C]
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 5))
    path.addQuadCurve(to: CGPoint(x: 20, y: 0), controlPoint: CGPoint(x: 15, y: -5))
    #expect(path.bounds == CGRect(0, -5, 20, 10))
    #expect(path.currentPoint == CGPoint(x: 20, y: 0))
    let arc = UIBezierPath(
      arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
    #expect(abs(arc.bounds.maxY - 10) < 1e-9)
    #expect(UIOffset(horizontal: 2, vertical: -1) != .zero)
    #expect(UIOffset.zero == UIOffset(horizontal: 0, vertical: 0))
  }

  @Test func controllersCarryANavigationItem() {
    let controller = UIViewController()
    controller.title = "Trip"
    #expect(controller.navigationItem.title == "Trip")  // [B]
    let done = UIBarButtonItem(barButtonSystemItem: .done)
    controller.navigationItem.rightBarButtonItem = done
    controller.navigationItem.leftBarButtonItems = [
      UIBarButtonItem(title: "Back", style: .plain), .fixedSpace(12),
    ]
    #expect(controller.navigationItem.rightBarButtonItems?.first === done)
    #expect(controller.navigationItem.leftBarButtonItem?.title == "Back")
    #expect(controller.navigationItem.leftBarButtonItems?.last?.width == 12)
  }
}

/// A view with custom drawing, as app code writes one.
@MainActor
private final class BadgeView: UIView {
  var drawnRects: [CGRect] = []
  override func draw(_ rect: CGRect) {
    drawnRects.append(rect)
    let shape = UIBezierPath(roundedRect: rect, cornerRadius: 6)
    shape.fill()
    shape.lineWidth = 2
    shape.stroke()
  }
}
