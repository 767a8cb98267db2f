import CoreLocation
import Foundation
import HeadlessUIKit

// The GoogleMaps types navigation apps touch (navigation-sdk-api.md section 3b), under the
// SDK's names. Headless: there are no tiles, so styles, overlays and projections hold what
// apps give them and answer from plain geometry.

/// SDK-wide setup.
public final class GMSServices: NSObject {
  /// Accepts any non-empty key (nothing is checked: NavSim has no network).
  @discardableResult
  public class func provideAPIKey(_ APIKey: String) -> Bool { !APIKey.isEmpty }

  /// Accepted and ignored: NavSim reports nothing.
  public class func setAbnormalTerminationReportingEnabled(_ enabled: Bool) {}
}

/// The map's base layer.
public enum GMSMapViewType: UInt, Sendable {
  case normal = 1
  case satellite = 2
  case terrain = 3
  case hybrid = 4
  case none = 5
}

/// How often the map redraws.
public enum GMSFrameRate: Int, Sendable {
  case powerSave = 0
  case conservative = 1
  case maximum = 2
}

/// The lowest and highest zoom levels.
public let kGMSMinZoomLevel: Float = 2
public let kGMSMaxZoomLevel: Float = 21

/// An immutable camera: target, zoom, bearing and viewing angle.
open class GMSCameraPosition: NSObject, NSCopying, @unchecked Sendable {
  public let target: CLLocationCoordinate2D
  public let zoom: Float
  public let bearing: CLLocationDirection
  public let viewingAngle: Double

  public required init(
    target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection, viewingAngle: Double
  ) {
    self.target = target
    self.zoom = min(max(zoom, kGMSMinZoomLevel), kGMSMaxZoomLevel)
    self.bearing = bearing
    self.viewingAngle = viewingAngle
    super.init()
  }

  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float) {
    self.init(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: 0, viewingAngle: 0)
  }

  public convenience init(
    latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
    bearing: CLLocationDirection, viewingAngle: Double
  ) {
    self.init(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: bearing, viewingAngle: viewingAngle)
  }

  public class func camera(
    withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float
  ) -> Self {
    self.init(
      target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom,
      bearing: 0, viewingAngle: 0)
  }

  public class func camera(withTarget target: CLLocationCoordinate2D, zoom: Float) -> Self {
    self.init(target: target, zoom: zoom, bearing: 0, viewingAngle: 0)
  }

  open func copy(with zone: NSZone? = nil) -> Any { self }

  override open func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? GMSCameraPosition else { return false }
    return target.latitude == other.target.latitude && target.longitude == other.target.longitude
      && zoom == other.zoom && bearing == other.bearing && viewingAngle == other.viewingAngle
  }

  override open var hash: Int {
    var hasher = Hasher()
    hasher.combine(target.latitude)
    hasher.combine(target.longitude)
    hasher.combine(zoom)
    hasher.combine(bearing)
    hasher.combine(viewingAngle)
    return hasher.finalize()
  }
}

/// A latitude / longitude box.
open class GMSCoordinateBounds: NSObject {
  public let northEast: CLLocationCoordinate2D
  public let southWest: CLLocationCoordinate2D

  /// An empty box: it holds no coordinate until `includingCoordinate(_:)` grows it.
  override public init() {
    northEast = kCLLocationCoordinate2DInvalid
    southWest = kCLLocationCoordinate2DInvalid
    super.init()
  }

  /// The box spanned by two corners.
  public init(coordinate coord1: CLLocationCoordinate2D, coordinate coord2: CLLocationCoordinate2D) {
    northEast = CLLocationCoordinate2D(
      latitude: max(coord1.latitude, coord2.latitude),
      longitude: max(coord1.longitude, coord2.longitude))
    southWest = CLLocationCoordinate2D(
      latitude: min(coord1.latitude, coord2.latitude),
      longitude: min(coord1.longitude, coord2.longitude))
    super.init()
  }

  /// The box around a path.
  public convenience init(path: GMSPath) {
    let points = (0..<path.count()).map { path.coordinate(at: $0) }
    let first = points.first ?? kCLLocationCoordinate2DInvalid
    let lats = points.map(\.latitude), lngs = points.map(\.longitude)
    self.init(
      coordinate: CLLocationCoordinate2D(
        latitude: lats.max() ?? first.latitude, longitude: lngs.max() ?? first.longitude),
      coordinate: CLLocationCoordinate2D(
        latitude: lats.min() ?? first.latitude, longitude: lngs.min() ?? first.longitude))
  }

  /// Whether the box contains a coordinate.
  open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (southWest.latitude...northEast.latitude).contains(coordinate.latitude)
      && (southWest.longitude...northEast.longitude).contains(coordinate.longitude)
  }
}

/// Polyline geometry (route legs, the traveled path).
open class GMSPath: NSObject, NSCopying, NSMutableCopying {
  var coordinates: [CLLocationCoordinate2D]

  override public init() {
    coordinates = []
    super.init()
  }

  @_spi(Replay) public init(coordinates: [CLLocationCoordinate2D]) {
    self.coordinates = coordinates
    super.init()
  }

  /// A path from an encoded polyline (precision 5); nil when the text is malformed.
  public convenience init?(fromEncodedPath encodedPath: String) {
    guard let points = GMSPath.decodePolyline(encodedPath) else { return nil }
    self.init(coordinates: points)
  }

  open func count() -> UInt { UInt(coordinates.count) }

  /// The coordinate at `index`; `kCLLocationCoordinate2DInvalid` past the end.
  open func coordinate(at index: UInt) -> CLLocationCoordinate2D {
    index < count() ? coordinates[Int(index)] : kCLLocationCoordinate2DInvalid
  }

  /// The path as an encoded polyline (precision 5).
  open func encodedPath() -> String {
    var out = ""
    var previous = (lat: 0, lng: 0)
    for point in coordinates {
      let lat = Int((point.latitude * 1e5).rounded()), lng = Int((point.longitude * 1e5).rounded())
      for delta in [lat - previous.lat, lng - previous.lng] {
        var value = delta < 0 ? ~(delta << 1) : delta << 1
        while value >= 0x20 {
          out.unicodeScalars.append(Unicode.Scalar(UInt8((0x20 | (value & 0x1f)) + 63)))
          value >>= 5
        }
        out.unicodeScalars.append(Unicode.Scalar(UInt8(value + 63)))
      }
      previous = (lat, lng)
    }
    return out
  }

  static func decodePolyline(_ text: String) -> [CLLocationCoordinate2D]? {
    var points: [CLLocationCoordinate2D] = []
    var values: [Int] = []
    var current = 0, shift = 0
    for byte in text.utf8 {
      let chunk = Int(byte) - 63
      guard (0..<64).contains(chunk) else { return nil }
      current |= (chunk & 0x1f) << shift
      shift += 5
      if chunk < 0x20 {
        values.append(current & 1 != 0 ? ~(current >> 1) : current >> 1)
        current = 0
        shift = 0
      }
    }
    guard shift == 0, values.count.isMultiple(of: 2) else { return nil }
    var lat = 0, lng = 0
    for index in stride(from: 0, to: values.count, by: 2) {
      lat += values[index]
      lng += values[index + 1]
      points.append(CLLocationCoordinate2D(latitude: Double(lat) / 1e5, longitude: Double(lng) / 1e5))
    }
    return points
  }

  open func copy(with zone: NSZone? = nil) -> Any { GMSPath(coordinates: coordinates) }
  open func mutableCopy(with zone: NSZone? = nil) -> Any { GMSMutablePath(coordinates: coordinates) }
}

/// A path that can grow.
open class GMSMutablePath: GMSPath {
  override public init() { super.init() }
  @_spi(Replay) override public init(coordinates: [CLLocationCoordinate2D]) { super.init(coordinates: coordinates) }

  open func add(_ coord: CLLocationCoordinate2D) { coordinates.append(coord) }
  open func addLatitude(_ latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    coordinates.append(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
  }
  open func removeAllCoordinates() { coordinates.removeAll() }
}

/// A camera change: applied to a camera position by `animate(with:)` and `moveCamera(_:)`.
open class GMSCameraUpdate: NSObject {
  let apply: (GMSCameraPosition) -> GMSCameraPosition

  init(_ apply: @escaping (GMSCameraPosition) -> GMSCameraPosition) {
    self.apply = apply
    super.init()
  }

  public class func setCamera(_ camera: GMSCameraPosition) -> GMSCameraUpdate {
    GMSCameraUpdate { _ in camera }
  }

  public class func setTarget(_ target: CLLocationCoordinate2D) -> GMSCameraUpdate {
    GMSCameraUpdate {
      GMSCameraPosition(target: target, zoom: $0.zoom, bearing: $0.bearing, viewingAngle: $0.viewingAngle)
    }
  }

  public class func setTarget(_ target: CLLocationCoordinate2D, zoom: Float) -> GMSCameraUpdate {
    GMSCameraUpdate {
      GMSCameraPosition(target: target, zoom: zoom, bearing: $0.bearing, viewingAngle: $0.viewingAngle)
    }
  }

  /// Centres on the bounds (headless: the zoom is kept, there is no projection to fit to).
  public class func fit(_ bounds: GMSCoordinateBounds, withPadding padding: CGFloat) -> GMSCameraUpdate {
    GMSCameraUpdate {
      let centre = CLLocationCoordinate2D(
        latitude: (bounds.northEast.latitude + bounds.southWest.latitude) / 2,
        longitude: (bounds.northEast.longitude + bounds.southWest.longitude) / 2)
      return GMSCameraPosition(
        target: centre, zoom: $0.zoom, bearing: $0.bearing, viewingAngle: $0.viewingAngle)
    }
  }

  /// Headless: a scroll by points leaves the target where it is (there are no tiles).
  public class func scrollBy(x dX: CGFloat, y dY: CGFloat) -> GMSCameraUpdate {
    GMSCameraUpdate { $0 }
  }

  public class func zoom(by delta: Float) -> GMSCameraUpdate {
    GMSCameraUpdate {
      GMSCameraPosition(
        target: $0.target, zoom: $0.zoom + delta, bearing: $0.bearing, viewingAngle: $0.viewingAngle)
    }
  }

  public class func zoom(by zoom: Float, at point: CGPoint) -> GMSCameraUpdate {
    self.zoom(by: zoom)
  }

  public class func zoom(to zoom: Float) -> GMSCameraUpdate {
    GMSCameraUpdate {
      GMSCameraPosition(target: $0.target, zoom: zoom, bearing: $0.bearing, viewingAngle: $0.viewingAngle)
    }
  }

  public class func zoomIn() -> GMSCameraUpdate { zoom(by: 1) }
  public class func zoomOut() -> GMSCameraUpdate { zoom(by: -1) }
}

/// A map ID (cloud styling).
public final class GMSMapID: NSObject {
  public let identifier: String

  public init(identifier: String) {
    self.identifier = identifier
    super.init()
  }

  public class func mapID(withIdentifier identifier: String) -> Self { self.init(identifier: identifier) }
}

/// A JSON map style, kept as given.
public final class GMSMapStyle: NSObject {
  public let json: String

  init(json: String) {
    self.json = json
    super.init()
  }

  /// - Throws: when the text is not JSON.
  public class func style(withJSONString style: String) throws -> Self {
    _ = try JSONSerialization.jsonObject(with: Data(style.utf8))
    return self.init(json: style)
  }

  /// - Throws: when the file cannot be read or is not JSON.
  public class func style(withContentsOfFileURL fileURL: URL) throws -> Self {
    try style(withJSONString: String(contentsOf: fileURL, encoding: .utf8))
  }
}

/// Screen / coordinate conversion. Headless: an equirectangular projection around the
/// camera's target at the camera's zoom (256-point tiles).
@preconcurrency @MainActor
open class GMSProjection: NSObject {
  let camera: GMSCameraPosition
  let size: CGSize

  init(camera: GMSCameraPosition, size: CGSize) {
    self.camera = camera
    self.size = size
    super.init()
  }

  private var pointsPerDegree: Double { 256 * pow(2, Double(camera.zoom)) / 360 }

  open func point(for coordinate: CLLocationCoordinate2D) -> CGPoint {
    CGPoint(
      x: Double(size.width) / 2 + (coordinate.longitude - camera.target.longitude) * pointsPerDegree,
      y: Double(size.height) / 2 - (coordinate.latitude - camera.target.latitude) * pointsPerDegree)
  }

  open func coordinate(for point: CGPoint) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(
      latitude: camera.target.latitude - (Double(point.y) - Double(size.height) / 2) / pointsPerDegree,
      longitude: camera.target.longitude + (Double(point.x) - Double(size.width) / 2) / pointsPerDegree)
  }

  open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    let p = point(for: coordinate)
    return p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height
  }
}

/// Something drawn on the map (markers, polylines).
@preconcurrency @MainActor
open class GMSOverlay: NSObject {
  public var title: String?
  public var isTappable = true
  public var zIndex: Int32 = 0
  /// Whatever the app attaches (a stop's id, a model object); the SDK never reads it.
  public var userData: Any?
  /// The map it shows on; setting it adds it to (or removes it from) that map.
  public var map: GMSMapView? {
    didSet {
      guard oldValue !== map else { return }
      oldValue?.mapsState.overlays.removeAll { $0 === self }
      map?.mapsState.overlays.append(self)
    }
  }

  override public init() { super.init() }
}

/// A pin at a coordinate.
@preconcurrency @MainActor
open class GMSMarker: GMSOverlay {
  public var position: CLLocationCoordinate2D
  public var snippet: String?
  /// The pin's image; nil: the default red pin.
  public var icon: UIImage?
  /// A view shown instead of `icon`.
  public var iconView: UIView?
  /// The point of the icon on `position`, in unit coordinates. Default (0.5, 1).
  public var groundAnchor = CGPoint(x: 0.5, y: 1)
  public var infoWindowAnchor = CGPoint(x: 0.5, y: 0)
  public var appearAnimation = GMSMarkerAnimation.none
  public var isDraggable = false
  public var isFlat = false
  /// Clockwise, in degrees.
  public var rotation: CLLocationDegrees = 0
  public var opacity: Float = 1
  public var tracksViewChanges = true
  public var tracksInfoWindowChanges = false

  /// The default pin tinted `color` (nil: the default colour), 27 x 43 points.
  public class func markerImage(with color: UIColor?) -> UIImage {
    UIImage(size: CGSize(width: 27, height: 43), name: "marker:\(color?.description ?? "default")")
  }

  public init(position: CLLocationCoordinate2D) {
    self.position = position
    super.init()
  }

  override public convenience init() { self.init(position: kCLLocationCoordinate2DInvalid) }
}

/// The options a map view is built from.
@preconcurrency @MainActor
open class GMSMapViewOptions: NSObject {
  /// Default `.zero`.
  public var frame: CGRect = .zero
  public var camera: GMSCameraPosition?
  public var mapID: GMSMapID?
  public var backgroundColor: UIColor?
  /// The screen the map shows on; defaults to the main screen. A CarPlay screen makes a
  /// CarPlay map view, on which `setLayoutDelegate(_:)` throws.
  public var screen: UIScreen! = UIScreen.main

  override public init() { super.init() }
}

/// Map events. Every method has an empty default (the SDK's are optional).
@preconcurrency @MainActor
public protocol GMSMapViewDelegate: NSObjectProtocol {
  func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D)
  func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D)
  func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool
  func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker)
  func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay)
  func mapView(_ mapView: GMSMapView, willMove gesture: Bool)
  func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition)
  func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition)
  func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D)
  func didTapMyLocationButton(for mapView: GMSMapView) -> Bool
  /// A tap on a point of interest. Never called: replays have no taps and recordings carry
  /// none.
  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D)
}

extension GMSMapViewDelegate {
  public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {}
  public func mapView(_ mapView: GMSMapView, didLongPressAt coordinate: CLLocationCoordinate2D) {}
  public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { false }
  public func mapView(_ mapView: GMSMapView, didTapInfoWindowOf marker: GMSMarker) {}
  public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {}
  public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {}
  public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {}
  public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {}
  public func mapView(_ mapView: GMSMapView, didTapMyLocation location: CLLocationCoordinate2D) {}
  public func didTapMyLocationButton(for mapView: GMSMapView) -> Bool { false }
  public func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D
  ) {}
}

/// The GoogleMaps side of a map view, held by `GMSMapView.mapsState`.
@MainActor
final class GoogleMapsState {
  weak var delegate: (any GMSMapViewDelegate)?
  var camera = GMSCameraPosition(
    target: CLLocationCoordinate2D(latitude: 0, longitude: 0), zoom: 16, bearing: 0, viewingAngle: 0)
  /// `@exclusivity(unchecked)`: read for every replayed event's snapshot; only this module
  /// touches it.
  @exclusivity(unchecked) var overlays: [GMSOverlay] = []
  var mapType = GMSMapViewType.normal
  var isMyLocationEnabled = false
  var isTrafficEnabled = false
  var isBuildingsEnabled = true
  var isIndoorEnabled = true
  var minZoom = kGMSMinZoomLevel
  var maxZoom = kGMSMaxZoomLevel
  var mapStyle: GMSMapStyle?
  weak var selectedMarker: GMSMarker?
  let indoorDisplay = GMSIndoorDisplay()
  var cameraTargetBounds: GMSCoordinateBounds?
  var preferredFrameRate = GMSFrameRate.maximum
  var mapID: GMSMapID?
}
