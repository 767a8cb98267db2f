@testable import Explore
import Findings
import NavSim
import Navigator
import TestSupport
import Testing

// Explore tells findings apart by their identity's bytes: two views whose names differ only in
// Unicode normalization are two views to UIKit (`isEqualToString:` compares UTF-16 units) and
// in every other NavSim output, so they are two findings, each shrunk to a trip of its own.

/// "Café" precomposed (U+00E9) and as "e" and a combining acute (U+0301): equal `String`s,
/// other bytes.
let precomposedCafe = "Caf\u{E9}"
let decomposedCafe = "Cafe\u{301}"

/// Covers the turn card with an opaque bar from the start of guidance, named "Café" in the
/// precomposed form on a left-to-right screen and in the decomposed form on a right-to-left
/// one (as text from two localizations may come). Not a hidden bug: every guided trip shows it.
final class NormalizedNameBarDelegate: WrappingDelegate {
  private let bar = UIView()
  override var guidanceOnlyViews: [UIView] { [bar] }

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    guard bar.superview == nil else { return }
    bar.accessibilityIdentifier =
      mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
      ? decomposedCafe : precomposedCafe
    addBar(bar, to: mapView, height: 60) {
      $0.topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor)
    }
  }
}

@MainActor
@Suite struct ExploreIdentityTests {
  @Test func instanceNumbersAreNavSimsHashAndASCIIDigitsOnly() {
    func identity(_ view: String) -> String {
      ExploreFinding.identity(
        of: Finding(ruleID: "r", severity: .error, views: [view], message: ""))
    }
    #expect(identity("prompt.incident#2") == "r prompt.incident")
    #expect(identity("UIView#12") == "r UIView")
    // An app's own names: kept whole, not merged with `row`.
    #expect(identity("row#") == "r row#")
    #expect(identity("row#\u{663}") == "r row#\u{663}")  // an Arabic-Indic three
    #expect(identity("row#2a") == "r row#2a")
  }

  @Test func theReplayCommandFindsTheScreenPrefixInTheBytes() throws {
    let result = ExploreResult(
      seed: 1, subject: "screen:\u{301}menu", tripsRun: 0, eventsReplayed: 0, findings: [])
    let found = ExploreFinding(
      finding: Finding(ruleID: "r", severity: .error, views: [], message: ""), tripIndex: 0,
      eventsBefore: 1, eventsAfter: 1, scriptedBefore: 0, scriptedAfter: 0, shrinkSteps: 0,
      scenario: try TripGenerator.scenario(seed: 1, index: 0, space: TripSpace()) { _ in 600 },
      profile: ProfileDraw(values: []), profilePath: nil, firstSeq: 0,
      logPath: "m.sqlite")
    #expect(
      Array(result.replayCommand(found).utf8)
        == Array("navsim lint m.sqlite --screen \u{301}menu".utf8))
  }

  /// The bar on left-to-right and on right-to-left trips raises the same rule on views whose
  /// names differ only in normalization: two findings, each minimal trip keeping its direction
  /// (shrinking toward left-to-right would show the other form, which is not its finding).
  @Test func findingsWhoseViewsDifferOnlyInNormalizationAreTwoFindings() async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: "") else {
      return
    }
    let space = TripSpace(devices: [try DeviceProfiles.profile(named: "iphone-se-portrait")])
    // Trips up to the first of each direction (the direction is drawn before the route's
    // length is used, so any length deals it alike).
    var firsts: [String: Int] = [:]
    for index in 0..<40 where firsts.count < 2 {
      let scenario = try TripGenerator.scenario(seed: 1, index: index, space: space) { _ in 600 }
      if firsts[scenario.layoutDirection] == nil { firsts[scenario.layoutDirection] = index }
    }
    let budget = try #require(firsts.values.max(), "\(firsts)") + 1
    #expect(firsts.count == 2, "seed 1 has no trip of one direction in 40: \(firsts)")
    let result = try Explorer(
      seed: 1, budget: budget, space: space,
      job: job("normalized-name-bar", { NormalizedNameBarDelegate() }),
      subject: .delegate("normalized-name-bar")
    ).run()
    let bars = result.findings.filter { found in
      found.finding.ruleID == "app-view-covers-sdk-view"
        && found.finding.views.contains { $0 == precomposedCafe }  // either form
    }
    // Each finding's bar, as bytes, and its minimal trip's direction.
    let forms = bars.map { found in
      (
        found.finding.views.map { Array($0.utf8) }.first {
          $0 == Array(precomposedCafe.utf8) || $0 == Array(decomposedCafe.utf8)
        },
        found.scenario.layoutDirection
      )
    }
    #expect(bars.count == 2, "\(result.text())")
    #expect(
      forms.contains { $0.0 == Array(precomposedCafe.utf8) && $0.1 == "ltr" },
      "\(forms)")
    #expect(
      forms.contains { $0.0 == Array(decomposedCafe.utf8) && $0.1 == "rtl" },
      "\(forms)")
  }
}
