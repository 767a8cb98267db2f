import TextBytes
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The route's guidance as the navigator planned it (schema 4): its legs (where each ends, its
// geometry, the side traffic drives on) and its steps (manoeuvre, road, instruction, length,
// duration, exit number, lanes). Recorded with the route, before its `routeSet`, so a replay can
// answer `GMSNavigator.routeLegs` and `GMSNavigationNavInfo.currentStep` / `remainingSteps`
// from the recording instead of guessing.

// MARK: - Legs

/// The side of the road traffic drives on (`GMSNavigationDrivingSide`'s case names).
public enum DrivingSide: String, CaseIterable, Sendable {
  case none, left, right
}

/// A point of a path, in degrees.
public struct PathPoint: Equatable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// One leg of a route: the part up to one destination.
public struct RecordedRouteLeg: Equatable, Sendable {
  /// 0-based, as `arrived(waypointIndex:)` counts destinations.
  public var index: Int
  /// Where the leg ends on the road (`GMSRouteLeg.destinationCoordinate`).
  public var latitude: Double
  public var longitude: Double
  public var drivingSide: DrivingSide
  /// The leg's geometry as an encoded polyline at precision 6 (`EncodedPolyline`): points are
  /// kept to 1e-6 degrees (about 0.1 m). Use `path` for the points.
  public var encodedPath: String

  /// - Parameter path: the leg's geometry, from its start to its destination.
  public init(
    index: Int, latitude: Double, longitude: Double, drivingSide: DrivingSide, path: [PathPoint]
  ) {
    self.init(
      index: index, latitude: latitude, longitude: longitude, drivingSide: drivingSide,
      encodedPath: EncodedPolyline.encode(path))
  }

  public init(
    index: Int, latitude: Double, longitude: Double, drivingSide: DrivingSide, encodedPath: String
  ) {
    self.index = index
    self.latitude = latitude
    self.longitude = longitude
    self.drivingSide = drivingSide
    self.encodedPath = encodedPath
  }

  /// The leg's geometry (empty when the stored path does not decode, which logs refuse).
  public var path: [PathPoint] { (try? EncodedPolyline.decode(encodedPath)) ?? [] }
}

// MARK: - Steps

/// One step of a route: the manoeuvre that starts it and the road it follows.
public struct RecordedStep: Equatable, Sendable {
  /// 0-based along the whole route (`GMSNavigationStepInfo.stepNumber`, `Progress.stepIndex`).
  public var index: Int
  /// The leg whose geometry the manoeuvre lies on.
  public var leg: Int
  /// The manoeuvre, in `Progress.maneuver`'s vocabulary (`depart`, `turn-left`, `roundabout`...).
  public var maneuver: String
  public var roadName: String
  /// The instruction as the navigator words it ("Turn left onto Seestrasse").
  public var instruction: String
  /// Metres from the previous step's manoeuvre to this one's (0 for the first step).
  public var distanceFromPrevStep: Double
  /// Expected seconds from the previous step's manoeuvre to this one's (0 for the first step).
  public var timeFromPrevStep: Double
  /// Which exit to take at a roundabout, else -1.
  public var roundaboutTurnNumber: Int

  public init(
    index: Int, leg: Int, maneuver: String, roadName: String, instruction: String,
    distanceFromPrevStep: Double, timeFromPrevStep: Double, roundaboutTurnNumber: Int = -1
  ) {
    self.index = index
    self.leg = leg
    self.maneuver = maneuver
    self.roadName = roadName
    self.instruction = instruction
    self.distanceFromPrevStep = distanceFromPrevStep
    self.timeFromPrevStep = timeFromPrevStep
    self.roundaboutTurnNumber = roundaboutTurnNumber
  }

  /// "Turn right onto Hauptstrasse" from a manoeuvre and a road: the words NavSim uses where a
  /// route source gives no instruction.
  public static func instruction(maneuver: String, road: String) -> String {
    let words = maneuver.split(separator: "-").joined(separator: " ")
    guard !words.isEmpty else { return road }
    if maneuver == "arrive" { return road.isEmpty ? "Arrive" : "Arrive at \(road)" }
    let verb = words.prefix(1).uppercased() + words.dropFirst()
    return road.isEmpty ? verb : "\(verb) onto \(road)"
  }
}

/// The shape of one direction a lane allows (`GMSNavigationLaneShape`'s case names).
public enum LaneShape: String, CaseIterable, Sendable {
  case unknown, straight, slightLeft, slightRight, normalLeft, normalRight, sharpLeft, sharpRight
  case uTurnLeft, uTurnRight
}

/// One direction of a lane, and whether the route recommends it.
public struct RecordedLaneDirection: Equatable, Sendable {
  public var shape: LaneShape
  public var recommended: Bool

  public init(_ shape: LaneShape, recommended: Bool = false) {
    self.shape = shape
    self.recommended = recommended
  }
}

/// One lane: the directions it allows, in the source's order.
public struct RecordedLane: Equatable, Sendable {
  public var directions: [RecordedLaneDirection]

  public init(_ directions: [RecordedLaneDirection]) { self.directions = directions }
}

/// What a step has beyond its `RecordedStep`: an exit number, lanes.
public struct RecordedStepDetail: Equatable, Sendable {
  /// The step's index (`RecordedStep.index`).
  public var index: Int
  /// The exit's number as signed ("12", "4A"); nil for none.
  public var exitNumber: String?
  /// The lanes at the manoeuvre, left to right; nil without lane data.
  public var lanes: [RecordedLane]?

  public init(index: Int, exitNumber: String? = nil, lanes: [RecordedLane]? = nil) {
    self.index = index
    self.exitNumber = exitNumber
    self.lanes = lanes
  }

  /// The stored form of `lanes`: lanes left to right joined by `|`, a lane's directions by
  /// `,`, each a `LaneShape` name with `*` when recommended (`normalLeft|straight*,normalRight`);
  /// empty for nil.
  public static func lanesText(_ lanes: [RecordedLane]?) -> String {
    guard let lanes else { return "" }
    return lanes.map { lane in
      lane.directions.map { $0.shape.rawValue + ($0.recommended ? "*" : "") }
        .joined(separator: ",")
    }.joined(separator: "|")
  }

  /// Reads `lanesText`'s form.
  /// - Returns: nil for empty text, else the lanes; or a message naming the bad lane.
  public static func lanes(fromText text: String) -> Result<[RecordedLane]?, LaneTextError> {
    guard !text.isEmpty else { return .success(nil) }
    var lanes: [RecordedLane] = []
    for (number, laneText) in text.split(separator: "|", omittingEmptySubsequences: false)
      .enumerated()
    {
      var directions: [RecordedLaneDirection] = []
      for direction in laneText.split(separator: ",", omittingEmptySubsequences: false) {
        let recommended = direction.hasSuffix("*")
        let name = recommended ? direction.dropLast() : direction[...]
        guard let shape = LaneShape(rawValue: String(name)) else {
          let known = LaneShape.allCases.map(\.rawValue).joined(separator: ", ")
          return .failure(
            LaneTextError(
              message: "lane \(number + 1): unknown direction "
                + "\(String(direction).visiblyQuoted) (known: \(known), '*' after one marks it "
                + "recommended)"))
        }
        directions.append(RecordedLaneDirection(shape, recommended: recommended))
      }
      lanes.append(RecordedLane(directions))
    }
    return .success(lanes)
  }
}

/// A lane text that does not read.
public struct LaneTextError: Error, Equatable, Sendable {
  public var message: String
}

// MARK: - Path geometry

extension PathPoint {
  /// Metres per degree of latitude on a sphere of WGS84's mean radius.
  static let metresPerDegree = 6_371_008.8 * Double.pi / 180

  /// Where `self` lies against the segment `a`-`b`: its distance in metres from the segment
  /// and the fraction (0...1) of the way from `a` to `b` of the nearest point. Measured in an
  /// equirectangular projection around `a`: centimetres off at most over a few kilometres,
  /// which is all road geometry needs.
  public func offset(fromSegment a: PathPoint, _ b: PathPoint) -> (distance: Double, fraction: Double) {
    offset(fromSegment: a, b, scale: a.scale)
  }

  /// The projection scale around this point, `cos(latitude)`, as `offset(fromSegment:_:)`
  /// works it out for the segment's start.
  public var scale: Double { cos(latitude * .pi / 180) }

  /// `offset(fromSegment:_:)` with the start's `scale` known (a path's points are followed on
  /// every fix: their scales are worked out once).
  public func offset(fromSegment a: PathPoint, _ b: PathPoint, scale: Double)
    -> (distance: Double, fraction: Double)
  {
    func flat(_ p: PathPoint) -> (x: Double, y: Double) {
      ((p.longitude - a.longitude) * scale * Self.metresPerDegree,
       (p.latitude - a.latitude) * Self.metresPerDegree)
    }
    let p = flat(self), e = flat(b)
    let length2 = e.x * e.x + e.y * e.y
    let t = length2 > 0 ? max(0, min(1, (p.x * e.x + p.y * e.y) / length2)) : 0
    let dx = p.x - t * e.x, dy = p.y - t * e.y
    return ((dx * dx + dy * dy).squareRoot(), t)
  }
}
