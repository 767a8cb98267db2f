import SessionEvents
import SeededRandom

// A trip ready to run: a validated scenario with its route. Running it emits the events a
// real navigation session reports, in order, at virtual times; the same trip gives the same
// events on every run.

/// What a run of a trip emitted.
public struct TripSummary: Equatable, Sendable {
  /// Events per kind, indexed like `EventKind.allCases`.
  public private(set) var counts = Array(repeating: 0, count: EventKind.allCases.count)
  /// Time of the last event, milliseconds.
  public internal(set) var durationMilliseconds: Int64 = 0
  /// Time of arrival at the final destination, milliseconds.
  public internal(set) var arrivalMilliseconds: Int64 = 0
  /// Metres driven.
  public internal(set) var distance: Double = 0

  public var eventCount: Int { counts.reduce(0, +) }

  public func count(of kind: EventKind) -> Int {
    counts[EventKind.allCases.firstIndex(of: kind)!]
  }

  mutating func record(_ kind: EventKind) {
    counts[EventKind.allCases.firstIndex(of: kind)!] += 1
  }
}

/// A validated scenario and its route, ready to run.
public struct Trip: Sendable {
  public let scenario: Scenario
  /// The route with the scenario's and any generated points of interest.
  public let route: Route

  /// Seconds between arrival (guidance stopped) and navigation being disabled.
  public static let endDwell = 2.0
  /// The creation time recorded when neither the scenario nor the route gives one.
  public static let defaultCreatedAt = "2000-01-01T00:00:00Z"

  /// Loads the scenario's route and validates the trip.
  /// - Throws: `NavigatorError` for a bad route, a point of interest past the route's end, or
  ///   a script that cannot apply to this route.
  public init(scenario: Scenario) throws {
    try self.init(scenario: scenario, route: try scenario.loadRoute())
  }

  /// Validates a trip on `route`.
  /// - Throws: as `init(scenario:)`.
  public init(scenario: Scenario, route: Route) throws {
    self.scenario = scenario
    var route = route
    let source = scenario.sourcePath ?? scenario.name
    var points = route.pointsOfInterest
    for point in scenario.pointsOfInterest {
      guard point.at <= route.totalDistance else {
        throw NavigatorError(
          source: source, line: point.line, key: point.key,
          "at \(point.at) m is past the route's end (\(Int(route.totalDistance)) m)")
      }
      points.append(
        PointOfInterest(
          kind: point.kind, text: point.text, distance: point.at, announceDistance: point.announce,
          clearDistance: point.clear))
    }
    if points.isEmpty, let spacing = scenario.generatedPromptSpacing {
      points = Trip.generatedPoints(on: route, spacing: spacing, seed: scenario.seed)
    }
    route.pointsOfInterest = points.sorted { $0.distance < $1.distance }
    if scenario.timing == .simulate { route.timing = nil }
    if scenario.start > 0 {
      guard route.timing == nil else {
        throw NavigatorError(
          source: source, key: "start",
          "a recorded drive is replayed from its beginning: a later start needs \"timing\": \"simulate\"")
      }
      do {
        route = try route.starting(at: scenario.start)
      } catch let error as NavigatorError {
        throw NavigatorError(source: source, key: "start", error.message)
      }
    }
    self.route = route
    if route.timing != nil {
      for event in scenario.events {
        switch event.action {
        case .reroute, .speeding, .pause, .guidance, .navigation:
          throw NavigatorError(
            source: source, line: event.line, key: event.key,
            "a recorded drive is replayed at its own timing: re-routes, speeding, pauses and "
              + "guidance or navigation stopped need \"timing\": \"simulate\"")
        default: continue
        }
      }
    }
  }

  // MARK: - Metadata

  /// True when the trip replays a time-stamped track rather than simulating a drive.
  public var isRecordedDrive: Bool { route.timing != nil }

  /// The recording's creation time: the scenario's, else the track's start, else a fixed date.
  public var createdAt: String {
    if let createdAt = scenario.createdAt { return createdAt }
    if let timing = route.timing {
      return Timestamp.iso8601(epochSeconds: Int64(timing.startEpochSeconds.rounded(.down)))
    }
    return Trip.defaultCreatedAt
  }

  // MARK: - Running

  /// Runs the trip and hands every event to `emit` in order.
  /// - Parameter emit: receives the time in milliseconds and the payload; may throw to stop.
  /// - Throws: what `emit` throws, or `NavigatorError` naming the scenario line for a scripted
  ///   event that cannot happen (after arrival, re-centre without a pan, split screen on a
  ///   phone...). Run once with an emit that does nothing to validate before writing anything.
  /// - Complexity: O(ticks + events).
  public func run(_ emit: (Int64, EventPayload) throws -> Void) throws -> TripSummary {
    try withoutActuallyEscaping(emit) { emit in
      var run = TripRun(trip: self, emit: emit)
      return try run.run()
    }
  }

  // MARK: - Generated prompts

  static func generatedPoints(on route: Route, spacing: Double, seed: UInt64) -> [PointOfInterest] {
    var generator = SeededGenerator(seed: seed ^ 0x5EED_0F_9E37_79B9)
    let kinds: [(PromptKind, String)] = [
      (.incident, "Incident reported ahead"), (.speedCamera, "Speed camera"),
      (.traffic, "Slow traffic ahead"),
    ]
    var points: [PointOfInterest] = []
    var distance = spacing * (0.5 + 0.4 * generator.unit())
    while distance < route.totalDistance - 300 {
      let (kind, text) = kinds[Int(generator.next() % UInt64(kinds.count))]
      points.append(PointOfInterest(kind: kind, text: text, distance: distance))
      distance += spacing * (0.6 + 0.8 * generator.unit())
    }
    return points
  }
}
