import Findings
import Foundation
import NavSim
import ReplayTestSupport
import SampleDelegates
import TestSupport
import Testing
@testable import Replay
@testable import Snapshots

/// The replay's summary (what `navsim lint` and `navsim replay` list: each finding once, with
/// the events it held for and the first of them) tells findings apart as the store does, by
/// the bytes of their keys: a view renamed from "Café" precomposed to "Café" decomposed is
/// another view, and its finding another finding, not more events of the first.
@MainActor
@Suite struct TextBytesTallyTests {
  static let composed = TextBytesStoreTests.composed
  static let decomposed = TextBytesStoreTests.decomposed
  static let rule = "opaque-view-over-viewport"

  @Test func aSummaryCountsFindingsWhoseViewsDifferOnlyInNormalizationApart() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let job = ReplayJob(
      logPath: Fixtures.recording("city-commute"), screenName: "renaming",
      makeScreen: { RenamingScreen(mapView: $0) }, watchers: .layoutRules)
    let summary = try job.run(store: store, label: "run")
    let listed = summary.findings.filter { $0.finding.ruleID == Self.rule }

    // What the store holds: for each form of the view's name, the events whose findings name
    // it and the first of them.
    let frames = try store.frames(of: try store.run(label: "run"))
    var held: [(view: [UInt8], count: Int, firstSeq: Int64)] = []
    for frame in frames {
      for finding in frame.findings where finding.ruleID == Self.rule {
        let view = Array(finding.views[0].utf8)
        if let known = held.firstIndex(where: { $0.view == view }) {
          held[known].count += 1
        } else {
          held.append((view, 1, frame.seq))
        }
      }
    }
    // Both forms were raised, each on many events.
    #expect(held.map(\.view).sorted { $0.lexicographicallyPrecedes($1) }
      == [Array(Self.decomposed.utf8), Array(Self.composed.utf8)])
    #expect(held.allSatisfy { $0.count >= 10 }, "\(held.map(\.count))")

    // The summary lists them as the store holds them: two findings, with their own counts.
    #expect(listed.count == 2, "listed: \(listed.map { ($0.finding.views, $0.count) })")
    #expect(listed.map { Array($0.finding.views[0].utf8) } == held.map(\.view))
    #expect(listed.map(\.count) == held.map(\.count))
    #expect(listed.map(\.firstSeq) == held.map(\.firstSeq))
    _ = directory
  }
}

/// `BasicLayoutDelegate` (the rules watch a custom delegate's map) and an opaque app view over
/// the viewport, identified as "Café", precomposed or decomposed by the remaining distance.
@MainActor
final class RenamingScreen: NSObject, GMSNavigatorListener {
  let mapView: GMSMapView
  let cover = UIView()
  private let layout = BasicLayoutDelegate()

  init(mapView: GMSMapView) {
    self.mapView = mapView
    super.init()
    try? mapView.setLayoutDelegate(layout)
    mapView.navigator?.add(self)
    cover.accessibilityIdentifier = TextBytesTallyTests.composed
    cover.backgroundColor = .white
    cover.frame = CGRect(x: 0, y: 300, width: 393, height: 200)
    mapView.addSubview(cover)
    let terms = GMSNavigationTermsAndConditionsOptions(companyName: "Bytes & Co")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: terms) { [weak self] in
      self?.mapView.isNavigationEnabled = $0
    }
  }

  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {
    let name =
      Int(distance / 500) % 2 == 0 ? TextBytesTallyTests.composed : TextBytesTallyTests.decomposed
    // Set only when its bytes change: each new name is a change of the tree.
    if cover.accessibilityIdentifier.map({ Array($0.utf8) }) != Array(name.utf8) {
      cover.accessibilityIdentifier = name
    }
  }
}
