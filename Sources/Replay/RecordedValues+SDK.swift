import CoreLocation
import Foundation
@_spi(Replay) import NavigationSDK
import SessionEvents

// The log's vocabulary in the SDK's types: each recorded value as the SDK model names it.

extension GMSNavigationCameraMode {
  /// The SDK's mode for a recorded camera mode.
  init(_ recorded: CameraMode) {
    switch recorded {
    case .following: self = .following
    case .free: self = .free
    case .overview: self = .overview
    }
  }
}

extension GMSNavigationLightingMode {
  /// The SDK's lighting for a recorded one: day is `.normal`, night `.lowLight`.
  init(_ recorded: LightingMode) {
    switch recorded {
    case .day: self = .normal
    case .night: self = .lowLight
    }
  }
}

extension GMSNavigationSpeedAlertSeverity {
  /// The SDK's severity for a recorded one.
  init(_ recorded: SpeedAlertSeverity) {
    switch recorded {
    case .unknown: self = .unknown
    case .notSpeeding: self = .notSpeeding
    case .minor: self = .minor
    case .major: self = .major
    }
  }
}

extension GMSNavigationDrivingSide {
  init(_ recorded: DrivingSide) {
    switch recorded {
    case .none: self = .none
    case .left: self = .left
    case .right: self = .right
    }
  }
}

extension GMSNavigationLane {
  convenience init(recorded: RecordedLane) {
    self.init(
      laneDirections: recorded.directions.map {
        GMSNavigationLaneDirection(
          laneShape: GMSNavigationLaneShape(recorded: $0.shape), recommended: $0.recommended)
      })
  }
}

extension GMSNavigationLaneShape {
  init(recorded: LaneShape) {
    switch recorded {
    case .unknown: self = .unknown
    case .straight: self = .straight
    case .slightLeft: self = .slightLeft
    case .slightRight: self = .slightRight
    case .normalLeft: self = .normalLeft
    case .normalRight: self = .normalRight
    case .sharpLeft: self = .sharpLeft
    case .sharpRight: self = .sharpRight
    case .uTurnLeft: self = .uTurnLeft
    case .uTurnRight: self = .uTurnRight
    }
  }
}

extension NavigationPrompt {
  /// The prompt a `promptReady` event tells the SDK to show.
  init(_ recorded: Prompt) {
    self.init(promptID: recorded.promptID, kind: recorded.kind.rawValue, text: recorded.text)
  }
}

extension SDKViewSize {
  /// The size a `viewSize` event carries.
  init(_ recorded: RecordedViewSize) {
    self.init(
      view: recorded.view, width: recorded.width, height: recorded.height,
      marginTop: recorded.marginTop, marginLeading: recorded.marginLeading,
      marginBottom: recorded.marginBottom, marginTrailing: recorded.marginTrailing)
  }
}

extension RecordedViewSize {
  /// A `viewSize` payload of what the model measures (a size profile fits, a log writes).
  @_spi(Replay) public init(_ size: SDKViewSize) {
    self.init(
      view: size.view, width: size.width, height: size.height, marginTop: size.marginTop,
      marginLeading: size.marginLeading, marginBottom: size.marginBottom,
      marginTrailing: size.marginTrailing)
  }
}
