// GPX 1.0 and 1.1: tracks (`trk`/`trkseg`/`trkpt`) and routes (`rte`/`rtept`), with time,
// speed and course where present (elements in 1.0, Garmin `TrackPointExtension` in 1.1).

/// Reads a route from a GPX document.
public enum GPXImporter {
  /// The route to drive in a GPX document.
  ///
  /// The first track with at least two points is used (its segments joined, empty segments
  /// skipped), else the first route with at least two points. When every point of it has a
  /// time, the route carries that timing and is replayed at it (`Route.timing`).
  /// - Parameters:
  ///   - bytes: the file's contents (UTF-8, a byte-order mark is allowed).
  ///   - source: the file's path, for error messages.
  ///   - name: the route's name when the file gives none.
  /// - Throws: `NavigatorError` naming the file and line for malformed XML, a point without a
  ///   valid latitude / longitude, an unreadable time, a time before the previous point's, or
  ///   no track or route with at least two points.
  public static func route(fromGPX bytes: [UInt8], source: String, name: String) throws -> Route {
    let root: XMLElement
    do {
      root = try XMLReader.parse(bytes)
    } catch let error as XMLSyntaxError {
      throw NavigatorError(source: source, line: error.line, "malformed XML: \(error.message)")
    }
    guard root.name == "gpx" else {
      throw NavigatorError(
        source: source, line: root.line, "not a GPX document (the root element is <\(root.name)>)")
    }
    var candidates: [(name: String?, kind: String, points: [GPXPoint])] = []
    for track in root.children(named: "trk") {
      var points: [GPXPoint] = []
      for segment in track.children(named: "trkseg") {
        points += try segment.children(named: "trkpt").map { try GPXPoint($0, source: source) }
      }
      candidates.append((track.child(named: "name")?.text, "track", points))
    }
    for route in root.children(named: "rte") {
      let points = try route.children(named: "rtept").map { try GPXPoint($0, source: source) }
      candidates.append((route.child(named: "name")?.text, "route", points))
    }
    for candidate in candidates { try checkTimesIncrease(candidate.points, source: source) }

    guard let chosen = candidates.first(where: { $0.points.count >= 2 }) else {
      let pointCount = candidates.map(\.points.count).max() ?? 0
      throw NavigatorError(
        source: source, line: root.line,
        pointCount == 0
          ? "no points to drive (no track or route point)"
          : "only one point: a track or route needs at least two")
    }
    return try makeRoute(
      chosen.points, name: chosen.name?.trimmingWhitespace().nonEmpty ?? name,
      kind: chosen.kind, source: source)
  }

  // MARK: - Building

  private static func checkTimesIncrease(_ points: [GPXPoint], source: String) throws {
    var previous: (time: Double, line: Int)?
    for point in points {
      guard let time = point.time else { continue }
      if let previous, time < previous.time {
        throw NavigatorError(
          source: source, line: point.line,
          "time is before the previous point's (line \(previous.line)): timestamps decrease")
      }
      previous = (time, point.line)
    }
  }

  private static func makeRoute(_ points: [GPXPoint], name: String, kind: String, source: String)
    throws -> Route
  {
    var timing: RouteTiming?
    if let start = points[0].time, points.allSatisfy({ $0.time != nil }) {
      timing = RouteTiming(
        times: points.map { $0.time! - start }, speeds: points.map(\.speed),
        courses: points.map(\.course), startEpochSeconds: start)
      if timing!.times.last! <= 0 { timing = nil }  // all at one instant: drive it instead
    }
    let coordinates = points.map(\.coordinate)
    do {
      return try Route(
        id: RouteIdentity.id(kind: "gpx-\(kind)", name: name, points: coordinates), name: name,
        points: coordinates, timing: timing)
    } catch let error as NavigatorError {
      throw error.located(in: source)
    }
  }
}

// MARK: - Points

/// One `trkpt` / `rtept`.
struct GPXPoint {
  var coordinate: GeoCoordinate
  var time: Double?
  var speed: Double?
  var course: Double?
  var line: Int

  init(_ element: XMLElement, source: String) throws {
    line = element.line
    func number(_ text: String?, _ what: String) throws -> Double? {
      guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
      guard let value = Double(text), value.isFinite else {
        throw NavigatorError(
          source: source, line: element.line, "<\(element.name)> \(what) '\(text)' is not a number")
      }
      return value
    }
    guard let latitude = try number(element.attribute("lat"), "lat") else {
      throw NavigatorError(source: source, line: element.line, "<\(element.name)> has no lat")
    }
    guard let longitude = try number(element.attribute("lon"), "lon") else {
      throw NavigatorError(source: source, line: element.line, "<\(element.name)> has no lon")
    }
    guard abs(latitude) <= 90 else {
      throw NavigatorError(
        source: source, line: element.line,
        "<\(element.name)> latitude \(latitude) is out of range -90...90")
    }
    guard abs(longitude) <= 180 else {
      throw NavigatorError(
        source: source, line: element.line,
        "<\(element.name)> longitude \(longitude) is out of range -180...180")
    }
    coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
    if let timeElement = element.child(named: "time") {
      guard let epoch = Timestamp.epochSeconds(timeElement.text) else {
        throw NavigatorError(
          source: source, line: timeElement.line,
          "<time> '\(timeElement.text.trimmingWhitespace())' is not an ISO 8601 date-time")
      }
      time = epoch
    }
    let extensions = element.child(named: "extensions")
    speed = try number(
      (element.child(named: "speed") ?? extensions?.firstDescendant(named: "speed"))?.text, "speed")
    course = try number(
      (element.child(named: "course") ?? extensions?.firstDescendant(named: "course"))?.text,
      "course")
    if let value = speed, value < 0 { speed = nil }
  }
}

extension XMLElement {
  /// The first element named `name` below this one, depth first.
  func firstDescendant(named name: String) -> XMLElement? {
    for child in children {
      if child.name == name { return child }
      if let found = child.firstDescendant(named: name) { return found }
    }
    return nil
  }
}

extension String {
  var nonEmpty: String? { isEmpty ? nil : self }
}
