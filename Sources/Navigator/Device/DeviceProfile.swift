import SessionEvents

// Device profiles: screen sizes in points with their safe areas, in portrait and landscape.
// The map view fills the screen; split screen and container sliders are scripted on top.

/// Screen orientation.
public enum Orientation: String, CaseIterable, Sendable {
  case portrait, landscape
}

/// A device in one orientation: its map size and safe-area insets in points.
public struct DeviceProfile: Equatable, Sendable {
  /// `iphone-15-portrait`, `ipad-pro-13-landscape`...
  public var name: String
  /// The device without the orientation: `iphone-15`.
  public var model: String
  public var orientation: Orientation
  public var geometry: MapGeometry
  /// True for iPads, which support split screen.
  public var supportsSplitScreen: Bool

  /// The same device turned to `orientation`.
  public func rotated(to orientation: Orientation) -> DeviceProfile {
    DeviceProfiles.profile(model: model, orientation: orientation)!
  }
}

/// The catalogue of device profiles.
public enum DeviceProfiles {
  /// A device model's portrait size and safe areas in both orientations.
  struct Model {
    var name: String
    var width: Double
    var height: Double
    /// Portrait insets: top, bottom.
    var portrait: (top: Double, bottom: Double)
    /// Landscape insets: top, sides (leading and trailing), bottom.
    var landscape: (top: Double, sides: Double, bottom: Double)
    var isPad: Bool
  }

  /// Sizes and safe areas as iOS 17 reports them for full-screen apps.
  static let models: [Model] = [
    Model(
      name: "iphone-se", width: 375, height: 667, portrait: (20, 0), landscape: (0, 0, 0),
      isPad: false),
    Model(
      name: "iphone-15", width: 393, height: 852, portrait: (59, 34), landscape: (0, 59, 21),
      isPad: false),
    Model(
      name: "iphone-15-pro-max", width: 430, height: 932, portrait: (59, 34),
      landscape: (0, 59, 21), isPad: false),
    Model(
      name: "ipad-mini", width: 744, height: 1133, portrait: (24, 20), landscape: (24, 0, 20),
      isPad: true),
    Model(
      name: "ipad-pro-11", width: 834, height: 1194, portrait: (24, 20), landscape: (24, 0, 20),
      isPad: true),
    Model(
      name: "ipad-pro-13", width: 1032, height: 1376, portrait: (24, 20), landscape: (24, 0, 20),
      isPad: true),
  ]

  /// The profile used when a scenario names none.
  public static let defaultName = "iphone-15-portrait"

  /// Every profile: each model in portrait, then landscape.
  public static let all: [DeviceProfile] = models.flatMap { model in
    Orientation.allCases.map { profile(model, $0) }
  }

  /// The profile called `name`.
  /// - Throws: `NavigatorError` listing the known names.
  public static func profile(named name: String) throws -> DeviceProfile {
    guard let profile = all.first(where: { $0.name == name }) else {
      throw NavigatorError(
        source: "device '\(name)'",
        "unknown device profile (known: \(all.map(\.name).joined(separator: ", ")))")
    }
    return profile
  }

  static func profile(model: String, orientation: Orientation) -> DeviceProfile? {
    models.first { $0.name == model }.map { profile($0, orientation) }
  }

  private static func profile(_ model: Model, _ orientation: Orientation) -> DeviceProfile {
    let geometry =
      switch orientation {
      case .portrait:
        MapGeometry(
          width: model.width, height: model.height, safeTop: model.portrait.top,
          safeBottom: model.portrait.bottom)
      case .landscape:
        MapGeometry(
          width: model.height, height: model.width, safeTop: model.landscape.top,
          safeLeading: model.landscape.sides, safeBottom: model.landscape.bottom,
          safeTrailing: model.landscape.sides)
      }
    return DeviceProfile(
      name: "\(model.name)-\(orientation.rawValue)", model: model.name, orientation: orientation,
      geometry: geometry, supportsSplitScreen: model.isPad)
  }

  // MARK: - Split screen

  /// The map's geometry when the app takes `fraction` (1/3, 1/2, 2/3) of `device`'s width in
  /// split screen: the width less half the 10 pt divider, side insets dropped on the divider
  /// side (iPads have none anyway).
  public static func splitScreen(_ device: DeviceProfile, fraction: Double) -> MapGeometry {
    var geometry = device.geometry
    if fraction < 1 {
      geometry.width = ((device.geometry.width - 10) * fraction).rounded()
    }
    return geometry
  }
}
