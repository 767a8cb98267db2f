@testable import Explore
import Foundation
import NavSim
import NavSimCheck
import Navigator
import SampleDelegates
import TestSupport
import Testing

/// The search for one hidden bug: its delegate, the devices trips draw from, the rule its
/// finding breaks, and how often a trip meets it.
struct HiddenBugSearch: Sendable {
  var name: String
  var devices: [String]
  var rule: String
  /// Trips that met the bug over trips run, seeds 1-30, each seed run up to its first trip
  /// that met it (at most 400 trips): the rate a trip meets it, as `firstTripsOverSeeds`
  /// measures it.
  var rate: (met: Int, trips: Int)
  /// Seed 1's first trip that met the bug when the rate was measured. The test searches the
  /// trips up to it first, as cheap as its search can be while the generator deals them as it
  /// did, and looks for a later one up to `bound` only when that finds nothing.
  var seedOneTrip: Int

  /// Trips of seed 1 within which the search must meet the bug: as many as a search meeting
  /// it at `rate` exceeds 1 time in 1 000.
  ///
  /// Each trip of a seed is an independent draw, so the first trip that meets a bug met with
  /// probability p a trip is geometric: it is `bound` or later with probability
  /// (1 - p)^bound. Seed 1's first trip is one such draw, and a change to the generator that
  /// keeps the rates (a new dimension's own stream, another order of draws) deals the trips
  /// afresh: it fails one of the eight searches about 1 time in 125. The 1 in 1 000 is
  /// nominal: the rate is itself estimated from 30 samples, and over its uncertainty the
  /// chance a bound is missed is about 1.3-1.6 in 1 000 per search (the posterior
  /// predictive), some 1.2 % for any of the eight. A search that meets a bug k times less
  /// often passes with probability 1 - 0.001^(1/k) (50% at k = 10, 29% at k = 20); one that
  /// cannot meet it always fails. The test runs trips only up to the first
  /// that meets the bug, so the margin costs nothing while the search is as good as measured.
  var bound: Int { Self.bound(met: rate.met, trips: rate.trips) }

  var make: @MainActor () -> any NavigationLayoutDelegate {
    get throws {
      try #require(
        hiddenBugDelegates.first { $0.name == name }, "no hidden-bug delegate named \(name)"
      ).make
    }
  }

  /// The trip count a search meeting the bug `met` times in `trips` exceeds with probability
  /// `miss`.
  static func bound(met: Int, trips: Int, miss: Double = 0.001) -> Int {
    let p = Double(met) / Double(trips)
    return p >= 1 ? 1 : Int((log(miss) / log(1 - p)).rounded(.up))
  }

  /// What a test says when seed 1 has no trip below `bound` that meets the bug.
  var missed: Comment {
    """
    \(id): no trip of seed 1 below \(bound) shows \(rule), where seeds 1-30 met it \
    \(rate.met) times in \(rate.trips) trips: the search meets it far less often than \
    measured, or not at all, or the explorer, the lint rule or the delegate no longer finds \
    it. After a change that deals the trips afresh, measure the rate again (NAVSIM_EXPLORE_FIRST_TRIPS=\(id) swift test --filter HiddenBugRateTests) and give \
    the search its figures.
    """
  }

  /// The trips of seed 1 a test that needs the bug met (not the hunt for it) runs: up to
  /// `seedOneTrip` while that trip still meets it, one trip replayed to check; else up to
  /// the first trip below `bound` that does, found trip by trip, with a note to update
  /// `seedOneTrip`. None below `bound` fails the test as the hunt's does.
  @MainActor func seedOneBudget() throws -> Int {
    if try firstTrip(seed: 1, in: seedOneTrip..<seedOneTrip + 1) != nil { return seedOneTrip + 1 }
    let trip = try #require(try firstTrip(seed: 1, in: 0..<bound), missed)
    ChildProcessTest.note(
      "seed 1 now meets \(id) at trip \(trip) (seedOneTrip \(seedOneTrip)): update its figures")
    return trip + 1
  }

  /// The first of `trips` of `seed` whose replay breaks `rule`, running each trip alone as
  /// the search does; nil when none does.
  @MainActor func firstTrip(seed: UInt64, in trips: Range<Int>) throws -> Int? {
    let space = TripSpace(devices: try devices.map(DeviceProfiles.profile(named:)))
    let explorer = Explorer(
      seed: seed, budget: trips.upperBound, space: space, job: job(name, try make),
      subject: .delegate(name))
    for index in trips {
      let outcome = try explorer.runTrips(index..<index + 1)[0]
      if outcome.findings.contains(where: { $0.finding.ruleID == rule }) { return index }
    }
    return nil
  }
}

extension HiddenBugSearch {
  /// The searches and their rates, measured on 2026-12-06 (`firstTripsOverSeeds`). Each
  /// comment: the first trips of seeds 1-30 (median, largest) and the bound.
  static let all: [HiddenBugSearch] = [
    // Median 2.5, largest 30; bound 29.
    HiddenBugSearch(
      name: "narrow-split", devices: ["ipad-mini-portrait", "ipad-pro-11-portrait"],
      rule: "fixed-size-constraint", rate: (30, 140), seedOneTrip: 4),
    // Median 2.5, largest 19; bound 28.
    HiddenBugSearch(
      name: "prompt-into-wide", devices: ["iphone-15-portrait", "iphone-se-portrait"],
      rule: "fixed-size-constraint", rate: (30, 135), seedOneTrip: 1),
    // Median 2, largest 8; bound 18.
    HiddenBugSearch(
      name: "rtl-pad", devices: ["ipad-pro-13-landscape", "ipad-pro-11-portrait"],
      rule: "left-right-anchor", rate: (30, 92), seedOneTrip: 1),
    // Median 3, largest 16; bound 31.
    HiddenBugSearch(
      name: "short-container", devices: ["iphone-15-portrait", "iphone-15-pro-max-portrait"],
      rule: "app-view-covers-sdk-view", rate: (30, 147), seedOneTrip: 4),
    // Median 1, largest 10; bound 17.
    HiddenBugSearch(
      name: "resume-banner", devices: ["iphone-15-portrait", "ipad-mini-landscape"],
      rule: "app-view-covers-sdk-view", rate: (30, 86), seedOneTrip: 0),
    // Median 3.5, largest 13; bound 30.
    HiddenBugSearch(
      name: "chip-under-turn-card", devices: ["iphone-se-portrait", "ipad-pro-11-portrait"],
      rule: "app-view-covers-sdk-view", rate: (30, 145), seedOneTrip: 6),
    // Median 10, largest 64; bound 113.
    HiddenBugSearch(
      name: "offset-badge", devices: ["iphone-15-portrait", "iphone-se-portrait"],
      rule: "app-view-covers-sdk-view", rate: (30, 504), seedOneTrip: 23),
    // Median 6.5, largest 45; bound 73.
    HiddenBugSearch(
      name: "delay-label", devices: ["iphone-15-portrait", "iphone-se-portrait"],
      rule: "app-view-covers-sdk-view", rate: (30, 332), seedOneTrip: 1),
  ]

  /// narrow-split on the iPad mini alone: the search of the tests that need a finding to
  /// work with, not the hunt for it (`ExplorerTests`' output directory and same seed,
  /// `ExploreTestingHelperTests`), each running `seedOneBudget()` trips.
  ///
  /// Measured on 2026-12-07: first trips of seeds 1-30 4, 1, 30, 1, 1, 1, 6, 0, 0, 3, 0, 0,
  /// 4, 10, 4, 12, 3, 0, 6, 0, 2, 0, 2, 4, 3, 3, 3, 6, 1, 0 (median 2.5, largest 30); met 30
  /// times in 140 trips; bound 29. The same trips as the hunt on the mini and the 11":
  /// a trip's device is one draw whatever the device count, and both pads' 1/3 portrait
  /// split is the 320 pt window the bug needs. A budget of `bound` trips would run 29 trips
  /// (and shrink what they show) on every run where seed 1's 5 do: the tests run 5, and look
  /// further, up to the bound, only when a change to the generator moves seed 1's first.
  static let narrowSplitOnTheMini = HiddenBugSearch(
    name: "narrow-split", devices: ["ipad-mini-portrait"], rule: "fixed-size-constraint",
    rate: (30, 140), seedOneTrip: 4)

  /// Every search whose rate is measured, `all` and those of other tests.
  static var measured: [HiddenBugSearch] { all + [narrowSplitOnTheMini] }

  /// The name the rate measurement knows a search by: the delegate's, and the device's too for
  /// a search on one device (`narrow-split@ipad-mini-portrait`).
  var id: String { devices.count == 1 ? name + "@" + devices[0] : name }

  static func named(_ name: String) throws -> HiddenBugSearch {
    try #require(all.first { $0.name == name }, "no hidden-bug search named \(name)")
  }
}

/// The measurement behind the bounds: for each search, the first trip that meets its bug in
/// seeds 1-30. Minutes in a debug build, so it runs when NAVSIM_EXPLORE_FIRST_TRIPS is 1 (every
/// search) or names searches by `id` (`narrow-split,narrow-split@ipad-mini-portrait`: one
/// process a core, each naming some), in this process: it prints each search's figures and
/// the bound they give.
@MainActor
@Suite struct HiddenBugRateTests {
  static let seeds: ClosedRange<UInt64> = 1...30
  static let limit = 400

  @Test(arguments: HiddenBugSearch.measured.map(\.id))
  func firstTripsOverSeeds(name: String) throws {
    // "1": every search; else the ids of those to measure, by commas.
    let wanted = ProcessInfo.processInfo.environment["NAVSIM_EXPLORE_FIRST_TRIPS"] ?? ""
    guard wanted == "1" || wanted.split(separator: ",").contains(Substring(name)) else {
      return
    }
    let search = try #require(
      HiddenBugSearch.measured.first { $0.id == name }, "no measured search \(name)")
    var firsts: [Int?] = []
    for seed in Self.seeds {
      firsts.append(try search.firstTrip(seed: seed, in: 0..<Self.limit))
    }
    let met = firsts.compactMap { $0 }.count
    let trips = firsts.reduce(0) { $0 + ($1.map { $0 + 1 } ?? Self.limit) }
    let sorted = firsts.compactMap { $0 }.sorted()
    let median = sorted.isEmpty
      ? 0 : Double(sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    print(
      "first trips \(name): seeds \(Self.seeds): \(firsts.map { $0.map(String.init) ?? "-" })"
        + "; median \(median), largest \(sorted.last ?? 0); met \(met) in \(trips) trips; "
        + "bound \(HiddenBugSearch.bound(met: met, trips: trips))")
    #expect(met > 0, "\(name): no seed meets the bug in \(Self.limit) trips")
  }
}
