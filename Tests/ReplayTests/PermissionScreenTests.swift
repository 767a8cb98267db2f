// Each replay is an app of its own (`LayoutContext`): a replay after another one in the same
// process - as a `check` worker replays configuration after configuration - observes exactly
// what the first one did. Linux only (`PermissionGatedScreen` uses Apple's module names).
import AppScreens
import CoreLocation
import GoogleNavigation
import NavSimTesting
import Replay
import Testing
import TestSupport
import UIKit
import UserNotifications

@MainActor
@Suite struct PermissionScreenTests {
  /// Replays `name` through a fresh `PermissionGatedScreen`: its snapshots and the screen.
  static func replay(_ name: String) throws -> (golden: GoldenText, screen: PermissionGatedScreen) {
    var screen: PermissionGatedScreen?
    let (golden, summary) = try ReplayTesting.replay(
      log: recording(name),
      screen: { mapView in
        let made = PermissionGatedScreen(makeMap: { mapView })
        screen = made
        return made
      })
    #expect(summary.findings.isEmpty, "\(summary.findings.map(\.finding.message))")
    return (golden, try #require(screen))
  }

  @Test func aScreenReplayedTwiceInOneProcessObservesTheSameBothTimes() throws {
    let first = try Self.replay("city-commute")
    let second = try Self.replay("city-commute")
    #expect(first.screen.authorizationCallbacks == 1)
    #expect(second.screen.authorizationCallbacks == 1, "the second replay's app is asked too")
    // The check has teeth: each reaction shows in the snapshots.
    let lines = first.golden.text.split(separator: "\n")
    for text in [
      "text=Location%20allowed", "text=Alerts%20on", "text=Terms%20accepted",
      "text=Delivered%20navsim-transaction-1%2C%201%20pending",
      "text=Delivered%20navsim-transaction-2%2C%202%20pending",
    ] {
      #expect(lines.contains { $0.hasSuffix(text) }, "\(text) in the first replay")
    }
    #expect(second.golden.text == first.golden.text)
  }

  @Test func twoReplaysOfTheScreenInterleavedKeepTheirOwnApps() throws {
    let events = try ScreenReplayTests.events("city-commute")
    func start() throws -> Replayer {
      try Replayer(
        delegate: nil, watchers: .layoutRules,
        screen: { mapView in PermissionGatedScreen(makeMap: { mapView }) })
    }
    let alone = try start()
    var aloneSnapshots: [LayoutSnapshot] = []
    for (index, event) in events.enumerated() {
      let next = index + 1 < events.count ? events[index + 1] : nil
      aloneSnapshots.append(alone.apply(ReplayTick(event, next: next)))
    }
    let replayers = [try start(), try start()]
    var snapshots: [[LayoutSnapshot]] = [[], []]
    for (index, event) in events.enumerated() {
      let next = index + 1 < events.count ? events[index + 1] : nil
      for side in 0..<2 {
        snapshots[side].append(replayers[side].apply(ReplayTick(event, next: next)))
      }
    }
    #expect(snapshots[0] == aloneSnapshots)
    #expect(snapshots[1] == aloneSnapshots)
  }

  @Test func outsideAnyReplayTheStaticsReadTheProcessDefault() {
    let context = LayoutContext()
    let inReplay = context.run { (UIApplication.shared, UNUserNotificationCenter.current()) }
    #expect(inReplay.0 === context.run { UIApplication.shared })
    #expect(inReplay.0 !== UIApplication.shared)
    #expect(inReplay.1 !== UNUserNotificationCenter.current())
    #expect(UIApplication.shared === LayoutContext.unbound.application)
    #expect(UNUserNotificationCenter.current() === UNUserNotificationCenter.current())
  }
}
