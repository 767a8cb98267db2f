// The map inside the viewport: no tiles, nothing fetched - the route's legs as lines on the
// plain ground, the part already driven dimmed, the waypoints, the vehicle at the centre
// heading up. Recordings carry no camera, so the projection is a fixed scale around the
// vehicle's position, rotated by its course (the SDK's default heading-up following camera).
//
// The route is drawn once in metres east and south of its first point (`RouteShape`); an
// event moves the camera only: a transform of the shape (`RouteView`) and the length of the
// driven part. `navsim render` writes both into one picture; the HTML report stores each
// shape once and each event's view beside it, and draws the same elements.

import Foundation
import Replay
import SessionEvents

/// The route and waypoints of a trip, in metres east (x) and south (y) of the route's first
/// point, as SVG elements.
struct RouteShape {
  var origin: PathPoint
  /// The route's points in metres, and the distance along the route to each of them.
  var points: [(x: Double, y: Double)]
  var along: [Double]
  var waypoints: [(x: Double, y: Double)]

  /// The shape of the content's route; nil when it has none.
  init?(_ content: ScreenContent) {
    let route = content.routeLegs.flatMap { $0 }
    guard let first = route.first else { return nil }
    origin = first
    let project = RouteShape.projection(origin: first)
    points = route.map(project)
    along = [0]
    for index in points.indices.dropFirst() {
      let (a, b) = (points[index - 1], points[index])
      along.append(along[index - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
    }
    waypoints = content.waypoints.map(project)
  }

  /// Latitude and longitude to metres east and south of `origin` (equirectangular, exact
  /// enough across a city).
  static func projection(origin: PathPoint) -> (PathPoint) -> (x: Double, y: Double) {
    let metresPerDegreeLatitude = 110_540.0
    let metresPerDegreeLongitude = 111_320.0 * cos(origin.latitude * Double.pi / 180)
    return { point in
      ((point.longitude - origin.longitude) * metresPerDegreeLongitude,
       -(point.latitude - origin.latitude) * metresPerDegreeLatitude)
    }
  }

  /// The casing, the route, the driven part over it (dashed to `driven` metres along the
  /// route; left for the report's script to set when nil), the waypoints.
  func markup(driven: Double?) -> String {
    let path = points.enumerated().map { index, point in
      (index == 0 ? "M" : "L") + "\(num(point.x)),\(num(point.y))"
    }.joined()
    var out = "<path class=\"nv-c-route-casing\" d=\"\(path)\"/>"
    out += "<path class=\"nv-c-route\" d=\"\(path)\"/>"
    out += "<path class=\"nv-c-route-driven\" d=\"\(path)\""
      + (driven.map { " stroke-dasharray=\"\(RouteView.dash($0))\"" } ?? "") + "/>"
    let radius = num(7 / SVGRenderer.mapScale)
    for waypoint in waypoints {
      out += "<circle class=\"nv-c-waypoint\" cx=\"\(num(waypoint.x))\" cy=\"\(num(waypoint.y))\" r=\"\(radius)\"/>"
    }
    return out
  }
}

/// The camera on a route at one event: the shape's transform (vehicle at the centre, course
/// up) and how far along the route the vehicle is.
struct RouteView: Equatable {
  var transform: String
  var driven: Double

  /// The view of `shape` from the content's vehicle; nil before it has a position.
  init?(_ shape: RouteShape, _ content: ScreenContent) {
    guard let position = content.position else { return nil }
    let vehicle = RouteShape.projection(origin: shape.origin)(position)
    // The driven part ends where the vehicle is: at the point of the route nearest it.
    var best = Double.infinity
    driven = 0
    for index in shape.points.indices.dropLast() {
      let (a, b) = (shape.points[index], shape.points[index + 1])
      let (dx, dy) = (b.x - a.x, b.y - a.y)
      let length = dx * dx + dy * dy
      let t = length > 0 ? max(0, min(1, ((vehicle.x - a.x) * dx + (vehicle.y - a.y) * dy) / length)) : 0
      let (px, py) = (a.x + t * dx, a.y + t * dy)
      let distance = (px - vehicle.x) * (px - vehicle.x) + (py - vehicle.y) * (py - vehicle.y)
      if distance < best {
        best = distance
        driven = shape.along[index] + t * length.squareRoot()
      }
    }
    transform = "rotate(\(num(-(content.course ?? 0)))) scale(\(num(SVGRenderer.mapScale)))"
      + " translate(\(num(-vehicle.x)) \(num(-vehicle.y)))"
  }

  /// The driven part's dash: `driven` metres drawn, then nothing.
  static func dash(_ driven: Double) -> String { "\(num(driven)) 1000000" }
}

extension SVGRenderer {
  /// Map points per metre on the ground (about 1 km across a phone's viewport).
  static let mapScale = 0.4

  /// The map's frame in `viewport`: a nested `<svg>` (which clips to its size) whose origin
  /// is the viewport's centre, around an empty `<g class="nv-c-map-view">`.
  static func mapFrame(in viewport: SnapshotRect, view: String) -> String {
    "<svg class=\"nv-c-map\" x=\"\(num(viewport.x))\" y=\"\(num(viewport.y))\""
      + " width=\"\(num(viewport.width))\" height=\"\(num(viewport.height))\""
      + " viewBox=\"\(num(-viewport.width / 2)) \(num(-viewport.height / 2)) \(num(viewport.width))"
      + " \(num(viewport.height))\">\(view)</svg>\n"
  }

  /// Whether a viewport is large enough to show a map in.
  static func holdsMap(_ viewport: SnapshotRect) -> Bool { viewport.width >= 20 && viewport.height >= 20 }

  /// The route in `viewport`; nil before the vehicle has a position or when there is no route.
  static func routeMap(in viewport: SnapshotRect, content: ScreenContent) -> String? {
    guard holdsMap(viewport), let shape = RouteShape(content), let view = RouteView(shape, content)
    else { return nil }
    return mapFrame(
      in: viewport,
      view: "<g class=\"nv-c-map-view\" transform=\"\(view.transform)\">\(shape.markup(driven: view.driven))</g>")
  }

  /// Widths are in metres (the shape is drawn in metres and scaled by `mapScale`): 10 and 6 pt.
  static let mapCSS = """
    .nv-c-route-casing{fill:none;stroke:#fff;stroke-width:25;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-route{fill:none;stroke:#1a73e8;stroke-width:15;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-route-driven{fill:none;stroke:#9aa0a6;stroke-width:15;stroke-linejoin:round}
    .nv-c-waypoint{fill:#d93025;stroke:#fff;stroke-width:5}
    """
}
