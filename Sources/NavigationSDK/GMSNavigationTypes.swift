// The SDK's small enums (GMSNavigationTypes.h, GMSNavigationDelayCategory.h), as Swift imports
// them: `Int` raw values and no conformances beyond Equatable / Hashable / RawRepresentable
// (and Sendable), so an app's own `CaseIterable` or `CustomStringConvertible` extension
// compiles, as it does against the SDK.

/// Traffic on the way to the next destination.
public enum GMSNavigationDelayCategory: Int, Sendable {
  case noData = 0
  case heavy = 1
  case medium = 2
  case light = 3
}

/// The day / night colour scheme of the map and the navigation UI.
public enum GMSNavigationLightingMode: Int, Sendable {
  case normal = 0
  case lowLight = 1
}

/// How the camera follows the vehicle: user-driven, tracking it, or showing the remaining route.
public enum GMSNavigationCameraMode: Int, Sendable {
  case free = 0
  case following = 1
  case overview = 2
}

/// The camera's perspective while following.
public enum GMSNavigationCameraPerspective: Int, Sendable {
  case tilted = 0
  case topDownNorthUp = 1
  case topDownHeadingUp = 2
}

/// What route callouts show.
public enum GMSNavigationRouteCalloutFormat: Int, Sendable {
  case `default` = 0
  case time = 1
  case distance = 2
}

/// Route type and course source: driving, two-wheeler and taxicab take the course from motion,
/// cycling and walking from the compass.
public enum GMSNavigationTravelMode: Int, Sendable {
  case driving = 0
  case cycling = 1
  case walking = 2
  case twoWheeler = 3
  case taxicab = 4
}

/// How much the voice guidance says.
public enum GMSNavigationVoiceGuidance: Int, Sendable {
  case silent = 0
  case alertsOnly = 1
  case alertsAndGuidance = 2
}

/// Where voice guidance plays.
public enum GMSVoiceGuidanceAudioDeviceType: Int, Sendable {
  case builtInOnly = 0
  case bluetooth = 1
}
