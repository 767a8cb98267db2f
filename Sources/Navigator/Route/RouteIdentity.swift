// Stable route identities: a name plus a fingerprint of the geometry.

enum RouteIdentity {
  /// `kind:name@fingerprint`, where the fingerprint is FNV-1a (64 bit) over the coordinates
  /// rounded to 1e-7 degrees, shown as 8 hex digits: the same geometry gets the same id on
  /// every run and machine.
  static func id(kind: String, name: String, points: [GeoCoordinate]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: Int64) {
      var bits = UInt64(bitPattern: value)
      for _ in 0..<8 {
        hash ^= bits & 0xFF
        hash = hash &* 0x0000_0100_0000_01B3
        bits >>= 8
      }
    }
    for point in points {
      mix(Int64((point.latitude * 1e7).rounded()))
      mix(Int64((point.longitude * 1e7).rounded()))
    }
    let hex = String(hash >> 32, radix: 16)
    return "\(kind):\(name)@\(String(repeating: "0", count: 8 - hex.count))\(hex)"
  }
}
