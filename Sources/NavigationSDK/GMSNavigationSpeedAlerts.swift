import Foundation
import HeadlessUIKit

// Speed alerts (navigation-sdk-api.md section 14), under the SDK's names.

/// How far the vehicle is over the speed limit.
public enum GMSNavigationSpeedAlertSeverity: Int, Sendable {
  case unknown = -2
  case notSpeeding = -1
  case minor = 0
  case major = 1
}

/// Speed-alert thresholds. NavSim does not re-derive severities from them: the recording's
/// severities are the navigator's (closed world); the options only decide whether the
/// speeding feed reaches `didUpdateSpeedingPercentage` listeners, as in the SDK.
open class GMSNavigationSpeedAlertOptions: NSObject, NSCopying, NSMutableCopying {
  var thresholds: [GMSNavigationSpeedAlertSeverity: CGFloat] = [:]
  var upgradeDuration: TimeInterval = -1

  override public init() { super.init() }

  /// Seconds over the minor threshold before a major alert; negative = no duration rule.
  public var severityUpgradeDurationSeconds: TimeInterval { upgradeDuration }

  /// The threshold for a severity (1.0 = 100 %); negative when unset.
  open func thresholdPercentage(for speedAlertSeverity: GMSNavigationSpeedAlertSeverity) -> CGFloat {
    thresholds[speedAlertSeverity] ?? -1
  }

  func copyValues(into other: GMSNavigationSpeedAlertOptions) -> GMSNavigationSpeedAlertOptions {
    other.thresholds = thresholds
    other.upgradeDuration = upgradeDuration
    return other
  }

  open func copy(with zone: NSZone? = nil) -> Any {
    copyValues(into: GMSNavigationSpeedAlertOptions())
  }

  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    copyValues(into: GMSNavigationMutableSpeedAlertOptions())
  }
}

/// Speed-alert thresholds that can be set.
open class GMSNavigationMutableSpeedAlertOptions: GMSNavigationSpeedAlertOptions {
  override public init() { super.init() }

  override public var severityUpgradeDurationSeconds: TimeInterval {
    get { upgradeDuration }
    set { upgradeDuration = newValue }
  }

  /// Sets the minor or major threshold, keeping minor <= major.
  open func setSpeedAlertThresholdPercentage(
    _ percentageAboveLimit: CGFloat, for speedAlertSeverity: GMSNavigationSpeedAlertSeverity
  ) {
    switch speedAlertSeverity {
    case .minor:
      thresholds[.minor] = percentageAboveLimit
      if let major = thresholds[.major], major < percentageAboveLimit {
        thresholds[.major] = percentageAboveLimit
      }
    case .major:
      thresholds[.major] = percentageAboveLimit
      if let minor = thresholds[.minor], minor > percentageAboveLimit {
        thresholds[.minor] = percentageAboveLimit
      }
    case .unknown, .notSpeeding:
      break
    }
  }
}

/// Speed-widget colours per severity and lighting mode.
open class GMSNavigationSpeedometerUIOptions: NSObject, NSCopying, NSMutableCopying {
  struct Key: Hashable {
    var severity: GMSNavigationSpeedAlertSeverity
    var lighting: GMSNavigationLightingMode
  }
  var textColors: [Key: UIColor] = [:]
  var backgroundColors: [Key: UIColor] = [:]

  override public init() { super.init() }

  /// Clear for `.unknown` and `.notSpeeding`; else the set colour, white by default.
  open func textColor(
    for speedAlertSeverity: GMSNavigationSpeedAlertSeverity, lightingMode: GMSNavigationLightingMode
  ) -> UIColor {
    guard speedAlertSeverity == .minor || speedAlertSeverity == .major else { return .clear }
    return textColors[Key(severity: speedAlertSeverity, lighting: lightingMode)] ?? .white
  }

  /// Clear for `.unknown` and `.notSpeeding`; else the set colour, red by default.
  open func backgroundColor(
    for speedAlertSeverity: GMSNavigationSpeedAlertSeverity, lightingMode: GMSNavigationLightingMode
  ) -> UIColor {
    guard speedAlertSeverity == .minor || speedAlertSeverity == .major else { return .clear }
    return backgroundColors[Key(severity: speedAlertSeverity, lighting: lightingMode)] ?? .red
  }

  func copyValues(into other: GMSNavigationSpeedometerUIOptions) -> GMSNavigationSpeedometerUIOptions {
    other.textColors = textColors
    other.backgroundColors = backgroundColors
    return other
  }

  open func copy(with zone: NSZone? = nil) -> Any {
    copyValues(into: GMSNavigationSpeedometerUIOptions())
  }

  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    copyValues(into: GMSNavigationMutableSpeedometerUIOptions())
  }
}

/// Speed-widget colours that can be set (no-op for `.unknown` / `.notSpeeding`).
open class GMSNavigationMutableSpeedometerUIOptions: GMSNavigationSpeedometerUIOptions {
  override public init() { super.init() }

  open func setTextColor(
    _ color: UIColor, for speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    lightingMode: GMSNavigationLightingMode
  ) {
    guard speedAlertSeverity == .minor || speedAlertSeverity == .major else { return }
    textColors[Key(severity: speedAlertSeverity, lighting: lightingMode)] = color
  }

  open func setBackgroundColor(
    _ color: UIColor, for speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    lightingMode: GMSNavigationLightingMode
  ) {
    guard speedAlertSeverity == .minor || speedAlertSeverity == .major else { return }
    backgroundColors[Key(severity: speedAlertSeverity, lighting: lightingMode)] = color
  }
}
