import Foundation
import SessionEvents
import TextBytes

// OSRM route responses, and the OSRM-compatible output of Valhalla and Mapbox: the first of
// `routes[]`, its geometry (encoded polyline or GeoJSON LineString), `legs[].steps[]` with their
// manoeuvres and road names, and `legs[].annotation.maxspeed` / `.speed` where present.

/// Reads a route from an OSRM-shaped JSON document.
public enum OSRMImporter {
  /// The first route of an OSRM response (or a bare route object).
  ///
  /// A polyline geometry's precision is `precision` when given; otherwise the precision (6 or 5)
  /// whose first point lies nearest the first waypoint or manoeuvre, or whose length is nearest
  /// the route's `distance`.
  /// - Throws: `NavigatorError` naming the file, line and key for malformed JSON, a missing or
  ///   malformed geometry, a response whose `code` is not `Ok`, or annotations that do not match
  ///   the geometry.
  public static func route(fromJSON bytes: [UInt8], source: String, name: String, precision: Int?)
    throws -> Route
  {
    let root = try JSONNode.parse(bytes, source: source)
    if let code = root.member("code"), let text = code.value.stringValue, text != "Ok" {
      let message = root.member("message")?.value.stringValue.map { ": \($0)" } ?? ""
      throw code.error("the response's code is '\(text)'\(message)")
    }
    let route: JSONNode
    var alternates = 0
    if let routes = root.member("routes") {
      let all = try routes.elements()
      guard let first = all.first else { throw routes.error("no route in the response") }
      route = first
      alternates = all.count - 1
    } else if root.member("geometry") != nil {
      route = root
    } else {
      throw root.error("not an OSRM route: no 'routes' or 'geometry' key")
    }
    let legs = try route.member("legs")?.elements() ?? []
    let reference = try referenceLocation(root: root, legs: legs)
    let distance = try route.member("distance")?.double()
    let points = try geometry(
      try route.required("geometry"), precision: precision, reference: reference, distance: distance
    )
    guard points.count >= 2 else {
      throw try route.required("geometry").error(
        points.isEmpty
          ? "no points to drive (the geometry is empty)"
          : "only one point: a route needs at least two")
    }
    let legEnds = try legBoundaries(
      legs, points: points, waypoints: try root.member("waypoints")?.elements() ?? [])
    let limits = try annotations(
      legs, key: "maxspeed", legEnds: legEnds, points: points, read: speedLimit)
    let typical = try annotations(legs, key: "speed", legEnds: legEnds, points: points) { node in
      let value = try node.double()
      return value > 0 ? value : nil
    }
    let steps = try routeSteps(legs, points: points, legEnds: legEnds)
    let firstStep = try legs.first?.member("steps")?.elements().first
    let side = try firstStep?.member("driving_side")?.string()
    do {
      return try Route(
        id: RouteIdentity.id(kind: "osrm", name: name, points: points), name: name,
        points: points, legEnds: legEnds, steps: steps, speedLimits: limits,
        typicalSpeeds: typical, expectedDuration: try route.member("duration")?.double(),
        alternateRoutes: alternates, drivingSide: side == "left" ? .left : .right)
    } catch let error as NavigatorError {
      throw error.located(in: source)
    }
  }

  // MARK: - Geometry

  private static func geometry(
    _ node: JSONNode, precision: Int?, reference: GeoCoordinate?, distance: Double?
  ) throws -> [GeoCoordinate] {
    if node.value.objectMembers != nil {
      let type = try node.required("type").string()
      guard type == "LineString" else {
        throw node.error("GeoJSON type '\(type)' is not a LineString")
      }
      return try node.required("coordinates").elements().map { try location($0) }
    }
    let encoded = try node.string()
    let candidates = precision.map { [$0] } ?? [6, 5]
    var decoded: [(precision: Int, points: [GeoCoordinate])] = []
    var firstError: Polyline.DecodingError?
    for candidate in candidates {
      do {
        let points = try Polyline.decode(encoded, precision: candidate)
        if points.allSatisfy(\.isValid) || precision != nil { decoded.append((candidate, points)) }
      } catch let error as Polyline.DecodingError {
        firstError = firstError ?? error
      }
    }
    if let firstError, decoded.isEmpty {
      throw node.error(
        "malformed polyline at character \(firstError.offset): \(firstError.message)")
    }
    guard !decoded.isEmpty else {
      throw node.error("the polyline decodes to coordinates out of range at precision 5 and 6")
    }
    let best = decoded.min { a, b in
      score(a.points, reference: reference, distance: distance)
        < score(b.points, reference: reference, distance: distance)
    }!
    if let bad = best.points.firstIndex(where: { !$0.isValid }) {
      throw node.error(
        "point \(bad) \(best.points[bad]) is out of range at precision \(best.precision)")
    }
    return best.points
  }

  /// How badly decoded points fit what else the response says (lower is better).
  private static func score(_ points: [GeoCoordinate], reference: GeoCoordinate?, distance: Double?)
    -> Double
  {
    guard let first = points.first else { return .infinity }
    if let reference { return Geodesy.distance(first, reference) }
    if let distance, distance > 0 {
      var length = 0.0
      for (a, b) in zip(points, points.dropFirst()) { length += Geodesy.distance(a, b) }
      return abs(log2(max(length, 1e-3) / distance))
    }
    return 0
  }

  /// The first waypoint's or manoeuvre's location, to tell polyline precisions apart.
  private static func referenceLocation(root: JSONNode, legs: [JSONNode]) throws -> GeoCoordinate? {
    if let waypoint = try root.member("waypoints")?.elements().first,
      let location = waypoint.member("location")
    {
      return try self.location(location)
    }
    if let step = try legs.first?.member("steps")?.elements().first,
      let location = step.member("maneuver")?.member("location")
    {
      return try self.location(location)
    }
    return nil
  }

  /// A `[longitude, latitude]` pair.
  private static func location(_ node: JSONNode) throws -> GeoCoordinate {
    let values = try node.elements()
    guard values.count >= 2 else { throw node.error("expected [longitude, latitude]") }
    let coordinate = GeoCoordinate(
      latitude: try values[1].double(in: -90...90), longitude: try values[0].double(in: -180...180))
    return coordinate
  }

  // MARK: - Legs

  /// The point index where each leg ends: from the annotation counts when present, else from
  /// the waypoints, else from the legs' distances.
  private static func legBoundaries(
    _ legs: [JSONNode], points: [GeoCoordinate], waypoints: [JSONNode]
  )
    throws -> [Int]
  {
    guard legs.count > 1 else { return [] }
    let counts = try legs.map { try $0.member("annotation")?.member("maxspeed")?.elements().count }
    if counts.allSatisfy({ $0 != nil }) {
      var end = 0
      return counts.map { count in
        end += count!
        return end
      }
    }
    if waypoints.count == legs.count + 1 {
      var start = 0
      var ends: [Int] = []
      for waypoint in waypoints.dropFirst() {
        let target = try location(try waypoint.required("location"))
        start = nearestPoint(to: target, in: points, from: start, to: points.count - 1)
        ends.append(start)
      }
      return ends
    }
    var cumulative = [0.0]
    for (a, b) in zip(points, points.dropFirst()) {
      cumulative.append(cumulative.last! + Geodesy.distance(a, b))
    }
    var travelled = 0.0
    return try legs.map { leg in
      travelled += try leg.required("distance").double()
      return cumulative.indices.min {
        abs(cumulative[$0] - travelled) < abs(cumulative[$1] - travelled)
      }!
    }
  }

  /// Per-segment values of `legs[].annotation[key]`, or empty when no leg has them.
  private static func annotations(
    _ legs: [JSONNode], key: String, legEnds: [Int], points: [GeoCoordinate],
    read: (JSONNode) throws -> Double?
  ) throws -> [Double?] {
    let arrays = legs.map { $0.member("annotation")?.member(key) }
    guard arrays.contains(where: { $0 != nil }) else { return [] }
    var values: [Double?] = []
    for (index, array) in arrays.enumerated() {
      guard let array else { throw legs[index].error("annotation '\(key)' is missing on this leg") }
      values += try array.elements().map(read)
    }
    guard values.count == points.count - 1 else {
      throw arrays.last!!.error(
        "\(values.count) '\(key)' values for \(points.count - 1) segments of the geometry")
    }
    return values
  }

  /// A `maxspeed` entry: `{"speed": 50, "unit": "km/h"}` in m/s; `{"unknown": true}` and
  /// `{"none": true}` (no posted limit) are both reported as an unknown limit.
  private static func speedLimit(_ node: JSONNode) throws -> Double? {
    guard let speed = node.member("speed") else { return nil }
    let value = try speed.double(in: 0...1000)
    switch node.member("unit")?.value.stringValue ?? "km/h" {
    case "km/h": return value / 3.6
    case "mph": return value * 0.44704
    case let unit: throw node.error("unknown speed unit \(unit.visiblyQuoted)")
    }
  }

  // MARK: - Steps

  private static func routeSteps(_ legs: [JSONNode], points: [GeoCoordinate], legEnds: [Int]) throws
    -> [RouteStep]
  {
    var cumulative = [0.0]
    for (a, b) in zip(points, points.dropFirst()) {
      cumulative.append(cumulative.last! + Geodesy.distance(a, b))
    }
    let ends = legEnds + [points.count - 1]
    var steps: [RouteStep] = []
    var searchFrom = 0
    for (legIndex, leg) in legs.enumerated() {
      let legEnd = legIndex < ends.count ? ends[legIndex] : points.count - 1
      for step in try leg.member("steps")?.elements() ?? [] {
        let maneuver = try step.required("maneuver")
        let target = try location(try maneuver.required("location"))
        searchFrom = nearestPoint(
          to: target, in: points, from: searchFrom, to: max(searchFrom, legEnd))
        var roadName = try step.member("name")?.string() ?? ""
        if roadName.isEmpty, let ref = step.member("ref")?.value.stringValue { roadName = ref }
        let type = try maneuver.required("type").string()
        let exit = ["roundabout", "rotary", "roundabout turn"].contains(type)
          ? try maneuver.member("exit").map { try $0.int(in: 1...1000) } : nil
        steps.append(
          RouteStep(
            maneuver: try maneuverName(maneuver), roadName: roadName,
            distance: cumulative[searchFrom],
            instruction: try maneuver.member("instruction")?.string(), roundaboutExit: exit,
            exitNumber: try step.member("exits")?.string(), lanes: try lanes(of: step)))
      }
      searchFrom = max(searchFrom, legEnd)
    }
    return steps
  }

  /// The first lanes listed among a step's intersections: each lane's `indications` as lane
  /// shapes, recommended when the lane is `active` (Mapbox) or, without that key, `valid`.
  private static func lanes(of step: JSONNode) throws -> [RecordedLane]? {
    for intersection in try step.member("intersections")?.elements() ?? [] {
      guard let lanes = intersection.member("lanes") else { continue }
      return try lanes.elements().map { lane in
        let recommended = try (lane.member("active") ?? lane.member("valid"))?.bool() ?? false
        let shapes: [LaneShape] = try lane.member("indications")?.elements().map { indication in
          let text = try indication.string()
          guard let shape = laneShapes[text] else {
            throw indication.error("unknown lane indication \(text.visiblyQuoted)")
          }
          return shape as LaneShape
        } ?? []
        return RecordedLane(
          (shapes.isEmpty ? [LaneShape.unknown] : shapes).map {
            RecordedLaneDirection($0, recommended: recommended)
          })
      }
    }
    return nil
  }

  /// OSRM's lane indications. A `uturn` lane is drawn turning towards the road's middle: left in
  /// right-hand traffic (NavSim does not tell the sides apart here).
  private static let laneShapes: [String: LaneShape] = [
    "none": .unknown, "uturn": .uTurnLeft, "sharp right": .sharpRight, "right": .normalRight,
    "slight right": .slightRight, "straight": .straight, "slight left": .slightLeft,
    "left": .normalLeft, "sharp left": .sharpLeft,
  ]

  /// `turn` + `slight left` gives `turn-slight-left`; `depart`, `arrive`, `roundabout`...
  private static func maneuverName(_ maneuver: JSONNode) throws -> String {
    var words = try maneuver.required("type").string()
    if let modifier = maneuver.member("modifier")?.value.stringValue, !modifier.isEmpty,
      words != "depart", words != "arrive"
    {
      words += " " + modifier
    }
    return words.split(separator: " ").joined(separator: "-")
  }

  /// The index in `from...to` of the point nearest `target` (the first of equals).
  private static func nearestPoint(
    to target: GeoCoordinate, in points: [GeoCoordinate], from: Int, to: Int
  )
    -> Int
  {
    var best = from
    var bestDistance = Double.infinity
    for index in from...max(from, min(to, points.count - 1)) {
      let distance = Geodesy.distance(points[index], target)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }
}
