import CoreLocation
import Foundation

/// A driven path kept small on long drives (the navigator's `traveledPath` and each leg's
/// `path`): points closer than `spacing` to the last one kept are skipped, and a run of points
/// that all lie within `tolerance` of one straight segment becomes that segment (its first and
/// last points).
///
/// Online, in constant memory per segment: the open segment runs from `points[count - 2]` (the
/// anchor) to `points.last` (its end, replaced while the drive goes on straight). Every point
/// the segment stands for allows the directions from the anchor that pass within `tolerance`
/// of it; a new point that lies in every allowed direction, and no nearer to the anchor than
/// the points before it, becomes the segment's end, so each dropped point stays within
/// `tolerance` of the segment. Any other point (a turn) keeps the end and opens a new segment
/// there. Distances are local planar metres around the anchor (equirectangular).
@_spi(Replay)
public struct SimplifiedPath {
  /// How far (m) a dropped point may lie from the segment that replaces it.
  static let tolerance: CLLocationDistance = 2
  /// Points nearer (m, great circle) than this to the last one kept are skipped.
  static let spacing: CLLocationDistance = 5

  public private(set) var points: [CLLocationCoordinate2D] = []
  /// The open segment's allowed directions from its anchor: offsets (radians) from
  /// `reference`, in `low...high`.
  private var reference = 0.0
  private var low = 0.0
  private var high = 0.0
  /// How far from the anchor the segment's farthest point is.
  private var reach = 0.0
  /// The cosines of the last point's and the anchor's latitudes (`cosine(of:)`), kept with
  /// the points: every distance and direction from them reads one, and a cosine costs more
  /// than the rest of a fix's arithmetic. The same function of the same value: the same bits.
  private var lastCosine = 0.0
  private var anchorCosine = 0.0

  public init(start: CLLocationCoordinate2D? = nil) {
    if let start {
      points = [start]
      lastCosine = Self.cosine(of: start)
    }
  }

  public mutating func append(_ point: CLLocationCoordinate2D) {
    guard let last = points.last else {
      points.append(point)
      lastCosine = Self.cosine(of: point)
      return
    }
    guard !Self.isSurelyNear(last, point) else { return }
    let pointCosine = Self.cosine(of: point)
    guard Self.distance(last, point, cosines: lastCosine, pointCosine) >= Self.spacing else {
      return
    }
    guard points.count >= 2 else {
      keep(point, cosine: pointCosine)
      return
    }
    let (length, direction) = Self.polar(
      from: points[points.count - 2], to: point, cosine: anchorCosine)
    let offset = Self.normalized(direction - reference)
    if length >= reach, offset >= low, offset <= high {
      let half = asin(min(1, Self.tolerance / length))
      low = max(low, offset - half)
      high = min(high, offset + half)
      reach = length
      points[points.count - 1] = point
      lastCosine = pointCosine
    } else {
      keep(point, cosine: pointCosine)
    }
  }

  /// Keeps `point` after the last one, which becomes the anchor of a new segment to it.
  private mutating func keep(_ point: CLLocationCoordinate2D, cosine: Double) {
    let anchor = points[points.count - 1]
    points.append(point)
    anchorCosine = lastCosine
    lastCosine = cosine
    open(from: anchor, to: point)
  }

  private mutating func open(from anchor: CLLocationCoordinate2D, to end: CLLocationCoordinate2D) {
    let (length, direction) = Self.polar(from: anchor, to: end, cosine: anchorCosine)
    let half = length > 0 ? asin(min(1, Self.tolerance / length)) : .pi
    reference = direction
    low = -half
    high = half
    reach = length
  }

  /// The cosine of `point`'s latitude, as `polar` and `distance` use it.
  private static func cosine(of point: CLLocationCoordinate2D) -> Double {
    cos(point.latitude * .pi / 180)
  }

  /// Metres and direction (radians) from `a` to `b` on the plane tangent at `a`; `cosine` is
  /// `cosine(of: a)`.
  private static func polar(
    from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D, cosine: Double
  ) -> (CLLocationDistance, Double) {
    let radius = 6_371_008.8
    var longitude = b.longitude - a.longitude
    if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
    let x = longitude * .pi / 180 * radius * cosine
    let y = (b.latitude - a.latitude) * .pi / 180 * radius
    return ((x * x + y * y).squareRoot(), atan2(y, x))
  }

  private static func normalized(_ angle: Double) -> Double {
    var angle = angle.truncatingRemainder(dividingBy: 2 * .pi)
    if angle > .pi { angle -= 2 * .pi } else if angle <= -.pi { angle += 2 * .pi }
    return angle
  }

  /// Whether `b` is surely nearer than `spacing` to `a`, by a bound without trigonometry: the
  /// haversine of `distance`, h = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2), is at most
  /// (Δφ² + Δλ²) / 4 (|sin x| ≤ |x|, |cos| ≤ 1), and the distance 2R·asin(√h) grows with h.
  /// The margin (10^-6 of the bound, where rounding moves h by 10^-9 of it at most) keeps
  /// every point this skips one that `distance` also puts nearer than `spacing`: the path is
  /// the same, and a tick that moves less than `spacing` costs no sine.
  @inline(__always)
  static func isSurelyNear(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Bool {
    let dPhi = (b.latitude - a.latitude) * .pi / 180
    let dLambda = (b.longitude - a.longitude) * .pi / 180
    return (dPhi * dPhi + dLambda * dLambda) / 4 < nearBound
  }

  /// sin²(spacing / 2R), the haversine at `spacing`, less the margin of `isSurelyNear`.
  private static let nearBound: Double = {
    let half = sin(spacing / (2 * 6_371_008.8))
    return half * half * (1 - 1e-6)
  }()

  /// The great-circle distance, as `CLLocation.distance(from:)` computes it (without
  /// allocating two locations per point).
  static func distance(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> CLLocationDistance {
    distance(a, b, cosines: cosine(of: a), cosine(of: b))
  }

  /// `distance(a, b)` with the cosines of their latitudes (`cosine(of:)`) already known.
  private static func distance(
    _ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D, cosines cosA: Double, _ cosB: Double
  ) -> CLLocationDistance {
    let radius = 6_371_008.8
    let phi1 = a.latitude * .pi / 180
    let phi2 = b.latitude * .pi / 180
    let dPhi = phi2 - phi1
    let dLambda = (b.longitude - a.longitude) * .pi / 180
    let h = sin(dPhi / 2) * sin(dPhi / 2) + cosA * cosB * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * radius * asin(min(1, h.squareRoot()))
  }
}
