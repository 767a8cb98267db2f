// Paths and custom drawing, headless: `UIBezierPath` records its elements, and `fill()` /
// `stroke()` inside a drawing (`UIGraphicsImageRenderer.image(actions:)`, which may call
// `UIView.drawHierarchy(in:afterScreenUpdates:)` and so the views' `draw(_:)`) are recorded on
// the renderer's context, where a test can read them. Nothing is rasterised.

import Foundation

/// A horizontal and vertical offset (text and bar-item positions), as UIKit's `UIOffset`.
public struct UIOffset: Hashable, Sendable, CustomStringConvertible {
  public var horizontal: CGFloat
  public var vertical: CGFloat

  public init(horizontal: CGFloat, vertical: CGFloat) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public init() { self.init(horizontal: 0, vertical: 0) }

  public static let zero = UIOffset()

  public var description: String { "UIOffset(\(horizontal.layoutText), \(vertical.layoutText))" }
}

/// The corners `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let topLeft = UIRectCorner(rawValue: 1 << 0)
  public static let topRight = UIRectCorner(rawValue: 1 << 1)
  public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
  public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
  public static let allCorners = UIRectCorner(rawValue: 0xF)
}

/// A path of lines and curves, as UIKit's `UIBezierPath`: its elements, bounds and line width.
open class UIBezierPath: NSObject {
  /// One step of the path.
  public enum Element: Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case close
  }

  /// The steps, in the order added.
  public private(set) var elements: [Element] = []
  open var lineWidth: CGFloat = 1
  open var usesEvenOddFillRule = false
  /// Where the next element starts.
  public private(set) var currentPoint = CGPoint.zero
  private var subpathStart = CGPoint.zero

  override public init() { super.init() }

  /// A closed rectangle.
  public convenience init(rect: CGRect) {
    self.init()
    move(to: CGPoint(x: rect.minX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
    addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
    close()
  }

  /// An ellipse inscribed in `rect` (four quarter arcs).
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    appendRoundedRect(rect, radii: CGSize(width: rect.width / 2, height: rect.height / 2),
      corners: .allCorners)
  }

  /// A rectangle with every corner rounded by `cornerRadius` (at most half the shorter side).
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    let radius = min(max(cornerRadius, 0), min(rect.width, rect.height) / 2)
    appendRoundedRect(rect, radii: CGSize(width: radius, height: radius), corners: .allCorners)
  }

  /// A rectangle with `corners` rounded by `cornerRadii`.
  public convenience init(
    roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
  ) {
    self.init()
    let radii = CGSize(
      width: min(max(cornerRadii.width, 0), rect.width / 2),
      height: min(max(cornerRadii.height, 0), rect.height / 2))
    appendRoundedRect(rect, radii: radii, corners: corners)
  }

  /// An arc of a circle, from `startAngle` to `endAngle` (radians).
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    self.init()
    move(to: CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle)))
    addArc(
      withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise)
  }

  // MARK: - Building

  open func move(to point: CGPoint) {
    elements.append(.move(point))
    currentPoint = point
    subpathStart = point
  }

  open func addLine(to point: CGPoint) {
    elements.append(.line(point))
    currentPoint = point
  }

  open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    elements.append(.quadCurve(to: endPoint, control: controlPoint))
    currentPoint = endPoint
  }

  open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    elements.append(.curve(to: endPoint, control1: controlPoint1, control2: controlPoint2))
    currentPoint = endPoint
  }

  /// An arc, as lines through points every 15 degrees (enough for bounds and tests).
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    var sweep = endAngle - startAngle
    if clockwise, sweep < 0 { sweep += 2 * .pi }
    if !clockwise, sweep > 0 { sweep -= 2 * .pi }
    let steps = max(1, Int((abs(sweep) / (.pi / 12)).rounded(.up)))
    for step in 0...steps {
      let angle = startAngle + sweep * CGFloat(step) / CGFloat(steps)
      let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
      if step == 0, elements.isEmpty { move(to: point) } else { addLine(to: point) }
    }
  }

  open func close() {
    elements.append(.close)
    currentPoint = subpathStart
  }

  open func append(_ path: UIBezierPath) {
    elements += path.elements
    currentPoint = path.currentPoint
  }

  open func removeAllPoints() {
    elements = []
    currentPoint = .zero
  }

  open var isEmpty: Bool { elements.isEmpty }

  /// The smallest rectangle holding every point of the path (control points included).
  open var bounds: CGRect {
    var points: [CGPoint] = []
    for element in elements {
      switch element {
      case .move(let p), .line(let p): points.append(p)
      case .quadCurve(let p, let c): points += [p, c]
      case .curve(let p, let c1, let c2): points += [p, c1, c2]
      case .close: break
      }
    }
    guard let first = points.first else { return .zero }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for point in points {
      minX = min(minX, point.x)
      maxX = max(maxX, point.x)
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  // MARK: - Drawing

  /// Records a fill of the path on the current drawing's context (if any).
  open func fill() { UIGraphicsImageRendererContext.drawing?.record(.fill, self) }

  /// Records a stroke of the path on the current drawing's context (if any).
  open func stroke() { UIGraphicsImageRendererContext.drawing?.record(.stroke, self) }

  // MARK: - Rounded rectangles

  private func appendRoundedRect(_ rect: CGRect, radii: CGSize, corners: UIRectCorner) {
    // Kappa: how far a cubic's control points sit to approximate a quarter ellipse.
    let k: CGFloat = 0.552_284_749_8
    func r(_ corner: UIRectCorner) -> CGSize { corners.contains(corner) ? radii : .zero }
    let tl = r(.topLeft), tr = r(.topRight), br = r(.bottomRight), bl = r(.bottomLeft)
    move(to: CGPoint(x: rect.minX + tl.width, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX - tr.width, y: rect.minY))
    addCurve(
      to: CGPoint(x: rect.maxX, y: rect.minY + tr.height),
      controlPoint1: CGPoint(x: rect.maxX - tr.width * (1 - k), y: rect.minY),
      controlPoint2: CGPoint(x: rect.maxX, y: rect.minY + tr.height * (1 - k)))
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br.height))
    addCurve(
      to: CGPoint(x: rect.maxX - br.width, y: rect.maxY),
      controlPoint1: CGPoint(x: rect.maxX, y: rect.maxY - br.height * (1 - k)),
      controlPoint2: CGPoint(x: rect.maxX - br.width * (1 - k), y: rect.maxY))
    addLine(to: CGPoint(x: rect.minX + bl.width, y: rect.maxY))
    addCurve(
      to: CGPoint(x: rect.minX, y: rect.maxY - bl.height),
      controlPoint1: CGPoint(x: rect.minX + bl.width * (1 - k), y: rect.maxY),
      controlPoint2: CGPoint(x: rect.minX, y: rect.maxY - bl.height * (1 - k)))
    addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl.height))
    addCurve(
      to: CGPoint(x: rect.minX + tl.width, y: rect.minY),
      controlPoint1: CGPoint(x: rect.minX, y: rect.minY + tl.height * (1 - k)),
      controlPoint2: CGPoint(x: rect.minX + tl.width * (1 - k), y: rect.minY))
    close()
  }
}

// MARK: - Custom drawing of views

extension UIView {
  /// Marks the view for drawing (headless: nothing is drawn until a drawing asks for it).
  public func setNeedsDisplay() { needsDisplay = true }

  /// Marks part of the view for drawing.
  public func setNeedsDisplay(_ rect: CGRect) { needsDisplay = true }

  /// Draws the view and its shown subviews into the current drawing (inside
  /// `UIGraphicsImageRenderer.image(actions:)`): calls each one's `draw(_:)` with its bounds,
  /// parents first; paths record in each view's own coordinates. Returns false outside a
  /// drawing.
  @discardableResult
  public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = UIGraphicsImageRendererContext.current else { return false }
    if afterUpdates { layoutIfNeeded() }
    func visit(_ view: UIView) {
      guard !view.isHidden, view.alpha > 0.01 else { return }
      context.drawingView = view.layoutDebugName
      view.needsDisplay = false
      view.draw(view.bounds)
      for subview in view.subviewStorage { visit(subview) }
    }
    visit(self)
    context.drawingView = nil
    return true
  }
}
