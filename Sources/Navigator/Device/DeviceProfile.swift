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
    /// iPads: the narrow window of an uneven Split View (its 1/3 pane) in each orientation;
    /// nil on iPhones, which have no split screen.
    var splitNarrow: (portrait: Double, landscape: Double)?
    var isPad: Bool { splitNarrow != nil }
  }

  /// Sizes and safe areas as iOS 17 reports them for full-screen apps; the iPads' split
  /// widths as measured on iPadOS (see `splitScreen(_:fraction:)`).
  static let models: [Model] = [
    Model(
      name: "iphone-se", width: 375, height: 667, portrait: (20, 0), landscape: (0, 0, 0)),
    Model(
      name: "iphone-15", width: 393, height: 852, portrait: (59, 34), landscape: (0, 59, 21)),
    Model(
      name: "iphone-15-pro-max", width: 430, height: 932, portrait: (59, 34),
      landscape: (0, 59, 21)),
    Model(
      name: "ipad-mini", width: 744, height: 1133, portrait: (24, 20), landscape: (24, 0, 20),
      splitNarrow: (320, 375)),
    Model(
      name: "ipad-pro-11", width: 834, height: 1194, portrait: (24, 20), landscape: (24, 0, 20),
      splitNarrow: (320, 375)),
    Model(
      name: "ipad-pro-13", width: 1032, height: 1376, portrait: (24, 20), landscape: (24, 0, 20),
      splitNarrow: (375, 375)),
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

  /// The divider between the two windows of a split, in points.
  static let splitDivider = 10.0

  /// The split-screen shares iPadOS's Split View offers an app in `orientation`: 1/3, 1/2 and
  /// 2/3 in landscape; in portrait only the uneven split, 1/3 and 2/3 (Apple, "Adopting
  /// Multitasking Enhancements on iPad": the primary app takes two thirds in landscape and the
  /// secondary at most half; the interface sizes measured for iOS 9 to 11 list no even
  /// portrait split on any iPad).
  public static func splitFractions(in orientation: Orientation) -> [Double] {
    orientation == .landscape ? [1.0 / 3, 0.5, 2.0 / 3] : [1.0 / 3, 2.0 / 3]
  }

  /// The map's geometry when the app takes `fraction` (1/3, 1/2, 2/3) of `device`'s width in
  /// Split View; 1 or more is full screen.
  ///
  /// iPadOS does not cut the screen in thirds: the narrow window of an uneven split is 320 pt
  /// (the width of a 4-inch iPhone, iPadOS's narrowest window; Slide Over's too) or 375 pt
  /// on the larger screens, the wide one the rest less the 10 pt divider, and an even split
  /// halves the width less the divider. Measured: 9.7" iPad 320 / 438 in portrait, 320 / 507
  /// / 694 in landscape; 10.5" iPad Pro 320 / 504 and 320 / 551 / 782; 12.9" iPad Pro 375 /
  /// 639 and 375 / 678 / 981 (gist.github.com/macguru/b7a01e3f0e9ae6f350d5, iOS 11; Geoff
  /// Hackworth, "How iPad Apps Adapt to the New 11" and 12.9" iPads Pro", 2018: the narrow
  /// app is 320 pt in both orientations on the 9.7" and 10.5"); 8.3" iPad mini in
  /// landscape 375 / 748 (Hackworth, "How iPad Apps Adapt to the New 8.3" iPad Mini", 2021).
  /// The iPad mini and the 11" (834 pt wide, as the 10.5") take 320 in portrait, the 13"
  /// (1032 pt, as the 12.9"'s 1024) 375; in landscape all three 375. Other fractions a
  /// scenario names are the share of the width less the divider, kept between the narrow and
  /// the wide window: no split window is narrower than iPadOS's 320 pt.
  public static func splitScreen(_ device: DeviceProfile, fraction: Double) -> MapGeometry {
    var geometry = device.geometry
    guard fraction < 1 else { return geometry }
    let usable = device.geometry.width - splitDivider
    guard let model = models.first(where: { $0.name == device.model }),
      let narrowWidths = model.splitNarrow
    else {
      // No split screen on an iPhone (`DeviceState` refuses one): the share of the width.
      geometry.width = (usable * fraction).rounded()
      return geometry
    }
    let narrow = device.orientation == .portrait ? narrowWidths.portrait : narrowWidths.landscape
    let wide = usable - narrow
    if abs(fraction - 1.0 / 3) < 1e-9 {
      geometry.width = narrow
    } else if abs(fraction - 2.0 / 3) < 1e-9 {
      geometry.width = wide
    } else {
      geometry.width = min(max((usable * fraction).rounded(), narrow), wide)
    }
    return geometry
  }
}
