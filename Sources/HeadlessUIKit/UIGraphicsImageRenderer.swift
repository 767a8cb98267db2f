// Image rendering, headless: the renderer runs the app's drawing block (there is nothing to draw
// into) and returns an image of its size and scale, as UIKit's does - what marker icons and
// badges drawn in code need to be measured and laid out.

import Foundation

/// The scale and opacity of rendered images.
public final class UIGraphicsImageRendererFormat: NSObject {
  /// Pixels per point; default the main screen's (3).
  public var scale: CGFloat
  public var opaque = false

  override public init() {
    scale = 3
    super.init()
  }

  public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a drawing block gets: the format and what it drew (NavSim's: a test may read them).
///
/// `@unchecked Sendable`: bound task-locally for the duration of one `image(actions:)` call and
/// used by that call's code only.
public final class UIGraphicsImageRendererContext: NSObject, @unchecked Sendable {
  public let format: UIGraphicsImageRendererFormat
  /// The rectangles filled, in order.
  public private(set) var filledRects: [CGRect] = []
  /// The paths filled and stroked (`UIBezierPath.fill()` / `stroke()`), in order.
  public private(set) var drawnPaths: [DrawnPath] = []
  /// The images drawn (`UIImage.draw(in:)`), with their rectangles, in order.
  public private(set) var drawnImages: [(image: UIImage, rect: CGRect)] = []
  /// The Core Graphics context over this one (CGContext.swift), made on first use.
  var storedCGContext: CGContext?
  /// The view whose `draw(_:)` runs (`UIView.drawHierarchy`), by its debug name.
  var drawingView: String?

  /// A path drawn: how, its elements and line width, and the view that drew it.
  public struct DrawnPath: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case fill, stroke }
    public var kind: Kind
    public var elements: [UIBezierPath.Element]
    public var bounds: CGRect
    public var lineWidth: CGFloat
    /// The `layoutDebugName` of the view whose `draw(_:)` drew it; nil for the block's own.
    public var view: String?
  }

  /// The context of the drawing running now, if any.
  @TaskLocal static var current: UIGraphicsImageRendererContext?

  init(format: UIGraphicsImageRendererFormat) {
    self.format = format
    super.init()
  }

  public func fill(_ rect: CGRect) { filledRects.append(rect) }

  func recordImage(_ image: UIImage, in rect: CGRect) { drawnImages.append((image, rect)) }

  func record(_ kind: DrawnPath.Kind, _ path: UIBezierPath) {
    drawnPaths.append(
      DrawnPath(
        kind: kind, elements: path.elements, bounds: path.bounds, lineWidth: path.lineWidth,
        view: drawingView))
  }
}

/// Makes images of a fixed size by running drawing blocks.
public final class UIGraphicsImageRenderer: NSObject {
  public let format: UIGraphicsImageRendererFormat
  public let size: CGSize

  public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.size = size
    self.format = format
    super.init()
  }

  public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

  public convenience init(bounds: CGRect) { self.init(size: bounds.size) }

  /// Runs `actions` once and returns an image of the renderer's size and format's scale.
  public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let context = UIGraphicsImageRendererContext(format: format)
    UIGraphicsImageRendererContext.$current.withValue(context) { actions(context) }
    return UIImage(size: size, name: nil, scale: format.scale)
  }
}
