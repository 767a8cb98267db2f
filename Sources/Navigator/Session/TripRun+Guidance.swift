import SessionEvents

// The route as the navigator plans it, recorded before its `routeSet` (schema 4): for the first
// route the destinations (`waypoint`), then one `routeLeg` per leg and one `routeStep` per step
// (with a `stepDetail` for steps with an exit number or lanes), `routeStatus` OK, `routeSet`. A
// re-route records its new legs and steps; its destinations stay those of the first route.

extension TripRun {
  /// Leg paths keep the geometry within this many metres (Douglas-Peucker).
  static let legPathTolerance = 1.0

  /// Emits the current route and what the navigator knows of it, ending with its `routeSet`.
  /// - Parameter namingDestinations: true for the trip's first route: its destinations and
  ///   the route request's status are recorded too.
  mutating func emitRoute(at time: Int64, namingDestinations: Bool) throws {
    let route = self.route
    if namingDestinations {
      for (index, leg) in route.legs.enumerated() {
        let end = route.points[leg.endPointIndex]
        try emit(
          time,
          .waypoint(
            RecordedWaypoint(
              index: index, title: destinationTitle(index, on: route),
              latitude: rounded(end.latitude, 7), longitude: rounded(end.longitude, 7))))
      }
    }
    var legStart = 0
    for (index, leg) in route.legs.enumerated() {
      let end = route.points[leg.endPointIndex]
      let path = Self.simplified(Array(route.points[legStart...leg.endPointIndex]))
      try emit(
        time,
        .routeLeg(
          RecordedRouteLeg(
            index: index, latitude: rounded(end.latitude, 7), longitude: rounded(end.longitude, 7),
            drivingSide: route.drivingSide,
            path: path.map { PathPoint(latitude: $0.latitude, longitude: $0.longitude) })))
      legStart = leg.endPointIndex
    }
    for (index, step) in route.steps.enumerated() {
      let previous = index > 0 ? route.steps[index - 1].distance : step.distance
      try emit(
        time,
        .routeStep(
          RecordedStep(
            index: index, leg: legOfStep(step, on: route), maneuver: step.maneuver,
            roadName: step.roadName,
            instruction: step.instruction ?? Self.instruction(for: step),
            distanceFromPrevStep: rounded(step.distance - previous, 1),
            timeFromPrevStep: rounded(
              route.expectedTime(atDistance: step.distance)
                - route.expectedTime(atDistance: previous), 1),
            roundaboutTurnNumber: step.roundaboutExit ?? -1)))
      if step.exitNumber != nil || step.lanes != nil {
        try emit(
          time,
          .stepDetail(RecordedStepDetail(index: index, exitNumber: step.exitNumber, lanes: step.lanes)))
      }
    }
    if namingDestinations { try emit(time, .routeStatus(status: "OK")) }
    try emit(time, .routeSet(routeInfo))
  }

  /// The words for a step whose source gives none: NavSim's (`RecordedStep.instruction`),
  /// naming the exit at a roundabout and the road a trip departs on.
  static func instruction(for step: RouteStep) -> String {
    let road = step.roadName
    switch step.maneuver {
    case "depart": return road.isEmpty ? "Depart" : "Head along \(road)"
    case "roundabout" where step.roundaboutExit != nil:
      let exit = "At the roundabout, take exit \(step.roundaboutExit!)"
      return road.isEmpty ? exit : "\(exit) onto \(road)"
    default: return RecordedStep.instruction(maneuver: step.maneuver, road: road)
    }
  }

  /// The leg whose geometry a step's manoeuvre is on, as progress reports it: an arrival
  /// belongs to the leg it ends, any other step at a leg's end to the next leg.
  private func legOfStep(_ step: RouteStep, on route: Route) -> Int {
    if step.maneuver == "arrive" { return route.legIndex(atDistance: step.distance) }
    return route.legs.firstIndex { step.distance < $0.endDistance - 0.01 } ?? route.legs.count - 1
  }

  /// A destination's title: the road it lies on, else `Destination N`.
  private func destinationTitle(_ index: Int, on route: Route) -> String {
    let end = route.legs[index].endDistance
    let road = route.steps[route.stepIndex(atDistance: max(0, end - 0.01))].roadName
    return road.isEmpty ? "Destination \(index + 1)" : road
  }

  /// `points` without those within `legPathTolerance` of the line through their neighbours
  /// kept (Douglas-Peucker, iterative; distances in a local flat projection).
  /// - Complexity: O(n log n) typical, O(n^2) worst case.
  static func simplified(_ points: [GeoCoordinate]) -> [GeoCoordinate] {
    guard points.count > 2 else { return points }
    var keep = Array(repeating: false, count: points.count)
    keep[0] = true
    keep[points.count - 1] = true
    var ranges = [(0, points.count - 1)]
    while let (first, last) = ranges.popLast() {
      guard last > first + 1 else { continue }
      var farthest = first
      var distance = 0.0
      for index in (first + 1)..<last {
        let d = crossTrackDistance(points[index], from: points[first], to: points[last])
        if d > distance {
          distance = d
          farthest = index
        }
      }
      if distance > legPathTolerance {
        keep[farthest] = true
        ranges.append((first, farthest))
        ranges.append((farthest, last))
      }
    }
    return points.indices.filter { keep[$0] }.map { points[$0] }
  }

  /// Metres from `point` to the segment `a`-`b` (`PathPoint.offset(fromSegment:_:)`).
  static func crossTrackDistance(
    _ point: GeoCoordinate, from a: GeoCoordinate, to b: GeoCoordinate
  ) -> Double {
    func path(_ c: GeoCoordinate) -> PathPoint { PathPoint(latitude: c.latitude, longitude: c.longitude) }
    return path(point).offset(fromSegment: path(a), path(b)).distance
  }
}
