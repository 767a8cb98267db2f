// Google's encoded polyline algorithm format, at precision 5 (Google, OSRM's default) or 6
// (OSRM's `polyline6`, Valhalla, and `routeLeg` paths in NavSim's logs).

import TextBytes

/// Encodes and decodes polylines.
public enum EncodedPolyline {
  /// A malformed polyline: the 0-based character offset and the problem.
  public struct DecodingError: Error, Equatable, Sendable {
    public var offset: Int
    public var message: String
  }

  /// The points of `encoded`.
  /// - Parameter precision: decimal digits kept by the encoder, 5 or 6.
  /// - Throws: `DecodingError` for a character outside the format, a value cut short or an odd
  ///   number of values.
  /// - Complexity: O(n).
  public static func decode(_ encoded: String, precision: Int = 6) throws(DecodingError)
    -> [PathPoint]
  {
    let bytes = Array(encoded.utf8)
    let factor = pow10(precision)
    var points: [PathPoint] = []
    points.reserveCapacity(bytes.count / 4)
    var index = 0
    var latitude = 0
    var longitude = 0

    /// The character starting at byte `offset`: every byte before the one refused was a
    /// character of the format (ASCII), so `offset` starts a character of `encoded`.
    func character(at offset: Int) -> String {
      let scalars = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
        .unicodeScalars
      return scalars.first.map { String($0) } ?? ""
    }

    func nextValue() throws(DecodingError) -> Int {
      var result = 0
      var shift = 0
      while true {
        guard index < bytes.count else {
          throw DecodingError(offset: index, message: "the last value is cut short")
        }
        let byte = Int(bytes[index]) - 63
        guard byte >= 0 && byte < 64 else {
          throw DecodingError(
            offset: index,
            message: "character \(character(at: index).visiblyQuoted) is not part of an encoded "
              + "polyline")
        }
        guard shift <= 30 else {
          throw DecodingError(offset: index, message: "a value is too long")
        }
        index += 1
        result |= (byte & 0x1F) << shift
        shift += 5
        if byte < 0x20 { break }
      }
      return (result & 1) != 0 ? ~(result >> 1) : (result >> 1)
    }

    while index < bytes.count {
      latitude += try nextValue()
      guard index < bytes.count else {
        throw DecodingError(offset: index, message: "a latitude without its longitude")
      }
      longitude += try nextValue()
      points.append(
        PathPoint(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor))
    }
    return points
  }

  /// The encoding of `points` at `precision` (5 or 6).
  /// - Complexity: O(n).
  public static func encode(_ points: [PathPoint], precision: Int = 6) -> String {
    let factor = pow10(precision)
    var output: [UInt8] = []
    var previousLatitude = 0
    var previousLongitude = 0

    func append(_ value: Int) {
      var rest = value < 0 ? ~(value << 1) : value << 1
      while rest >= 0x20 {
        output.append(UInt8((0x20 | (rest & 0x1F)) + 63))
        rest >>= 5
      }
      output.append(UInt8(rest + 63))
    }

    for point in points {
      let latitude = Int((point.latitude * factor).rounded())
      let longitude = Int((point.longitude * factor).rounded())
      append(latitude - previousLatitude)
      append(longitude - previousLongitude)
      previousLatitude = latitude
      previousLongitude = longitude
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func pow10(_ precision: Int) -> Double {
    (0..<precision).reduce(1.0) { value, _ in value * 10 }
  }
}
