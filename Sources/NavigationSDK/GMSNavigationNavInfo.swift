import CoreLocation
import Foundation
import HeadlessUIKit

// Turn-by-turn information (navigation-sdk-api.md section 12), under the SDK's names. NavSim
// builds it from the recording: the steps (manoeuvre, road, instruction, exit number, lanes,
// length, duration) from its `routeStep` / `stepDetail` events (schema 4), the distance and
// time to the current step from progress. Older logs have only progress: the current step's
// manoeuvre and road, no lanes, right-hand traffic.

/// Whether the navigator is following a route.
public enum GMSNavigationNavState: Int, Sendable {
  case unknown = 0
  case enroute = 1
  case rerouting = 2
  case stopped = 3
}

/// The side of the road traffic drives on.
public enum GMSNavigationDrivingSide: UInt, Sendable {
  case none = 0
  case left = 1
  case right = 2
}

/// The size of manoeuvre images.
public enum GMSNavigationManeuverImageSize: Int, Sendable {
  case square48 = 0
  case square96 = 1
}

/// The shape of one lane direction.
public enum GMSNavigationLaneShape: Int, Sendable {
  case unknown = 0
  case straight = 1
  case slightLeft = 2
  case slightRight = 3
  case normalLeft = 4
  case normalRight = 5
  case sharpLeft = 6
  case sharpRight = 7
  case uTurnLeft = 8
  case uTurnRight = 9
}

/// A step's action.
public enum GMSNavigationManeuver: UInt, Sendable {
  case unknown = 0
  case depart = 1
  case destination = 2
  case destinationLeft = 3
  case destinationRight = 4
  case straight = 5
  case turnLeft = 6
  case turnRight = 7
  case turnKeepLeft = 8
  case turnKeepRight = 9
  case turnSlightLeft = 10
  case turnSlightRight = 11
  case turnSharpLeft = 12
  case turnSharpRight = 13
  case turnUTurnClockwise = 14
  case turnUTurnCounterClockwise = 15
  case mergeUnspecified = 16
  case mergeLeft = 17
  case mergeRight = 18
  case forkLeft = 19
  case forkRight = 20
  case onRampUnspecified = 21
  case onRampLeft = 22
  case onRampRight = 23
  case onRampKeepLeft = 24
  case onRampKeepRight = 25
  case onRampSlightLeft = 26
  case onRampSlightRight = 27
  case onRampSharpLeft = 28
  case onRampSharpRight = 29
  case onRampUTurnClockwise = 30
  case onRampUTurnCounterClockwise = 31
  case offRampUnspecified = 32
  case offRampLeft = 33
  case offRampRight = 34
  case offRampKeepLeft = 35
  case offRampKeepRight = 36
  case offRampSlightLeft = 37
  case offRampSlightRight = 38
  case offRampSharpLeft = 39
  case offRampSharpRight = 40
  case offRampUTurnClockwise = 41
  case offRampUTurnCounterClockwise = 42
  case roundaboutClockwise = 43
  case roundaboutCounterClockwise = 44
  case roundaboutStraightClockwise = 45
  case roundaboutStraightCounterClockwise = 46
  case roundaboutLeftClockwise = 47
  case roundaboutLeftCounterClockwise = 48
  case roundaboutRightClockwise = 49
  case roundaboutRightCounterClockwise = 50
  case roundaboutSlightLeftClockwise = 51
  case roundaboutSlightLeftCounterClockwise = 52
  case roundaboutSlightRightClockwise = 53
  case roundaboutSlightRightCounterClockwise = 54
  case roundaboutSharpLeftClockwise = 55
  case roundaboutSharpLeftCounterClockwise = 56
  case roundaboutSharpRightClockwise = 57
  case roundaboutSharpRightCounterClockwise = 58
  case roundaboutUTurnClockwise = 59
  case roundaboutUTurnCounterClockwise = 60
  case roundaboutExitClockwise = 61
  case roundaboutExitCounterClockwise = 62
  case ferryBoat = 63
  case ferryTrain = 64
  case nameChange = 65
}

extension GMSNavigationManeuver {
  /// The SDK's manoeuvre for a recorded one: NavSim's own names (`turn-left`, `roundabout`,
  /// `arrive`...) and OSRM's type and modifier joined by dashes (`roundabout-left`,
  /// `exit-roundabout-right`, `fork-slight-right`, `off-ramp-slight-left`, `new-name-straight`);
  /// `.unknown` for text NavSim does not know. Roundabouts and U-turns go counter-clockwise in
  /// right-hand traffic and clockwise in left-hand traffic.
  @_spi(Replay) public init(recorded: String, drivingSide: GMSNavigationDrivingSide = .right) {
    let clockwise = drivingSide == .left
    switch recorded {
    case "depart": self = .depart
    case "arrive", "destination": self = .destination
    case "arrive-left": self = .destinationLeft
    case "arrive-right": self = .destinationRight
    case "straight", "continue": self = .straight
    case "keep-left": self = .turnKeepLeft
    case "keep-right": self = .turnKeepRight
    case "uturn", "u-turn": self = clockwise ? .turnUTurnClockwise : .turnUTurnCounterClockwise
    case "merge", "on-ramp", "off-ramp", "roundabout", "rotary", "fork":
      self = Self(type: recorded, modifier: "", clockwise: clockwise)
    case "ferry": self = .ferryBoat
    case "ferry-train": self = .ferryTrain
    case "name-change", "new-name": self = .nameChange
    default:
      let modifiers = [
        "sharp-left", "sharp-right", "slight-left", "slight-right", "left", "right", "straight",
        "uturn",
      ]
      guard let modifier = modifiers.first(where: { recorded.hasSuffix("-" + $0) }) else {
        self = .unknown
        return
      }
      let type = String(recorded.dropLast(modifier.count + 1))
      self = Self(type: type, modifier: modifier, clockwise: clockwise)
    }
  }

  /// An OSRM-style type (`turn`, `merge`, `on-ramp`, `roundabout`...) and modifier.
  private init(type: String, modifier: String, clockwise: Bool) {
    func pick(_ cases: [String: GMSNavigationManeuver], _ otherwise: GMSNavigationManeuver)
      -> GMSNavigationManeuver
    {
      cases[modifier] ?? otherwise
    }
    let uTurn: GMSNavigationManeuver = clockwise ? .turnUTurnClockwise : .turnUTurnCounterClockwise
    switch type {
    case "turn", "continue", "end-of-road", "notification":
      self = pick(
        [
          "left": .turnLeft, "right": .turnRight, "slight-left": .turnSlightLeft,
          "slight-right": .turnSlightRight, "sharp-left": .turnSharpLeft,
          "sharp-right": .turnSharpRight, "uturn": uTurn,
        ], .straight)
    case "new-name": self = .nameChange
    case "merge":
      self = pick(
        ["left": .mergeLeft, "slight-left": .mergeLeft, "right": .mergeRight,
         "slight-right": .mergeRight], .mergeUnspecified)
    case "fork":
      self = modifier.hasSuffix("left") ? .forkLeft : modifier.hasSuffix("right") ? .forkRight : .straight
    case "on-ramp":
      self = pick(
        [
          "left": .onRampLeft, "right": .onRampRight, "slight-left": .onRampSlightLeft,
          "slight-right": .onRampSlightRight, "sharp-left": .onRampSharpLeft,
          "sharp-right": .onRampSharpRight,
          "uturn": clockwise ? .onRampUTurnClockwise : .onRampUTurnCounterClockwise,
        ], .onRampUnspecified)
    case "off-ramp":
      self = pick(
        [
          "left": .offRampLeft, "right": .offRampRight, "slight-left": .offRampSlightLeft,
          "slight-right": .offRampSlightRight, "sharp-left": .offRampSharpLeft,
          "sharp-right": .offRampSharpRight,
          "uturn": clockwise ? .offRampUTurnClockwise : .offRampUTurnCounterClockwise,
        ], .offRampUnspecified)
    case "roundabout", "rotary", "roundabout-turn":
      let cases: [String: (GMSNavigationManeuver, GMSNavigationManeuver)] = [
        "straight": (.roundaboutStraightClockwise, .roundaboutStraightCounterClockwise),
        "left": (.roundaboutLeftClockwise, .roundaboutLeftCounterClockwise),
        "right": (.roundaboutRightClockwise, .roundaboutRightCounterClockwise),
        "slight-left": (.roundaboutSlightLeftClockwise, .roundaboutSlightLeftCounterClockwise),
        "slight-right": (.roundaboutSlightRightClockwise, .roundaboutSlightRightCounterClockwise),
        "sharp-left": (.roundaboutSharpLeftClockwise, .roundaboutSharpLeftCounterClockwise),
        "sharp-right": (.roundaboutSharpRightClockwise, .roundaboutSharpRightCounterClockwise),
        "uturn": (.roundaboutUTurnClockwise, .roundaboutUTurnCounterClockwise),
      ]
      let pair = cases[modifier] ?? (.roundaboutClockwise, .roundaboutCounterClockwise)
      self = clockwise ? pair.0 : pair.1
    case "exit-roundabout", "exit-rotary":
      self = clockwise ? .roundaboutExitClockwise : .roundaboutExitCounterClockwise
    default: self = .unknown
    }
  }
}

/// Screen metrics for rendering step images. `UIScreen` conforms, as in the SDK, so
/// `options.screenMetrics = UIScreen.main` (the plugins' code) compiles: the requirements are
/// read-only, as `UIScreen`'s properties are (the spec lists them settable, which no
/// `UIScreen` could satisfy; a type of the app's with settable ones conforms too).
public protocol GMSNavigationScreenMetrics {
  var bounds: CGRect { get }
  var nativeBounds: CGRect { get }
  var nativeScale: CGFloat { get }
  var scale: CGFloat { get }
}

extension UIScreen: @preconcurrency GMSNavigationScreenMetrics {}

/// How step images are rendered.
open class GMSNavigationStepInfoImageOptions: NSObject, NSCopying {
  /// nil means the main screen.
  public var screenMetrics: (any GMSNavigationScreenMetrics)?
  /// Default `.square96`.
  public var maneuverImageSize: GMSNavigationManeuverImageSize = .square96

  override public init() { super.init() }

  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = GMSNavigationStepInfoImageOptions()
    copy.screenMetrics = screenMetrics
    copy.maneuverImageSize = maneuverImageSize
    return copy
  }
}

/// One direction a lane allows.
open class GMSNavigationLaneDirection: NSObject {
  public let laneShape: GMSNavigationLaneShape
  public let recommended: Bool

  @_spi(Replay) public init(laneShape: GMSNavigationLaneShape, recommended: Bool) {
    self.laneShape = laneShape
    self.recommended = recommended
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("GMSNavigationLaneDirection() is unavailable") }
}

/// One lane, with the directions it allows.
open class GMSNavigationLane: NSObject {
  public let laneDirections: [GMSNavigationLaneDirection]

  @_spi(Replay) public init(laneDirections: [GMSNavigationLaneDirection]) {
    self.laneDirections = laneDirections
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("GMSNavigationLane() is unavailable") }
}

/// One step of the route: its manoeuvre, road and length.
open class GMSNavigationStepInfo: NSObject {
  public let maneuver: GMSNavigationManeuver
  /// Left-to-right lanes; nil without lane data.
  public let lanes: [GMSNavigationLane]?
  public let fullRoadName: String
  public let simpleRoadName: String
  public let fullInstructionText: String
  public let exitNumber: String?
  public let drivingSide: GMSNavigationDrivingSide
  /// The exit count on roundabouts, else -1.
  public let roundaboutTurnNumber: Int
  /// 0-based.
  public let stepNumber: Int
  public let distanceFromPrevStepMeters: CLLocationDistance
  public let timeFromPrevStepSeconds: TimeInterval

  @_spi(Replay) public init(
    maneuver: GMSNavigationManeuver, lanes: [GMSNavigationLane]? = nil, roadName: String,
    instruction: String, exitNumber: String? = nil, drivingSide: GMSNavigationDrivingSide,
    roundaboutTurnNumber: Int = -1, stepNumber: Int, distanceFromPrevStepMeters: Double = -1,
    timeFromPrevStepSeconds: Double = -1
  ) {
    self.maneuver = maneuver
    self.lanes = lanes
    fullRoadName = roadName
    simpleRoadName = roadName
    fullInstructionText = instruction
    self.exitNumber = exitNumber
    self.drivingSide = drivingSide
    self.roundaboutTurnNumber = roundaboutTurnNumber
    self.stepNumber = stepNumber
    self.distanceFromPrevStepMeters = distanceFromPrevStepMeters
    self.timeFromPrevStepSeconds = timeFromPrevStepSeconds
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("GMSNavigationStepInfo() is unavailable") }

  /// The manoeuvre's icon: a square of the options' size named `maneuver.<raw value>`; nil for
  /// `.unknown`.
  open func maneuverImage(with options: GMSNavigationStepInfoImageOptions?) -> UIImage? {
    guard maneuver != .unknown else { return nil }
    let side: CGFloat = (options?.maneuverImageSize ?? .square96) == .square48 ? 48 : 96
    return UIImage(size: CGSize(width: side, height: side), name: "maneuver.\(maneuver.rawValue)")
  }

  /// The lane-guidance image; nil without lane data.
  open func lanesImage(with options: GMSNavigationStepInfoImageOptions?) -> UIImage? {
    guard let lanes, !lanes.isEmpty else { return nil }
    let side: CGFloat = (options?.maneuverImageSize ?? .square96) == .square48 ? 48 : 96
    return UIImage(size: CGSize(width: side * CGFloat(lanes.count), height: side), name: "lanes")
  }
}

/// How instruction lines are formatted.
open class GMSNavigationInstructionOptions: NSObject {
  public var imageOptions: GMSNavigationStepInfoImageOptions! = GMSNavigationStepInfoImageOptions()
  public var disableLongDistanceFormat = false
  public var primaryFont: UIFont! = .systemFont(ofSize: 17)
  public var secondaryFont: UIFont! = .systemFont(ofSize: 15)
  public var tertiaryFont: UIFont! = .systemFont(ofSize: 13)
  public var textColor: UIColor! = .white
  public var primaryRoadShieldHeight: CGFloat = 24
  public var secondaryRoadShieldHeight: CGFloat = 20
  public var roadShieldOutlineWidth: CGFloat = 0
  public var roadShieldOutlineColor: UIColor?
  public var exitNumberHeight: CGFloat = 20
  public var exitCueBackgroundColor: UIColor! = .white

  override public init() { super.init() }
}

/// A turn-by-turn snapshot of the trip.
open class GMSNavigationNavInfo: NSObject {
  public let navState: GMSNavigationNavState
  /// The upcoming manoeuvre; only while `.enroute`.
  public let currentStep: GMSNavigationStepInfo?
  public let remainingSteps: [GMSNavigationStepInfo]
  /// Whether the route differs from the previous message's.
  public let routeChanged: Bool
  public let timeToCurrentStepSeconds: TimeInterval
  public let distanceToCurrentStepMeters: CLLocationDistance
  public let timeToFinalDestinationSeconds: TimeInterval
  public let distanceToFinalDestinationMeters: CLLocationDistance

  @_spi(Replay) public init(
    navState: GMSNavigationNavState, currentStep: GMSNavigationStepInfo?,
    remainingSteps: [GMSNavigationStepInfo] = [], routeChanged: Bool,
    timeToCurrentStepSeconds: TimeInterval, distanceToCurrentStepMeters: CLLocationDistance,
    timeToFinalDestinationSeconds: TimeInterval,
    distanceToFinalDestinationMeters: CLLocationDistance
  ) {
    self.navState = navState
    self.currentStep = currentStep
    self.remainingSteps = remainingSteps
    self.routeChanged = routeChanged
    self.timeToCurrentStepSeconds = timeToCurrentStepSeconds
    self.distanceToCurrentStepMeters = distanceToCurrentStepMeters
    self.timeToFinalDestinationSeconds = timeToFinalDestinationSeconds
    self.distanceToFinalDestinationMeters = distanceToFinalDestinationMeters
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("GMSNavigationNavInfo() is unavailable") }

  /// The time rounded to the nearest minute, at least one minute.
  open func roundedTime(_ timeSeconds: TimeInterval) -> TimeInterval {
    max(60, (timeSeconds / 60).rounded() * 60)
  }

  /// The distance as a display would round it, in metres: to 10 m below 1 km, else to 100 m.
  open func roundedDistance(_ distanceMeters: CLLocationDistance) -> Measurement<UnitLength> {
    let step: Double = distanceMeters < 1000 ? 10 : 100
    return Measurement(value: (distanceMeters / step).rounded() * step, unit: .meters)
  }

  /// The step's instruction as one line in the options' primary font.
  open func instructions(
    forStep stepInfo: GMSNavigationStepInfo, options: GMSNavigationInstructionOptions
  ) -> [NSAttributedString] {
    [NSAttributedString(string: stepInfo.fullInstructionText)]
  }
}
