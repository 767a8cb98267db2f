import SessionEvents

// Synthetic routes drawn like a turtle: roads of given lengths joined by turns, each with a
// posted limit, points of interest placed along them.

/// A route described as roads joined by turns.
struct RouteSketch {
  /// One road: the turn onto it, its name, length and limit.
  struct Road {
    /// Signed heading change onto the road in degrees (+ is right); 0 for the first road.
    var turn: Double
    var name: String
    /// Metres.
    var length: Double
    /// Posted limit in km/h; nil where the map has no limit data.
    var limit: Double?
    /// The manoeuvre's name when not derived from the turn (`roundabout`, `on-ramp-right`...).
    var maneuver: String?
    /// A gentle curve along the road, degrees of heading change spread over its length.
    var curve: Double = 0
    /// The road ends at a destination (a leg boundary).
    var waypoint = false
    /// The lanes at the manoeuvre onto the road, in `RecordedStepDetail.lanesText`'s form.
    var lanes: String?
    /// The number of the exit onto the road (a motorway exit).
    var exit: String?
    /// Which exit of a roundabout leads onto the road.
    var roundaboutExit: Int?
  }

  /// A point of interest on road `road`, `offset` metres after the road starts.
  struct Point {
    var road: Int
    var offset: Double
    var kind: PromptKind
    var text: String
  }

  var name: String
  var start: GeoCoordinate
  var heading: Double
  var roads: [Road]
  var points: [Point] = []
  /// Distance between generated points on a straight road, metres.
  var spacing = 25.0
  /// Turning radius at junctions, metres.
  var turnRadius = 12.0

  /// Draws the route.
  /// - Complexity: O(total length / spacing).
  func makeRoute() -> Route {
    var coordinates = [start]
    var limits: [Double?] = []
    var steps: [RouteStep] = []
    var legEnds: [Int] = []
    var roadStarts: [Double] = []
    var heading = self.heading
    var travelled = 0.0

    func move(_ distance: Double, limit: Double?) {
      let next = Geodesy.destination(
        from: coordinates[coordinates.count - 1], bearing: heading, distance: distance)
      coordinates.append(next)
      limits.append(limit.map { $0 / 3.6 })
      travelled += distance
    }

    for (index, road) in roads.enumerated() {
      let limit = road.limit
      if index > 0 && road.turn != 0 {
        // A circular arc of `turnRadius` through the junction, in 15-degree pieces.
        let pieces = max(1, Int((abs(road.turn) / 15).rounded(.up)))
        let arc = abs(road.turn) * .pi / 180 * turnRadius
        for _ in 0..<pieces {
          heading = Geodesy.normalizedBearing(heading + road.turn / Double(pieces) / 2)
          move(arc / Double(pieces), limit: limit)
          heading = Geodesy.normalizedBearing(heading + road.turn / Double(pieces) / 2)
        }
      }
      let maneuver =
        index == 0
        ? "depart"
        : road.maneuver
          ?? (abs(road.turn) < Route.maneuverThreshold
            ? "continue" : Route.maneuverName(forTurn: road.turn))
      let stepDistance =
        index > 0 && road.turn != 0
        ? travelled - abs(road.turn) * .pi / 180 * turnRadius / 2 : travelled
      // The sketches are written by hand and tested: their lane texts always read.
      let lanes = road.lanes.flatMap { try! RecordedStepDetail.lanes(fromText: $0).get() }
      steps.append(
        RouteStep(
          maneuver: maneuver, roadName: road.name, distance: stepDistance,
          roundaboutExit: road.roundaboutExit, exitNumber: road.exit, lanes: lanes))
      roadStarts.append(travelled)
      let count = max(1, Int((road.length / spacing).rounded(.up)))
      for _ in 0..<count {
        heading = Geodesy.normalizedBearing(heading + road.curve / Double(count))
        move(road.length / Double(count), limit: limit)
      }
      if road.waypoint && index < roads.count - 1 { legEnds.append(coordinates.count - 1) }
    }
    steps.append(
      RouteStep(maneuver: "arrive", roadName: roads.last?.name ?? "", distance: travelled))
    let placed = points.enumerated().map { offset, point in
      PointOfInterest(
        kind: point.kind, text: point.text, distance: roadStarts[point.road] + point.offset)
    }
    // The sketch is valid by construction (it is tested for every built-in route).
    return try! Route(
      id: RouteIdentity.id(kind: "builtin", name: name, points: coordinates), name: name,
      points: coordinates, legEnds: legEnds, steps: steps, speedLimits: limits,
      pointsOfInterest: placed, hasTrafficData: true)
  }
}
