import CoreLocation
import Foundation
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// Metres east and north of `origin` as a coordinate (local plane).
private func offset(_ origin: CLLocationCoordinate2D, east: Double, north: Double) -> CLLocationCoordinate2D {
  let radius = 6_371_008.8
  return CLLocationCoordinate2D(
    latitude: origin.latitude + north / radius * 180 / .pi,
    longitude: origin.longitude + east / (radius * cos(origin.latitude * .pi / 180)) * 180 / .pi)
}

/// Metres east and north of `origin` (local plane, as `offset` builds them).
private func metres(_ origin: CLLocationCoordinate2D, _ point: CLLocationCoordinate2D) -> (x: Double, y: Double) {
  let radius = 6_371_008.8
  return (
    (point.longitude - origin.longitude) * .pi / 180 * radius * cos(origin.latitude * .pi / 180),
    (point.latitude - origin.latitude) * .pi / 180 * radius
  )
}

/// The distance (m) from `point` to the polyline `path`, on the plane around `origin`.
private func distance(
  _ point: CLLocationCoordinate2D, to path: [CLLocationCoordinate2D], origin: CLLocationCoordinate2D
) -> Double {
  let p = metres(origin, point)
  var best = Double.infinity
  for (a, b) in zip(path, path.dropFirst()) {
    let a = metres(origin, a), b = metres(origin, b)
    let dx: Double = b.x - a.x, dy: Double = b.y - a.y
    let length: Double = dx * dx + dy * dy
    let along: Double = (p.x - a.x) * dx + (p.y - a.y) * dy
    let t: Double = length > 0 ? max(0, min(1, along / length)) : 0
    let ex: Double = a.x + t * dx - p.x, ey: Double = a.y + t * dy - p.y
    best = min(best, (ex * ex + ey * ey).squareRoot())
  }
  return best
}

@MainActor @Suite struct TraveledPathTests {
  /// Ten hours at 25 m/s, one fix a second: five hours east, a right-angle turn, five hours
  /// north, with half a metre of sideways wobble throughout.
  @Test func aTenHourStraightishDriveKeepsASmallPathThroughItsTurn() throws {
    var drive = try Drive(nil)
    let navigator = try #require(drive.mapView.navigator)
    try drive.send(.navigationEnabled)
    try drive.send(
      .routeSet(RouteInfo(routeID: "r", totalDistance: 900_000, totalDuration: 36_000, legs: 1, steps: 2, alternateRoutes: 0)))
    try drive.send(.guidanceStarted)
    let start = CLLocationCoordinate2D(latitude: 47, longitude: 8)
    let leg = 18_000
    let turn = offset(start, east: 25 * Double(leg), north: 0)
    var fixes: [CLLocationCoordinate2D] = []
    for i in 0..<leg {
      fixes.append(offset(start, east: 25 * Double(i), north: 0.5 * sin(Double(i) * 0.7)))
    }
    for j in 0...leg {
      fixes.append(offset(turn, east: 0.5 * sin(Double(j) * 0.7), north: 25 * Double(j)))
    }
    for (index, fix) in fixes.enumerated() {
      let travelled: Double = 25 * Double(index)
      let remaining: Double = 25 * Double(fixes.count - index)
      let step: Int = index < leg ? 0 : 1
      let fixProgress = Progress(
        distanceTravelled: travelled, distanceRemaining: remaining, timeRemaining: remaining / 25,
        stepIndex: step, distanceToNextManeuver: 100, maneuver: "turn-left", roadName: "A1",
        latitude: fix.latitude, longitude: fix.longitude, course: 90, delay: .light)
      navigator.recordedProgress(fixProgress, t: Int64(index) * 1000)
    }
    let path = navigator.traveledPath
    #expect(fixes.count == 36_001)
    #expect(path.count() == 3)
    let points = (0..<path.count()).map { path.coordinate(at: $0) }
    #expect(points.first?.latitude == start.latitude && points.first?.longitude == start.longitude)
    #expect(points.contains { $0.latitude == turn.latitude && $0.longitude == turn.longitude })
    #expect(points.last?.latitude == fixes.last?.latitude && points.last?.longitude == fixes.last?.longitude)
    let worst = fixes.map { distance($0, to: points, origin: start) }.max() ?? .infinity
    #expect(worst <= SimplifiedPath.tolerance)
    #expect(navigator.currentRouteLeg?.path?.count() == 3)
  }

  /// A tight bend is kept as a chain of short segments that stays within the tolerance of every
  /// fix; a fix back toward the start is a turn, never dropped.
  @Test func bendsAreKeptWithinTheTolerance() {
    let origin = CLLocationCoordinate2D(latitude: -33.9, longitude: 151.2)
    var path = SimplifiedPath()
    var fixes: [CLLocationCoordinate2D] = []
    // A quarter circle of 500 m radius in 10 m steps, then straight back west.
    for i in 0...78 {
      let angle = Double(i) * 10 / 500
      fixes.append(offset(origin, east: 500 * sin(angle), north: 500 - 500 * cos(angle)))
    }
    let corner = fixes.last!
    for j in 1...30 { fixes.append(offset(corner, east: -10 * Double(j), north: 0)) }
    for fix in fixes { path.append(fix) }
    let points = path.points
    #expect(points.count > 4 && points.count < 30)
    let worst = fixes.map { distance($0, to: points, origin: origin) }.max() ?? .infinity
    #expect(worst <= SimplifiedPath.tolerance + 0.05)  // the test's plane is not the anchor's
    #expect(points.contains { $0.latitude == corner.latitude && $0.longitude == corner.longitude })
  }

  /// Fixes nearer than the spacing to the last point kept are skipped.
  @Test func closeFixesAreSkipped() {
    let origin = CLLocationCoordinate2D(latitude: 10, longitude: 20)
    var path = SimplifiedPath(start: origin)
    path.append(offset(origin, east: 3, north: 0))
    #expect(path.points.count == 1)
    path.append(offset(origin, east: 0, north: 6))
    #expect(path.points.count == 2)
  }

  /// The trigonometry-free test that skips close fixes never skips one the great-circle
  /// distance keeps: fixes swept across the spacing (4.99-5.01 m, every 7.5 degrees of
  /// bearing) at the equator, mid and high latitudes and across the antimeridian. It does skip
  /// a fix 4 m north, or it would save nothing.
  @Test func theCheapSpacingTestOnlySkipsWhatTheDistanceSkips() {
    let origins = [(0.0, 0.0), (45, 7), (-33.9, 151.2), (69.6, 18.9), (10, 179.99999)].map {
      CLLocationCoordinate2D(latitude: $0.0, longitude: $0.1)
    }
    var skipped = 0
    for origin in origins {
      for step in 0..<48 {
        let bearing = Double(step) * 7.5 * .pi / 180
        for hundredth in 0...200 {
          let metres = 4.99 + Double(hundredth) * 0.0001
          let point = offset(origin, east: metres * sin(bearing), north: metres * cos(bearing))
          if SimplifiedPath.isSurelyNear(origin, point) {
            skipped += 1
            #expect(SimplifiedPath.distance(origin, point) < SimplifiedPath.spacing)
          }
        }
      }
    }
    #expect(skipped > 0)
    let origin = CLLocationCoordinate2D(latitude: 45, longitude: 7)
    #expect(SimplifiedPath.isSurelyNear(origin, offset(origin, east: 0, north: 4)))
    #expect(!SimplifiedPath.isSurelyNear(origin, offset(origin, east: 0, north: 5.01)))
  }
}
