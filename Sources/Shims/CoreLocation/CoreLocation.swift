// CoreLocation's subset that the Navigation SDK's API uses (navigation-sdk-api.md section 20),
// under Apple's names, so app files that `import CoreLocation` compile on Linux unchanged.
// Built on Linux only: on Apple platforms the system framework is used instead.
import Foundation
import HeadlessUIKit

// MARK: - Scalars

/// Latitude or longitude, in degrees.
public typealias CLLocationDegrees = Double
/// A distance, in metres.
public typealias CLLocationDistance = Double
/// A speed, in metres per second.
public typealias CLLocationSpeed = Double
/// A direction, in degrees clockwise from true north.
public typealias CLLocationDirection = Double
/// An accuracy, in metres.
public typealias CLLocationAccuracy = Double

/// Accuracy requests for `CLLocationManager.desiredAccuracy` (Apple's values).
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000

/// The largest distance: `GMSNavigator` reports it when there is no route.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// The largest time interval: `GMSNavigator` reports it when there is no route.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

// MARK: - Coordinates

/// A latitude / longitude pair. As on Apple platforms it is not `Equatable`: apps that need
/// it add the conformance themselves.
public struct CLLocationCoordinate2D: Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees

  public init() {
    latitude = 0
    longitude = 0
  }

  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The invalid coordinate (-180, -180).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether a coordinate lies within [-90, 90] x [-180, 180].
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
  (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

/// A coordinate from its latitude and longitude.
public func CLLocationCoordinate2DMake(
  _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
  CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

// MARK: - Locations

/// A location fix: coordinate, altitude, accuracies, course, speed and time. Unknown course,
/// speed and accuracies are -1, as on Apple platforms.
open class CLLocation: NSObject, @unchecked Sendable {
  public let coordinate: CLLocationCoordinate2D
  public let altitude: CLLocationDistance
  public let horizontalAccuracy: CLLocationAccuracy
  public let verticalAccuracy: CLLocationAccuracy
  public let course: CLLocationDirection
  public let courseAccuracy: CLLocationDirection
  public let speed: CLLocationSpeed
  public let speedAccuracy: CLLocationSpeed
  public let timestamp: Date

  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, courseAccuracy: CLLocationDirection,
    speed: CLLocationSpeed, speedAccuracy: CLLocationSpeed, timestamp: Date
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    horizontalAccuracy = hAccuracy
    verticalAccuracy = vAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.timestamp = timestamp
    super.init()
  }

  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: -1, speed: speed,
      speedAccuracy: -1, timestamp: timestamp)
  }

  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy,
    timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: -1, speed: -1, timestamp: timestamp)
  }

  /// A fix at a coordinate, now being the reference date (NavSim has no wall clock).
  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.init(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
      horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date(timeIntervalSinceReferenceDate: 0))
  }

  /// The great-circle distance to another location, in metres (haversine on a sphere of
  /// WGS84's mean radius; Apple's is ellipsoidal, within 0.5 %).
  public func distance(from location: CLLocation) -> CLLocationDistance {
    let radius = 6_371_008.8
    let phi1 = coordinate.latitude * .pi / 180
    let phi2 = location.coordinate.latitude * .pi / 180
    let dPhi = phi2 - phi1
    let dLambda = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
    let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * radius * asin(min(1, h.squareRoot()))
  }

  override open var description: String {
    "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m speed \(speed) mps course \(course)"
  }
}

// MARK: - Permissions

/// The app's permission to use location services.
public enum CLAuthorizationStatus: Int32, Sendable {
  case notDetermined = 0
  case restricted = 1
  case denied = 2
  case authorizedAlways = 3
  case authorizedWhenInUse = 4
}

/// Whether the app may read precise locations (iOS 14+).
public enum CLAccuracyAuthorization: Int, Sendable {
  case fullAccuracy = 0
  case reducedAccuracy = 1
}

/// Receives authorization changes. Every method has an empty default (Apple's are optional).
public protocol CLLocationManagerDelegate: NSObjectProtocol {
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
}

extension CLLocationManagerDelegate {
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
  public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
}

/// Location permissions. Headless: a request is granted at once (the replay stands for a
/// device whose user said yes) and the delegate hears of it. As on iOS the permission is the
/// app's, not a manager's: a manager made after another one's request reads it too. Each replay
/// is an app of its own (the permission lives in its `LayoutContext`): every replay starts
/// `notDetermined`, so its request is granted and its delegate called, whatever a replay before
/// it in the same process asked; code outside any replay shares the process's default.
open class CLLocationManager: NSObject {
  public weak var delegate: (any CLLocationManagerDelegate)?
  /// The app's permission, shared by every manager (as the system keeps it per app).
  public var authorizationStatus: CLAuthorizationStatus {
    Self.appAuthorization.withLock { $0 }
  }
  /// The permission of the running replay's app (of the bound context).
  private static var appAuthorization: AppAuthorization {
    LayoutContext.currentEnvironment.value(AppAuthorization.self) { AppAuthorization() }
  }
  /// Precise locations: granted headless, as the permission is.
  public var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }
  /// The last fix this manager received: always nil, because NavSim's managers receive none
  /// (a replay drives the SDK's road-snapped provider, not CoreLocation).
  public var location: CLLocation? { nil }
  /// Default `kCLLocationAccuracyBest`, as on iOS.
  public var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
  public var distanceFilter: CLLocationDistance = -1
  public var allowsBackgroundLocationUpdates = false

  override public init() { super.init() }

  /// Whether location services are on: always, headless.
  open class func locationServicesEnabled() -> Bool { true }

  open func requestWhenInUseAuthorization() {
    let granted = Self.appAuthorization.withLock { status in
      guard status == .notDetermined else { return false }
      status = .authorizedWhenInUse
      return true
    }
    if granted { delegate?.locationManagerDidChangeAuthorization(self) }
  }

  open func requestAlwaysAuthorization() {
    let granted = Self.appAuthorization.withLock { status in
      guard status != .authorizedAlways else { return false }
      status = .authorizedAlways
      return true
    }
    if granted { delegate?.locationManagerDidChangeAuthorization(self) }
  }

  open func startUpdatingLocation() {}
  open func stopUpdatingLocation() {}
}

/// The app-wide location permission behind every `CLLocationManager`, behind a lock: one per
/// replay (`LayoutContext.environment`).
final class AppAuthorization: @unchecked Sendable {
  private let lock = NSLock()
  private var status = CLAuthorizationStatus.notDetermined

  func withLock<T>(_ body: (inout CLAuthorizationStatus) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&status)
  }
}
