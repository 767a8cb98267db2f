import Foundation
import HeadlessUIKit

/// The map's UI settings (`mapView.settings`): the built-in (legacy) layout's switches.
///
/// Without a custom delegate every change applies at the map's next layout pass (a replayed
/// `settingChanged` event applies with its event); `BuiltInLayout` documents where each control
/// goes.
///
/// While a custom layout delegate is attached, the layout properties here (header, footer,
/// trip progress bar, report-incident button) have no effect, and setting them records a
/// `legacy-api-with-delegate` finding (spec section 4, rules 2 and 11). The compass switch
/// still applies while navigation is disabled; `isRecenterButtonEnabled` decides whether the
/// logo turns into a re-center button when the user pans.
@MainActor
public final class GMSUISettings {
  weak var mapView: GMSMapView?

  init() {}

  // MARK: - Controls

  /// The compass, top-trailing in the built-in layout. Default false.
  public var compassButton = false {
    didSet { layoutSettingChanged() }
  }
  /// The my-location button, bottom-trailing in the built-in layout. Default false.
  public var myLocationButton = false {
    didSet { layoutSettingChanged() }
  }
  /// Whether the logo becomes a re-center button after the user pans away. Default true.
  public var isRecenterButtonEnabled = true {
    didSet { layoutSettingChanged() }
  }
  /// Destination markers on the map. Default true.
  public var showsDestinationMarkers = true {
    didSet { layoutSettingChanged() }
  }

  // MARK: - Gestures (they never limit programmatic camera changes)

  /// Whether the user can pan; with it off a `userPanned` changes nothing (the camera keeps
  /// following, no re-center button). Default true.
  public var scrollGestures = true {
    didSet { layoutSettingChanged() }
  }
  /// Pinch zoom. Default true.
  public var zoomGestures = true {
    didSet { layoutSettingChanged() }
  }
  /// Two-finger tilt. Default true.
  public var tiltGestures = true {
    didSet { layoutSettingChanged() }
  }
  /// Two-finger rotation. Default true.
  public var rotateGestures = true {
    didSet { layoutSettingChanged() }
  }

  /// Turns every gesture on or off at once.
  public func setAllGesturesEnabled(_ enabled: Bool) {
    scrollGestures = enabled
    zoomGestures = enabled
    tiltGestures = enabled
    rotateGestures = enabled
  }

  // MARK: - Legacy layout (no effect with a layout delegate)

  /// The navigation header (turn card). Default true. Legacy: read `turnCard` instead.
  public var isNavigationHeaderEnabled = true {
    didSet { noteLegacy("settings.isNavigationHeaderEnabled") }
  }
  /// The navigation footer (ETA card). Default true. Legacy: read `etaCard` instead.
  public var isNavigationFooterEnabled = true {
    didSet { noteLegacy("settings.isNavigationFooterEnabled") }
  }
  /// The trip progress bar. Default false. Legacy: read `tripProgressBar` instead.
  public var isNavigationTripProgressBarEnabled = false {
    didSet { noteLegacy("settings.isNavigationTripProgressBarEnabled") }
  }
  /// The report-incident button. Default true. Legacy: find `.reporting` in `buttons`.
  public var isNavigationReportIncidentButtonEnabled = true {
    didSet { noteLegacy("settings.isNavigationReportIncidentButtonEnabled") }
  }
  /// Header colours (built-in layout only).
  public var navigationHeaderPrimaryBackgroundColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderPrimaryBackgroundColor") }
  }
  public var navigationHeaderSecondaryBackgroundColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderSecondaryBackgroundColor") }
  }

  private func noteLegacy(_ name: String) {
    mapView?.noteLegacyUse(name)
    layoutSettingChanged()
  }

  /// The built-in layout reads the settings at the next layout pass.
  private func layoutSettingChanged() { mapView?.setNeedsUpdateConstraints() }
}
