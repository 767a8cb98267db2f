import SessionEvents

// A scenario: a route plus everything that happens on the trip, as a JSON file documented in
// docs/recording.md ("Scenario files").

/// Where a scenario's route comes from.
public enum RouteSource: Equatable, Sendable {
  case builtin(String)
  /// A route file (path resolved against the scenario's directory) and its polyline precision.
  case file(path: String, precision: Int?)
}

/// The device a trip starts on: a named profile or an explicit map geometry.
public enum DeviceSetup: Equatable, Sendable {
  case profile(DeviceProfile)
  case custom(MapGeometry)

  public var geometry: MapGeometry {
    switch self {
    case .profile(let profile): profile.geometry
    case .custom(let geometry): geometry
    }
  }

  /// The profile's name, or `custom WxH`.
  public var name: String {
    switch self {
    case .profile(let profile): profile.name
    case .custom(let geometry): "custom \(Int(geometry.width))x\(Int(geometry.height))"
    }
  }
}

/// Speed-alert units: thresholds +10 / +20 km/h (metric) or +5 / +10 mph (imperial).
public enum SpeedUnits: String, CaseIterable, Sendable {
  case metric, imperial
}

/// How a time-stamped track is driven.
public enum TrackTiming: String, CaseIterable, Sendable {
  /// At the track's own timing when every point has a time (the default).
  case track
  /// Simulated like an untimed route.
  case simulate
}

/// Something scripted to happen at a time during the trip.
public struct ScriptedEvent: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    case rotate(Orientation)
    case device(DeviceProfile)
    /// The app's share of the screen in split screen (1 = full screen).
    case splitScreen(Double)
    /// A container resize: the new map size; nil fields keep their value.
    case resize(width: Double?, height: Double?, safeArea: SafeArea?)
    case setting(SettingChange)
    case pan(dx: Double, dy: Double)
    case recenter
    /// The driver leaves the route; the new route has `detour` extra metres.
    case reroute(detour: Double)
    case prompt(kind: PromptKind, text: String, duration: Double)
    /// The driver goes `factor` times their usual speed for `duration` seconds.
    case speeding(factor: Double, duration: Double)
    /// The location simulator is paused for `duration` seconds (updates continue, no motion).
    case pause(duration: Double)
    case lighting(LightingMode)
    /// The app stops guidance (`navigator.isGuidanceActive = false`) or starts it again.
    case guidance(GuidanceChange)
    /// The app disables navigation (`mapView.isNavigationEnabled = false`), or enables it
    /// again, sets the trip's destinations and starts guidance.
    case navigation(NavigationChange)
  }

  /// Seconds after the start.
  public var at: Double
  public var action: Action
  /// Where the event is in the scenario file, for error messages.
  public var line: Int
  public var key: String

  public init(at: Double, action: Action, line: Int = 0, key: String = "") {
    self.at = at
    self.action = action
    self.line = line
    self.key = key
  }

  /// The time in milliseconds.
  public var milliseconds: Int64 { Int64((at * 1000).rounded()) }
}

/// A scripted `guidance` event: `"stop"` or `"start"`.
public enum GuidanceChange: String, CaseIterable, Sendable {
  case stop, start
}

/// A scripted `navigation` event: `"disable"` or `"enable"`.
public enum NavigationChange: String, CaseIterable, Sendable {
  case disable, enable
}

/// Safe-area insets in points.
public struct SafeArea: Equatable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// A point of interest the scenario adds, `at` metres along the route.
public struct ScenarioPoint: Equatable, Sendable {
  public var kind: PromptKind
  public var text: String
  public var at: Double
  public var announce: Double?
  public var clear: Double?
  public var line: Int
  public var key: String
}

/// A whole trip, validated.
public struct Scenario: Equatable, Sendable {
  public var name: String
  public var description: String?
  public var route: RouteSource
  public var seed: UInt64 = 1
  /// Ticks per second, 0 < rate <= 10.
  public var rate: Double = 1
  /// The recording's creation time (ISO 8601); derived from the route when absent.
  public var createdAt: String?
  public var device: DeviceSetup
  public var layoutDirection: String = "ltr"
  public var units: SpeedUnits = .metric
  public var driver: DriverProfile = .normal
  /// Settings applied when navigation starts, in file order.
  public var settings: [SettingChange] = []
  public var pointsOfInterest: [ScenarioPoint] = []
  /// Metres between generated prompts on routes without points of interest; nil for none.
  public var generatedPromptSpacing: Double? = 1500
  public var timing: TrackTiming = .track
  /// Metres along the route where the trip starts (the route before it is left out), 0 for
  /// its beginning.
  public var start: Double = 0
  /// Scripted events in time order (ties in file order).
  public var events: [ScriptedEvent] = []
  /// The scenario file, when it came from one.
  public var sourcePath: String?

  public init(name: String, route: RouteSource, device: DeviceSetup? = nil) throws {
    self.name = name
    self.route = route
    self.device = try device ?? .profile(DeviceProfiles.profile(named: DeviceProfiles.defaultName))
  }

  /// Loads the scenario's route.
  /// - Throws: `NavigatorError` for an unknown built-in or a bad route file.
  public func loadRoute() throws -> Route {
    switch route {
    case .builtin(let name): return try BuiltinRoutes.route(named: name)
    case .file(let path, let precision): return try RouteFile.load(path: path, precision: precision)
    }
  }
}
