import EventLog
import Foundation
import Lint
import NavSim
@testable import Replay
import SampleDelegates
import SessionEvents
@testable import Snapshots
import TestSupport
import Testing

/// A canonical recording, by name.
func recording(_ name: String) -> String { Fixtures.repositoryRoot + "/Recordings/\(name).sqlite" }

/// A small delegate as an app would write it, whose logo margin is a parameter: two
/// "versions" of it differ in exactly one constant.
@MainActor
final class MarginDelegate: NSObject, NavigationLayoutDelegate {
  let logoMargin: CGFloat
  private var constraints: [NSLayoutConstraint] = []

  init(logoMargin: CGFloat) { self.logoMargin = logoMargin }

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    place(mapView, newState)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    oldState.googleLogo.removeFromSuperview()
    oldState.viewport.removeFromSuperview()
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    place(mapView, newState)
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    place(mapView, newState)
  }

  private func place(_ mapView: GMSMapView, _ state: any NavigationUIState) {
    NSLayoutConstraint.deactivate(constraints)
    let logo = state.googleLogo, viewport = state.viewport
    for view in [viewport, logo] where view.superview == nil { mapView.addSubview(view) }
    constraints = [
      viewport.topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor),
      viewport.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor),
      viewport.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
      logo.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor, constant: logoMargin),
      logo.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor, constant: -8),
    ]
    NSLayoutConstraint.activate(constraints)
  }
}

@MainActor
@Suite struct ReplayerTests {
  @Test func twoVersionsDifferingInOneConstantDifferExactlyWhereTheLogoIsShown() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    var logoShown: [Int64] = []
    for (label, margin) in [("v1", 16.0), ("v2", 20.0)] {
      _ = try ReplayJob(
        logPath: recording("city-commute"), delegateName: "margin",
        makeDelegate: { MarginDelegate(logoMargin: margin) }, watchers: .layoutRules
      ).run(store: store, label: label) { snapshot, _ in
        if label == "v1", snapshot.layout.node("googleLogo") != nil { logoShown.append(snapshot.seq) }
      }
    }
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(!logoShown.isEmpty)
    #expect(diff.differences.map(\.seq) == logoShown)
    #expect(diff.viewSummaries.map(\.view) == ["googleLogo"])
    #expect(diff.differences.allSatisfy { difference in
      guard case .frame(let from, let to) = difference.viewChanges.first?.change else { return false }
      return to.x - from.x == 4 && to.y == from.y
    })
    _ = directory
  }

  @Test func theSameReplayTwiceGivesTheSameSnapshots() throws {
    func replayTexts() throws -> [String] {
      var texts: [String] = []
      _ = try ReplayJob(
        logPath: recording("rotations-wide"), delegateName: "complete",
        makeDelegate: { CompleteLayoutDelegate() }, watchers: .layoutRules
      ).run { snapshot, _ in texts.append(snapshot.text) }
      return texts
    }
    let first = try replayTexts()
    #expect(first.count > 100)
    #expect(try replayTexts() == first)
  }

  @Test func theBrokenDelegateIsReportedNotFatal() throws {
    let summary = try ReplayJob(
      logPath: recording("city-commute"), delegateName: "broken",
      makeDelegate: { BrokenLayoutDelegate() }, watchers: .layoutRules
    ).run()
    let rules = Set(summary.findings.map(\.finding.ruleID))
    #expect(summary.events == summary.recording.eventCount)
    #expect(rules.isSuperset(of: ["missing-viewport", "unsatisfiable-constraints", "left-right-anchor"]))
    #expect(summary.errorCount > 0)
  }

  @Test func anInvalidEventSequenceBecomesAFindingWithItsSeq() {
    let replayer = try! Replayer(delegate: MarginDelegate(logoMargin: 16), watchers: .layoutRules)
    let snapshot = replayer.apply(ReplayTick(SessionEvent(seq: 1, t: 0, payload: .guidanceStarted)))
    #expect(snapshot.findings.map(\.ruleID) == ["invalid-event"])
    #expect(snapshot.findings.first?.message.hasPrefix("event 1 (guidanceStarted)") == true)
    #expect(snapshot.layout.state == "nonNavigation")
  }

  @Test func forcingRightToLeftMirrorsTheLogo() throws {
    var ltr: SnapshotRect?, rtl: SnapshotRect?
    for direction in [LayoutDirectionOverride.ltr, .rtl] {
      _ = try ReplayJob(
        logPath: recording("city-commute"), delegateName: "margin",
        makeDelegate: { MarginDelegate(logoMargin: 16) },
        watchers: .layoutRules, direction: direction
      ).run { snapshot, _ in
        guard snapshot.seq == 10, let logo = snapshot.layout.node("googleLogo") else { return }
        if direction == .ltr { ltr = logo.frame } else { rtl = logo.frame }
        #expect(snapshot.layout.direction == direction.rawValue)
      }
    }
    let left = try #require(ltr), right = try #require(rtl)
    #expect(left.x == 16)
    #expect(right.maxX == 393 - 16)
  }

  /// A replay's memory follows what is on screen, not the trip's length: a prompt that was
  /// hidden, faded out and removed is freed (the animation that faded it holds it no longer).
  @Test func aHiddenPromptIsFreedOnceItsFadeOutEnds() throws {
    let make = try #require(SampleDelegateCatalog.all["complete"])
    let replayer = try Replayer(delegate: make(), watchers: .layoutRules)
    final class Weak { weak var view: UIView? }
    var seen: [Weak] = []
    for event in try ScreenReplayTests.events("city-commute") {
      _ = replayer.apply(ReplayTick(event))
      if let prompt = replayer.mapView.currentPromptView, !seen.contains(where: { $0.view === prompt }) {
        let reference = Weak()
        reference.view = prompt
        seen.append(reference)
      }
    }
    _ = replayer.finish()
    #expect(seen.count == 5)
    let alive = seen.compactMap(\.view)
    #expect(alive.allSatisfy { $0.superview != nil }, "only prompts still in the tree are kept")
    #expect(alive.count <= 1)
  }
}

/// The end of a trip: what ending a replay raises is recorded even without a last event.
@MainActor
@Suite struct EndOfTripTests {
  @Test func aRecordingWithoutEventsStillCountsWhatEndingTheReplayRaises() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("empty.sqlite")
    let writer = try EventLogFile(path: path, mode: .create).beginRecording(
      RecordingMetadata(
        name: "empty", source: .scenario, scenario: "", seed: 1,
        deviceProfile: "iphone15-portrait", createdAt: "2026-01-01T00:00:00Z"))
    try writer.finish()
    let stop = try #require(
      GMSNavigationWaypoint(
        location: CLLocationCoordinate2D(latitude: 47.37, longitude: 8.54), title: "Stop 1"))
    let job = ReplayJob(
      logPath: path, screenName: "asks-for-a-route",
      makeScreen: { mapView in
        mapView.navigator?.setDestinations([stop]) { _ in }
        return mapView
      }, watchers: .layoutRules)
    let summary = try job.run()
    #expect(summary.events == 0)
    let divergences = summary.findings.filter { $0.finding.ruleID == "replay-divergence" }
    #expect(divergences.count == 1)
    #expect(divergences.first?.finding.message.contains("never set a route") == true)
  }
}
