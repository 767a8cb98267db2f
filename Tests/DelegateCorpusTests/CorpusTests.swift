import Lint
import GoogleNavigation
import TestSupport
import Testing

/// The corpus: delegates written from the SDK's layout guide as app teams write them.
@MainActor
enum Corpus {
  /// Every corpus delegate, by name (the published sample first).
  static let delegates: [(name: String, make: @MainActor () -> any NavigationLayoutDelegate)] = [
    ("published-basic", { BasicLayoutDelegate() }),
    ("delivery", { DeliveryNavigationLayout() }),
    ("ride-hailing", { RideHailingNavigationLayout() }),
    ("fleet", { FleetNavigationLayout() }),
    ("ev-charging", { EVChargingNavigationLayout() }),
    ("taxi-meter", { TaxiMeterNavigationLayout() }),
    ("field-service", { FieldServiceNavigationLayout() }),
    ("school-bus", { SchoolBusNavigationLayout() }),
    ("motorbike-courier", { MotorbikeCourierNavigationLayout() }),
  ]

  nonisolated static let names = ["published-basic", "delivery", "ride-hailing", "fleet", "ev-charging", "taxi-meter",
    "field-service", "school-bus", "motorbike-courier",
  ]

  static func make(_ name: String) -> any NavigationLayoutDelegate {
    delegates.first { $0.name == name }!.make()
  }
}

/// Every corpus delegate over every canonical recording, in portrait, landscape and right to
/// left: no findings at all.
@MainActor @Suite struct CorpusTests {
  @Test func theNamesListEveryDelegate() {
    #expect(Corpus.delegates.map(\.name) == Corpus.names)
  }

  @Test(arguments: Corpus.names)
  func replaysEveryRecordingInEveryConfigurationWithoutFindings(delegate name: String)
    async throws
  {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: name) else {
      return
    }
    #expect(CorpusReplay.recordingNames.count >= 5)
    for recording in CorpusReplay.recordingNames {
      for configuration in Configuration.allCases {
        let found = try CorpusReplay.findings(
          of: Corpus.make(name), recording: recording, in: configuration)
        let listed = found.map { "  \($0)" }.joined(separator: "\n")
        #expect(found.isEmpty, "\(name) on \(recording) (\(configuration)):\n\(listed)")
      }
    }
  }
}

/// A broken twin per rule: each is caught by the rule it breaks.
@MainActor @Suite struct BrokenTwinTests {
  nonisolated static let rules = [
    "missing-logo", "missing-viewport", "fixed-size-constraint", "sdk-view-outside-map",
    "sdk-internals-touched", "leftover-after-stop-guidance", "leftover-after-disable",
    "prompt-covers-viewport", "prompt-covers-logo", "prompt-covers-button", "sdk-views-overlap",
    "opaque-view-over-viewport", "wide-card-not-leading", "left-right-anchor",
    "hiding-stack-hidden-set", "legacy-api-with-delegate", "margins-add-up",
    "unsatisfiable-constraints", "layout-misuse", "ambiguous-layout",
    "app-view-covers-sdk-view", "translucent-view-over-sdk-view",
  ]

  @Test func everyRuleHasATwin() {
    #expect(BrokenTwins.all.map(\.rule) == Self.rules)
    #expect(Set(Self.rules) == Set(LayoutRule.all.map(\.id)))
  }

  @Test(arguments: rules)
  func theTwinIsCaught(rule: String) throws {
    let twin = try #require(BrokenTwins.all.first { $0.rule == rule })
    let found = try CorpusReplay.findings(
      of: twin.make(), recording: "city-commute", in: twin.configuration)
    let listed = found.map { "  \($0)" }.joined(separator: "\n")
    #expect(found.contains { $0.finding.ruleID == rule }, "\(rule) not caught:\n\(listed)")
  }
}
