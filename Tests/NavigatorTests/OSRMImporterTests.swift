import SessionEvents
import TestSupport
import XCTest

@testable import Navigator

/// OSRM-shaped JSON (OSRM, Valhalla, Mapbox), on the real responses and inline documents.
final class OSRMImporterTests: XCTestCase {
  // MARK: - Real files

  func testValhallaStepsManoeuvresNamesAndLimits() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(path: Fixtures.route("ferrostar-valhalla_osrm_response.json"))
    XCTAssertEqual(route.points.count, 140, "precision 6 detected")
    XCTAssertEqual(route.steps.count, 23)
    XCTAssertEqual(route.steps.first?.maneuver, "depart")
    XCTAssertEqual(route.steps[1].maneuver, "turn-left")
    XCTAssertEqual(route.steps[2].roadName, "Laeva")
    XCTAssertEqual(route.steps[3].maneuver, "turn-slight-right")
    XCTAssertEqual(route.steps[5].maneuver, "new-name-straight")
    XCTAssertEqual(route.steps.last?.maneuver, "arrive")
    XCTAssertEqual(route.steps.last?.roadName, "Peetri")
    XCTAssertEqual(route.steps.last?.distance, route.totalDistance)
    XCTAssertEqual(route.steps.map(\.distance), route.steps.map(\.distance).sorted())
    // The route reports 2604.35 m.
    XCTAssertEqual(route.totalDistance / 2604.35, 1, accuracy: 0.005)
    XCTAssertEqual(route.expectedDuration, 2007.289, accuracy: 1e-6)
    XCTAssertEqual(route.speedLimits.count, 139)
    let known = route.speedLimits.compactMap { $0 }
    XCTAssertFalse(known.isEmpty)
    XCTAssertLessThan(known.count, 139, "some segments have no limit data")
    XCTAssertEqual(route.speedLimits[7]!, 30 / 3.6, accuracy: 1e-9)
    XCTAssertNil(route.speedLimits[0])
  }

  func testRoundaboutsAndTwoLegs() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(
      path: Fixtures.route("ferrostar-valhalla_osrm_with_roundabouts.json"))
    XCTAssertEqual(route.points.count, 182)
    XCTAssertEqual(route.legs.count, 2)
    XCTAssertEqual(route.legs[0].endDistance / 2064.338, 1, accuracy: 0.01)
    let maneuvers = route.steps.map(\.maneuver)
    XCTAssertTrue(maneuvers.contains("roundabout-left"), "\(maneuvers)")
    XCTAssertTrue(maneuvers.contains("exit-roundabout-left"), "\(maneuvers)")
    XCTAssertTrue(maneuvers.contains("off-ramp-slight-left"), "\(maneuvers)")
    XCTAssertEqual(route.steps.count, 12)
    XCTAssertTrue(route.speedLimits.allSatisfy { $0 == nil }, "no annotations in this file")
  }

  func testInstructionsExitsLanesAndDrivingSideAreRead() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let manchester = try RouteFile.load(
      path: Fixtures.route("ferrostar-valhalla_osrm_with_roundabouts.json"))
    XCTAssertEqual(manchester.drivingSide, .left)
    let roundabout = try XCTUnwrap(manchester.steps.first { $0.maneuver == "roundabout-left" })
    XCTAssertEqual(roundabout.roundaboutExit, 1)
    XCTAssertEqual(
      roundabout.instruction,
      "Enter the roundabout and take the 1st exit onto University Road West.")
    XCTAssertEqual(manchester.steps.filter { $0.maneuver.hasPrefix("roundabout") }.map(\.roundaboutExit), [1, 4])
    let withLanes = manchester.steps.filter { $0.lanes != nil }
    XCTAssertEqual(withLanes.map(\.maneuver), ["fork-slight-right"])
    XCTAssertEqual(
      withLanes.first?.lanes,
      Array(repeating: RecordedLane([RecordedLaneDirection(.straight, recommended: true)]), count: 3))
    XCTAssertTrue(manchester.steps.allSatisfy { $0.exitNumber == nil })
    let tallinn = try RouteFile.load(path: Fixtures.route("ferrostar-valhalla_osrm_response.json"))
    XCTAssertEqual(tallinn.drivingSide, .right)
    XCTAssertEqual(tallinn.steps[1].instruction, "Turn left onto the walkway.")
    XCTAssertTrue(tallinn.steps.allSatisfy { $0.lanes == nil && $0.roundaboutExit == nil })
  }

  func testInlineLanesExitsAndBadIndications() throws {
    func route(_ step: String) throws -> Route {
      let json = #"{"routes":[{"geometry":{"type":"LineString","coordinates":[[8.5,47.3],[8.51,47.3]]},"legs":[{"steps":["#
        + step + #"]}]}]}"#
      return try OSRMImporter.route(fromJSON: Array(json.utf8), source: "r.json", name: "r", precision: nil)
    }
    let exit = try route(
      #"{"maneuver":{"type":"off ramp","modifier":"slight right","location":[8.505,47.3]},"#
        + #""name":"A1","exits":"12A","driving_side":"right","intersections":[{"location":[8.505,47.3]},"#
        + #"{"location":[8.506,47.3],"lanes":[{"indications":["left","straight"],"valid":true,"active":false},"#
        + #"{"indications":["slight right"],"valid":true,"active":true},{"indications":[],"valid":false}]}]}"#)
    let step = try XCTUnwrap(exit.steps.first { $0.maneuver == "off-ramp-slight-right" })
    XCTAssertEqual(step.exitNumber, "12A")
    XCTAssertEqual(
      step.lanes,
      [
        RecordedLane([RecordedLaneDirection(.normalLeft), RecordedLaneDirection(.straight)]),
        RecordedLane([RecordedLaneDirection(.slightRight, recommended: true)]),
        RecordedLane([RecordedLaneDirection(.unknown)]),
      ])
    XCTAssertNil(step.instruction)
    XCTAssertThrowsError(
      try route(
        #"{"maneuver":{"type":"turn","modifier":"left","location":[8.505,47.3]},"#
          + #""intersections":[{"location":[8.505,47.3],"lanes":[{"indications":["sideways"]}]}]}"#)
    ) { error in
      XCTAssertTrue("\(error)".contains("unknown lane indication \"sideways\""), "\(error)")
    }
  }

  func testLegsWithoutStepsAreSplitAtTheWaypoints() throws {
    try XCTSkipUnless(Fixtures.hasShared, Fixtures.sharedMissingReason)
    let route = try RouteFile.load(
      path: Fixtures.route("ferrostar-standard_osrm_polyline6_response.json"))
    XCTAssertEqual(route.legs.count, 2)
    let waypoint = GeoCoordinate(latitude: 52.529432, longitude: 13.39763)
    XCTAssertLessThan(Geodesy.distance(route.points[route.legs[0].endPointIndex], waypoint), 10)
    XCTAssertEqual(route.totalDistance / 4731.8, 1, accuracy: 0.005)
    XCTAssertEqual(route.expectedDuration, 630.7, accuracy: 0.01)
    XCTAssertEqual(route.steps.first?.maneuver, "depart")
    XCTAssertEqual(route.steps.last?.maneuver, "arrive")
  }

  // MARK: - Shapes

  func testPrecisionFiveIsDetectedFromTheWaypoint() throws {
    let points = [
      GeoCoordinate(latitude: 1.5, longitude: 2.5), GeoCoordinate(latitude: 1.51, longitude: 2.52),
    ]
    let json = """
      {"code":"Ok","routes":[{"geometry":"\(Polyline.encode(points, precision: 5))","legs":[{"steps":[]}]}],
       "waypoints":[{"location":[2.5,1.5]},{"location":[2.52,1.51]}]}
      """
    let route = try osrm(json)
    XCTAssertEqual(route.points[1].latitude, 1.51, accuracy: 1e-9)
    XCTAssertEqual(try osrm(json, precision: 6).points[1].latitude, 0.151, accuracy: 1e-9)
  }

  func testGeoJSONGeometryAndMaxspeedUnits() throws {
    let json = """
      {"routes":[{"geometry":{"type":"LineString","coordinates":[[2.5,1.5],[2.5,1.51],[2.51,1.51]]},
        "legs":[{"annotation":{"maxspeed":[{"speed":30,"unit":"mph"},{"none":true}],"speed":[10,0]},
        "steps":[{"maneuver":{"type":"depart","location":[2.5,1.5]},"name":"Main"},
                 {"maneuver":{"type":"turn","modifier":"right","location":[2.5,1.51]},"name":"","ref":"B 27"},
                 {"maneuver":{"type":"arrive","location":[2.51,1.51]},"name":"B 27"}]}]},
        {"geometry":"??","legs":[]}]}
      """
    let route = try osrm(json)
    XCTAssertEqual(route.points.count, 3)
    XCTAssertEqual(route.speedLimits[0]!, 30 * 0.44704, accuracy: 1e-9)
    XCTAssertNil(route.speedLimits[1], "no posted limit is reported as unknown")
    XCTAssertEqual(route.typicalSpeeds, [10, nil])
    XCTAssertEqual(route.steps.map(\.roadName), ["Main", "B 27", "B 27"])
    XCTAssertEqual(route.steps[1].maneuver, "turn-right")
    XCTAssertEqual(route.steps[1].turnAngle, 90, accuracy: 2)
    XCTAssertEqual(route.alternateRoutes, 1)
  }

  // MARK: - Bad input

  func testBadResponsesAreRefusedWithLineAndKey() {
    let cases: [(String, String)] = [
      (
        "{\"code\":\"NoRoute\",\"message\":\"Impossible route\"}",
        "r.json:1: code: the response's code is 'NoRoute': Impossible route"
      ),
      ("{\n\"routes\": [\n]}", "r.json:2: routes: no route in the response"),
      ("{\"routes\":[{\n\"legs\":[]}]}", "r.json:1: routes[0]: missing key 'geometry'"),
      (
        "{\"routes\":[{\"geometry\":\"\"}]}",
        "r.json:1: routes[0].geometry: no points to drive (the geometry is empty)"
      ),
      (
        "{\"routes\":[{\"geometry\":\"_p~iF~ps|U\"}]}",
        "r.json:1: routes[0].geometry: only one point: a route needs at least two"
      ),
      (
        "{\"routes\":[{\"geometry\":\"_p~iF~ps|U_ulL\"}]}",
        "r.json:1: routes[0].geometry: malformed polyline at character 14: a latitude without its longitude"
      ),
      (
        "{\"routes\":[{\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[1,2],\n[1,95]]}}]}",
        "r.json:2: routes[0].geometry.coordinates[1][1]: 95.0 is out of range -90.0...90.0"
      ),
      ("{\"routes\": [1, 2,]}", "r.json:1: malformed JSON at column 18: unexpected character ']'"),
      ("", "r.json:1: malformed JSON at column 1: unexpected end of text"),
      (
        "{\"type\":\"FeatureCollection\"}",
        "r.json:1: not an OSRM route: no 'routes' or 'geometry' key"
      ),
      (
        "{\"routes\":[{\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[1,2],[1,3]]},\n\"legs\":[{\"annotation\":{\"maxspeed\":[{\"speed\":50},{\"speed\":50}]}}]}]}",
        "r.json:2: routes[0].legs[0].annotation.maxspeed: 2 'maxspeed' values for 1 segments of the geometry"
      ),
    ]
    for (document, expected) in cases {
      XCTAssertThrowsError(try osrm(document), expected) { error in
        XCTAssertEqual("\(error)", expected)
      }
    }
  }

  private func osrm(_ text: String, precision: Int? = nil) throws -> Route {
    let route = try RouteFile.route(
      from: Array(text.utf8), format: .osrmJSON, source: "r.json", name: "r", precision: precision)
    route._checkInvariants()
    return route
  }
}
