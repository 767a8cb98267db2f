// A simulated vehicle on a route: accelerates and brakes within bounds, slows for turns by
// their angle and ahead of lower limits, keeps near the limit with a seeded, bounded
// variation, stops at every destination.

import SeededRandom

/// The vehicle's motion along a route, one tick at a time.
struct SimulatedDrive {
  /// What happened during a tick.
  enum Milestone: Equatable {
    case none
    /// Stopped at the destination of leg `leg` (not the last).
    case reachedWaypoint(leg: Int)
    /// Stopped at the end of the route.
    case arrived
  }

  /// A stretch the vehicle must drive at no more than `speed`: a turn, a lower limit from
  /// where it starts, a stop. Braking for it starts in time to reach `speed` at `distance`.
  struct Constraint {
    var distance: Double
    /// Where the stretch ends (`distance` for a point).
    var end: Double
    var speed: Double
  }

  private(set) var route: Route
  let driver: DriverProfile
  private var generator: SeededGenerator
  private(set) var distance = 0.0
  private(set) var speed = 0.0
  /// Slowly varying deviation from the target, in -1...1.
  private var noise = 0.0
  /// The speed the driver aims for on each segment before their own factor, m/s.
  private var baseSpeeds: [Double] = []
  private var constraints: [Constraint] = []
  private var nextConstraint = 0
  private var nextStop = 0
  private var dwell = 0.0
  private var cursor = Route.Cursor()
  /// Multiplies the target speed during a scripted speeding episode.
  var speedingFactor = 1.0
  /// True while the location simulator is paused: no motion.
  var isPaused = false

  /// A turn is driven at its speed from this many metres before its manoeuvre point to as
  /// many after.
  static let turnHalfLength = 10.0
  /// Seconds the vehicle waits at an intermediate destination.
  static let waypointDwell = 10.0
  /// Time constant of the driver's speed variation, seconds.
  static let variationTimeConstant = 20.0

  init(route: Route, driver: DriverProfile, generator: SeededGenerator) {
    self.route = route
    self.driver = driver
    self.generator = generator
    prepare()
  }

  // MARK: - Route

  /// Continues on `route` (a re-route) at the same distance and speed.
  mutating func replaceRoute(_ route: Route) {
    self.route = route
    prepare()
    cursor = Route.Cursor()
    cursor.seek(distance, on: route)
    nextConstraint = constraints.firstIndex { $0.end > distance } ?? constraints.count
    nextStop = route.legs.firstIndex { $0.endDistance > distance + 0.01 } ?? route.legs.count - 1
  }

  /// Builds the per-segment targets and the sorted constraints for the current route.
  private mutating func prepare() {
    baseSpeeds = []
    baseSpeeds.reserveCapacity(route.speedLimits.count)
    var lastKnown: Double?
    for segment in route.speedLimits.indices {
      let base =
        route.speedLimits[segment] ?? route.typicalSpeeds[segment] ?? lastKnown
        ?? driver.cruiseSpeed
      if route.speedLimits[segment] != nil { lastKnown = base }
      baseSpeeds.append(base)
    }
    var list: [Constraint] = []
    let half = Self.turnHalfLength
    for step in route.steps where abs(step.turnAngle) >= 20 && step.distance > 0 {
      list.append(
        Constraint(
          distance: max(0, step.distance - half), end: step.distance + half,
          speed: Self.turnSpeed(angle: step.turnAngle)))
    }
    for segment in baseSpeeds.indices.dropFirst()
    where baseSpeeds[segment] < baseSpeeds[segment - 1] - 0.5 {
      let start = route.cumulativeDistance[segment]
      list.append(
        Constraint(distance: start, end: start, speed: baseSpeeds[segment] * driver.speedFactor))
    }
    for leg in route.legs {
      list.append(Constraint(distance: leg.endDistance, end: leg.endDistance, speed: 0))
    }
    constraints = list.sorted { ($0.distance, $0.speed) < ($1.distance, $1.speed) }
  }

  /// The speed at which the driver takes a turn of `angle` degrees, m/s: 20 m/s straight on
  /// down to 3 m/s for a U-turn, quadratic in the angle.
  static func turnSpeed(angle: Double) -> Double {
    let sharpness = min(abs(angle), 180) / 180
    return 3 + 17 * (1 - sharpness) * (1 - sharpness)
  }

  // MARK: - Ticks

  /// Advances the vehicle by `dt` seconds.
  /// - Complexity: amortised O(1) plus the constraints within braking distance.
  mutating func advance(dt: Double) -> Milestone {
    updateVariation(dt: dt)
    if isPaused || dwell > 0 {
      dwell = max(0, dwell - dt)
      speed = 0
      return .none
    }
    let target = targetSpeed(dt: dt)
    var newSpeed =
      speed < target
      ? min(target, speed + driver.acceleration * dt)
      : max(target, speed - DriverProfile.maximumDeceleration * dt)
    newSpeed = max(0, newSpeed)
    let stop = route.legs[nextStop].endDistance
    let step = (speed + newSpeed) / 2 * dt
    if distance + step >= stop - 0.01 {
      distance = stop
      speed = 0
      cursor.seek(distance, on: route)
      if nextStop == route.legs.count - 1 { return .arrived }
      nextStop += 1
      dwell = Self.waypointDwell
      return .reachedWaypoint(leg: nextStop - 1)
    }
    distance += step
    speed = newSpeed
    cursor.seek(distance, on: route)
    while nextConstraint < constraints.count && constraints[nextConstraint].end < distance {
      nextConstraint += 1
    }
    return .none
  }

  /// The lower of the driver's wish on this segment and what braking for what lies ahead
  /// allows at the end of the coming tick of `dt` seconds.
  private func targetSpeed(dt: Double) -> Double {
    let base = baseSpeeds[cursor.segment]
    var target = base * driver.speedFactor * (1 + driver.variation * noise) * speedingFactor
    let brake = driver.deceleration
    let travel = speed * dt / 2
    let horizon = target * target / (2 * brake) + travel
    var index = nextConstraint
    while index < constraints.count {
      let constraint = constraints[index]
      let ahead = constraint.distance - distance
      if ahead > horizon { break }
      if distance <= constraint.end {
        let room = max(0, ahead - travel)
        target = min(target, (constraint.speed * constraint.speed + 2 * brake * room).squareRoot())
      }
      index += 1
    }
    return max(target, min(1, base))  // creep into stops instead of approaching them forever
  }

  /// A bounded random walk pulled back towards 0 (discrete Ornstein-Uhlenbeck).
  private mutating func updateVariation(dt: Double) {
    let pull = min(1, dt / Self.variationTimeConstant)
    noise += -noise * pull + generator.symmetric() * 0.6 * pull.squareRoot()
    noise = min(1, max(-1, noise))
  }

  // MARK: - State

  var cursorPosition: Route.Cursor { cursor }

  /// The posted limit where the vehicle is, m/s (nil when unknown).
  var speedLimit: Double? { route.speedLimits[cursor.segment] }
}
