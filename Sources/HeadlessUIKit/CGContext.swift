// `UIGraphicsGetCurrentContext()` and the Core Graphics calls marker-drawing code makes on it.
// Nothing is painted: fills and strokes are recorded in the image context they draw into
// (`UIGraphicsImageRendererContext.filledRects` / `drawnPaths`), as `UIBezierPath`'s are.

import Foundation

/// How `drawPath(using:)` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable {
  case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// A drawing context over one image context: a current path, colours and a line width.
public final class CGContext {
  let target: UIGraphicsImageRendererContext
  private var path = UIBezierPath()
  private var state = GraphicsState()
  private var saved: [GraphicsState] = []

  /// The fill / stroke colours and line width, saved and restored together.
  public struct GraphicsState {
    public var fillColor: CGColor?
    public var strokeColor: CGColor?
    public var lineWidth: CGFloat = 1
  }

  init(target: UIGraphicsImageRendererContext) { self.target = target }

  /// The current colours and line width.
  public var graphicsState: GraphicsState { state }

  public func setFillColor(_ color: CGColor) { state.fillColor = color }
  public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
  public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
  public func saveGState() { saved.append(state) }
  public func restoreGState() { state = saved.popLast() ?? state }

  public func move(to point: CGPoint) { path.move(to: point) }
  public func addLine(to point: CGPoint) { path.addLine(to: point) }
  public func addRect(_ rect: CGRect) { path.append(UIBezierPath(rect: rect)) }
  public func addEllipse(in rect: CGRect) { path.append(UIBezierPath(ovalIn: rect)) }
  public func closePath() { path.close() }

  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    // Core Graphics' `clockwise` is in its flipped space: UIKit's opposite.
    path.addArc(
      withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: !clockwise)
  }

  /// Paints the current path and starts a new one.
  public func drawPath(using mode: CGPathDrawingMode) {
    path.lineWidth = state.lineWidth
    if mode != .stroke { target.record(.fill, path) }
    if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke {
      target.record(.stroke, path)
    }
    path = UIBezierPath()
  }

  public func fillPath() { drawPath(using: .fill) }
  public func strokePath() { drawPath(using: .stroke) }

  public func fill(_ rect: CGRect) { target.fill(rect) }

  public func stroke(_ rect: CGRect) {
    addRect(rect)
    strokePath()
  }

  public func fillEllipse(in rect: CGRect) {
    addEllipse(in: rect)
    fillPath()
  }

  public func strokeEllipse(in rect: CGRect) {
    addEllipse(in: rect)
    strokePath()
  }
}

extension UIGraphicsImageRendererContext {
  /// The Core Graphics context over this image context.
  public var cgContext: CGContext {
    if let storedCGContext { return storedCGContext }
    let context = CGContext(target: self)
    storedCGContext = context
    return context
  }
}

/// The context drawing goes to now (a renderer block's or the innermost begun image
/// context), nil when none is open.
public func UIGraphicsGetCurrentContext() -> CGContext? {
  UIGraphicsImageRendererContext.drawing?.cgContext
}
