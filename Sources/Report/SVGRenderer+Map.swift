// The map inside the viewport: no tiles, nothing fetched - the route's legs as lines on the
// plain ground, the part already driven dimmed, the waypoints, the vehicle at the centre
// heading up. Recordings carry no camera, so the projection is a fixed scale around the
// vehicle's position, rotated by its course (the SDK's default heading-up following camera).

import Foundation
import Replay
import SessionEvents

extension SVGRenderer {
  /// Map points per metre on the ground (about 1 km across a phone's viewport).
  static let mapScale = 0.4

  /// The route in `viewport` (a nested `<svg>`, which clips to its size); nil before the
  /// vehicle has a position or when there is no route.
  static func routeMap(in viewport: SnapshotRect, content: ScreenContent) -> String? {
    guard let centre = content.position, !content.routeLegs.isEmpty,
      viewport.width >= 20, viewport.height >= 20
    else { return nil }
    let course = (content.course ?? 0) * Double.pi / 180
    let metresPerDegreeLatitude = 110_540.0
    let metresPerDegreeLongitude = 111_320.0 * cos(centre.latitude * Double.pi / 180)
    func project(_ point: PathPoint) -> (Double, Double) {
      let east = (point.longitude - centre.longitude) * metresPerDegreeLongitude
      let north = (point.latitude - centre.latitude) * metresPerDegreeLatitude
      let u = east * cos(course) - north * sin(course)
      let v = -(east * sin(course) + north * cos(course))
      return (viewport.width / 2 + u * mapScale, viewport.height / 2 + v * mapScale)
    }
    let route = content.routeLegs.flatMap { $0 }.map(project)
    // The driven part ends where the vehicle is: at the point of the route nearest it.
    let (cx, cy) = (viewport.width / 2, viewport.height / 2)
    var split = (segment: 0, point: route[0])
    var best = Double.infinity
    for index in route.indices.dropLast() {
      let (ax, ay) = route[index], (bx, by) = route[index + 1]
      let (dx, dy) = (bx - ax, by - ay)
      let length = dx * dx + dy * dy
      let t = length > 0 ? max(0, min(1, ((cx - ax) * dx + (cy - ay) * dy) / length)) : 0
      let (px, py) = (ax + t * dx, ay + t * dy)
      let distance = (px - cx) * (px - cx) + (py - cy) * (py - cy)
      if distance < best { best = distance; split = (index, (px, py)) }
    }
    func path(_ points: [(Double, Double)]) -> String {
      points.enumerated().map { index, point in
        (index == 0 ? "M" : "L") + "\(num(point.0)),\(num(point.1))"
      }.joined()
    }
    var out = "<svg class=\"nv-c-map\" x=\"\(num(viewport.x))\" y=\"\(num(viewport.y))\""
      + " width=\"\(num(viewport.width))\" height=\"\(num(viewport.height))\""
      + " viewBox=\"0 0 \(num(viewport.width)) \(num(viewport.height))\">"
    let driven = path(Array(route[...split.segment]) + [split.point])
    let ahead = path([split.point] + Array(route[(split.segment + 1)...]))
    out += "<path class=\"nv-c-route-casing\" d=\"\(ahead)\"/>"
    out += "<path class=\"nv-c-route-driven\" d=\"\(driven)\"/>"
    out += "<path class=\"nv-c-route\" d=\"\(ahead)\"/>"
    for waypoint in content.waypoints {
      let (x, y) = project(waypoint)
      out += "<circle class=\"nv-c-waypoint\" cx=\"\(num(x))\" cy=\"\(num(y))\" r=\"7\"/>"
    }
    return out + "</svg>\n"
  }

  static let mapCSS = """
    .nv-c-route-casing{fill:none;stroke:#fff;stroke-width:10;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-route{fill:none;stroke:#1a73e8;stroke-width:6;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-route-driven{fill:none;stroke:#9aa0a6;stroke-width:6;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-waypoint{fill:#d93025;stroke:#fff;stroke-width:2}
    """
}
