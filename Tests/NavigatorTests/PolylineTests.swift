import TestSupport
import XCTest

@testable import Navigator

final class PolylineTests: XCTestCase {
  /// The example of Google's "Encoded Polyline Algorithm Format" page.
  let googleExample = [
    GeoCoordinate(latitude: 38.5, longitude: -120.2),
    GeoCoordinate(latitude: 40.7, longitude: -120.95),
    GeoCoordinate(latitude: 43.252, longitude: -126.453),
  ]

  func testDecodesAndEncodesGooglesDocumentedExample() throws {
    let encoded = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
    XCTAssertEqual(Polyline.encode(googleExample, precision: 5), encoded)
    let decoded = try Polyline.decode(encoded, precision: 5)
    XCTAssertEqual(decoded.count, 3)
    for (a, b) in zip(decoded, googleExample) {
      XCTAssertEqual(a.latitude, b.latitude, accuracy: 1e-9)
      XCTAssertEqual(a.longitude, b.longitude, accuracy: 1e-9)
    }
  }

  func testPrecisionSixRoundTripsToAMicrodegree() throws {
    let points = [
      GeoCoordinate(latitude: 52.517033, longitude: 13.388798),
      GeoCoordinate(latitude: -33.123456, longitude: 151.000001),
      GeoCoordinate(latitude: 0.000001, longitude: -0.000001),
    ]
    let decoded = try Polyline.decode(Polyline.encode(points, precision: 6), precision: 6)
    for (a, b) in zip(decoded, points) {
      XCTAssertEqual(a.latitude, b.latitude, accuracy: 1e-9)
      XCTAssertEqual(a.longitude, b.longitude, accuracy: 1e-9)
    }
  }

  func testMalformedPolylinesNameTheCharacter() {
    XCTAssertThrowsError(try Polyline.decode("_p~iF~ps|U_ulL", precision: 5)) { error in
      XCTAssertEqual(
        (error as? Polyline.DecodingError)?.message, "a latitude without its longitude")
    }
    XCTAssertThrowsError(try Polyline.decode("_p~iF ~ps|U", precision: 5)) { error in
      XCTAssertEqual((error as? Polyline.DecodingError)?.offset, 5)
    }
    XCTAssertThrowsError(try Polyline.decode("_p~iF~ps|", precision: 5)) { error in
      XCTAssertEqual((error as? Polyline.DecodingError)?.message, "the last value is cut short")
    }
  }

  func testThePolyline6FixtureIsTheGeometryOfTheOSRMResponse() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let bare = try RouteFile.load(path: Fixtures.route("ferrostar-standard_osrm_route.polyline6"))
    let osrm = try RouteFile.load(
      path: Fixtures.route("ferrostar-standard_osrm_polyline6_response.json"))
    XCTAssertEqual(bare.points, osrm.points)
    XCTAssertEqual(bare.points.count, 18)
    XCTAssertEqual(bare.points[0], GeoCoordinate(latitude: 52.517033, longitude: 13.388798))
  }

  func testAPrecisionSixFileReadAsPrecisionFiveIsRefusedWithAHint() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let directory = TemporaryDirectory()
    let path = directory.file("route.polyline")
    let text = try String(
      contentsOfFile: Fixtures.route("ferrostar-standard_osrm_route.polyline6"), encoding: .utf8)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try RouteFile.load(path: path)) { error in
      let message = "\(error)"
      XCTAssertTrue(message.hasPrefix("\(path):1: point 0"), message)
      XCTAssertTrue(message.contains("precision-6"), message)
    }
    XCTAssertEqual(try RouteFile.load(path: path, precision: 6).points.count, 18)
  }
}
