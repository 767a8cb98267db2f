// What the SDK's views show at an event, folded from the trip's event payloads: the turn
// card's manoeuvre, distance and road, the ETA card's times, the speed widget's speed and
// limit, the current prompt, the trip's progress. Pictures draw SDK views with it instead of
// their names; the layout snapshot itself does not carry it (it stays byte-identical).

import JSON
import Replay
import Snapshots
import SessionEvents

/// The navigation facts visible on screen after an event.
public struct ScreenContent: Equatable, Sendable {
  /// `turn-right`, `roundabout-exit`, `destination`... as recorded.
  public var maneuver: String?
  public var roadName: String?
  /// Metres to the next manoeuvre.
  public var distanceToManeuver: Double?
  /// Seconds and metres to the destination.
  public var timeRemaining: Double?
  public var distanceRemaining: Double?
  public var distanceTravelled: Double?
  /// Metres per second.
  public var speed: Double?
  public var speedLimit: Double?
  public var isSpeeding = false
  /// The shown prompt's kind and text.
  public var promptKind: String?
  public var promptText: String?
  public var promptID: Int?
  /// The route's legs (`routeLeg` paths, decoded), the waypoints, the vehicle's position and
  /// course (degrees clockwise from north).
  public var routeLegs: [[PathPoint]] = []
  public var waypoints: [PathPoint] = []
  public var position: PathPoint?
  public var course: Double?
  /// Counts changes of `routeLegs` and `waypoints`, so a picture of many events draws the
  /// route's shape once per change.
  public var routeRevision = 0
  /// The SDK's suggested lighting (`lightingChanged`): night colours for map and cards.
  public var isNight = false
  /// The camera as recorded: a `camera` event's mode (`following`, `free`, `overview`),
  /// bearing (degrees clockwise from north) and zoom; nil where none was recorded (the SDK's
  /// default: following, heading up). The user's pans (`userPanned`, points) move the map
  /// until it is re-centred.
  public var cameraMode: String?
  public var cameraBearing: Double?
  public var cameraZoom: Double?
  public var panX = 0.0
  public var panY = 0.0
  /// The trip's virtual time at the event, milliseconds from its start (the event's `t`);
  /// the ETA card's arrival time is counted on this clock. No wall clock is read.
  public var time: Int64?

  /// The recording's start as a time of day, seconds after midnight in the offset its
  /// `created_at` was written with (UTC for `Z`); nil when not known. The ETA card then shows
  /// the arrival as a time of day (`arr. 08:09`), else counted from the trip's start.
  public var startSecondsOfDay: Double?

  public init() {}

  /// Content whose arrival is a time of day after `tripStart` (ISO 8601, e.g.
  /// `2025-01-01T08:00:00Z` or `...T08:00:00+01:00`: the clock reading it was written with).
  public init(tripStart: String?) {
    startSecondsOfDay = tripStart.flatMap(Self.secondsOfDay)
  }

  /// `HH:MM[:SS[.fff]]` after the `T` of an ISO 8601 date-time, in seconds; nil otherwise.
  static func secondsOfDay(_ timestamp: String) -> Double? {
    guard let t = timestamp.firstIndex(of: "T") else { return nil }
    let clock = timestamp[timestamp.index(after: t)...].prefix { $0.isNumber || $0 == ":" || $0 == "." }
    let parts = clock.split(separator: ":").map { Double($0) }
    guard parts.count >= 2, parts.allSatisfy({ $0 != nil }) else { return nil }
    let (hours, minutes, seconds) = (parts[0]!, parts[1]!, parts.count > 2 ? parts[2]! : 0)
    guard hours < 24, minutes < 60, seconds < 61 else { return nil }
    return hours * 3600 + minutes * 60 + seconds
  }

  /// Takes in one stored event: its virtual time and its payload.
  public mutating func apply(_ frame: StoredFrame) {
    time = frame.t
    apply(event: frame.event, detail: frame.detail)
  }

  /// The arrival on the trip's clock (`time` + `timeRemaining`), as hours and minutes from
  /// the trip's start; nil until both are known.
  public var arrival: Double? {
    guard let time, let timeRemaining else { return nil }
    return Double(time) / 1000 + timeRemaining
  }

  /// Share of the trip driven, 0...1, when progress has been reported.
  public var progress: Double? {
    guard let done = distanceTravelled, let left = distanceRemaining, done + left > 0 else { return nil }
    return min(1, max(0, done / (done + left)))
  }

  /// Takes in one event's payload (a JSON object); events it does not know leave it as is,
  /// and so does a payload that is not JSON (the pictures then show what they knew before).
  public mutating func apply(event: String, detail: String) {
    guard let payload = try? JSONValue(parsing: detail) else { return }
    func number(_ key: String) -> Double? {
      if case .number(let text)? = payload[key] { return Double(text) }
      return nil
    }
    func string(_ key: String) -> String? {
      if case .string(let text)? = payload[key] { return text }
      return nil
    }
    switch event {
    case "progress":
      maneuver = string("maneuver") ?? maneuver
      roadName = string("roadName") ?? roadName
      distanceToManeuver = number("distanceToNextManeuver") ?? distanceToManeuver
      timeRemaining = number("timeRemaining") ?? timeRemaining
      distanceRemaining = number("distanceRemaining") ?? distanceRemaining
      distanceTravelled = number("distanceTravelled") ?? distanceTravelled
      if let latitude = number("latitude"), let longitude = number("longitude") {
        position = PathPoint(latitude: latitude, longitude: longitude)
      }
      course = number("course") ?? course
    case "routeLeg":
      guard let index = number("index").map({ Int($0) }), let path = string("path"),
        let points = try? EncodedPolyline.decode(path)
      else { return }
      if index == 0 { routeLegs = [] }
      routeLegs.append(points)
      routeRevision += 1
    case "waypoint":
      guard let latitude = number("latitude"), let longitude = number("longitude") else { return }
      if number("index") == 0 { waypoints = [] }
      waypoints.append(PathPoint(latitude: latitude, longitude: longitude))
      routeRevision += 1
    case "speed":
      speed = number("speed")
      speedLimit = number("speedLimit")
      isSpeeding = string("severity").map { $0 != "notSpeeding" } ?? false
    case "promptReady":
      promptKind = string("kind")
      promptText = string("text")
      promptID = number("promptID").map { Int($0) }
    case "promptDismissed":
      promptKind = nil
      promptText = nil
      promptID = nil
    case "camera":
      cameraMode = string("mode") ?? cameraMode
      cameraBearing = number("bearing") ?? cameraBearing
      cameraZoom = number("zoom") ?? cameraZoom
      if cameraMode == "following" { (panX, panY) = (0, 0) }
    case "userPanned":
      panX += number("dx") ?? 0
      panY += number("dy") ?? 0
    case "recentered":
      (panX, panY) = (0, 0)
    case "lightingChanged":
      if let mode = string("mode") { isNight = mode == "night" }
    case "arrived":
      maneuver = "destination"
      distanceToManeuver = 0
    default:
      break
    }
  }

  // MARK: - As the SDK shows it

  /// `140 m`, `1.2 km`.
  static func distanceText(_ metres: Double) -> String {
    if metres < 1000 { return "\(Int((metres / 10).rounded()) * 10) m" }
    return formatFixed(metres / 1000, 1) + " km"
  }

  /// `3 min`, `1 h 05 min`.
  static func durationText(_ seconds: Double) -> String {
    let minutes = max(0, Int((seconds / 60).rounded(.up)))
    if minutes < 60 { return "\(minutes) min" }
    let rest = minutes % 60
    return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
  }

  /// `arr. 0:09` - seconds on the trip's clock as hours and minutes since its start, when
  /// the recording's start is not known; `arr. 08:09` - the time of day from `start`
  /// (seconds after midnight) when it is.
  static func arrivalText(_ seconds: Double, start: Double? = nil) -> String {
    if let start {
      let minutes = Int(((start + seconds) / 60).rounded(.up)) % (24 * 60)
      let (hours, rest) = (minutes / 60, minutes % 60)
      return "arr. \(hours < 10 ? "0" : "")\(hours):\(rest < 10 ? "0" : "")\(rest)"
    }
    let minutes = max(0, Int((seconds / 60).rounded(.up)))
    let rest = minutes % 60
    return "arr. \(minutes / 60):\(rest < 10 ? "0" : "")\(rest)"
  }

  /// Metres per second as whole km/h.
  static func kmh(_ metresPerSecond: Double) -> String {
    "\(Int((metresPerSecond * 3.6).rounded()))"
  }
}
