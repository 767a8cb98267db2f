import XCTest
@testable import Navigator
import SessionEvents

final class SmokeTests: XCTestCase {
  func testSmoke() throws {
    for name in BuiltinRoutes.all.map(\.name) where name != "long-haul" {
      let scenario = try Scenario(name: name, route: .builtin(name))
      let trip = try Trip(scenario: scenario)
      var lines: [String] = []
      let summary = try trip.run { t, p in
        if case .progress = p { if t % 30000 == 0 { lines.append("\(t) \(p)") } ; return }
        if case .speed(let s) = p { if t % 30000 == 0 { lines.append("\(t) \(s)") }; return }
        lines.append("\(t) \(p)")
      }
      print(name, trip.route.totalDistance, trip.route.expectedDuration, summary)
      print(lines.joined(separator: "\n"))
    }
  }
}
