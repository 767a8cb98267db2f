// Marker icons as map plugins make them: decode the PNG the app ships, scale it into an image
// context, and hand the SDK the result. No Objective-C markers. Written for NavSim's client
// corpus.
import GoogleMaps
import UIKit

enum MarkerIconMaker {
  /// The icon in `data` scaled to `width` points, keeping its aspect ratio; nil when the data
  /// is not an image.
  static func icon(from data: Data, width: CGFloat) -> UIImage? {
    guard let image = UIImage(data: data), image.size.width > 0 else { return nil }
    let size = CGSize(width: width, height: image.size.height * width / image.size.width)
    UIGraphicsBeginImageContextWithOptions(size, false, 0)
    defer { UIGraphicsEndImageContext() }
    image.draw(in: CGRect(origin: .zero, size: size))
    return UIGraphicsGetImageFromCurrentImageContext()
  }

  /// A stop marker carrying its stop's id.
  @MainActor static func stopMarker(id: String, at position: CLLocationCoordinate2D, icon: UIImage?)
    -> GMSMarker
  {
    let marker = GMSMarker(position: position)
    marker.icon = icon
    marker.userData = id
    marker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    return marker
  }

  /// A colour that follows the trait collection, as plugins theme their markers.
  static let badgeColor = UIColor { traits in
    traits.userInterfaceStyle == .dark ? UIColor(white: 0.9, alpha: 1) : .darkGray
  }
}
