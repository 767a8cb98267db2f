import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// Nav info is built only while a listener may hear it. A listener that keeps the protocol's
/// empty `navigator(_:didUpdate:)` for nav info is found out the first time it is called
/// (the SDK asks `respondsToSelector`; a Swift default cannot be told from an implementation
/// any other way), and from then on the navigator builds no nav info for it. Every listener
/// that implements the call still hears every nav info, whenever it was added.
@MainActor @Suite struct NavInfoListenerTests {
  /// Hears the remaining distance, not nav info.
  final class DistanceOnly: NSObject, GMSNavigatorListener {
    var distances = 0
    func navigator(
      _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
    ) {
      distances += 1
    }
  }

  /// Writes down every nav info it hears, with the fields a change of route or step moves.
  final class NavInfoLog: NSObject, GMSNavigatorListener {
    var lines: [String] = []
    func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
      let step = navInfo.currentStep.map { "\($0.stepNumber) \($0.fullRoadName)" } ?? "-"
      lines.append(
        "\(navInfo.navState.rawValue) \(step) changed=\(navInfo.routeChanged) "
          + "\(navInfo.distanceToCurrentStepMeters) \(navInfo.distanceToFinalDestinationMeters)")
    }
  }

  /// A guided trip's first events, then `ticks` progress events (one metre apart).
  static func ticks(_ range: Range<Int>) -> [EventPayload] {
    range.map { progress(remaining: 900 - Double($0), time: 90 - Double($0), road: "Road \($0)") }
  }

  static func guiding() throws -> Drive {
    var drive = try Drive(nil)
    try drive.send(.navigationEnabled)
    try drive.send(twoLegRoute)
    try drive.send(.guidanceStarted)
    return drive
  }

  @Test func aListenerWithoutTheCallbackIsFoundOutOnItsFirstNavInfo() throws {
    var drive = try Self.guiding()
    let navigator = try #require(drive.mapView.navigator)
    #expect(!navigator.wantsNavInfo)  // nobody listens
    let quiet = DistanceOnly()
    navigator.add(quiet)
    #expect(navigator.wantsNavInfo)  // not known yet
    try drive.run(Self.ticks(0..<1))
    #expect(!navigator.wantsNavInfo)
    try drive.run(Self.ticks(1..<3))
    #expect(!navigator.wantsNavInfo)
    #expect(quiet.distances == 3)  // the other callbacks are still called
  }

  @Test func aListenerAddedLaterHearsWhatItWouldHaveHeardAlone() throws {
    // With a listener that ignores nav info registered first, and without it: the late
    // listener hears the same nav infos (the same steps, the same "route changed" flags).
    var heard: [[String]] = []
    for withQuiet in [true, false] {
      var drive = try Self.guiding()
      let navigator = try #require(drive.mapView.navigator)
      let quiet = DistanceOnly()
      if withQuiet { navigator.add(quiet) }
      try drive.run(Self.ticks(0..<2))
      let log = NavInfoLog()
      navigator.add(log)
      #expect(navigator.wantsNavInfo)
      try drive.run(Self.ticks(2..<4))
      try drive.send(.routeChanged(.nextLeg))
      try drive.run(Self.ticks(4..<5))
      #expect(navigator.wantsNavInfo)
      heard.append(log.lines)
      // Without the listener that hears it, nav info stops again.
      navigator.remove(log)
      #expect(navigator.wantsNavInfo == false)
      #expect(quiet.distances == (withQuiet ? 5 : 0))
    }
    #expect(heard[0].count == 3)
    #expect(heard[0].contains { $0.contains("changed=true") })
    #expect(heard[0] == heard[1])
  }

  @Test func eachListenerIsJudgedByItself() throws {
    var drive = try Self.guiding()
    let navigator = try #require(drive.mapView.navigator)
    let log = NavInfoLog()
    let quiet = DistanceOnly()
    navigator.add(log)
    navigator.add(quiet)
    try drive.run(Self.ticks(0..<3))
    #expect(log.lines.count == 3)
    #expect(navigator.wantsNavInfo)
    #expect(navigator.listeners.map(\.ignoresNavInfo) == [false, true])
    navigator.remove(log)
    #expect(!navigator.wantsNavInfo)
    navigator.add(log)  // back again: heard again
    try drive.run(Self.ticks(3..<4))
    #expect(log.lines.count == 4)
    #expect(quiet.distances == 4)
  }

  @Test func aListenerThatWentAwayLeavesNoNavInfoBehind() throws {
    var drive = try Self.guiding()
    let navigator = try #require(drive.mapView.navigator)
    let quiet = DistanceOnly()
    navigator.add(quiet)
    do {
      let log = NavInfoLog()
      navigator.add(log)
      try drive.run(Self.ticks(0..<1))
      #expect(log.lines.count == 1)
    }
    // The log is gone (held weakly) without being removed: the next call drops its entry.
    #expect(navigator.listeners.count == 2)
    try drive.run(Self.ticks(1..<2))
    #expect(navigator.listeners.count == 1)
    try drive.run(Self.ticks(2..<3))
    #expect(!navigator.wantsNavInfo)
    #expect(quiet.distances == 3)
  }

  @Test func aLoneListenerThatWentAwayLeavesNoNavInfoBehind() throws {
    var drive = try Self.guiding()
    let navigator = try #require(drive.mapView.navigator)
    do {
      let log = NavInfoLog()
      navigator.add(log)
      try drive.run(Self.ticks(0..<1))
      #expect(log.lines.count == 1)
    }
    try drive.run(Self.ticks(1..<2))
    #expect(navigator.listeners.isEmpty)
    #expect(!navigator.wantsNavInfo)
  }

  @Test func oneListenerOnTwoNavigatorsIsJudgedOnEach() throws {
    // The same object: ignoring nav info on one navigator says nothing of another's list.
    var first = try Self.guiding()
    var second = try Self.guiding()
    let one = try #require(first.mapView.navigator)
    let two = try #require(second.mapView.navigator)
    let quiet = DistanceOnly()
    one.add(quiet)
    two.add(quiet)
    try first.run(Self.ticks(0..<1))
    #expect(!one.wantsNavInfo)
    #expect(two.wantsNavInfo)  // not yet found out there
    try second.run(Self.ticks(0..<1))
    #expect(!two.wantsNavInfo)
  }
}
