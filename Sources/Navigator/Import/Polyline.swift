import SessionEvents

// Google's encoded polyline algorithm format, at precision 5 (Google, OSRM's default) or 6
// (OSRM's `polyline6`, Valhalla), for route files: SessionEvents' codec on `GeoCoordinate`s.

/// Encodes and decodes polylines.
public enum Polyline {
  /// A malformed polyline: the 0-based character offset and the problem.
  public typealias DecodingError = EncodedPolyline.DecodingError

  /// The coordinates of `encoded`.
  /// - Parameter precision: decimal digits kept by the encoder, 5 or 6.
  /// - Throws: `DecodingError` for a character outside the format, a value cut short or an odd
  ///   number of values.
  /// - Complexity: O(n).
  public static func decode(_ encoded: String, precision: Int) throws -> [GeoCoordinate] {
    try EncodedPolyline.decode(encoded, precision: precision).map {
      GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude)
    }
  }

  /// The encoding of `coordinates` at `precision` (5 or 6).
  /// - Complexity: O(n).
  public static func encode(_ coordinates: [GeoCoordinate], precision: Int) -> String {
    EncodedPolyline.encode(
      coordinates.map { PathPoint(latitude: $0.latitude, longitude: $0.longitude) },
      precision: precision)
  }
}
