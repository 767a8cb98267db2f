import CoreLocation
import Foundation

// The route as the recording planned it: the SDK objects a replay hands to listeners and
// returns from `routeLegs`, built once per route (by `Replay`, from the recording's legs and
// steps).

/// One route's legs and steps, as SDK objects.
@_spi(Replay)
public struct PlannedRoute {
  public struct Leg {
    public var destination: CLLocationCoordinate2D
    public var path: GMSPath
    /// `path`'s points, for following the vehicle along it.
    public var points: [CLLocationCoordinate2D]
    public var drivingSide: GMSNavigationDrivingSide
    /// What following the vehicle reads of `points` on every fix, worked out once (empty when
    /// not: it is then computed as it is read): each point's projection scale (the cosine of
    /// its latitude) and the length (m) of the segment from each point to the next.
    public var pointScales: [Double] = []
    public var segmentLengths: [Double] = []

    public init(
      destination: CLLocationCoordinate2D, path: GMSPath, points: [CLLocationCoordinate2D],
      drivingSide: GMSNavigationDrivingSide
    ) {
      self.destination = destination
      self.path = path
      self.points = points
      self.drivingSide = drivingSide
    }
  }

  /// The segment of the current leg's path the vehicle was last nearest to (the replay moves
  /// it on as the vehicle follows the path).
  public var segment = 0

  /// How far ahead along the path the replay looks for the segment nearest the vehicle, metres.
  public static let lookAhead = 200.0

  public var legs: [Leg]
  /// Every step of the route, by `stepNumber`.
  public var steps: [GMSNavigationStepInfo] {
    didSet { stepsAfter = nil }
  }
  /// The last `steps(from:)` answer: nav info is built on every tick a listener hears it, and
  /// the steps ahead change only at a manoeuvre (copying them each tick cost a tenth of a
  /// screen's replay).
  private var stepsAfter: (index: Int, steps: [GMSNavigationStepInfo])?
  /// The leg each step's manoeuvre lies on.
  public var stepLegs: [Int]

  public init(legs: [Leg], steps: [GMSNavigationStepInfo], stepLegs: [Int]) {
    self.legs = legs
    self.steps = steps
    self.stepLegs = stepLegs
  }

  /// The rest of `leg`'s path from `location` on: the location, then the path's points after
  /// it on the segment the vehicle reached.
  func remainingPath(from location: CLLocationCoordinate2D, onLeg leg: Int) -> GMSPath {
    let points = legs[leg].points
    guard points.count >= 2 else { return legs[leg].path }
    let ahead = points[min(segment + 1, points.count - 1)...]
    return GMSPath(coordinates: [location] + ahead)
  }

  /// `Array(steps[index...])`, the same array as the last call's when `index` is the same.
  public mutating func steps(from index: Int) -> [GMSNavigationStepInfo] {
    if let stepsAfter, stepsAfter.index == index { return stepsAfter.steps }
    let result = Array(steps[index...])
    stepsAfter = (index, result)
    return result
  }

  public func drivingSide(leg: Int) -> GMSNavigationDrivingSide {
    legs.isEmpty ? .right : legs[min(max(0, leg), legs.count - 1)].drivingSide
  }
}
