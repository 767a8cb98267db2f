import Foundation

// Route files by extension: `.gpx`, `.json` (OSRM / Valhalla / Mapbox), `.polyline`
// (precision 5) and `.polyline6` (precision 6).

/// The formats a route file can have.
public enum RouteFormat: String, CaseIterable, Sendable {
  case gpx
  case osrmJSON = "json"
  case polyline
  case polyline6

  /// The format a path's extension names, or nil.
  public init?(path: String) {
    switch (path as NSString).pathExtension.lowercased() {
    case "gpx": self = .gpx
    case "json", "geojson": self = .osrmJSON
    case "polyline", "polyline5": self = .polyline
    case "polyline6": self = .polyline6
    default: return nil
    }
  }
}

/// Loads routes from files.
public enum RouteFile {
  /// The route in the file at `path`.
  /// - Parameter precision: overrides the polyline precision (5 or 6) of a `.polyline`,
  ///   `.polyline6` or JSON file.
  /// - Throws: `NavigatorError` naming the file (and line) for an unknown extension, an
  ///   unreadable file or bad content.
  public static func load(path: String, precision: Int? = nil) throws -> Route {
    guard let format = RouteFormat(path: path) else {
      throw NavigatorError(
        source: path, "unknown route format (expected .gpx, .json, .polyline or .polyline6)")
    }
    let bytes = try readBytes(path)
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    return try route(from: bytes, format: format, source: path, name: name, precision: precision)
  }

  /// The route in `bytes` of `format`.
  /// - Throws: `NavigatorError` naming `source`.
  public static func route(
    from bytes: [UInt8], format: RouteFormat, source: String, name: String, precision: Int? = nil
  ) throws -> Route {
    if let precision, precision != 5 && precision != 6 {
      throw NavigatorError(source: source, "polyline precision must be 5 or 6, got \(precision)")
    }
    switch format {
    case .gpx:
      return try GPXImporter.route(fromGPX: bytes, source: source, name: name)
    case .osrmJSON:
      return try OSRMImporter.route(
        fromJSON: bytes, source: source, name: name, precision: precision)
    case .polyline, .polyline6:
      let precision = precision ?? (format == .polyline ? 5 : 6)
      return try polylineRoute(bytes, precision: precision, source: source, name: name)
    }
  }

  /// Reads a whole file.
  /// - Throws: `NavigatorError` naming the file when it cannot be read.
  public static func readBytes(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw NavigatorError(source: path, exists ? "cannot read the file" : "no such file")
    }
    return [UInt8](data)
  }

  // MARK: - Polyline files

  private static func polylineRoute(_ bytes: [UInt8], precision: Int, source: String, name: String)
    throws -> Route
  {
    let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    guard !text.isEmpty else {
      throw NavigatorError(source: source, "no points to drive (the file is empty)")
    }
    let points: [GeoCoordinate]
    do {
      points = try Polyline.decode(text, precision: precision)
    } catch let error as Polyline.DecodingError {
      throw NavigatorError(
        source: source, line: 1,
        "malformed polyline at character \(error.offset + 1): \(error.message)")
    }
    if let bad = points.firstIndex(where: { !$0.isValid }) {
      let hint =
        precision == 5 ? " (a precision-6 polyline? name it .polyline6 or pass precision 6)" : ""
      throw NavigatorError(
        source: source, line: 1,
        "point \(bad) \(points[bad]) is out of range at precision \(precision)\(hint)")
    }
    do {
      return try Route(
        id: RouteIdentity.id(kind: "polyline", name: name, points: points), name: name,
        points: points)
    } catch let error as NavigatorError {
      throw error.located(in: source)
    }
  }
}
