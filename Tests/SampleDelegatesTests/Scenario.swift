import Findings
import Foundation
import Lint
import NavSim
import Replay
import SessionEvents

/// A screen size and safe area, with its name for test output.
struct Screen: CustomStringConvertible, Sendable {
  var name: String
  var geometry: MapGeometry

  var description: String { name }

  /// The same screen turned by 90 degrees (insets follow the edges).
  var rotated: Screen {
    let g = geometry
    return Screen(
      name: name + " rotated",
      geometry: MapGeometry(
        width: g.height, height: g.width, safeTop: max(g.safeLeading, 0),
        safeLeading: g.safeTop, safeBottom: g.safeTrailing > 0 ? 21 : g.safeBottom,
        safeTrailing: g.safeTop))
  }

  static let iPhonePortrait = Screen(
    name: "iPhone portrait",
    geometry: MapGeometry(width: 393, height: 852, safeTop: 59, safeBottom: 34))
  static let iPhoneLandscape = Screen(
    name: "iPhone landscape",
    geometry: MapGeometry(
      width: 852, height: 393, safeTop: 0, safeLeading: 59, safeBottom: 21, safeTrailing: 59))
  static let smallPhone = Screen(
    name: "small phone", geometry: MapGeometry(width: 375, height: 667, safeTop: 20))
  static let iPadPortrait = Screen(
    name: "iPad portrait",
    geometry: MapGeometry(width: 820, height: 1180, safeTop: 24, safeBottom: 20))
  static let iPadLandscape = Screen(
    name: "iPad landscape",
    geometry: MapGeometry(width: 1180, height: 820, safeTop: 24, safeBottom: 20))
  static let splitThird = Screen(
    name: "iPad split 1/3",
    geometry: MapGeometry(width: 320, height: 1180, safeTop: 24, safeBottom: 20))
  static let splitHalf = Screen(
    name: "iPad split 1/2",
    geometry: MapGeometry(width: 590, height: 1180, safeTop: 24, safeBottom: 20))
  static let splitTwoThirds = Screen(
    name: "iPad split 2/3",
    geometry: MapGeometry(width: 694, height: 1180, safeTop: 24, safeBottom: 20))

  static let all: [Screen] = [
    .iPhonePortrait, .iPhoneLandscape, .smallPhone, .iPadPortrait, .iPadLandscape, .splitThird,
    .splitHalf, .splitTwoThirds,
  ]
}

/// Applies events to a fresh map view with increasing seq and time, collecting findings.
@MainActor
struct ScenarioRun {
  let mapView: GMSMapView
  let session: NavigationSession
  private(set) var findings: [Finding] = []
  private var seq: Int64 = 0

  init(delegate: any NavigationLayoutDelegate) throws {
    UIAnimationClock.current.reset()
    mapView = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: .default, isCarPlay: false)
    try mapView.setLayoutDelegate(delegate)
    session = NavigationSession(mapView: mapView, watchers: .layoutRules)
  }

  mutating func send(_ payload: EventPayload) throws {
    seq += 1
    try session.apply(ReplayTick(SessionEvent(seq: seq, t: seq * 700, payload: payload)))
    findings += session.drainFindings()
  }

  mutating func send(_ payloads: [EventPayload]) throws {
    for payload in payloads { try send(payload) }
  }

  /// A whole trip on `screen` in `direction`: every speed-widget state, prompts shown,
  /// changed, suppressed and hidden, pans, a rotation and back mid-prompt, guidance restarted,
  /// navigation disabled during guidance, then enabled and disabled again.
  mutating func fullTrip(on screen: Screen, direction: String) throws {
    let prompts = Setting.prompts
    try send([
      .mapResized(screen.geometry),
      .settingChanged(SettingChange(name: .layoutDirection, value: .text(direction))),
      .navigationEnabled,
      .settingChanged(SettingChange(name: .speedometer, value: .bool(true))),
      .settingChanged(SettingChange(name: .speedLimit, value: .bool(true))),
      .routeSet(
        RouteInfo(
          routeID: "r1", totalDistance: 5000, totalDuration: 600, legs: 1, steps: 9,
          alternateRoutes: 0)),
      .guidanceStarted,
      Self.speed(nil, nil), Self.speed(12, nil), Self.speed(nil, 14), Self.speed(16, 14),
      Self.prompt(1, .incident, "Crash ahead, left lane blocked"),
      Self.prompt(2, .betterRoute, String(repeating: "A faster route saves 6 minutes. ", count: 3)),
      .promptDismissed(promptID: 2),
      Self.prompt(3, .speedCamera, "Speed camera in 300 m"),
      .userPanned(dx: 80, dy: -40),
      .mapResized(screen.rotated.geometry),
      Self.speed(nil, 14),
      .recentered,
      .mapResized(screen.geometry),
      .promptDismissed(promptID: 3),
      .settingChanged(SettingChange(name: prompts, value: .bool(false))),
      Self.prompt(4, .traffic, "Heavy traffic ahead"),
      .settingChanged(SettingChange(name: prompts, value: .bool(true))),
      Self.speed(nil, nil),
      .guidanceStopped(.arrived),
      .guidanceStarted,
      Self.speed(16, 14),
      Self.prompt(5, .traffic, "Slow traffic for 2 km"),
      .navigationDisabled,
      .navigationEnabled,
      .userPanned(dx: 10, dy: 10),
      .navigationDisabled,
      .progress(
        SessionEvents.Progress(
          distanceTravelled: 5000, distanceRemaining: 0, timeRemaining: 0, stepIndex: 9,
          distanceToNextManeuver: 0, maneuver: "arrive", roadName: "", latitude: 0, longitude: 0,
          course: -1, delay: .noData)),
    ])
  }

  static func speed(_ speed: Double?, _ limit: Double?) -> EventPayload {
    .speed(SpeedReport(speed: speed, speedLimit: limit, severity: .unknown, speedingPercentage: -1))
  }

  static func prompt(_ id: Int, _ kind: PromptKind, _ text: String) -> EventPayload {
    .promptReady(Prompt(promptID: id, kind: kind, text: text))
  }
}
