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

  /// `time(to:)` and `distance(to:)` answer for the next destination, found by its title and
  /// Place ID byte for byte, as `NSString` compares them: a waypoint whose title is the other
  /// form of the next one's is not it.
  @Test func theNextDestinationIsFoundByTheBytesOfItsTitle() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    let place = CLLocationCoordinate2D(latitude: 47.001, longitude: 8)
    let cafe = try #require(GMSNavigationWaypoint(location: place, title: "Caf\u{E9}"))
    let office = try #require(GMSNavigationWaypoint(placeID: "ChIJKoffice", title: "Work"))
    navigator.setDestinations([cafe, office]) { _ in }
    var findings = try drive.send(.navigationEnabled)
    for payload in Self.named { findings += try drive.send(payload) }
    findings += try drive.send(progress(remaining: 900, time: 90))
    #expect(findings.isEmpty)
    let copy = try #require(GMSNavigationWaypoint(location: place, title: "Caf\u{E9}"))
    let decomposed = try #require(GMSNavigationWaypoint(location: place, title: "Cafe\u{301}"))
    #expect(copy.title == decomposed.title)  // what `String ==` says
    #expect(navigator.time(to: copy) == 90)
    #expect(navigator.distance(to: copy) == 900)
    #expect(navigator.time(to: decomposed) == CLTimeIntervalMax)
    #expect(navigator.distance(to: decomposed) == CLLocationDistanceMax)
  }
}
