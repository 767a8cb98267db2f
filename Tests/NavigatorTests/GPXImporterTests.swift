import TestSupport
import XCTest

@testable import Navigator

/// GPX import, on the real files in `shared/fixtures/routes` and small inline documents.
final class GPXImporterTests: XCTestCase {
  // MARK: - Real files

  func testTheGarminCarDriveIsATimedTrackReplayedAtItsOwnTiming() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(path: Fixtures.route("gpxpy-around-visnjan-with-car.gpx"))
    XCTAssertEqual(route.points.count, 104)
    let timing = try XCTUnwrap(route.timing)
    XCTAssertEqual(timing.times.first, 0)
    // 2020-12-18T06:15:50Z to 06:24:24Z.
    XCTAssertEqual(timing.times.last, 514)
    XCTAssertEqual(timing.startEpochSeconds, 1_608_272_150)
    XCTAssertEqual(
      route.points[0], GeoCoordinate(latitude: 45.2735188510, longitude: 13.7142099626))
    XCTAssertGreaterThan(route.totalDistance, 1000)
    XCTAssertEqual(route.expectedDuration, 514)
  }

  func testTheFirstTrackWithPointsIsUsedAndEmptyTracksAreSkipped() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(path: Fixtures.route("gpxpy-cerknicko-jezero.gpx"))
    XCTAssertEqual(route.points.count, 173)
    XCTAssertNotNil(route.timing)
  }

  func testARouteWithoutTimesIsSimulated() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(path: Fixtures.route("gpxpy-route.gpx"))
    XCTAssertEqual(route.points.count, 55)
    XCTAssertNil(route.timing)
    XCTAssertEqual(route.points[0], GeoCoordinate(latitude: 45.2787641494, longitude: 13.726695478))
    XCTAssertEqual(route.steps.first?.maneuver, "depart")
    XCTAssertEqual(route.steps.last?.maneuver, "arrive")
    XCTAssertGreaterThan(route.steps.count, 2, "turns derived from the geometry")
  }

  func testAllFieldsFilesFallBackToTheFirstRouteWhenTheTrackHasOnePoint() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    for file in ["gpxpy-gpx1.0_with_all_fields.gpx", "gpxpy-gpx1.1_with_all_fields.gpx"] {
      let route = try RouteFile.load(path: Fixtures.route(file))
      XCTAssertEqual(route.name, "example name", file)
      XCTAssertEqual(
        route.points,
        [
          .init(latitude: 10, longitude: 20), .init(latitude: 11, longitude: 21),
          .init(latitude: 12, longitude: 22),
        ],
        file)
      XCTAssertNil(route.timing, "only the first point has a time: \(file)")
    }
  }

  func testRecordedSpeedsAreKept() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(path: Fixtures.route("gpxpy-track_with_speed.gpx"))
    XCTAssertEqual(route.timing?.speeds, [1.2, 2.2, 3.2])
    XCTAssertEqual(route.timing?.times, [0, 6, 13])
  }

  func testSegmentsAreJoinedAndAnEmptySegmentIgnored() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(path: Fixtures.route("gpxpy-track-with-empty-segment.gpx"))
    XCTAssertGreaterThanOrEqual(route.points.count, 2)
    XCTAssertNotNil(route.timing)
  }

  func testAFileWithOnlyAWaypointIsRefused() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let path = Fixtures.route("gpxpy-unicode_with_bom.gpx")
    XCTAssertThrowsError(try RouteFile.load(path: path)) { error in
      XCTAssertEqual("\(error)", "\(path):2: no points to drive (no track or route point)")
    }
  }

  // MARK: - Versions and extensions

  func testGPX11GarminExtensionsGiveSpeedAndCourse() throws {
    let route = try gpx(
      """
      <gpx version="1.1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><trk><trkseg>
      <trkpt lat="1" lon="2"><time>2024-01-01T00:00:00Z</time><extensions><gpxtpx:TrackPointExtension>
        <gpxtpx:speed>4.5</gpxtpx:speed><gpxtpx:course>90</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>
      <trkpt lat="1" lon="2.001"><time>2024-01-01T00:00:02.5+00:00</time></trkpt>
      </trkseg></trk></gpx>
      """)
    XCTAssertEqual(route.timing?.speeds, [4.5, nil])
    XCTAssertEqual(route.timing?.courses, [90, nil])
    XCTAssertEqual(route.timing?.times, [0, 2.5])
  }

  func testEntitiesCDATAAndCommentsAreRead() throws {
    let route = try gpx(
      """
      <?xml version="1.0"?><!-- a comment --><gpx><rte><name>A &amp; B <![CDATA[<road>]]></name>
      <rtept lat='1' lon='2'/><rtept lat="1.001" lon="2"/></rte></gpx>
      """)
    XCTAssertEqual(route.name, "A & B <road>")
  }

  // MARK: - Bad input

  func testBadDocumentsAreRefusedWithTheirLine() {
    let cases: [(String, String)] = [
      (
        "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trkseg></trk></gpx>",
        "test.gpx:3: malformed XML: end tag </trkseg> does not match <trkpt> of line 2"
      ),
      ("", "test.gpx:1: malformed XML: no root element (the document is empty)"),
      ("<kml></kml>", "test.gpx:1: not a GPX document (the root element is <kml>)"),
      (
        "<gpx>\n<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>",
        "test.gpx:1: only one point: a track or route needs at least two"
      ),
      (
        "<gpx><rte>\n<rtept lat=\"nan\" lon=\"2\"/><rtept lat=\"1\" lon=\"2\"/></rte></gpx>",
        "test.gpx:2: <rtept> lat 'nan' is not a number"
      ),
      (
        "<gpx><rte>\n\n<rtept lat=\"1\" lon=\"200\"/><rtept lat=\"1\" lon=\"2\"/></rte></gpx>",
        "test.gpx:3: <rtept> longitude 200.0 is out of range -180...180"
      ),
      ("<gpx><rte><rtept lon=\"2\"/></rte></gpx>", "test.gpx:1: <rtept> has no lat"),
      (
        "<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:10Z</time></trkpt>\n"
          + "<trkpt lat=\"1\" lon=\"2.1\"><time>2024-01-01T00:00:05Z</time></trkpt></trkseg></trk></gpx>",
        "test.gpx:3: time is before the previous point's (line 2): timestamps decrease"
      ),
      (
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n<time>yesterday</time></trkpt></trkseg></trk></gpx>",
        "test.gpx:2: <time> 'yesterday' is not an ISO 8601 date-time"
      ),
      (
        "<gpx><rte><rtept lat=\"1\" lon=\"2\"/><rtept lat=\"1\" lon=\"2\"/></rte></gpx>",
        "test.gpx: the route has no length (all points coincide)"
      ),
    ]
    for (document, expected) in cases {
      XCTAssertThrowsError(try gpx(document), expected) { error in
        XCTAssertEqual("\(error)", expected)
      }
    }
  }

  private func gpx(_ text: String) throws -> Route {
    let route = try RouteFile.route(
      from: Array(text.utf8), format: .gpx, source: "test.gpx", name: "test")
    route._checkInvariants()
    return route
  }
}
