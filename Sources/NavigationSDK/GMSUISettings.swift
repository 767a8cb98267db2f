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
@preconcurrency @MainActor
public final class GMSUISettings: NSObject {
  weak var mapView: GMSMapView?

  override init() { super.init() }

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
  /// Traffic lights on the route (shown only during active navigation). Default false.
  public var showsTrafficLights = false {
    didSet { layoutSettingChanged() }
  }
  /// Stop signs on the route (shown only during active navigation). Default false.
  public var showsStopSigns = false {
    didSet { layoutSettingChanged() }
  }
  /// Whether tapping an incident shows its card. Default true. Taps are not modelled: no
  /// effect on the layout.
  public var showsIncidentCards = true
  /// The indoor floor picker. Default true. The SDK shows it only over a building with indoor
  /// data; NavSim has none (`GMSIndoorDisplay`), so it never appears: no effect on the layout.
  public var indoorPicker = true

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

  /// Whether scrolling stays possible during a rotate or zoom gesture. Default true. No effect
  /// on the layout.
  public var allowScrollGesturesDuringRotateOrZoom = true

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

  // MARK: - Header styling (built-in layout only; nil = the SDK's default)

  /// Header background colours, day and night. The day colours show in snapshots of the
  /// built-in layout (`turnCard` detail); the others are kept but not drawn.
  public var navigationHeaderPrimaryBackgroundColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderPrimaryBackgroundColor") }
  }
  public var navigationHeaderSecondaryBackgroundColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderSecondaryBackgroundColor") }
  }
  public var navigationHeaderPrimaryBackgroundColorNightMode: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderPrimaryBackgroundColorNightMode") }
  }
  public var navigationHeaderSecondaryBackgroundColorNightMode: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderSecondaryBackgroundColorNightMode") }
  }
  /// The header's opacity. Default 1.
  public var navigationHeaderBackgroundAlpha: CGFloat = 1 {
    didSet { noteLegacy("settings.navigationHeaderBackgroundAlpha") }
  }
  /// Manoeuvre icon and recommended-lane colours.
  public var navigationHeaderLargeManeuverIconColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderLargeManeuverIconColor") }
  }
  public var navigationHeaderSmallManeuverIconColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderSmallManeuverIconColor") }
  }
  public var navigationHeaderGuidanceRecommendedLaneColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderGuidanceRecommendedLaneColor") }
  }
  /// Header text colours.
  public var navigationHeaderNextStepTextColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderNextStepTextColor") }
  }
  public var navigationHeaderDistanceValueTextColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderDistanceValueTextColor") }
  }
  public var navigationHeaderDistanceUnitsTextColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderDistanceUnitsTextColor") }
  }
  public var navigationHeaderInstructionsTextColor: UIColor? {
    didSet { noteLegacy("settings.navigationHeaderInstructionsTextColor") }
  }
  /// Header fonts (nil = the system defaults).
  public var navigationHeaderNextStepFont: UIFont? {
    didSet { noteLegacy("settings.navigationHeaderNextStepFont") }
  }
  public var navigationHeaderDistanceValueFont: UIFont? {
    didSet { noteLegacy("settings.navigationHeaderDistanceValueFont") }
  }
  public var navigationHeaderDistanceUnitsFont: UIFont? {
    didSet { noteLegacy("settings.navigationHeaderDistanceUnitsFont") }
  }
  public var navigationHeaderInstructionsFirstRowFont: UIFont? {
    didSet { noteLegacy("settings.navigationHeaderInstructionsFirstRowFont") }
  }
  public var navigationHeaderInstructionsSecondRowFont: UIFont? {
    didSet { noteLegacy("settings.navigationHeaderInstructionsSecondRowFont") }
  }
  public var navigationHeaderInstructionsConjunctionsFont: UIFont? {
    didSet { noteLegacy("settings.navigationHeaderInstructionsConjunctionsFont") }
  }
  /// Speed-widget colours per alert severity and lighting mode (copied on set, as the SDK's
  /// `copy` property). Kept, not drawn: snapshots show the widget's state, not its colours.
  public var speedometerUIOptions: GMSNavigationSpeedometerUIOptions? {
    get { speedometerOptions }
    set { speedometerOptions = newValue?.copy() as? GMSNavigationSpeedometerUIOptions }
  }
  private var speedometerOptions: GMSNavigationSpeedometerUIOptions?

  private func noteLegacy(_ name: String) {
    mapView?.noteLegacyUse(name)
    layoutSettingChanged()
  }

  /// The built-in layout reads the settings at the next layout pass.
  private func layoutSettingChanged() { mapView?.setNeedsUpdateConstraints() }
}
