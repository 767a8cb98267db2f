import SessionEvents

// The device during a trip: the profile, split screen and container resizes.

/// The map view's geometry as scripted device events change it.
struct DeviceState {
  private(set) var profile: DeviceProfile?
  private(set) var splitFraction = 1.0
  /// Set by a container resize; cleared by a rotation, a device change or split screen.
  private var custom: MapGeometry?

  init(_ setup: DeviceSetup) {
    switch setup {
    case .profile(let profile): self.profile = profile
    case .custom(let geometry): custom = geometry
    }
  }

  /// The map's current size and safe area.
  var geometry: MapGeometry {
    if let custom { return custom }
    return DeviceProfiles.splitScreen(profile!, fraction: splitFraction)
  }

  /// Turns the device.
  /// - Throws: a message when the device is not a named profile.
  mutating func rotate(to orientation: Orientation) throws {
    guard let profile else {
      throw DeviceStateError("rotate needs a named device profile, not a custom size")
    }
    self.profile = profile.rotated(to: orientation)
    custom = nil
  }

  mutating func switchTo(_ profile: DeviceProfile) {
    self.profile = profile
    splitFraction = 1
    custom = nil
  }

  /// - Throws: a message on a device without split screen.
  mutating func split(_ fraction: Double) throws {
    guard let profile, profile.supportsSplitScreen else {
      throw DeviceStateError(
        "split screen needs an iPad profile (the device is \(profile?.name ?? "a custom size"))")
    }
    splitFraction = fraction
    custom = nil
  }

  mutating func resize(width: Double?, height: Double?, safeArea: SafeArea?) {
    var geometry = self.geometry
    if let width { geometry.width = width }
    if let height { geometry.height = height }
    if let safeArea {
      geometry.safeTop = safeArea.top
      geometry.safeLeading = safeArea.leading
      geometry.safeBottom = safeArea.bottom
      geometry.safeTrailing = safeArea.trailing
    }
    custom = geometry
  }
}

struct DeviceStateError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
