// The map inside the viewport: no tiles, nothing fetched - the route's legs as lines on the
// plain ground, the part already driven dimmed, the waypoints, the next manoeuvre's point and
// the vehicle, seen through the recorded camera (`RouteView`): following, heading up at a
// fixed scale where the recording has no `camera` event (the SDK's default), the recorded
// bearing and zoom where it has, the user's pans until the map is re-centred, the whole route
// in overview.
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

/// The camera on a route at one event: the shape's transform, how far along the route the
/// vehicle is, and where the vehicle and the next manoeuvre are drawn in the map frame (points
/// from its centre).
///
/// The recorded camera decides: following (the default, and all a recording without
/// `camera` events has) puts the vehicle at the centre, heading up (or the recorded bearing),
/// at a fixed scale or the recorded zoom; free keeps the bearing and zoom and moves the map by
/// the user's pans; overview shows the whole route, north up (or the recorded bearing), in a
/// 320 pt square (the width a phone's viewport has; the same for any layout, so a diff's two
/// pictures share it).
struct RouteView: Equatable {
  var transform: String
  var driven: Double
  /// `translate(x y) rotate(deg)` of the vehicle's arrow.
  var vehicle: String
  /// `translate(x y)` of the next manoeuvre's point; empty when none is known.
  var maneuver: String

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
    let course = content.course ?? 0
    let mode = content.cameraMode ?? "following"
    var centre = vehicle
    var scale = content.cameraZoom.map { Self.pointsPerMetre(zoom: $0, latitude: position.latitude) }
      ?? SVGRenderer.mapScale
    var bearing = mode == "following" ? (content.cameraBearing ?? course) : (content.cameraBearing ?? 0)
    var pan = mode == "overview" ? (0.0, 0.0) : (content.panX, content.panY)
    if mode == "overview", let bounds = shape.bounds {
      centre = ((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2)
      let extent = max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY, 1)
      scale = Self.overviewSide / extent
      bearing = content.cameraBearing ?? 0
      pan = (0, 0)
    }
    transform = (pan == (0, 0) ? "" : "translate(\(num(pan.0)) \(num(pan.1))) ")
      + "rotate(\(num(-bearing))) scale(\(num(scale)))"
      + " translate(\(num(-centre.x)) \(num(-centre.y)))"
    func onScreen(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
      let angle = -bearing * Double.pi / 180
      let (x, y) = ((point.x - centre.x) * scale, (point.y - centre.y) * scale)
      return (pan.0 + x * cos(angle) - y * sin(angle), pan.1 + x * sin(angle) + y * cos(angle))
    }
    let car = onScreen(vehicle)
    self.vehicle = "translate(\(num(car.x)) \(num(car.y))) rotate(\(num(course - bearing)))"
    if let ahead = content.distanceToManeuver, let point = shape.point(along: driven + ahead) {
      let mark = onScreen(point)
      maneuver = "translate(\(num(mark.x)) \(num(mark.y)))"
    } else {
      maneuver = ""
    }
  }

  /// The side of the square the whole route fills in overview, points.
  static let overviewSide = 320.0

  /// Points per metre at a Google Maps zoom level: 256 points span the equator at zoom 0.
  static func pointsPerMetre(zoom: Double, latitude: Double) -> Double {
    pow(2, zoom) * 256 / (40_075_016.686 * max(0.01, cos(latitude * Double.pi / 180)))
  }

  /// The driven part's dash: `driven` metres drawn, then nothing.
  static func dash(_ driven: Double) -> String { "\(num(driven)) 1000000" }
}

extension RouteShape {
  /// The smallest rectangle holding the route, metres; nil without points.
  var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    guard let first = points.first else { return nil }
    return points.reduce((first.x, first.y, first.x, first.y)) { box, point in
      (min(box.0, point.x), min(box.1, point.y), max(box.2, point.x), max(box.3, point.y))
    }
  }

  /// The point `distance` metres along the route; nil past its end.
  func point(along distance: Double) -> (x: Double, y: Double)? {
    guard distance <= (along.last ?? 0) + 1, points.count > 1 else { return nil }
    var index = 1
    while index < points.count - 1 && along[index] < distance { index += 1 }
    let (a, b) = (points[index - 1], points[index])
    let length = along[index] - along[index - 1]
    let t = length > 0 ? max(0, min(1, (distance - along[index - 1]) / length)) : 0
    return (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
  }
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

  /// The route in `viewport`, with the next manoeuvre's point and the vehicle; nil before
  /// the vehicle has a position or when there is no route.
  static func routeMap(in viewport: SnapshotRect, content: ScreenContent) -> String? {
    guard holdsMap(viewport), let shape = RouteShape(content), let view = RouteView(shape, content)
    else { return nil }
    return mapFrame(
      in: viewport,
      view: "<g class=\"nv-c-map-view\" transform=\"\(view.transform)\">\(shape.markup(driven: view.driven))</g>"
        + mapMarks(maneuver: view.maneuver, vehicle: view.vehicle))
  }

  /// The next manoeuvre's point and the vehicle's arrow, placed by `RouteView`'s transforms
  /// (the report's script sets them per event); a mark with an empty transform is not shown.
  static func mapMarks(maneuver: String, vehicle: String) -> String {
    "<circle class=\"nv-c-maneuver\" r=\"6\""
      + (maneuver.isEmpty ? " display=\"none\"" : " transform=\"\(maneuver)\"") + "/>"
      + "<polygon class=\"nv-vehicle nv-c-vehicle\" points=\"0,-11 8,9 0,4 -8,9\""
      + (vehicle.isEmpty ? " display=\"none\"" : " transform=\"\(vehicle)\"") + "/>"
  }

  /// Widths are in metres (the shape is drawn in metres and scaled by `mapScale`): 10 and 6 pt.
  static let mapCSS = """
    .nv-c-route-casing{fill:none;stroke:#fff;stroke-width:25;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-route{fill:none;stroke:#1a73e8;stroke-width:15;stroke-linejoin:round;stroke-linecap:round}
    .nv-c-route-driven{fill:none;stroke:#9aa0a6;stroke-width:15;stroke-linejoin:round}
    .nv-c-waypoint{fill:#d93025;stroke:#fff;stroke-width:5}
    .nv-c-maneuver{fill:#fff;stroke:#1a73e8;stroke-width:3}
    """
}
