// A re-route: the driver leaves the route and the navigator finds a new one. With no router
// at hand, the new route is the old one with a detour: from where the driver left, a parallel
// road `detour / 2` metres to the right for up to 300 m, then back onto the old route.

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
      throw NavigatorError(source: "", "too close to the destination to re-route (\(Int(legEnd - distance)) m left)")
    }
    let start = distance
    let end = distance + length
    let offset = detour / 2
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
    let pieces = max(2, Int((length / 20).rounded(.up)))
    let departureIndex = newPoints.count
    add(coordinate(atDistance: start), segmentOf: startSegment)
    var detourPoints: [GeoCoordinate] = []
    for piece in 0...pieces {
      let along = start + length * Double(piece) / Double(pieces)
      let side = Geodesy.normalizedBearing(course(atDistance: along) + 90)
      detourPoints.append(Geodesy.destination(from: coordinate(atDistance: along), bearing: side, distance: offset))
    }
    for point in detourPoints { add(point, segmentOf: startSegment) }
    let rejoinIndex = newPoints.count
    add(coordinate(atDistance: end), segmentOf: startSegment)
    for index in (endSegment + 1)..<points.count where cumulativeDistance[index] > end + 0.01 {
      newIndex[index] = newPoints.count
      add(points[index], segmentOf: index - 1)
    }

    var cumulative = [0.0]
    for (a, b) in zip(newPoints, newPoints.dropFirst()) { cumulative.append(cumulative.last! + Geodesy.distance(a, b)) }
    let shift = cumulative[rejoinIndex] - end
    let map: @Sendable (Double) -> Double? = { old in
      old <= start ? old : old >= end ? old + shift : nil
    }

    // Steps: the old ones outside the detour, four turns around it.
    let currentRoad = steps[stepIndex(atDistance: start)].roadName
    let rejoinRoad = steps[stepIndex(atDistance: end)].roadName
    var newSteps = steps.filter { $0.distance <= start }.map { step -> RouteStep in
      RouteStep(maneuver: step.maneuver, roadName: step.roadName, distance: step.distance)
    }
    newSteps += [
      RouteStep(maneuver: "turn-right", roadName: "", distance: start),
      RouteStep(maneuver: "turn-left", roadName: "", distance: cumulative[departureIndex + 1]),
      RouteStep(maneuver: "turn-left", roadName: currentRoad, distance: cumulative[rejoinIndex - 1]),
      RouteStep(maneuver: "turn-right", roadName: rejoinRoad, distance: cumulative[rejoinIndex]),
    ]
    newSteps += steps.filter { $0.distance >= end }.map {
      RouteStep(maneuver: $0.maneuver, roadName: $0.roadName, distance: $0.distance + shift)
    }
    let newPOIs = pointsOfInterest.compactMap { point -> PointOfInterest? in
      guard let moved = map(point.distance) else { return nil }
      var copy = point
      copy.distance = moved
      return copy
    }
    let legEnds = legs.dropLast().compactMap { newIndex[$0.endPointIndex] }
    let speedHere = typicalSpeeds[startSegment] ?? speedLimits[startSegment] ?? Route.defaultCruiseSpeed
    let baseID = id.split(separator: "~").first.map(String.init) ?? id
    let route = try Route(
      id: "\(baseID)~reroute\(sequence)", name: name, points: newPoints, legEnds: legEnds,
      steps: newSteps, speedLimits: limits, typicalSpeeds: typical,
      expectedDuration: expectedDuration + shift / max(speedHere, 1), pointsOfInterest: newPOIs,
      hasTrafficData: hasTrafficData, alternateRoutes: alternateRoutes)
    return (route, map)
  }
}
