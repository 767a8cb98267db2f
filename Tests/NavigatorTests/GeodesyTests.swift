import XCTest

@testable import Navigator

/// Distances on the sphere against the WGS84 ellipsoid (GeographicLib's geodesic, computed
/// once offline): the spherical approximation stays within 0.5 %.
final class GeodesyTests: XCTestCase {
  /// (from, to, WGS84 geodesic distance in metres, initial azimuth in degrees).
  let references: [(GeoCoordinate, GeoCoordinate, Double, Double)] = [
    (
      .init(latitude: 48.8566, longitude: 2.3522), .init(latitude: 51.5074, longitude: -0.1278),
      343_923.120, -30.049
    ),
    (
      .init(latitude: 47.3769, longitude: 8.5417), .init(latitude: 47.3780, longitude: 8.5500),
      638.625, 78.957
    ),
    (
      .init(latitude: -33.8688, longitude: 151.2093),
      .init(latitude: -37.8136, longitude: 144.9631), 713_857.665, -129.597
    ),
    (.init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1), 111_319.491, 90),
    (
      .init(latitude: 59.4426, longitude: 24.7654), .init(latitude: 59.4522, longitude: 24.7300),
      2275.193, -61.947
    ),
  ]

  func testDistanceIsWithinHalfAPercentOfTheEllipsoid() {
    for (a, b, expected, _) in references {
      let distance = Geodesy.distance(a, b)
      XCTAssertEqual(distance / expected, 1, accuracy: 0.005, "\(a) -> \(b)")
      XCTAssertEqual(Geodesy.distance(b, a), distance, accuracy: 1e-6)
    }
  }

  func testBearingMatchesTheEllipsoidAzimuthToADegree() {
    for (a, b, _, azimuth) in references {
      let expected = Geodesy.normalizedBearing(azimuth)
      XCTAssertEqual(
        abs(Geodesy.turnAngle(from: expected, to: Geodesy.bearing(from: a, to: b))), 0,
        accuracy: 1, "\(a) -> \(b)")
    }
  }

  func testDestinationInvertsDistanceAndBearing() {
    let start = GeoCoordinate(latitude: 47.37, longitude: 8.54)
    for bearing in stride(from: 0.0, to: 360, by: 45) {
      let end = Geodesy.destination(from: start, bearing: bearing, distance: 1234)
      XCTAssertEqual(Geodesy.distance(start, end), 1234, accuracy: 0.01)
      XCTAssertEqual(
        abs(Geodesy.turnAngle(from: bearing, to: Geodesy.bearing(from: start, to: end))), 0,
        accuracy: 0.01)
    }
  }

  func testTurnAngleIsSignedAndWrapped() {
    XCTAssertEqual(Geodesy.turnAngle(from: 350, to: 20), 30)
    XCTAssertEqual(Geodesy.turnAngle(from: 20, to: 350), -30)
    XCTAssertEqual(Geodesy.turnAngle(from: 0, to: 180), 180)
    XCTAssertEqual(Geodesy.normalizedBearing(-90), 270)
  }
}
