import CoreLocation
import Foundation
import HeadlessUIKit

// The map's drawing API under the SDK's names (GoogleMaps, "Shapes" and "Markers"): lines,
// areas and circles an app puts on the map with `overlay.map = mapView`. Nothing is drawn;
// the map view holds them in the order they were added and snapshots list them as data
// (`GMSMapView.overlaySnapshot`, docs/sdk-model.md, "Overlays").

/// How a stretch of a polyline is stroked: one colour or a gradient.
public final class GMSStrokeStyle: NSObject {
  public let fromColor: UIColor
  public let toColor: UIColor

  init(from: UIColor, to: UIColor) {
    fromColor = from
    toColor = to
    super.init()
  }

  public class func solidColor(_ color: UIColor) -> GMSStrokeStyle {
    GMSStrokeStyle(from: color, to: color)
  }

  public class func gradient(from fromColor: UIColor, to toColor: UIColor) -> GMSStrokeStyle {
    GMSStrokeStyle(from: fromColor, to: toColor)
  }
}

/// A style over a number of a polyline's segments (the SDK's default: 1).
public final class GMSStyleSpan: NSObject {
  public let style: GMSStrokeStyle
  public let segments: Double

  public init(style: GMSStrokeStyle, segments: Double) {
    self.style = style
    self.segments = segments
    super.init()
  }

  public convenience init(style: GMSStrokeStyle) { self.init(style: style, segments: 1) }
  public convenience init(color: UIColor) { self.init(style: .solidColor(color), segments: 1) }
  public convenience init(color: UIColor, segments: Double) {
    self.init(style: .solidColor(color), segments: segments)
  }
}

/// A line along a path (a route, a traveled track).
@preconcurrency @MainActor
open class GMSPolyline: GMSOverlay {
  public var path: GMSPath?
  /// In points. Default 1.
  public var strokeWidth: CGFloat = 1
  /// Default blue.
  public var strokeColor = UIColor.blue
  public var geodesic = false
  /// Styles along the line; nil: `strokeColor` throughout.
  public var spans: [GMSStyleSpan]?

  public init(path: GMSPath?) {
    self.path = path?.copy() as? GMSPath
    super.init()
  }

  override public convenience init() { self.init(path: nil) }
}

/// A closed area, optionally with holes.
@preconcurrency @MainActor
open class GMSPolygon: GMSOverlay {
  public var path: GMSPath?
  public var holes: [GMSPath]?
  /// In points. Default 1.
  public var strokeWidth: CGFloat = 1
  /// Default black.
  public var strokeColor: UIColor? = .black
  /// Default blue.
  public var fillColor: UIColor? = .blue
  public var geodesic = false

  public init(path: GMSPath?) {
    self.path = path?.copy() as? GMSPath
    super.init()
  }

  override public convenience init() { self.init(path: nil) }
}

/// A circle on the earth's surface.
@preconcurrency @MainActor
open class GMSCircle: GMSOverlay {
  public var position: CLLocationCoordinate2D
  /// In meters.
  public var radius: CLLocationDistance
  /// In points. Default 1.
  public var strokeWidth: CGFloat = 1
  /// Default black.
  public var strokeColor: UIColor? = .black
  /// Default none.
  public var fillColor: UIColor?

  public init(position: CLLocationCoordinate2D, radius: CLLocationDistance) {
    self.position = position
    self.radius = radius
    super.init()
  }

  override public convenience init() {
    self.init(position: kCLLocationCoordinate2DInvalid, radius: 0)
  }
}

/// How a marker appears when added.
public enum GMSMarkerAnimation: Int, Sendable {
  case none = 0
  case pop = 1
  case fadeIn = 2
}

extension GMSMapView {
  /// The marker whose info window shows; setting a marker that is not on this map selects
  /// nothing (as the SDK ignores it). Removing the marker from the map deselects it.
  public var selectedMarker: GMSMarker? {
    get { mapsState.selectedMarker.flatMap { $0.map === self ? $0 : nil } }
    set {
      guard let newValue else { return mapsState.selectedMarker = nil }
      guard newValue.map === self else { return }
      mapsState.selectedMarker = newValue
    }
  }
}

extension GMSCoordinateBounds {
  /// Whether the box holds any coordinate (`GMSCoordinateBounds()` holds none).
  public var isValid: Bool { CLLocationCoordinate2DIsValid(northEast) }

  /// The smallest box holding this one and `coordinate`.
  public func includingCoordinate(_ coordinate: CLLocationCoordinate2D) -> GMSCoordinateBounds {
    guard isValid else { return GMSCoordinateBounds(coordinate: coordinate, coordinate: coordinate) }
    return GMSCoordinateBounds(
      coordinate: CLLocationCoordinate2D(
        latitude: max(northEast.latitude, coordinate.latitude),
        longitude: max(northEast.longitude, coordinate.longitude)),
      coordinate: CLLocationCoordinate2D(
        latitude: min(southWest.latitude, coordinate.latitude),
        longitude: min(southWest.longitude, coordinate.longitude)))
  }

  /// The smallest box holding this one and `other`.
  public func includingBounds(_ other: GMSCoordinateBounds) -> GMSCoordinateBounds {
    guard other.isValid else { return self }
    return includingCoordinate(other.northEast).includingCoordinate(other.southWest)
  }

  /// The smallest box holding this one and every point of `path`.
  public func includingPath(_ path: GMSPath) -> GMSCoordinateBounds {
    path.coordinates.reduce(self) { $0.includingCoordinate($1) }
  }
}

extension GMSMapStyle {
  /// Swift's name for `styleWithJSONString:error:`. - Throws: when the text is not JSON.
  public convenience init(jsonString style: String) throws {
    _ = try JSONSerialization.jsonObject(with: Data(style.utf8))
    self.init(json: style)
  }

  /// Swift's name for `styleWithContentsOfFileURL:error:`. - Throws: when the file cannot be
  /// read or is not JSON.
  public convenience init(contentsOfFileURL fileURL: URL) throws {
    try self.init(jsonString: String(contentsOf: fileURL, encoding: .utf8))
  }
}

extension GMSMapView {
  /// The overlays as data for snapshots, one string each in the order they were added:
  /// `marker;at=LAT/LNG[;title=T][;selected]`, `polyline;points=N;width=W[;spans=N]`,
  /// `polygon;points=N[;holes=N]`, `circle;at=LAT/LNG;radius=R`, each with `;z=Z` when the
  /// z-index is not 0. Coordinates to 1e-5 degrees, lengths to 1/100. Empty without overlays,
  /// so snapshots of maps without any are unchanged.
  public var overlaySnapshot: [String] {
    overlays.map { overlay in
      var fields: [String]
      switch overlay {
      case let marker as GMSMarker:
        fields = ["marker", "at=" + Self.formatCoordinate(marker.position)]
        if let title = marker.title { fields.append("title=" + title) }
        if marker === selectedMarker { fields.append("selected") }
      case let line as GMSPolyline:
        fields = [
          "polyline", "points=\(line.path?.count() ?? 0)",
          "width=" + Self.formatLength(Double(line.strokeWidth)),
        ]
        if let spans = line.spans { fields.append("spans=\(spans.count)") }
      case let polygon as GMSPolygon:
        fields = ["polygon", "points=\(polygon.path?.count() ?? 0)"]
        if let holes = polygon.holes, !holes.isEmpty { fields.append("holes=\(holes.count)") }
      case let circle as GMSCircle:
        fields = [
          "circle", "at=" + Self.formatCoordinate(circle.position),
          "radius=" + Self.formatLength(circle.radius),
        ]
      default:
        fields = ["overlay"]
      }
      if overlay.zIndex != 0 { fields.append("z=\(overlay.zIndex)") }
      return fields.joined(separator: ";")
    }
  }

  private static func formatCoordinate(_ coordinate: CLLocationCoordinate2D) -> String {
    String(format: "%.5f/%.5f", coordinate.latitude, coordinate.longitude)
  }

  private static func formatLength(_ value: Double) -> String { String(format: "%.2f", value) }
}
