import GoogleNavigation
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
  ]

  nonisolated static let names = ["published-basic", "delivery", "ride-hailing", "fleet", "ev-charging"]

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
  func replaysEveryRecordingInEveryConfigurationWithoutFindings(delegate name: String) throws {
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
