import Foundation

/// A display: the device's own screen (`UIScreen.main`) or, for CarPlay, the car's.
///
/// Headless, NavSim has no real screens. `main` is an iPhone 15 in portrait (393 x 852 points,
/// scale 3) whatever the recording's device: layout code should size from the map view's
/// bounds, as the SDK's guides do. `carPlay(bounds:)` (NavSim's) stands for the screen of a
/// `CPWindow`: a map view made for it (`GMSMapViewOptions.screen`) is a CarPlay map.
@preconcurrency @MainActor
open class UIScreen: NSObject {
  /// The device's screen.
  public static let main = UIScreen(
    bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3, isCarPlay: false)

  /// The screen's bounds, in points.
  public let bounds: CGRect
  /// Pixels per point.
  public let scale: CGFloat
  /// Pixels per point of the physical display (the same as `scale` headless).
  public var nativeScale: CGFloat { scale }
  /// The bounds in pixels of the physical display, portrait-up.
  public var nativeBounds: CGRect {
    CGRect(
      x: 0, y: 0, width: min(bounds.width, bounds.height) * nativeScale,
      height: max(bounds.width, bounds.height) * nativeScale)
  }
  /// Whether this stands for a CarPlay screen (NavSim's).
  public let isCarPlay: Bool

  /// A CarPlay screen of the given size (NavSim's: on iOS, CarPlay hands out its screen).
  public static func carPlay(
    bounds: CGRect = CGRect(x: 0, y: 0, width: 800, height: 480), scale: CGFloat = 2
  ) -> UIScreen {
    UIScreen(bounds: bounds, scale: scale, isCarPlay: true)
  }

  init(bounds: CGRect, scale: CGFloat, isCarPlay: Bool) {
    self.bounds = bounds
    self.scale = scale
    self.isCarPlay = isCarPlay
    super.init()
  }
}
