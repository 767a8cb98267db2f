// Queries along a route by distance: position, heading, limits, legs and expected time.

// MARK: - Cursor

extension Route {
  /// A position along a route that moves forward cheaply: seeks are amortised O(1) when the
  /// distance grows a little at a time, as a vehicle's does.
  public struct Cursor: Sendable {
    /// The segment the distance falls in: between `points[segment]` and `points[segment + 1]`.
    public private(set) var segment = 0
    public private(set) var distance = 0.0

    public init() {}

    /// Moves to `distance` metres along `route` (clamped to the route).
    /// - Complexity: O(segments crossed); O(log n) when moving backwards.
    public mutating func seek(_ distance: Double, on route: Route) {
      let clamped = min(max(0, distance), route.totalDistance)
      let cumulative = route.cumulativeDistance
      if clamped < cumulative[segment] {
        segment = max(0, route.segmentIndex(containing: clamped))
      }
      let lastSegment = cumulative.count - 2
      while segment < lastSegment && cumulative[segment + 1] <= clamped { segment += 1 }
      self.distance = clamped
    }
  }

  /// The segment containing `distance` (the last one whose start is at or before it).
  /// - Complexity: O(log n).
  public func segmentIndex(containing distance: Double) -> Int {
    var low = 0
    var high = cumulativeDistance.count - 1
    while low + 1 < high {
      let middle = (low + high) / 2
      if cumulativeDistance[middle] <= distance { low = middle } else { high = middle }
    }
    return min(low, cumulativeDistance.count - 2)
  }

  // MARK: - Position and heading

  /// The coordinate at the cursor.
  public func coordinate(at cursor: Cursor) -> GeoCoordinate {
    let start = cumulativeDistance[cursor.segment]
    let length = cumulativeDistance[cursor.segment + 1] - start
    let fraction = length > 0 ? (cursor.distance - start) / length : 0
    return Geodesy.interpolate(
      points[cursor.segment], points[cursor.segment + 1], fraction: fraction)
  }

  /// The coordinate `distance` metres along the route.
  public func coordinate(atDistance distance: Double) -> GeoCoordinate {
    var cursor = Cursor()
    cursor.seek(distance, on: self)
    return coordinate(at: cursor)
  }

  /// The course at `distance`: the bearing of the first segment of non-zero length at or after
  /// it (or before it, at the very end), in degrees.
  public func course(atDistance distance: Double) -> Double {
    var index = segmentIndex(containing: distance)
    while index < points.count - 2 && cumulativeDistance[index + 1] - cumulativeDistance[index] <= 0
    {
      index += 1
    }
    while index > 0 && cumulativeDistance[index + 1] - cumulativeDistance[index] <= 0 { index -= 1 }
    return Geodesy.bearing(from: points[index], to: points[index + 1])
  }

  /// The signed heading change at `distance` in degrees (+ is right): between the route's
  /// heading `span` metres before it and `span` metres after it, each measured over 10 m, so
  /// a turn drawn as an arc shorter than `2 * span` counts whole and GPS noise is smoothed.
  public func turnAngle(at distance: Double, span: Double = 25) -> Double {
    guard distance > 0.1, distance < totalDistance - 0.1 else { return 0 }
    let inEnd = max(0, distance - span)
    let outStart = min(totalDistance, distance + span)
    let inStart = coordinate(atDistance: max(0, inEnd - 10))
    let inEndPoint = coordinate(atDistance: inEnd)
    let outStartPoint = coordinate(atDistance: outStart)
    let outEnd = coordinate(atDistance: min(totalDistance, outStart + 10))
    guard Geodesy.distance(inStart, inEndPoint) > 1, Geodesy.distance(outStartPoint, outEnd) > 1
    else { return 0 }
    return Geodesy.turnAngle(
      from: Geodesy.bearing(from: inStart, to: inEndPoint),
      to: Geodesy.bearing(from: outStartPoint, to: outEnd))
  }

  // MARK: - Legs, steps, time

  /// The index of the leg that `distance` belongs to (a leg's end belongs to it).
  public func legIndex(atDistance distance: Double) -> Int {
    legs.firstIndex { distance <= $0.endDistance + 1e-9 } ?? legs.count - 1
  }

  /// The index of the step the vehicle is on at `distance`: the last whose manoeuvre is at or
  /// behind it. The final `arrive` step counts only once the end is reached.
  public func stepIndex(atDistance distance: Double) -> Int {
    var low = 0
    var high = steps.count
    while low + 1 < high {
      let middle = (low + high) / 2
      if steps[middle].distance <= distance { low = middle } else { high = middle }
    }
    return low
  }

  /// The router's expected seconds from the start to `distance`.
  public func expectedTime(at cursor: Cursor) -> Double {
    let start = cumulativeDistance[cursor.segment]
    let length = cumulativeDistance[cursor.segment + 1] - start
    let fraction = length > 0 ? (cursor.distance - start) / length : 0
    let t0 = expectedTimes[cursor.segment]
    return t0 + (expectedTimes[cursor.segment + 1] - t0) * fraction
  }

  /// The expected seconds from the start to `distance`.
  public func expectedTime(atDistance distance: Double) -> Double {
    var cursor = Cursor()
    cursor.seek(distance, on: self)
    return expectedTime(at: cursor)
  }
}
