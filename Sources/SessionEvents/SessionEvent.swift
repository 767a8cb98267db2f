// The event vocabulary of a recorded navigation session.
//
// Events are facts the navigator observed. Everything else (SDK state, delegate callbacks,
// frames, findings) is derived from them by replay, so this vocabulary only grows: a case
// or a field is never removed or re-purposed. See `EventPayload+Encoding.swift` for the
// stable, versioned storage encoding.

/// One recorded event: a fact the navigator observed at a virtual time.
public struct SessionEvent: Equatable, Sendable {
  /// 1, 2, 3... gapless within a recording.
  public var seq: Int64
  /// Milliseconds since the recording started; never decreases along `seq`.
  public var t: Int64
  public var payload: EventPayload

  public init(seq: Int64, t: Int64, payload: EventPayload) {
    self.seq = seq
    self.t = t
    self.payload = payload
  }

  public var kind: EventKind { payload.kind }
}

/// The kinds of event, with their stable names (used in storage, JSON and on the command line).
public enum EventKind: String, CaseIterable, Sendable, Comparable {
  case navigationEnabled
  case navigationDisabled
  case routeSet
  case routeChanged
  case guidanceStarted
  case guidanceStopped
  case arrived
  case progress
  case speed
  case promptReady
  case promptDismissed
  case mapResized
  case settingChanged
  case camera
  case userPanned
  case recentered
  case lightingChanged
  case mark
  case waypoint
  case routeStatus
  case routeLeg
  case routeStep
  case stepDetail
  case viewSize

  /// Stable numeric code stored in the log. Never renumber: append new kinds at the end.
  public var code: Int {
    switch self {
    case .navigationEnabled: 1
    case .navigationDisabled: 2
    case .routeSet: 3
    case .routeChanged: 4
    case .guidanceStarted: 5
    case .guidanceStopped: 6
    case .arrived: 7
    case .progress: 8
    case .speed: 9
    case .promptReady: 10
    case .promptDismissed: 11
    case .mapResized: 12
    case .settingChanged: 13
    case .camera: 14
    case .userPanned: 15
    case .recentered: 16
    case .lightingChanged: 17
    case .mark: 18
    case .waypoint: 19
    case .routeStatus: 20
    case .routeLeg: 21
    case .routeStep: 22
    case .stepDetail: 23
    case .viewSize: 24
    }
  }

  public init?(code: Int) {
    guard let kind = EventKind.allCases.first(where: { $0.code == code }) else { return nil }
    self = kind
  }

  public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.code < rhs.code }
}

/// What an event says, by kind.
public indirect enum EventPayload: Equatable, Sendable {
  case navigationEnabled
  case navigationDisabled
  case routeSet(RouteInfo)
  case routeChanged(RouteChangeReason)
  case guidanceStarted
  case guidanceStopped(GuidanceStopReason)
  case arrived(waypointIndex: Int)
  case progress(Progress)
  case speed(SpeedReport)
  case promptReady(Prompt)
  case promptDismissed(promptID: Int)
  case mapResized(MapGeometry)
  case settingChanged(SettingChange)
  case camera(CameraState)
  /// The user dragged the map by (dx, dy) points.
  case userPanned(dx: Double, dy: Double)
  case recentered
  case lightingChanged(LightingMode)
  /// A bookmark the tester added while recording (`NavSimRecorder.mark(_:)`); replay ignores it.
  case mark(text: String)
  /// A destination of the route about to be set (schema 3): `waypoint` events with indices
  /// 0, 1... come before the `routeSet` they belong to.
  case waypoint(RecordedWaypoint)
  /// A route request ended (schema 3): `GMSRouteStatus`'s case name (`OK`, `noRouteFound`...).
  /// A failed request leaves the route as it was.
  case routeStatus(status: String)
  /// A leg of the route about to be set (schema 4): `routeLeg` events with indices 0, 1...
  /// come after the route's `waypoint` events and before its `routeSet`.
  case routeLeg(RecordedRouteLeg)
  /// A step of the route about to be set (schema 4): indices 0, 1... as `Progress.stepIndex`
  /// counts them, after the route's legs and before its `routeSet`.
  case routeStep(RecordedStep)
  /// What a step has beyond its `routeStep` (schema 4): an exit number, lanes. Only for steps
  /// that have one, right after their `routeStep`.
  case stepDetail(RecordedStepDetail)
  /// What an SDK view measured (schema 5): its intrinsic size and layout margins, as the
  /// device's SDK gave them. Replay sizes the view so until the next `viewSize` for it.
  case viewSize(RecordedViewSize)

  public var kind: EventKind {
    switch self {
    case .navigationEnabled: .navigationEnabled
    case .navigationDisabled: .navigationDisabled
    case .routeSet: .routeSet
    case .routeChanged: .routeChanged
    case .guidanceStarted: .guidanceStarted
    case .guidanceStopped: .guidanceStopped
    case .arrived: .arrived
    case .progress: .progress
    case .speed: .speed
    case .promptReady: .promptReady
    case .promptDismissed: .promptDismissed
    case .mapResized: .mapResized
    case .settingChanged: .settingChanged
    case .camera: .camera
    case .userPanned: .userPanned
    case .recentered: .recentered
    case .lightingChanged: .lightingChanged
    case .mark: .mark
    case .waypoint: .waypoint
    case .routeStatus: .routeStatus
    case .routeLeg: .routeLeg
    case .routeStep: .routeStep
    case .stepDetail: .stepDetail
    case .viewSize: .viewSize
    }
  }
}

// MARK: - Payloads

/// A route was set: its identity and size.
public struct RouteInfo: Equatable, Sendable {
  public var routeID: String
  public var totalDistance: Double  // metres
  public var totalDuration: Double  // seconds
  public var legs: Int
  public var steps: Int
  public var alternateRoutes: Int

  public init(
    routeID: String, totalDistance: Double, totalDuration: Double, legs: Int, steps: Int,
    alternateRoutes: Int
  ) {
    self.routeID = routeID
    self.totalDistance = totalDistance
    self.totalDuration = totalDuration
    self.legs = legs
    self.steps = steps
    self.alternateRoutes = alternateRoutes
  }
}

/// One destination as the app named it: a title, and a Place ID or a coordinate.
public struct RecordedWaypoint: Equatable, Sendable {
  /// 0-based position among the route's destinations.
  public var index: Int
  public var title: String
  /// The Place ID; empty for coordinate waypoints.
  public var placeID: String
  /// nil for Place-ID waypoints.
  public var latitude: Double?
  public var longitude: Double?

  public init(index: Int, title: String, placeID: String = "", latitude: Double?, longitude: Double?) {
    self.index = index
    self.title = title
    self.placeID = placeID
    self.latitude = latitude
    self.longitude = longitude
  }
}

public enum RouteChangeReason: String, CaseIterable, Sendable {
  case reroute, alternateChosen, nextLeg, cleared
}

public enum GuidanceStopReason: String, CaseIterable, Sendable {
  case arrived, cancelled
}

/// Traffic delay along the route, as the navigator's delay category reports it.
public enum DelayCategory: String, CaseIterable, Sendable {
  case noData, heavy, medium, light

  /// Each case with its name, for decoding a stored row (`SlotReader.frequent`).
  static let byName = allCases.map { ($0.rawValue, $0) }

  /// The case stored as `name`, nil for a name this NavSim does not know: the case names
  /// compared in turn, where `init(rawValue:)` searches a table at several hundred
  /// instructions (a log's reader decodes one for every progress row).
  public init?(storedName name: String) {
    for (candidate, value) in Self.byName where candidate == name {
      self = value
      return
    }
    return nil
  }
}

/// Route progress, as the navigator reports it on every tick.
public struct Progress: Equatable, Sendable {
  public var distanceTravelled: Double  // metres
  public var distanceRemaining: Double  // metres to the next destination
  public var timeRemaining: Double  // seconds to the next destination
  public var stepIndex: Int
  public var distanceToNextManeuver: Double  // metres
  /// The next manoeuvre, e.g. `turn-left`, `roundabout`, `arrive` (free text, stable per source).
  public var maneuver: String
  public var roadName: String
  public var latitude: Double
  public var longitude: Double
  public var course: Double  // degrees from north, -1 when unknown
  public var delay: DelayCategory

  public init(
    distanceTravelled: Double, distanceRemaining: Double, timeRemaining: Double, stepIndex: Int,
    distanceToNextManeuver: Double, maneuver: String, roadName: String, latitude: Double,
    longitude: Double, course: Double, delay: DelayCategory
  ) {
    self.distanceTravelled = distanceTravelled
    self.distanceRemaining = distanceRemaining
    self.timeRemaining = timeRemaining
    self.stepIndex = stepIndex
    self.distanceToNextManeuver = distanceToNextManeuver
    self.maneuver = maneuver
    self.roadName = roadName
    self.latitude = latitude
    self.longitude = longitude
    self.course = course
    self.delay = delay
  }
}

public enum SpeedAlertSeverity: String, CaseIterable, Sendable {
  case unknown, notSpeeding, minor, major

  /// Each case with its name, for decoding a stored row (`SlotReader.frequent`).
  static let byName = allCases.map { ($0.rawValue, $0) }

  /// The case stored as `name`, nil for a name this NavSim does not know (see
  /// `DelayCategory.init(storedName:)`; one for every speed row).
  public init?(storedName name: String) {
    for (candidate, value) in Self.byName where candidate == name {
      self = value
      return
    }
    return nil
  }
}

/// Speed and posted limit. `nil` means unknown.
public struct SpeedReport: Equatable, Sendable {
  public var speed: Double?  // m/s
  public var speedLimit: Double?  // m/s
  public var severity: SpeedAlertSeverity
  /// Percent above the limit; 0 when not speeding, -1 when speed or limit is unknown.
  public var speedingPercentage: Double

  public init(
    speed: Double?, speedLimit: Double?, severity: SpeedAlertSeverity, speedingPercentage: Double
  ) {
    self.speed = speed
    self.speedLimit = speedLimit
    self.severity = severity
    self.speedingPercentage = speedingPercentage
  }
}

/// The kind of a prompt. Open: unknown raw values from newer recordings are kept as they are.
public struct PromptKind: RawRepresentable, Hashable, Sendable, Comparable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let incident = PromptKind(rawValue: "incident")
  public static let speedCamera = PromptKind(rawValue: "speedCamera")
  public static let traffic = PromptKind(rawValue: "traffic")
  public static let betterRoute = PromptKind(rawValue: "betterRoute")
  public static func < (a: PromptKind, b: PromptKind) -> Bool { a.rawValue < b.rawValue }
}

public struct Prompt: Equatable, Sendable {
  public var promptID: Int
  public var kind: PromptKind
  public var text: String

  public init(promptID: Int, kind: PromptKind, text: String) {
    self.promptID = promptID
    self.kind = kind
    self.text = text
  }
}

/// The map view's size in points and its safe-area insets.
public struct MapGeometry: Equatable, Sendable {
  public var width: Double
  public var height: Double
  public var safeTop: Double
  public var safeLeading: Double
  public var safeBottom: Double
  public var safeTrailing: Double

  public init(
    width: Double, height: Double, safeTop: Double = 0, safeLeading: Double = 0,
    safeBottom: Double = 0, safeTrailing: Double = 0
  ) {
    self.width = width
    self.height = height
    self.safeTop = safeTop
    self.safeLeading = safeLeading
    self.safeBottom = safeBottom
    self.safeTrailing = safeTrailing
  }
}

/// A setting's value.
public enum SettingValue: Equatable, Sendable {
  case bool(Bool)
  case number(Double)
  case text(String)
}

/// A changed setting. Names are open (`Setting`), values typed.
public struct SettingChange: Equatable, Sendable {
  public var name: Setting
  public var value: SettingValue

  public init(name: Setting, value: SettingValue) {
    self.name = name
    self.value = value
  }
}

/// Setting names. Open, so newer recordings with new settings still decode.
public struct Setting: RawRepresentable, Hashable, Sendable, Comparable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static func < (a: Setting, b: Setting) -> Bool { a.rawValue < b.rawValue }

  /// `mapView.shouldDisplaySpeedometer` (bool).
  public static let speedometer = Setting(rawValue: "speedometer")
  /// `mapView.shouldDisplaySpeedLimit` (bool).
  public static let speedLimit = Setting(rawValue: "speedLimit")
  /// `navigator.shouldDisplayPrompts` (bool).
  public static let prompts = Setting(rawValue: "prompts")
  /// `settings.isRecenterButtonEnabled` (bool).
  public static let recenterButton = Setting(rawValue: "recenterButton")
  /// `settings.compassButton` (bool).
  public static let compass = Setting(rawValue: "compass")
  /// `settings.myLocationButton` (bool).
  public static let myLocationButton = Setting(rawValue: "myLocationButton")
  /// Layout direction (text: `ltr` / `rtl`).
  public static let layoutDirection = Setting(rawValue: "layoutDirection")
  /// `settings.isNavigationHeaderEnabled` (bool).
  public static let header = Setting(rawValue: "header")
  /// `settings.isNavigationFooterEnabled` (bool).
  public static let footer = Setting(rawValue: "footer")
  /// `settings.isNavigationTripProgressBarEnabled` (bool).
  public static let tripProgressBar = Setting(rawValue: "tripProgressBar")
  /// `settings.isNavigationReportIncidentButtonEnabled` (bool).
  public static let reportIncidentButton = Setting(rawValue: "reportIncidentButton")
  /// `settings.showsTrafficLights` (bool).
  public static let trafficLights = Setting(rawValue: "trafficLights")
  /// `settings.showsStopSigns` (bool).
  public static let stopSigns = Setting(rawValue: "stopSigns")
  /// `settings.showsDestinationMarkers` (bool).
  public static let destinationMarkers = Setting(rawValue: "destinationMarkers")
  /// Gesture flags (bool each).
  public static let scrollGestures = Setting(rawValue: "scrollGestures")
  public static let zoomGestures = Setting(rawValue: "zoomGestures")
  public static let tiltGestures = Setting(rawValue: "tiltGestures")
  public static let rotateGestures = Setting(rawValue: "rotateGestures")
  /// Alternate routes strategy (text: `all`, `one`, `none`).
  public static let alternateRoutes = Setting(rawValue: "alternateRoutes")
  /// `mapView.padding` (text: `top,leading,bottom,trailing` in points).
  public static let mapPadding = Setting(rawValue: "mapPadding")
  /// `mapView.setHeaderAccessory(_:)` (number: the height in points the accessory view's
  /// `heightForAccessoryViewConstrained(to:on:)` answers; 0 removes it).
  public static let headerAccessory = Setting(rawValue: "headerAccessory")
}

public enum CameraMode: String, CaseIterable, Sendable {
  case following, free, overview
}

public struct CameraState: Equatable, Sendable {
  public var mode: CameraMode
  public var bearing: Double
  public var tilt: Double
  public var zoom: Double

  public init(mode: CameraMode, bearing: Double, tilt: Double, zoom: Double) {
    self.mode = mode
    self.bearing = bearing
    self.tilt = tilt
    self.zoom = zoom
  }
}

public enum LightingMode: String, CaseIterable, Sendable {
  case day, night
}
