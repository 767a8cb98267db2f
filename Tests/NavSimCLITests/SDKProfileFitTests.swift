import Foundation
import SessionEvents
import Testing

@testable import NavSimCLI
@_spi(Replay) @testable import NavigationSDK

/// `SDKProfileFit` on hand-made size events: what each view's size determines, and how
/// disagreements and unfitted keys are reported.
@Suite struct SDKProfileFitTests {
  private func events(_ payloads: [EventPayload]) -> [SessionEvent] {
    payloads.enumerated().map { SessionEvent(seq: Int64($0 + 1), t: Int64($0) * 100, payload: $1) }
  }

  private let map = EventPayload.mapResized(MapGeometry(width: 393, height: 852, safeTop: 59))

  @Test func promptHeightsComeFromOneLinePromptsAndTheLineHeightFromLongerOnes() throws {
    let long = String(repeating: "x", count: 85)  // three lines of 40 characters
    let fit = SDKProfileFit(recordings: [
      events([
        map,
        .promptReady(Prompt(promptID: 1, kind: .incident, text: "Crash ahead")),
        .viewSize(RecordedViewSize(view: "prompt#1", width: 393, height: 96, margin: 8)),
        .promptReady(Prompt(promptID: 2, kind: .incident, text: long)),
        .viewSize(RecordedViewSize(view: "prompt#2", width: 393, height: 144, margin: 8)),
        .promptReady(Prompt(promptID: 3, kind: PromptKind(rawValue: "unknown"), text: "")),
        .viewSize(RecordedViewSize(view: "prompt#3", width: 393, height: 300, margin: 8)),
      ])
    ])
    #expect(fit.profile.promptHeights["incident"] == 96)
    #expect(fit.profile.promptLineHeight == 24)
    #expect(fit.profile.cardLayoutMargin == 8)
    #expect(fit.keys.map(\.key) == ["cardLayoutMargin", "promptHeights.incident", "promptLineHeight"])
    // A prompt of a kind the recording does not name determines nothing.
    #expect(fit.profile.promptHeights["unknown"] == nil)
    #expect(fit.sizeEvents == 3)
  }

  @Test func theMostFrequentValueWinsAndDisagreementsAreCounted() throws {
    let fit = SDKProfileFit(recordings: [
      events([
        map,
        .viewSize(RecordedViewSize(view: "etaCard", width: 393, height: 70, margin: 8)),
        .viewSize(RecordedViewSize(view: "etaCard", width: 393, height: 76, margin: 8)),
      ]),
      events([map, .viewSize(RecordedViewSize(view: "etaCard", width: 393, height: 76, margin: 8))]),
    ])
    let key = try #require(fit.keys.first { $0.key == "etaCardHeight" })
    #expect(key.value == 76 && key.observations == 3 && key.disagreeing == 1)
    #expect(fit.table.contains("| `etaCardHeight` | 76 | etaCard height (3 size events), 1 disagreeing |"))
    #expect(fit.table.contains("| `buttonSize` | 48 | guess: no size event determines it |"))
    #expect(!fit.guesses.contains("etaCardHeight") && fit.guesses.contains("wideModeMinimumWidth"))
  }

  @Test func aCardNarrowerThanTheMapGivesTheWideWidthAndTheLogoItsFormByPans() throws {
    let fit = SDKProfileFit(recordings: [
      events([
        .mapResized(MapGeometry(width: 852, height: 393, safeLeading: 59, safeTrailing: 59)),
        .settingChanged(SettingChange(name: .recenterButton, value: .bool(true))),
        .navigationEnabled,
        .viewSize(RecordedViewSize(view: "turnCard", width: 400, height: 120, margin: 8)),
        .viewSize(RecordedViewSize(view: "googleLogo", width: 70, height: 30, margin: 4)),
        .userPanned(dx: 10, dy: 0),
        .viewSize(RecordedViewSize(view: "googleLogo", width: 140, height: 44, margin: 4)),
        .viewSize(RecordedViewSize(view: "speedWidget", width: 60, height: 126, margin: 8)),
        .viewSize(RecordedViewSize(view: "speedWidget", width: 0, height: 0, margin: 0)),
      ])
    ])
    var expected = SDKProfile.default
    expected.name = "fitted"
    expected.wideCardWidth = 400
    expected.style.headerNominalHeight = 120
    (expected.logoWidth, expected.logoHeight) = (70, 30)
    (expected.recenterLogoWidth, expected.recenterLogoHeight) = (140, 44)
    expected.speedGaugeSize = 60
    expected.speedGaugeSpacing = 6
    #expect(fit.profile == expected)
    // The file holds the fitted keys only and loads back to the same profile.
    let loaded = try SDKProfile.decode(Data(fit.profileJSON.utf8))
    #expect(loaded == expected)
    #expect(fit.profileJSON.contains(#""style": {"#) && !fit.profileJSON.contains("etaCardHeight"))
  }
}
