import Findings
import Foundation
import Lint
import Replay
import SessionEvents
import Testing
import UIKit

/// A screen that presents a sheet over the map and draws its stops as overlays (issue 25),
/// replayed: the sheet is in the snapshots while presented and gone once dismissed, and the
/// overlays are in the snapshots as data, following the trip.
@MainActor
@Suite struct DeliveryStopsScreenTests {
  @Test func thePresentedSheetAndTheOverlaysAreInTheSnapshots() throws {
    let events = try ScreenReplayTests.events("city-commute")
    let stops = ScreenReplayTests.stops(events)
    try #require(stops.count >= 1)
    let replayer = try Replayer(
      delegate: nil,
      watchers: .layoutRules, screen: { DeliveryStopsScreen(mapView: $0, stops: stops) })
    let screen = try #require(replayer.screen as? DeliveryStopsScreen)
    let sheet = try #require(screen.termsSheet)
    #expect(screen.presentedViewController === sheet)

    let first = replayer.apply(ReplayTick(events[0], next: events.count > 1 ? events[1] : nil))
    let sheetNode = try #require(first.layout.node("termsSheet"))
    #expect(sheetNode.parent == "map")
    #expect(sheetNode.frame.y == 10 && sheetNode.frame.height == first.layout.mapHeight - 10)
    #expect(first.layout.node("termsText")?.text == "Drive safely. Follow local laws.")
    #expect(first.layout.overlays.filter { $0.hasPrefix("marker;") }.count == stops.count)
    #expect(first.layout.overlays.first?.hasSuffix(";selected") == true)
    #expect(first.layout.overlays.contains { $0.hasPrefix("polyline;points=\(stops.count);") })
    #expect(first.layout.overlays.contains { $0.hasPrefix("circle;") })
    #expect(first.layout.text.contains(" overlays=marker;"))

    sheet.accept()
    #expect(screen.presentedViewController == nil)
    var last = first
    var findings = first.findings
    for (index, event) in events.enumerated().dropFirst() {
      last = replayer.apply(
        ReplayTick(event, next: index + 1 < events.count ? events[index + 1] : nil))
      findings += last.findings
      #expect(last.layout.node("termsSheet") == nil)
    }
    // Each arrival took its stop's marker off the map.
    let arrivals = events.filter { if case .arrived = $0.payload { return true } else { return false } }
    #expect(!arrivals.isEmpty)
    #expect(
      last.layout.overlays.filter { $0.hasPrefix("marker;") }.count
        == stops.count - arrivals.count)
    // The screen's navigation calls are the ones the recording implies.
    #expect(findings.allSatisfy { $0.ruleID != Finding.divergenceRuleID })
  }
}
