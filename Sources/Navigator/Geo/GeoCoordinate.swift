// Geodesy on a sphere: WGS84's mean radius, haversine distances and initial bearings.
//
// The sphere approximation is within 0.5 % of the ellipsoidal (Vincenty) distance anywhere on
// Earth, and far closer than that along a road, which is all a navigator needs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point on Earth in degrees (WGS84 latitude and longitude).
public struct GeoCoordinate: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// True when both values are finite and in range (latitude -90...90, longitude -180...180).
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
  }

  public var description: String { "(\(latitude), \(longitude))" }
}

/// Spherical-Earth geodesy.
public enum Geodesy {
  /// The WGS84 mean radius R1 = (2a + b) / 3, in metres.
  public static let earthRadius = 6_371_008.8

  // MARK: - Distance and bearing

  /// The great-circle distance between two points, in metres (haversine formula).
  public static func distance(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Double {
    let phi1 = radians(a.latitude)
    let phi2 = radians(b.latitude)
    let dPhi = phi2 - phi1
    let dLambda = radians(b.longitude - a.longitude)
    let h =
      sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
  }

  /// The initial bearing from `a` towards `b`, in degrees clockwise from north (0..<360).
  public static func bearing(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
    let phi1 = radians(a.latitude)
    let phi2 = radians(b.latitude)
    let dLambda = radians(b.longitude - a.longitude)
    let y = sin(dLambda) * cos(phi2)
    let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
    return normalizedBearing(degrees(atan2(y, x)))
  }

  /// The point reached from `start` after `distance` metres on `bearing` degrees.
  public static func destination(from start: GeoCoordinate, bearing: Double, distance: Double)
    -> GeoCoordinate
  {
    let delta = distance / earthRadius
    let theta = radians(bearing)
    let phi1 = radians(start.latitude)
    let lambda1 = radians(start.longitude)
    let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
    let lambda2 =
      lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
    var longitude = degrees(lambda2)
    if longitude > 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    return GeoCoordinate(latitude: degrees(phi2), longitude: longitude)
  }

  /// The point at `fraction` (0...1) of the way from `a` to `b`, linear in degrees.
  ///
  /// Route segments are at most a few kilometres long, where linear interpolation is well
  /// inside a metre of the great circle.
  public static func interpolate(_ a: GeoCoordinate, _ b: GeoCoordinate, fraction: Double)
    -> GeoCoordinate
  {
    GeoCoordinate(
      latitude: a.latitude + (b.latitude - a.latitude) * fraction,
      longitude: a.longitude + (b.longitude - a.longitude) * fraction)
  }

  // MARK: - Angles

  /// The signed change of heading from `from` to `to`, in degrees (-180...180, + is right).
  public static func turnAngle(from: Double, to: Double) -> Double {
    var delta = (to - from).truncatingRemainder(dividingBy: 360)
    if delta > 180 { delta -= 360 }
    if delta <= -180 { delta += 360 }
    return delta
  }

  /// `bearing` brought into 0..<360.
  public static func normalizedBearing(_ bearing: Double) -> Double {
    let value = bearing.truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }

  static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
  static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
