// Golden tests as an XCTest user writes them: a plain, synchronous test method.
import Foundation
import NavSimTesting
import TeamLayout
import XCTest

final class XCTestGoldenTests: XCTestCase {
  func testCityCommuteMatchesItsGolden() {
    XCTAssertReplayMatchesGolden(
      log: Trips.cityCommute, delegate: { TeamLayoutDelegate() },
      golden: "city-commute.xctest")
  }
}

/// The recordings these tests replay: NavSim's canonical ones, next to this package.
enum Trips {
  static let cityCommute = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../../../Recordings/city-commute.sqlite")
    .standardizedFileURL.path
}
