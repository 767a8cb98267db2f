// Golden tests as a Swift Testing user writes them: a plain, nonisolated test function.
import NavSimTesting
import TeamLayout
import Testing

@Test func cityCommuteMatchesItsGoldenInSwiftTesting() {
  expectReplayMatchesGolden(
    log: Trips.cityCommute, delegate: { TeamLayoutDelegate() },
    golden: "city-commute.swift-testing")
}
