import Foundation
import Lint
@_spi(Replay) import NavigationSDK
import Replay
import ReplayTestSupport
import SampleDelegates
import SessionEvents
import Testing
import UIKit

/// A recording's `headerAccessory` setting: the built-in layout shows a banner of that height
/// under the turn card; a layout delegate's map shows none and nothing is flagged.
@MainActor
@Suite struct HeaderAccessoryReplayTests {
  private func accessory(_ height: Double) -> EventPayload {
    .settingChanged(SettingChange(name: .headerAccessory, value: .number(height)))
  }

  @Test func theBuiltInLayoutShowsTheRecordedAccessoryUnderTheTurnCard() throws {
    var drive = try Drive(nil)
    try drive.startGuidance()
    #expect(try drive.send(accessory(48)).isEmpty)
    let banner = try #require(drive.mapView.headerAccessoryView)
    let card = drive.frame(drive.mapView.sdkViews.turnCard)
    #expect(drive.frame(banner).minY == card.maxY)
    #expect(drive.frame(banner).height == 48)
    #expect(drive.frame(banner).width == card.width)
    // A new height measures again; 0 removes it.
    try drive.send(accessory(72))
    #expect(drive.mapView.headerAccessoryView === banner)
    #expect(drive.frame(banner).height == 72)
    try drive.send(accessory(0))
    #expect(drive.mapView.headerAccessoryView == nil)
    #expect(banner.superview == nil)
  }

  @Test func aLayoutDelegatesMapShowsNoAccessoryAndNothingIsFlagged() throws {
    var drive = try Drive(CompleteLayoutDelegate())
    try drive.startGuidance()
    let findings = try drive.send(accessory(48))
    #expect(findings.isEmpty, "\(findings)")
    #expect(drive.mapView.headerAccessoryView.map { $0.superview == nil } ?? true)
  }

  /// The app's own accessory (a screen that sets one) stays: the recording's does not replace it.
  @Test func theAppsOwnAccessoryStays() throws {
    var drive = try Drive(nil)
    try drive.startGuidance()
    let own = OwnBanner()
    drive.mapView.setHeaderAccessory(own)
    try drive.send(accessory(72))
    #expect(drive.mapView.headerAccessoryView === own)
    #expect(drive.frame(own).height == 30)
  }

  @Test func aHeightThatIsNotANumberIsABadEvent() throws {
    var drive = try Drive(nil)
    try drive.startGuidance()
    #expect(throws: (any Error).self) {
      try drive.send(.settingChanged(SettingChange(name: .headerAccessory, value: .bool(true))))
    }
  }
}

private final class OwnBanner: UIView, GMSNavigationAccessoryView {
  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat { 30 }
}
