import Navigator
import SeededRandom
import SessionEvents

// Seeded trips over what a real drive and a real device can do. Every trip is a `Scenario`
// that the Navigator records like any other, so generated logs are ordinary, valid logs and
// each minimal trip can be written back as a scenario file.

/// What the generator draws from.
public struct TripSpace: Sendable {
  /// Devices a trip starts on (default: every built-in profile, both orientations).
  public var devices: [DeviceProfile]
  /// Built-in routes: the short ones (long-haul and highway would make trips minutes long
  /// to replay and add no layout situation the town routes lack).
  public var routes: [String]
  /// At most this many scripted events a trip.
  public var maxScriptedEvents: Int

  public init(
    devices: [DeviceProfile] = DeviceProfiles.all,
    routes: [String] = ["city-commute", "park-loop", "old-town", "rtl-city"],
    maxScriptedEvents: Int = 14
  ) {
    self.devices = devices
    self.routes = routes
    self.maxScriptedEvents = maxScriptedEvents
  }
}

/// Generates the `index`-th trip of a seed: the same trip for the same seed, index, space
/// and NavSim version, whatever else runs.
public enum TripGenerator {
  /// The split-screen shares iPadOS offers in `orientation` (1/3, 1/2 and 2/3 in landscape,
  /// 1/3 and 2/3 in portrait) and full screen.
  static func splitFractions(in orientation: Orientation) -> [Double] {
    DeviceProfiles.splitFractions(in: orientation) + [1]
  }
  /// Short texts fit one line of a prompt; long ones wrap to two or three (the SDK's prompt
  /// height follows its text).
  static let promptTexts = [
    "Accident ahead", "Speed camera",
    "Heavy traffic for the next 3 km, expect delays of up to 12 minutes on your route",
    "A faster route is available: it saves 6 minutes via the ring road and the bridge",
  ]
  /// Boolean settings an app toggles while driving.
  static let toggles: [Setting] = [
    .header, .footer, .speedometer, .speedLimit, .recenterButton, .compass, .myLocationButton,
    .prompts, .tripProgressBar, .reportIncidentButton,
  ]

  /// The trip.
  /// - Parameters:
  ///   - duration: the route's driving time in seconds (scripted events fall within it);
  ///     `duration(of:)` measures it.
  public static func scenario(
    seed: UInt64, index: Int, space: TripSpace, duration: (String) throws -> Double
  ) throws -> Scenario {
    var random = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index) &+ 1)
    let route = space.routes[pick(space.routes.count, &random)]
    let device = space.devices[pick(space.devices.count, &random)]
    var scenario = try Scenario(
      name: "explore-\(seed)-\(index)", route: .builtin(route), device: .profile(device))
    scenario.seed = random.next() % 1000 + 1
    scenario.createdAt = Trip.defaultCreatedAt
    // Ticks per second as recorders are set: fewer ticks, fewer progress events to replay.
    scenario.rate = [0.25, 0.5, 1][pick(3, &random)]
    if route == "rtl-city" || random.unit() < 0.2 { scenario.layoutDirection = "rtl" }
    let length = try duration(route)
    let count = pick(space.maxScriptedEvents + 1, &random)
    var events: [ScriptedEvent] = []
    var orientation = device.orientation
    var panned = false
    var split = 1.0
    for _ in 0..<count {
      let action = action(&random, device, &orientation, &split)
      // A re-route needs road left to re-route on: in the first 70% of the drive.
      let span = if case .reroute = action { length * 0.7 } else { length - 5 }
      let at = (random.unit() * max(1, span)).rounded()
      events.append(ScriptedEvent(at: at, action: action))
    }
    events.sort { $0.at < $1.at }  // stable: ties keep their draw order
    // Pans and re-centres in time order: a re-centre only follows a pan (the map follows the
    // vehicle otherwise, and a real SDK shows no re-centre button to tap). Splits in time
    // order too: one drawn as even that falls in portrait (iPadOS splits portrait unevenly
    // only) takes the wide window.
    var now = device.orientation
    for i in events.indices {
      switch events[i].action {
      case .rotate(let orientation): now = orientation
      case .splitScreen(let fraction)
      where !DeviceProfiles.splitFractions(in: now).contains(fraction) && fraction < 1:
        events[i].action = .splitScreen(2.0 / 3)
      case .pan: panned = true
      case .recenter:
        if panned {
          panned = false
        } else {
          events[i].action = .pan(dx: 0, dy: 120)
          panned = true
        }
      default: break
      }
    }
    addContainerResizes(to: &events, seed: seed, index: index, device: device, length: length)
    addLifecycleChanges(to: &events, seed: seed, index: index, length: length)
    addHeaderAccessory(to: &events, seed: seed, index: index, length: length)
    scenario.events = events
    return scenario
  }

  /// The trip, recorded: when a drawn event cannot happen on it (a re-route the previous
  /// one left too close to the destination), the latest scripted events are dropped until
  /// the Navigator accepts it.
  /// - Throws: `NavigatorError` when even the trip without scripted events is refused.
  public static func trip(
    seed: UInt64, index: Int, space: TripSpace, duration: (String) throws -> Double
  ) throws -> RecordedTrip {
    var scenario = try scenario(seed: seed, index: index, space: space, duration: duration)
    while true {
      do {
        return try RecordedTrip(scenario: scenario)
      } catch where !scenario.events.isEmpty {
        scenario.events.removeLast()
      }
    }
  }

  /// The driving time of a built-in route on the default driver, in seconds.
  /// - Throws: `NavigatorError` for an unknown route.
  public static func duration(of route: String) throws -> Double {
    let scenario = try Scenario(name: route, route: .builtin(route))
    return Double(try Trip(scenario: scenario).run { _, _ in }.durationMilliseconds) / 1000
  }

  // MARK: - Actions

  private static func action(
    _ random: inout SeededGenerator, _ device: DeviceProfile, _ orientation: inout Orientation,
    _ split: inout Double
  ) -> ScriptedEvent.Action {
    let roll = random.unit()
    switch roll {
    case ..<0.28:
      let kinds: [PromptKind] = [.incident, .speedCamera, .traffic, .betterRoute]
      return .prompt(
        kind: kinds[pick(kinds.count, &random)],
        text: promptTexts[pick(promptTexts.count, &random)],
        duration: [1, 4, 10, 30][pick(4, &random)])
    case ..<0.42:
      orientation = orientation == .portrait ? .landscape : .portrait
      return .rotate(orientation)
    case ..<0.52 where device.supportsSplitScreen:
      let others = splitFractions(in: orientation).filter { $0 != split }
      split = others[pick(others.count, &random)]
      return .splitScreen(split)
    case ..<0.70:
      let name = toggles[pick(toggles.count, &random)]
      return .setting(SettingChange(name: name, value: .bool(random.unit() < 0.5)))
    case ..<0.78:
      return .pan(dx: (random.symmetric() * 200).rounded(), dy: (random.symmetric() * 200).rounded())
    case ..<0.84:
      return .recenter
    case ..<0.92:
      return .reroute(detour: (200 + random.unit() * 1500).rounded())
    default:
      return .lighting(random.unit() < 0.5 ? .night : .day)
    }
  }

  static func pick(_ count: Int, _ random: inout SeededGenerator) -> Int {
    Int(random.next() % UInt64(max(count, 1)))
  }
}
