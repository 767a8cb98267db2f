import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// A destination the app asks for matches the recorded one by the bytes of its Place ID: a
/// Place ID is an opaque token, and `String ==` equates canonically equivalent texts, such as
/// "K" and U+212A KELVIN SIGN (whose normal form is "K"), which name other places.
@MainActor @Suite struct TextBytesPlaceIDTests {
  static let named: [EventPayload] = [
    .waypoint(RecordedWaypoint(index: 0, title: "School", latitude: 47, longitude: 8)),
    .waypoint(
      RecordedWaypoint(
        index: 1, title: "Office", placeID: "ChIJKoffice", latitude: nil, longitude: nil)),
    twoLegRoute,
  ]

  @Test func aPlaceIDEqualOnlyAsAStringIsNotTheRecordedPlace() throws {
    let kelvin = "ChIJ\u{212A}office"
    #expect(kelvin == "ChIJKoffice")  // what `String ==` says
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    var statuses: [GMSRouteStatus] = []
    let near = try #require(
      GMSNavigationWaypoint(location: .init(latitude: 47.001, longitude: 8), title: "Kids"))
    let office = try #require(GMSNavigationWaypoint(placeID: "ChIJKoffice", title: "Work"))
    navigator.setDestinations([near, office]) { statuses.append($0) }
    var findings = try drive.send(.navigationEnabled)
    for payload in Self.named { findings += try drive.send(payload) }
    #expect(findings.isEmpty)
    #expect(statuses == [.OK])
    let other = try #require(GMSNavigationWaypoint(placeID: kelvin, title: "Work"))
    navigator.setDestinations([near, other]) { statuses.append($0) }
    findings = try drive.send(progress(remaining: 900, time: 90))
    #expect(statuses == [.OK])
    #expect(findings.map(\.message) == [
      "setDestinations(_:callback:) after seq 4: destination 2 'Work' is not the recorded "
        + "'Office' (place ChIJKoffice) in the recording's route: nothing changes and the "
        + "callback is not called",
    ])
  }
}
