import SessionEvents
import SeededRandom

// One run of a trip: the tick loop and the events of a navigation session's lifecycle.
//
// Order of events (all times virtual, in milliseconds):
//   t = 0: navigationEnabled, mapResized (the device), settingChanged (layout direction and
//          the scenario's settings), the route (waypoint per destination, routeLeg per leg,
//          routeStep per step with a stepDetail where it has an exit number or lanes,
//          routeStatus OK, routeSet), guidanceStarted;
//   a re-route: routeChanged(reroute), then the new route's legs, steps and routeSet;
//   every tick: scripted events due since the last tick (at their own times), then progress
//          and speed, then promptDismissed / promptReady as the vehicle passes points of
//          interest; at an intermediate destination arrived(i) and routeChanged(nextLeg);
//   arrival: the last progress and speed, promptDismissed for a prompt still shown,
//          arrived, guidanceStopped(arrived); 2 s later navigationDisabled.
//   scripted guidance stop: promptDismissed for a prompt shown, guidanceStopped(cancelled);
//          no progress, speed or prompts until guidance starts again (guidanceStarted), and
//          the simulated vehicle waits meanwhile. Navigation disabled: the same, then
//          navigationDisabled; enabled again: navigationEnabled, the route as at the start
//          (routeChanged(nextLeg) for each destination already reached), guidanceStarted.
//          A trip whose guidance is off after its last scripted event ends there (2 s later
//          navigationDisabled, if navigation is still on).

struct TripRun {
  /// The vehicle: simulated, or a recorded drive replayed.
  enum Vehicle {
    case simulated(SimulatedDrive)
    case track(TrackPlayback)
  }

  /// The prompt on screen and when it goes away.
  struct ShownPrompt {
    var id: Int
    var kind: PromptKind
    var clearDistance: Double?
    var clearTime: Int64?
  }

  let trip: Trip
  let emitEvent: (Int64, EventPayload) throws -> Void
  var route: Route
  var vehicle: Vehicle
  var summary = TripSummary()
  var lastTime: Int64 = 0
  var lastTick: Int64 = 0
  var alerts: SpeedAlerts

  // Where the vehicle is.
  var distance = 0.0
  var speed = 0.0
  var course = 0.0
  var cursor = Route.Cursor()
  var currentLeg = 0

  // Prompts.
  var shownPrompt: ShownPrompt?
  var nextPromptID = 1
  var nextPoint = 0
  var promptsEnabled = true

  // Lifecycle: what the app has switched on.
  var isGuiding = false
  var isNavigationEnabled = false

  // Script state.
  var nextScripted = 0
  var device: DeviceState
  var isPanned = false
  var speedingUntil: Int64 = -1
  var speedingFactor = 1.0
  var pausedUntil: Int64 = -1
  var reroutes = 0

  init(trip: Trip, emit: @escaping (Int64, EventPayload) throws -> Void) {
    self.trip = trip
    self.emitEvent = emit
    self.route = trip.route
    self.alerts = SpeedAlerts(units: trip.scenario.units)
    self.device = DeviceState(trip.scenario.device)
    if let timing = trip.route.timing {
      vehicle = .track(TrackPlayback(route: trip.route, timing: timing))
    } else {
      vehicle = .simulated(
        SimulatedDrive(
          route: trip.route, driver: trip.scenario.driver,
          generator: SeededGenerator(seed: trip.scenario.seed)))
    }
  }

  // MARK: - The run

  mutating func run() throws -> TripSummary {
    try start()
    let period = 1000 / trip.scenario.rate
    let limit = maximumDuration()
    var tick: Int64 = 0
    var arrived = false
    while !arrived {
      var now = Int64((Double(tick) * period).rounded())
      if case .track(let playback) = vehicle {
        now = min(now, Int64((playback.duration * 1000).rounded()))
      }
      guard now <= limit else {
        throw NavigatorError(
          source: source, "the vehicle did not arrive within \(limit / 1000) s (internal limit)")
      }
      try applyScript(upTo: now)
      if !isGuiding && nextScripted == trip.scenario.events.count {
        try end(at: now)  // guidance stays off: the trip ends here
        break
      }
      let milestone = tick == 0 ? .none : move(to: now)
      guard isGuiding else {
        tick += 1
        continue
      }
      try report(at: now)
      switch milestone {
      case .none:
        try updatePrompts(at: now)
      case .reachedWaypoint(let leg):
        try updatePrompts(at: now)
        try emit(now, .arrived(waypointIndex: leg))
        currentLeg = leg + 1
        try emit(now, .routeChanged(.nextLeg))
      case .arrived:
        try finish(at: now)
        arrived = true
      }
      tick += 1
    }
    if nextScripted < trip.scenario.events.count {
      let event = trip.scenario.events[nextScripted]
      throw scriptError(
        event,
        "at \(event.at) s is after the trip ends (arrival at \(Double(summary.arrivalMilliseconds) / 1000) s)"
      )
    }
    return summary
  }

  private mutating func start() throws {
    try emit(0, .navigationEnabled)
    try emit(0, .mapResized(device.geometry))
    if trip.scenario.layoutDirection != "ltr" {
      try applySetting(
        SettingChange(name: .layoutDirection, value: .text(trip.scenario.layoutDirection)), at: 0)
    }
    for change in trip.scenario.settings { try applySetting(change, at: 0) }
    try emitRoute(at: 0, namingDestinations: true)
    try emit(0, .guidanceStarted)
    isNavigationEnabled = true
    isGuiding = true
  }

  /// The end of a trip whose guidance the app stopped for good: navigation ends 2 s later.
  private mutating func end(at now: Int64) throws {
    summary.arrivalMilliseconds = now
    summary.distance = rounded(distance, 1)
    if isNavigationEnabled {
      try emit(now + Int64(Trip.endDwell * 1000), .navigationDisabled)
      isNavigationEnabled = false
    }
  }

  private mutating func finish(at now: Int64) throws {
    if let shown = shownPrompt {
      try emit(now, .promptDismissed(promptID: shown.id))
      shownPrompt = nil
    }
    try emit(now, .arrived(waypointIndex: route.legs.count - 1))
    try emit(now, .guidanceStopped(.arrived))
    summary.arrivalMilliseconds = now
    summary.distance = rounded(distance, 1)
    try emit(now + Int64(Trip.endDwell * 1000), .navigationDisabled)
  }

  /// A bound on the trip's length, so a bug can never loop forever.
  private func maximumDuration() -> Int64 {
    let pauses = trip.scenario.events.reduce(0.0) { total, event in
      if case .pause(let duration) = event.action { return total + duration }
      return total
    }
    let detours = trip.scenario.events.reduce(0.0) { total, event in
      if case .reroute(let detour) = event.action { return total + detour }
      return total
    }
    let drive = (route.totalDistance + detours) / 0.5  // creeping at 0.5 m/s all the way
    // Guidance stopped waits at most until the last scripted event.
    let stopped = trip.scenario.events.last?.at ?? 0
    return Int64((min(drive, route.expectedDuration * 6 + 3600) + pauses + stopped + 60) * 1000)
  }

  // MARK: - Motion

  private mutating func move(to now: Int64) -> SimulatedDrive.Milestone {
    let dt = Double(now - lastTick) / 1000
    lastTick = now
    switch vehicle {
    case .simulated(var drive):
      drive.speedingFactor = now < speedingUntil ? speedingFactor : 1
      drive.isPaused = now < pausedUntil || !isGuiding
      let milestone = drive.advance(dt: dt)
      distance = drive.distance
      speed = drive.speed
      vehicle = .simulated(drive)
      cursor.seek(distance, on: route)
      return milestone
    case .track(var playback):
      let sample = playback.sample(at: Double(now) / 1000)
      vehicle = .track(playback)
      distance = sample.distance
      speed = sample.speed
      course = sample.course
      cursor.seek(distance, on: route)
      return Double(now) / 1000 >= playback.duration ? .arrived : .none
    }
  }

  // MARK: - Reports

  /// Progress and speed at `now`.
  private mutating func report(at now: Int64) throws {
    if case .simulated = vehicle { course = simulatedCourse() }
    let legEnd = route.legs[currentLeg]
    let remaining = max(0, legEnd.endDistance - distance)
    let timeRemaining: Double
    switch vehicle {
    case .track(let playback): timeRemaining = max(0, playback.duration - Double(now) / 1000)
    case .simulated:
      timeRemaining = max(
        0, route.expectedTimes[legEnd.endPointIndex] - route.expectedTime(at: cursor))
    }
    let stepIndex = route.stepIndex(atDistance: distance)
    var maneuver = "arrive"
    var roadName = route.steps[stepIndex].roadName
    var maneuverDistance = legEnd.endDistance
    if stepIndex + 1 < route.steps.count {
      let next = route.steps[stepIndex + 1]
      if next.distance < legEnd.endDistance - 0.01 || next.maneuver == "arrive" {
        maneuver = next.maneuver
        roadName = next.roadName
        maneuverDistance = min(next.distance, legEnd.endDistance)
      }
    }
    let coordinate = route.coordinate(at: cursor)
    let delay: DelayCategory =
      shownPrompt?.kind == .traffic && shownPrompt?.clearDistance != nil
      ? .heavy : route.hasTrafficData ? .light : .noData
    try emit(
      now,
      .progress(
        Progress(
          distanceTravelled: rounded(distance, 1), distanceRemaining: rounded(remaining, 1),
          timeRemaining: rounded(timeRemaining, 1), stepIndex: stepIndex,
          distanceToNextManeuver: rounded(max(0, maneuverDistance - distance), 1),
          maneuver: maneuver, roadName: roadName, latitude: rounded(coordinate.latitude, 7),
          longitude: rounded(coordinate.longitude, 7), course: rounded(course, 1), delay: delay)))
    let limit = route.speedLimits[cursor.segment]
    try emit(now, .speed(alerts.report(speed: speed, limit: limit, time: Double(now) / 1000)))
  }

  /// The bearing of the segment the vehicle is on (the next one of non-zero length).
  private func simulatedCourse() -> Double {
    let segment = cursor.segment
    if route.cumulativeDistance[segment + 1] - route.cumulativeDistance[segment] > 0.01 {
      return Geodesy.bearing(from: route.points[segment], to: route.points[segment + 1])
    }
    return route.course(atDistance: distance)
  }

  var routeInfo: RouteInfo {
    RouteInfo(
      routeID: route.id, totalDistance: rounded(route.totalDistance, 1),
      totalDuration: rounded(route.expectedDuration, 1), legs: route.legs.count,
      steps: route.steps.count, alternateRoutes: route.alternateRoutes)
  }

  // MARK: - Emitting

  mutating func emit(_ time: Int64, _ payload: EventPayload) throws {
    precondition(time >= lastTime, "events must not go back in time")
    lastTime = time
    summary.record(payload.kind)
    summary.durationMilliseconds = time
    try emitEvent(time, payload)
  }

  var source: String { trip.scenario.sourcePath ?? trip.scenario.name }

  func scriptError(_ event: ScriptedEvent, _ message: String) -> NavigatorError {
    NavigatorError(
      source: source, line: event.line > 0 ? event.line : nil,
      key: event.key.isEmpty ? nil : event.key, message)
  }
}
