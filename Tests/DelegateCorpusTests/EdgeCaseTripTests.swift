// Beyond the recordings: a short synthetic trip through the SDK's edge cases (every speed-widget
// state, a prompt replaced, suppressed and hidden, a rotation mid-prompt, guidance restarted,
// navigation disabled during guidance) on three screens in both directions.
import Foundation
import GoogleNavigation
import SessionEvents
import TestSupport
import Testing

@MainActor @Suite struct EdgeCaseTripTests {
  /// (name, screen, the screen turned or split).
  nonisolated static let screens: [(String, MapGeometry, MapGeometry)] = [
    ("iPhone", MapGeometry(width: 393, height: 852, safeTop: 59, safeBottom: 34),
     MapGeometry(
       width: 852, height: 393, safeTop: 0, safeLeading: 59, safeBottom: 21, safeTrailing: 59)),
    ("small phone", MapGeometry(width: 375, height: 667, safeTop: 20),
     MapGeometry(width: 667, height: 375)),
    ("iPad", MapGeometry(width: 820, height: 1180, safeTop: 24, safeBottom: 20),
     MapGeometry(width: 320, height: 1180, safeTop: 24, safeBottom: 20)),
  ]

  static func trip(_ screen: MapGeometry, _ turned: MapGeometry, _ direction: String)
    -> [SessionEvent]
  {
    func speed(_ speed: Double?, _ limit: Double?) -> EventPayload {
      .speed(
        SpeedReport(speed: speed, speedLimit: limit, severity: .unknown, speedingPercentage: -1))
    }
    func prompt(_ id: Int, _ kind: PromptKind, _ text: String) -> EventPayload {
      .promptReady(Prompt(promptID: id, kind: kind, text: text))
    }
    func set(_ name: Setting, _ value: SettingValue) -> EventPayload {
      .settingChanged(SettingChange(name: name, value: value))
    }
    let payloads: [EventPayload] = [
      .mapResized(screen), set(.layoutDirection, .text(direction)), .navigationEnabled,
      set(.speedometer, .bool(true)), set(.speedLimit, .bool(true)), .guidanceStarted,
      speed(nil, nil), speed(12, nil), speed(nil, 14), speed(16, 14),
      prompt(1, .incident, "Crash ahead, left lane blocked"),
      prompt(2, .betterRoute, String(repeating: "A faster route saves 6 minutes. ", count: 3)),
      .promptDismissed(promptID: 2), prompt(3, .speedCamera, "Speed camera in 300 m"),
      .userPanned(dx: 80, dy: -40), .mapResized(turned), speed(nil, 14), .recentered,
      .mapResized(screen), .promptDismissed(promptID: 3), set(.prompts, .bool(false)),
      prompt(4, .traffic, "Heavy traffic ahead"), set(.prompts, .bool(true)), speed(nil, nil),
      .guidanceStopped(.arrived), .guidanceStarted, speed(16, 14),
      prompt(5, .traffic, "Slow traffic for 2 km"), .navigationDisabled, .navigationEnabled,
      .userPanned(dx: 10, dy: 10), .navigationDisabled,
    ]
    return payloads.enumerated().map {
      SessionEvent(seq: Int64($0.offset + 1), t: Int64($0.offset) * 700, payload: $0.element)
    }
  }

  @Test(arguments: Corpus.names)
  func theCorpusHasNoFindingsOnTheEdgeCaseTrip(delegate name: String) async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: name) else {
      return
    }
    for (screenName, screen, turned) in Self.screens {
      for direction in ["ltr", "rtl"] {
        let found = try CorpusReplay.findings(
          of: Corpus.make(name), events: Self.trip(screen, turned, direction))
        let listed = found.map { "  \($0)" }.joined(separator: "\n")
        #expect(found.isEmpty, "\(name) on \(screenName) \(direction):\n\(listed)")
      }
    }
  }
}
