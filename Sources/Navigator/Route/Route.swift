import SessionEvents

// The route model: geometry with cumulative distances, legs, steps, speed limits and the
// points of interest that raise prompts.

// MARK: - Parts of a route

/// One manoeuvre along the route and the road it leads onto.
public struct RouteStep: Equatable, Sendable {
  /// The manoeuvre at the start of the step: `depart`, `turn-left`, `roundabout`, `arrive`...
  public var maneuver: String
  /// The road the step follows (may be empty).
  public var roadName: String
  /// Where the manoeuvre is, in metres along the route.
  public var distance: Double
  /// Signed heading change at the manoeuvre in degrees (+ is right), from the geometry.
  public internal(set) var turnAngle: Double = 0
  /// The source's instruction text; nil to word one from the manoeuvre and road.
  public var instruction: String?
  /// Which exit to take at a roundabout, when the source says.
  public var roundaboutExit: Int?
  /// The exit's number as signed ("12", "4A"), when the source says.
  public var exitNumber: String?
  /// The lanes at the manoeuvre, left to right, when the source has lane data.
  public var lanes: [RecordedLane]?

  public init(
    maneuver: String, roadName: String, distance: Double, instruction: String? = nil,
    roundaboutExit: Int? = nil, exitNumber: String? = nil, lanes: [RecordedLane]? = nil
  ) {
    self.maneuver = maneuver
    self.roadName = roadName
    self.distance = distance
    self.instruction = instruction
    self.roundaboutExit = roundaboutExit
    self.exitNumber = exitNumber
    self.lanes = lanes
  }
}

/// A leg: the part of a route up to one destination (waypoint).
public struct RouteLeg: Equatable, Sendable {
  /// Index in `Route.points` of the leg's destination.
  public var endPointIndex: Int
  /// Metres along the route of the leg's destination.
  public var endDistance: Double

  public init(endPointIndex: Int, endDistance: Double) {
    self.endPointIndex = endPointIndex
    self.endDistance = endDistance
  }
}

/// Something along the route that makes the navigator show a prompt as the vehicle nears it.
public struct PointOfInterest: Equatable, Sendable {
  public var kind: PromptKind
  public var text: String
  /// Metres along the route.
  public var distance: Double
  /// The prompt appears this many metres before the point...
  public var announceDistance: Double
  /// ...and goes away this many metres after it.
  public var clearDistance: Double

  public init(
    kind: PromptKind, text: String, distance: Double, announceDistance: Double? = nil,
    clearDistance: Double? = nil
  ) {
    self.kind = kind
    self.text = text
    self.distance = distance
    self.announceDistance = announceDistance ?? kind.defaultAnnounceDistance
    self.clearDistance = clearDistance ?? kind.defaultClearDistance
  }
}

/// The recorded timing of a time-stamped track, replayed instead of simulating a drive.
public struct RouteTiming: Equatable, Sendable {
  /// Seconds since the first point, one per route point, never decreasing.
  public var times: [Double]
  /// Recorded speed at each point in m/s, when the file has one.
  public var speeds: [Double?]
  /// Recorded course at each point in degrees, when the file has one.
  public var courses: [Double?]
  /// The first point's time, seconds since 1970-01-01T00:00:00Z.
  public var startEpochSeconds: Double

  public init(times: [Double], speeds: [Double?], courses: [Double?], startEpochSeconds: Double) {
    self.times = times
    self.speeds = speeds
    self.courses = courses
    self.startEpochSeconds = startEpochSeconds
  }
}

// MARK: - Route

/// A drivable route: geometry, legs, steps, speed limits and points of interest.
///
/// Built only through `init(...)`, which validates the geometry, so every `Route` has at least
/// two valid points and a positive length.
public struct Route: Equatable, Sendable {
  /// Stable identity, recorded in `routeSet`.
  public var id: String
  /// A human name (file name, built-in name).
  public var name: String
  public private(set) var points: [GeoCoordinate]
  /// Metres along the route at each point; `cumulativeDistance[0] == 0`.
  public private(set) var cumulativeDistance: [Double]
  /// Legs in order; the last one ends at the last point.
  public private(set) var legs: [RouteLeg]
  /// Steps in order of distance; the first is `depart` at 0, the last `arrive` at the end.
  public private(set) var steps: [RouteStep]
  /// The posted limit of each segment (between point i and i + 1) in m/s; nil when unknown.
  public private(set) var speedLimits: [Double?]
  /// The expected traffic speed of each segment in m/s, when the source gives one.
  public private(set) var typicalSpeeds: [Double?]
  /// Expected seconds from the start to each point (the router's estimate).
  public private(set) var expectedTimes: [Double]
  public var pointsOfInterest: [PointOfInterest]
  /// Present for a time-stamped track that is replayed at its own timing.
  public var timing: RouteTiming?
  /// True when the source reports traffic (built-in routes): progress reports a delay category.
  public var hasTrafficData: Bool
  /// Alternatives the source offered besides this route.
  public var alternateRoutes: Int
  /// The side of the road traffic drives on (OSRM's `driving_side`; right unless told).
  public var drivingSide: DrivingSide

  /// The speed assumed where neither a typical speed nor a limit is known: 50 km/h.
  public static let defaultCruiseSpeed = 50 / 3.6

  /// Builds and validates a route.
  /// - Parameters:
  ///   - legEnds: indices of each leg's last point, increasing; the last point is added if
  ///     missing. Empty means one leg.
  ///   - steps: the source's steps; when empty, steps are derived from the geometry's turns.
  ///   - speedLimits / typicalSpeeds: per segment (`points.count - 1` values), or empty.
  ///   - expectedDuration: the router's total estimate, to scale the per-segment times to.
  /// - Throws: `NavigatorError` (with `source` empty) for fewer than two points, an invalid
  ///   coordinate, mismatched annotation counts or a zero length.
  public init(
    id: String, name: String, points: [GeoCoordinate], legEnds: [Int] = [],
    steps: [RouteStep] = [], speedLimits: [Double?] = [], typicalSpeeds: [Double?] = [],
    expectedDuration: Double? = nil, pointsOfInterest: [PointOfInterest] = [],
    timing: RouteTiming? = nil, hasTrafficData: Bool = false, alternateRoutes: Int = 0,
    drivingSide: DrivingSide = .right
  ) throws {
    guard !points.isEmpty else { throw NavigatorError(source: "", "no points to drive") }
    guard points.count >= 2 else {
      throw NavigatorError(source: "", "only one point: a route needs at least two")
    }
    if let bad = points.firstIndex(where: { !$0.isValid }) {
      throw NavigatorError(source: "", "point \(bad) \(points[bad]) is not a valid coordinate")
    }
    let segmentCount = points.count - 1
    for (name, values) in [("speed limits", speedLimits), ("typical speeds", typicalSpeeds)]
    where !values.isEmpty && values.count != segmentCount {
      throw NavigatorError(
        source: "", "\(values.count) \(name) for \(segmentCount) segments")
    }
    var cumulative = [0.0]
    cumulative.reserveCapacity(points.count)
    for index in 1..<points.count {
      cumulative.append(cumulative[index - 1] + Geodesy.distance(points[index - 1], points[index]))
    }
    guard cumulative[segmentCount] > 0.5 else {
      throw NavigatorError(source: "", "the route has no length (all points coincide)")
    }
    self.id = id
    self.name = name
    self.points = points
    self.cumulativeDistance = cumulative
    self.speedLimits =
      speedLimits.isEmpty ? Array(repeating: nil, count: segmentCount) : speedLimits
    self.typicalSpeeds =
      typicalSpeeds.isEmpty ? Array(repeating: nil, count: segmentCount) : typicalSpeeds
    self.pointsOfInterest = pointsOfInterest.sorted { $0.distance < $1.distance }
    self.timing = timing
    self.hasTrafficData = hasTrafficData
    self.alternateRoutes = alternateRoutes
    self.drivingSide = drivingSide
    self.legs = []
    self.steps = []
    self.expectedTimes = []
    self.legs = try makeLegs(legEnds)
    self.steps = steps.isEmpty ? derivedSteps() : normalizedSteps(steps)
    self.expectedTimes = makeExpectedTimes(scaledTo: expectedDuration)
  }

  // MARK: - Sizes

  /// Length in metres.
  public var totalDistance: Double { cumulativeDistance[cumulativeDistance.count - 1] }

  /// The expected duration in seconds (the recorded one for a timed track).
  public var expectedDuration: Double { expectedTimes[expectedTimes.count - 1] }

  // MARK: - Building

  private func makeLegs(_ legEnds: [Int]) throws -> [RouteLeg] {
    let last = points.count - 1
    var ends = legEnds.filter { $0 > 0 && $0 < last }
    for (a, b) in zip(ends, ends.dropFirst()) where b <= a {
      throw NavigatorError(source: "", "leg ends are not increasing (\(a), \(b))")
    }
    ends.append(last)
    return ends.map { RouteLeg(endPointIndex: $0, endDistance: cumulativeDistance[$0]) }
  }

  /// Sorts the source's steps by distance, clamps them to the route and makes sure the first
  /// is a departure at 0 and the last an arrival at the end; computes each turn angle.
  private func normalizedSteps(_ source: [RouteStep]) -> [RouteStep] {
    var steps = source.map { step -> RouteStep in
      var step = step
      step.distance = min(max(0, step.distance), totalDistance)
      return step
    }
    steps.sort { $0.distance < $1.distance }
    if steps.first?.distance ?? 1 > 0 {
      steps.insert(
        RouteStep(maneuver: "depart", roadName: steps.first?.roadName ?? "", distance: 0), at: 0)
    }
    if steps.last?.maneuver != "arrive" {
      steps.append(
        RouteStep(maneuver: "arrive", roadName: steps.last?.roadName ?? "", distance: totalDistance)
      )
    }
    steps[steps.count - 1].distance = totalDistance  // exactly, whatever the source's rounding
    for index in steps.indices {
      steps[index].turnAngle = turnAngle(at: steps[index].distance)
    }
    return steps
  }

  private func makeExpectedTimes(scaledTo duration: Double?) -> [Double] {
    if let timing { return timing.times }
    var times = [0.0]
    times.reserveCapacity(points.count)
    for segment in 0..<(points.count - 1) {
      let length = cumulativeDistance[segment + 1] - cumulativeDistance[segment]
      let speed = typicalSpeeds[segment] ?? speedLimits[segment] ?? Route.defaultCruiseSpeed
      times.append(times[segment] + length / max(speed, 0.5))
    }
    if let duration, duration > 0, let total = times.last, total > 0 {
      let scale = duration / total
      times = times.map { $0 * scale }
    }
    return times
  }
}
