import CoreLocation
import Foundation
import HeadlessUIKit

// The GoogleMaps basics of a map view (navigation-sdk-api.md section 3b) and its navigation
// objects (3a: navigator, road-snapped provider, simulator, sessions). Headless: the camera
// is a value the recording's camera events and the app both set; there are no tiles.

extension GMSMapView {
  // MARK: - Initializers

  /// A map built from options: frame, camera, map ID, background colour, screen (a CarPlay
  /// screen makes a CarPlay map view).
  public convenience init(options: GMSMapViewOptions) {
    self.init(frame: options.frame, profile: .default, isCarPlay: options.screen?.isCarPlay ?? false)
    if let camera = options.camera { self.camera = camera }
    mapsState.mapID = options.mapID
    if let color = options.backgroundColor { backgroundColor = color }
  }

  /// A map with a frame and a camera (the reference steers to `init(options:)`).
  public convenience init(frame: CGRect, camera: GMSCameraPosition) {
    self.init(frame: frame, profile: .default, isCarPlay: false)
    self.camera = camera
  }

  /// A map with a frame and a camera.
  public class func map(withFrame frame: CGRect, camera: GMSCameraPosition) -> Self {
    let map = GMSMapView(frame: frame, profile: .default, isCarPlay: false)
    map.camera = camera
    return map as! Self  // NavSim: on GMSMapView itself (subclasses use their own inits)
  }

  // MARK: - Navigation objects

  /// This map's location stream; nil before the terms are accepted.
  public var roadSnappedLocationProvider: GMSRoadSnappedLocationProvider? {
    navigator?.provider
  }

  /// This map's location simulator; nil before the terms are accepted.
  public var locationSimulator: GMSLocationSimulator? { navigator?.simulator }

  /// Binds a session to this map: the map's navigator, provider and simulator become the
  /// session's (its listeners hear this map's trip). False before the terms are accepted.
  @discardableResult
  public func enableNavigation(with navigationSession: GMSNavigationSession) -> Bool {
    guard layoutContext.termsAccepted else { return false }
    let navigator = navigationSession.sessionNavigator
    guard navigator !== sessionNavigator else { return true }
    navigator.trip = sessionNavigator.trip
    navigator.shouldDisplayPrompts = sessionNavigator.shouldDisplayPrompts
    sessionNavigator.mapView = nil
    sessionNavigator = navigator
    navigator.mapView = self
    return true
  }

  // MARK: - Delegate and camera

  /// Map events (weakly held).
  public var delegate: (any GMSMapViewDelegate)? {
    get { mapsState.delegate }
    set { mapsState.delegate = newValue }
  }

  /// The current camera. Recorded camera events set its bearing, tilt and zoom; its target
  /// follows the recorded position while the camera follows the vehicle. Assignment is
  /// instant (`mapView(_:didChange:)` and `idleAt` are called).
  public var camera: GMSCameraPosition {
    get {
      let target =
        cameraMode == .following ? (sessionNavigator.trip.location ?? mapsState.camera.target)
        : mapsState.camera.target
      return GMSCameraPosition(
        target: target, zoom: Float(cameraZoom), bearing: cameraBearing, viewingAngle: cameraTilt)
    }
    set {
      let zoom = min(max(newValue.zoom, mapsState.minZoom), mapsState.maxZoom)
      mapsState.camera = GMSCameraPosition(
        target: newValue.target, zoom: zoom, bearing: newValue.bearing,
        viewingAngle: newValue.viewingAngle)
      cameraZoom = Double(zoom)
      cameraBearing = newValue.bearing
      cameraTilt = newValue.viewingAngle
      let position = camera
      mapsState.delegate?.mapView(self, didChange: position)
      mapsState.delegate?.mapView(self, idleAt: position)
    }
  }

  /// Animated camera change (headless: applied at once, as the animation's end state).
  public func animate(to cameraPosition: GMSCameraPosition) { camera = cameraPosition }

  public func animate(toLocation location: CLLocationCoordinate2D) {
    animate(with: .setTarget(location))
  }

  public func animate(toZoom zoom: Float) { animate(with: .zoom(to: zoom)) }

  public func animate(toBearing bearing: CLLocationDirection) {
    let c = camera
    camera = GMSCameraPosition(
      target: c.target, zoom: c.zoom, bearing: bearing, viewingAngle: c.viewingAngle)
  }

  public func animate(toViewingAngle viewingAngle: Double) {
    let c = camera
    camera = GMSCameraPosition(
      target: c.target, zoom: c.zoom, bearing: c.bearing, viewingAngle: viewingAngle)
  }

  public func animate(with cameraUpdate: GMSCameraUpdate) { camera = cameraUpdate.apply(camera) }

  /// Instant camera update.
  public func moveCamera(_ update: GMSCameraUpdate) { camera = update.apply(camera) }

  // MARK: - Map options

  /// Show the blue dot. Default false.
  public var isMyLocationEnabled: Bool {
    get { mapsState.isMyLocationEnabled }
    set { mapsState.isMyLocationEnabled = newValue }
  }

  /// The last recorded device location, once `isMyLocationEnabled` and a position is known.
  public var myLocation: CLLocation? {
    guard isMyLocationEnabled, let here = sessionNavigator.trip.location else { return nil }
    return CLLocation(latitude: here.latitude, longitude: here.longitude)
  }

  /// Default `.normal`.
  public var mapType: GMSMapViewType {
    get { mapsState.mapType }
    set { mapsState.mapType = newValue }
  }

  /// Removes markers and other overlays.
  public func clear() {
    let overlays = mapsState.overlays
    for overlay in overlays { overlay.map = nil }
  }

  /// The overlays on this map, in the order they were added (NavSim: for tests).
  public var overlays: [GMSOverlay] { mapsState.overlays }

  /// Default false.
  public var isTrafficEnabled: Bool {
    get { mapsState.isTrafficEnabled }
    set { mapsState.isTrafficEnabled = newValue }
  }

  /// Default true.
  public var isBuildingsEnabled: Bool {
    get { mapsState.isBuildingsEnabled }
    set { mapsState.isBuildingsEnabled = newValue }
  }

  /// Default true.
  public var isIndoorEnabled: Bool {
    get { mapsState.isIndoorEnabled }
    set { mapsState.isIndoorEnabled = newValue }
  }

  public var minZoom: Float { mapsState.minZoom }
  public var maxZoom: Float { mapsState.maxZoom }

  /// Sets the zoom limits (clamped to `kGMSMinZoomLevel`...`kGMSMaxZoomLevel`; ignored when
  /// min > max) and clamps the camera's zoom.
  public func setMinZoom(_ minZoom: Float, maxZoom: Float) {
    guard minZoom <= maxZoom else { return }
    mapsState.minZoom = max(minZoom, kGMSMinZoomLevel)
    mapsState.maxZoom = min(maxZoom, kGMSMaxZoomLevel)
    cameraZoom = Double(min(max(Float(cameraZoom), mapsState.minZoom), mapsState.maxZoom))
  }

  public var mapStyle: GMSMapStyle? {
    get { mapsState.mapStyle }
    set { mapsState.mapStyle = newValue }
  }

  public var cameraTargetBounds: GMSCoordinateBounds? {
    get { mapsState.cameraTargetBounds }
    set { mapsState.cameraTargetBounds = newValue }
  }

  /// Screen / coordinate conversion for the current camera and size.
  public var projection: GMSProjection { GMSProjection(camera: camera, size: bounds.size) }

  /// Default `.maximum`.
  public var preferredFrameRate: GMSFrameRate {
    get { mapsState.preferredFrameRate }
    set { mapsState.preferredFrameRate = newValue }
  }
}
