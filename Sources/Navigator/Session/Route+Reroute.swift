// A re-route: the driver leaves the route and the navigator finds a new one. With no router
// at hand, the new route is the old one with a detour around a block: from where the driver
// left, right onto a side road, along a parallel road, and back onto the old route up to 300 m
// further on, the side roads as long as it takes to add `detour` metres.

extension Route {
  /// The route after leaving this one at `distance` with `detour` extra metres.
  /// - Parameter sequence: 1 for the first re-route of a trip, 2 for the second...
  /// - Returns: the new route and how distances on this route map onto it (nil for the part
  ///   the detour replaces).
  /// - Throws: `NavigatorError` (source empty) when the destination is too close.
  func rerouted(at distance: Double, detour: Double, sequence: Int) throws
    -> (route: Route, map: @Sendable (Double) -> Double?)
  {
    let legEnd = legs[legIndex(atDistance: distance)].endDistance
    let length = min(300, legEnd - distance - 50)
    guard length >= 50 else {
      throw NavigatorError(
        source: "", "too close to the destination to re-route (\(Int(legEnd - distance)) m left)")
    }
    let start = distance
    let end = distance + length
    let startSegment = segmentIndex(containing: start)
    let endSegment = segmentIndex(containing: end)

    // Geometry: the old points before `start`, the detour, the old points after `end`.
    var newPoints: [GeoCoordinate] = []
    var limits: [Double?] = []
    var typical: [Double?] = []
    var newIndex: [Int: Int] = [:]  // old point index -> new, for leg ends (lookups only)
    func add(_ point: GeoCoordinate, segmentOf oldSegment: Int) {
      if !newPoints.isEmpty {
        limits.append(speedLimits[oldSegment])
        typical.append(typicalSpeeds[oldSegment])
      }
      newPoints.append(point)
    }
    for index in 0...startSegment where cumulativeDistance[index] < start - 0.01 {
      newIndex[index] = newPoints.count
      add(points[index], segmentOf: max(0, index - 1))
    }
    let departure = coordinate(atDistance: start)
    let arrival = coordinate(atDistance: end)
    let rightOut = Geodesy.normalizedBearing(course(atDistance: start) + 90)
    let rightIn = Geodesy.normalizedBearing(course(atDistance: max(start, end - 1)) + 90)
    // Side roads of `offset` metres: the extra length is 2 * offset + |AB| - length, where the
    // parallel road AB depends on `offset` (by at most its factor |rightIn - rightOut| < 2, so
    // the fixed-point steps contract unless the old road turns right round).
    var offset = max(10, detour / 2)
    var corners = (
      GeoCoordinate(latitude: 0, longitude: 0), GeoCoordinate(latitude: 0, longitude: 0)
    )
    for _ in 0..<60 {
      corners = (
        Geodesy.destination(from: departure, bearing: rightOut, distance: offset),
        Geodesy.destination(from: arrival, bearing: rightIn, distance: offset)
      )
      let next = max(10, (detour + length - Geodesy.distance(corners.0, corners.1)) / 2)
      if abs(next - offset) < 0.01 { break }
      offset = next
    }
    let parallel = Geodesy.distance(corners.0, corners.1)
    let pieces = max(1, Int((parallel / 20).rounded(.up)))
    let detourPoints = (0...pieces).map { piece in
      Geodesy.interpolate(corners.0, corners.1, fraction: Double(piece) / Double(pieces))
    }
    let departureIndex = newPoints.count
    add(departure, segmentOf: startSegment)
    for point in detourPoints { add(point, segmentOf: startSegment) }
    let rejoinIndex = newPoints.count
    add(arrival, segmentOf: startSegment)
    for index in (endSegment + 1)..<points.count where cumulativeDistance[index] > end + 0.01 {
      newIndex[index] = newPoints.count
      add(points[index], segmentOf: index - 1)
    }

    var cumulative = [0.0]
    for (a, b) in zip(newPoints, newPoints.dropFirst()) {
      cumulative.append(cumulative.last! + Geodesy.distance(a, b))
    }
    let shift = cumulative[rejoinIndex] - end
    let map: @Sendable (Double) -> Double? = { old in
      old <= start ? old : old >= end ? old + shift : nil
    }

    // Steps: the old ones outside the detour, four turns around it.
    let currentRoad = steps[stepIndex(atDistance: start)].roadName
    let rejoinRoad = steps[stepIndex(atDistance: end)].roadName
    var newSteps = steps.filter { $0.distance <= start }
    newSteps += [
      RouteStep(maneuver: "turn-right", roadName: "", distance: start),
      RouteStep(maneuver: "turn-left", roadName: "", distance: cumulative[departureIndex + 1]),
      RouteStep(
        maneuver: "turn-left", roadName: currentRoad, distance: cumulative[rejoinIndex - 1]),
      RouteStep(maneuver: "turn-right", roadName: rejoinRoad, distance: cumulative[rejoinIndex]),
    ]
    newSteps += steps.filter { $0.distance >= end }.map { step in
      var moved = step
      moved.distance += shift
      return moved
    }
    let newPOIs = pointsOfInterest.compactMap { point -> PointOfInterest? in
      guard let moved = map(point.distance) else { return nil }
      var copy = point
      copy.distance = moved
      return copy
    }
    let legEnds = legs.dropLast().compactMap { newIndex[$0.endPointIndex] }
    let speedHere =
      typicalSpeeds[startSegment] ?? speedLimits[startSegment] ?? Route.defaultCruiseSpeed
    let baseID = id.split(separator: "~").first.map(String.init) ?? id
    let route = try Route(
      id: "\(baseID)~reroute\(sequence)", name: name, points: newPoints, legEnds: legEnds,
      steps: newSteps, speedLimits: limits, typicalSpeeds: typical,
      expectedDuration: expectedDuration + shift / max(speedHere, 1), pointsOfInterest: newPOIs,
      hasTrafficData: hasTrafficData, alternateRoutes: alternateRoutes, drivingSide: drivingSide)
    return (route, map)
  }
}
