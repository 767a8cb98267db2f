import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@_spi(Replay) import Replay

/// `viewSize` events: a recording's measured sizes replace the profile's guesses, view by view,
/// until the next size event; without them the profile decides.
@MainActor @Suite struct RecordedSizeTests {
  @Test func theSpeedWidgetTakesTheRecordedSizeUntilTheNextSizeEvent() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.run([.navigationEnabled, .guidanceStarted, setting(.speedometer, true), speed(12, limit: 14)])
    let widget = drive.mapView.sdkViews.speedWidget
    #expect(drive.frame(widget).size == CGSize(width: 64, height: 64))  // the profile's guess
    try drive.send(.viewSize(RecordedViewSize(view: "speedWidget", width: 64, height: 132, margin: 6)))
    #expect(drive.frame(widget).size == CGSize(width: 64, height: 132))
    #expect(widget.layoutMargins == UIEdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
    // The profile would resize it now; the recording's size holds until its next event.
    try drive.send(setting(.speedLimit, true))
    #expect(drive.frame(widget).size == CGSize(width: 64, height: 132))
    try drive.send(.viewSize(RecordedViewSize(view: "speedWidget", width: 70, height: 70, margin: 8)))
    #expect(drive.frame(widget).size == CGSize(width: 70, height: 70))
  }

  @Test func aCardsStandardWidthStaysTheAppsWhereTheRecordingGivesNone() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.startGuidance()
    let card = drive.mapView.sdkViews.turnCard
    try drive.send(
      .viewSize(RecordedViewSize(
        view: "turnCard", width: nil, height: 140, marginTop: 10, marginLeading: 12,
        marginBottom: 10, marginTrailing: 4)))
    #expect(drive.frame(card) == CGRect(x: 0, y: 0, width: 393, height: 140))
    #expect(card.directionalLayoutMargins.leading == 12 && card.directionalLayoutMargins.trailing == 4)
    // In right-to-left layouts the leading margin is on the right.
    drive.mapView.setLayoutDirection(rightToLeft: true)
    #expect(card.layoutMargins.right == 12 && card.layoutMargins.left == 4)
  }

  @Test func aPromptTakesItsRecordedSizeWhenItIsShownAndOthersKeepTheProfiles() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.startGuidance()
    try drive.send(.viewSize(RecordedViewSize(view: "prompt#7", width: nil, height: 150, margin: 8)))
    try drive.send(prompt(7))
    let shown = try #require(drive.mapView.currentPromptView)
    #expect(drive.frame(shown).height == 150)
    try drive.send(.promptDismissed(promptID: 7))
    try drive.send(prompt(8))
    let next = try #require(drive.mapView.currentPromptView)
    #expect(drive.frame(next).height == 104)  // the profile's incident height
  }

  @Test func withoutSizeEventsTheMeasuredSizeIsTheProfiles() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.run([.navigationEnabled, .guidanceStarted, setting(.speedometer, true), speed(12, limit: 14)])
    let views = drive.mapView.sdkViews
    #expect(views.speedWidget.recordedSize == nil)
    #expect(
      RecordedViewSize(views.speedWidget.measuredSize)
        == RecordedViewSize(view: "speedWidget", width: 64, height: 64, margin: 8))
    #expect(
      RecordedViewSize(views.turnCard.measuredSize)
        == RecordedViewSize(view: "turnCard", width: 393, height: 112, margin: 8))
    #expect(views.view(named: "googleLogo") === views.googleLogo)
    #expect(views.view(named: "headerAccessory") == nil)
    #expect(views.applyRecordedSize(SDKViewSize(view: "headerAccessory", width: 1, height: 1)) == false)
  }
}
