// The false-positive classes of issue 11, each on the smallest replay that showed it. Every one
// of these failed before NavSim's semantics were made UIKit's.
import Foundation
import GoogleNavigation
import Lint
import Replay
import SessionEvents
import TestSupport
import Testing

@MainActor @Suite struct FalsePositiveTests {
  /// The first `count` events of a recording (enough to reach Active Guidance).
  func opening(_ recording: String, _ count: Int) throws -> [SessionEvent] {
    Array(try CorpusReplay.events(of: recording).prefix(count))
  }

  @Test func thePublishedSampleIsTheSharedFixtureUnchanged() throws {
    let shared = Fixtures.sharedRoot + "/delegates/BasicLayoutDelegate.swift"
    guard FileManager.default.fileExists(atPath: shared) else {
      print("skipped: \(shared) is absent (a clone without ../shared)")
      return
    }
    let copy = Fixtures.repositoryRoot
      + "/Tests/DelegateCorpusTests/Published/BasicLayoutDelegate.swift"
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy))
      == Data(contentsOf: URL(fileURLWithPath: shared)))
  }

  /// The sample pins the cards and prompts by their leading edge and top / bottom only: the
  /// SDK sizes them, so they are determined (was: 12 ambiguous-layout warnings).
  @Test func sdkViewsPinnedByOneEdgeAndOneSideAreDetermined() throws {
    let found = try CorpusReplay.findings(
      of: BasicLayoutDelegate(), events: opening("city-commute", 300))
    #expect(found.isEmpty, "\(found)")
  }

  /// In Navigation Ready the sample's stack, logo and viewport hang from a guide held by a
  /// satisfied `defaultLow` constraint: the optimum is unique.
  @Test func aGuideHeldByASatisfiedLowPriorityConstraintIsDetermined() throws {
    UIAnimationClock.current.reset()
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    try map.setLayoutDelegate(BasicLayoutDelegate())
    let session = NavigationSession(mapView: map, watchers: .layoutRules)
    try session.apply(ReplayTick(SessionEvent(seq: 1, t: 0, payload: .navigationEnabled)))
    try session.apply(ReplayTick(
      SessionEvent(
        seq: 2, t: 0,
        payload: .mapResized(MapGeometry(width: 393, height: 852, safeTop: 59, safeBottom: 34)))))
    let views = map.sdkViews
    for view in [views.googleLogo, views.viewport, views.compassButton] as [UIView] {
      #expect(!view.hasAmbiguousLayout, "\(view)")
    }
    let viewport = views.viewport.convert(views.viewport.bounds, to: map)
    #expect(abs(viewport.maxY - (852 - 34)) < 0.001, "\(viewport)")
    #expect(session.drainFindings().isEmpty)
  }

  /// The delivery delegate tears its layout down in every callback and builds the next state's
  /// from scratch, order sheet included: re-added in stopGuidance, the sheet is part of the
  /// ready layout, not a leftover.
  @Test func aViewReAddedInStopGuidanceIsNotALeftover() throws {
    let delegate = DeliveryNavigationLayout()
    let found = try CorpusReplay.findings(of: delegate, recording: "city-commute", in: .portrait)
    #expect(found.isEmpty, "\(found)")
  }

  /// The same layout changes prompts with a two-line label in its sheet and layoutIfNeeded()
  /// inside UIView.animate: layout converges, no feedback loop.
  @Test func promptChangesWithAMultiLineSheetConverge() throws {
    for configuration in Configuration.allCases {
      let found = try CorpusReplay.findings(
        of: DeliveryNavigationLayout(), recording: "city-commute", in: configuration)
      #expect(!found.contains { $0.finding.ruleID == "layout-misuse" }, "\(found)")
    }
  }

  /// The logo stacked on the speed widget's margins guide while the widget shows nothing: the
  /// widget has no margins to lend, so the logo sits on the ETA card's margins, not over it.
  @Test func viewsStackedOnAnEmptySpeedWidgetDoNotOverlap() throws {
    let found = try CorpusReplay.findings(
      of: FleetNavigationLayout(), events: opening("city-commute", 12))
    #expect(found.isEmpty, "\(found)")
  }
}
