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

/// What a drawing block gets: the format and the fills it made (NavSim's: a test may read them).
public final class UIGraphicsImageRendererContext: NSObject {
  public let format: UIGraphicsImageRendererFormat
  /// The rectangles filled, in order.
  public private(set) var filledRects: [CGRect] = []

  init(format: UIGraphicsImageRendererFormat) {
    self.format = format
    super.init()
  }

  public func fill(_ rect: CGRect) { filledRects.append(rect) }
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
    actions(context)
    return UIImage(size: size, name: nil, scale: format.scale)
  }
}
