import SessionEvents

/// A deterministic stream of mixed events shaped like a drive (progress and speed every tick,
/// camera now and then, prompts, settings and gestures rarely), for benchmarks and crash tests.
///
/// `tools/eventlog-baseline.c` mirrors this generator row for row, so the C baseline writes
/// rows of the same kinds and sizes. Change both together.
public enum SyntheticEvents {
  /// Milliseconds between events.
  public static let interval: Int64 = 100

  /// The `t` of event `index` (0-based).
  public static func t(at index: Int) -> Int64 { Int64(index) * interval }

  /// The payload of event `index` (0-based).
  /// - Complexity: O(1).
  public static func payload(at index: Int) -> EventPayload {
    switch index % 10 {
    case 0, 2, 4, 6: return .progress(progress(at: index))
    case 1, 3, 5, 7: return .speed(speed(at: index))
    case 8:
      return .camera(
        CameraState(mode: .following, bearing: Double(index % 360), tilt: 45, zoom: 17))
    default:
      switch (index / 10) % 8 {
      case 0: return .promptReady(Prompt(promptID: index / 10, kind: .traffic,
                                         text: "Heavy traffic ahead"))
      case 1: return .promptDismissed(promptID: index / 10 - 1)
      case 2:
        return .settingChanged(SettingChange(name: .speedometer, value: .bool((index / 80) % 2 == 0)))
      case 3:
        return .mapResized(MapGeometry(
          width: 393, height: 852, safeTop: 59, safeLeading: 0, safeBottom: 34, safeTrailing: 0))
      case 4: return .userPanned(dx: -5, dy: 2.5)
      case 5: return .recentered
      case 6: return .lightingChanged((index / 80) % 2 == 0 ? .day : .night)
      default: return .routeChanged(.reroute)
      }
    }
  }

  private static let maneuvers = ["turn-left", "turn-right", "straight", "roundabout"]
  private static let delays: [DelayCategory] = [.noData, .light, .medium, .heavy]

  private static func progress(at index: Int) -> Progress {
    let travelled = Double(index) * 1.5
    return Progress(
      distanceTravelled: travelled, distanceRemaining: 1_500_000 - travelled,
      timeRemaining: (1_500_000 - travelled) / 13.5, stepIndex: index / 100,
      distanceToNextManeuver: Double(100 - index % 100) * 1.5,
      maneuver: maneuvers[(index / 100) % 4], roadName: "Road \(index / 100)",
      latitude: 48 + Double(index) * 1e-6, longitude: 11 + Double(index) * 1e-6,
      course: Double(index % 360), delay: delays[(index / 1000) % 4])
  }

  private static func speed(at index: Int) -> SpeedReport {
    let speed = 10 + Double(index % 20) * 0.5
    guard (index / 10) % 5 != 0 else {
      return SpeedReport(speed: speed, speedLimit: nil, severity: .unknown, speedingPercentage: -1)
    }
    let limit = 13.9
    return SpeedReport(
      speed: speed, speedLimit: limit, severity: speed > limit ? .minor : .notSpeeding,
      speedingPercentage: speed > limit ? (speed / limit - 1) * 100 : 0)
  }
}
