import Foundation
import HeadlessUIKit

/// The navigation map view: the root of the layout a delegate builds.
///
/// Create it with the map's frame and an `SDKProfile` (`.default` unless calibrating);
/// `isCarPlay: true` models a map view created for a CarPlay screen, on which
/// `setLayoutDelegate(_:)` throws. The SDK views (`sdkViews`) are created once and handed to
/// the delegate in state objects; they are sized from the profile and resized by the SDK as
/// the map's size, the speed data and the user's pans change.
@preconcurrency @MainActor
open class GMSMapView: UIView {
  /// The SDK's sizes and style values for this map view.
  public let profile: SDKProfile
  /// Whether the map view was created for a CarPlay screen.
  public let isCarPlay: Bool
  /// UI settings (`GMSUISettings`).
  public let settings = GMSUISettings()
  /// The navigator: routes, guidance, prompts, listeners. nil before the terms are accepted
  /// (NavSim starts with them accepted); a session's once one is attached.
  public var navigator: GMSNavigator? {
    layoutContext.termsAccepted ? sessionNavigator : nil
  }
  /// The navigator, unwrapped, for NavSim's own use (the attached session's, if any).
  @exclusivity(unchecked) @_spi(Replay) public internal(set) final var sessionNavigator = GMSNavigator(sdk: ())
  /// The GoogleMaps side: camera, overlays, map options (`GMSMapView+Maps.swift`).
  let mapsState = GoogleMapsState()
  /// Set while a replay drives this map: app calls are checked against the recording.
  @_spi(Replay) public final var replay: (any ReplayAnswering)?
  /// Every SDK view of this map.
  public let sdkViews: SDKViewSet

  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  /// The SDK's lifecycle (state, shown prompt).
  @exclusivity(unchecked) @_spi(Replay) public internal(set) final var lifecycle = NavigationLifecycle()
  /// The custom layout delegate, strongly held; nil means the built-in layout.
  @exclusivity(unchecked) @_spi(Replay) public internal(set) final var customDelegate: (any NavigationLayoutDelegate)?
  /// Draws the SDK's own UI when no delegate is set.
  let builtInLayout = BuiltInLayout()
  /// Observes every callback (the session's rule watcher).
  @_spi(Replay) public final var callbackObserver: (any LifecycleCallbackObserver)?
  /// Legacy APIs used while a delegate is attached, not yet reported.
  @exclusivity(unchecked) @_spi(Replay) public final var pendingLegacyUses: [String] = []
  /// Whether an app's layout delegate is set; the legacy uses noted since the last call,
  /// forgotten. Read here, in the declaring module, so that the per-event reads go unchecked
  /// (`@exclusivity(unchecked)` holds in the declaring module only).
  @_spi(Replay) public final var hasCustomDelegate: Bool { customDelegate != nil }
  @_spi(Replay) public final func takePendingLegacyUses() -> [String] {
    guard !pendingLegacyUses.isEmpty else { return [] }
    defer { pendingLegacyUses.removeAll() }
    return pendingLegacyUses
  }
  /// The id of the prompt on screen, if any.
  @_spi(Replay) public final var shownPromptID: Int? { lifecycle.shownPrompt?.promptID }
  /// `sessionNavigator`, read here: a replay reads it on every event, and only accesses
  /// compiled in this module go unchecked (`@exclusivity(unchecked)`).
  @_spi(Replay) public final var replayNavigator: GMSNavigator { sessionNavigator }
  /// Set while the SDK itself applies a recorded setting (not the delegate's doing).
  @_spi(Replay) public final var isApplyingRecordedSetting = false
  /// The safe area as recorded (leading / trailing), applied for the current direction.
  var recordedSafeArea = NSDirectionalEdgeInsets.zero
  /// The last speed report (the speed widget's state and the built-in layout's alert styling).
  /// Unchecked (docs/replay-performance.md, "Unchecked exclusivity"), as the two settings
  /// below: set and read on every speed event.
  @exclusivity(unchecked) var speed: SpeedReading?
  /// Legacy layout guides made so far, by name (the built-in layout positions them).
  var legacyGuides: [String: UILayoutGuide] = [:]
  /// The context of the replay driving this map (its clock, its rules): the one bound when
  /// the map was made (`LayoutContext.current`). A replay binds it while it runs app code.
  @_spi(Replay) public let layoutContext: LayoutContext

  /// - Parameters:
  ///   - frame: the map's frame (its size decides wide mode).
  ///   - profile: the SDK's sizes and style values.
  ///   - isCarPlay: whether the map shows on a CarPlay screen.
  public init(frame: CGRect, profile: SDKProfile = .default, isCarPlay: Bool = false) {
    layoutContext = LayoutContext.current
    self.profile = profile
    self.isCarPlay = isCarPlay
    sdkViews = SDKViewSet(profile: profile)
    super.init(frame: frame)
    settings.mapView = self
    sessionNavigator.mapView = self
    sdkViews.applyWideMode(isWideMode, standardWidth: standardCardWidth)
  }

  /// A map with default options (zero frame, default profile).
  public convenience init() {
    self.init(frame: .zero, profile: .default, isCarPlay: false)
  }

  public required init?(coder: NSCoder) { return nil }

  /// Without a custom delegate, the built-in layout brings its constraints up to date here.
  override open func updateConstraints() {
    super.updateConstraints()
    updateBuiltInLayout()
  }

  // MARK: - State

  /// The navigation UI state.
  public var navigationState: NavigationState { lifecycle.state }

  /// Whether the current size shows the cards in wide mode (`profile.wideModeMinimumWidth`).
  public var isWideMode: Bool { profile.isWide(mapWidth: Double(bounds.width)) }

  /// Whether the navigation UI is enabled. Setting it runs the SDK's lifecycle and calls the
  /// layout delegate (`enableNavigationUI`, or `stopGuidance` then `disableNavigationUI`).
  public var isNavigationEnabled: Bool {
    get { lifecycle.state != .nonNavigation }
    set {
      if let replay {  // the recording decides when navigation starts and stops
        replay.navigationRequested(newValue, mapView: self)
        return
      }
      guard newValue != isNavigationEnabled else { return }
      try? transition { lifecycle throws(LifecycleError) in
        newValue ? try lifecycle.enableNavigation() : try lifecycle.disableNavigation()
      }
    }
  }

  /// The prompt view on screen, if any.
  public var currentPromptView: PromptView? {
    guard let prompt = lifecycle.shownPrompt else { return nil }
    return sdkViews.prompts.first { $0.promptID == prompt.promptID }
  }

  // MARK: - Speed widget

  /// Whether the speed widget shows the current speed. Default false.
  @exclusivity(unchecked) public var shouldDisplaySpeedometer = false {
    didSet { updateSpeedWidget() }
  }
  /// Whether the speed widget shows the posted speed limit. Default false (as documented).
  @exclusivity(unchecked) public var shouldDisplaySpeedLimit = false {
    didSet { updateSpeedWidget() }
  }

  /// New speed data: the widget resizes between its four states, with no callback.
  @_spi(Replay) public func speedChanged(_ report: SpeedReading) {
    speed = report
    updateSpeedWidget()
  }

  private func updateSpeedWidget() {
    let showsSpeed = shouldDisplaySpeedometer && speed?.speed != nil
    let showsLimit = shouldDisplaySpeedLimit && speed?.speedLimit != nil
    let state: SpeedWidgetState =
      switch (showsSpeed, showsLimit) {
      case (true, true): .both
      case (true, false): .speedOnly
      case (false, true): .limitOnly
      case (false, false): .hidden
      }
    sdkViews.setSpeedWidgetState(state)
  }

  // MARK: - Camera

  /// How the camera follows the vehicle.
  public var cameraMode: GMSNavigationCameraMode = .following
  /// Camera bearing (degrees), tilt (degrees) and zoom.
  public internal(set) var cameraBearing: Double = 0
  public internal(set) var cameraTilt: Double = 0
  public internal(set) var cameraZoom: Double = 16

  /// The camera as the recording moved it.
  @_spi(Replay) public func setCamera(
    mode: GMSNavigationCameraMode, bearing: Double, tilt: Double, zoom: Double
  ) {
    cameraMode = mode
    cameraBearing = bearing
    cameraTilt = tilt
    cameraZoom = zoom
  }

  /// The user dragged the map: the camera stops following and, when
  /// `settings.isRecenterButtonEnabled`, the logo turns into the (larger) re-center button.
  /// With `settings.scrollGestures` off the user cannot pan: nothing changes.
  @_spi(Replay) public func userPanned() {
    guard settings.scrollGestures else { return }
    cameraMode = .free
    if settings.isRecenterButtonEnabled && isNavigationEnabled { sdkViews.setRecenterForm(true) }
  }

  /// The camera follows the vehicle again: the logo returns to its normal form. When the logo
  /// was showing as the re-center button, the user tapped it: `navigationUIDelegate` hears
  /// `mapViewDidTapRecenterButton(_:)` (after the camera follows again).
  @_spi(Replay) public func recentered() {
    let tapped = sdkViews.googleLogo.isRecenterButton
    cameraMode = .following
    sdkViews.setRecenterForm(false)
    if tapped { navigationUIDelegate?.mapViewDidTapRecenterButton(self) }
  }

  // MARK: - Navigation display options (GMSMapView+Navigation.h)

  /// Receives navigation-UI events (re-center taps). Weakly held.
  public weak var navigationUIDelegate: (any GMSMapViewNavigationUIDelegate)?
  /// The camera's perspective while following. Default `.tilted`.
  public var followingPerspective: GMSNavigationCameraPerspective = .tilted
  /// Route type and course source for this map. Default `.driving`.
  public var travelMode: GMSNavigationTravelMode = .driving
  /// What route callouts show. Default `.default`.
  public var routeCalloutFormat: GMSNavigationRouteCalloutFormat = .default
  /// The zoom level while following; `GMSNavigationNoFollowingZoomLevel` (the default)
  /// restores the SDK's own zoom. No effect on layout.
  public var followingZoomLevel: Float = GMSNavigationNoFollowingZoomLevel
  /// Drives the my-location dot from a road-snapped provider while navigation is off. Kept,
  /// not drawn (NavSim draws no map content).
  public var roadSnappedMyLocationSource: GMSRoadSnappedLocationProvider?
  /// The day / night colour scheme of the map and the navigation UI. A recorded lighting
  /// change sets it (as the SDK follows its own suggestion); apps may set it too.
  public var lightingMode: GMSNavigationLightingMode = .normal

  // MARK: - Legacy layout APIs (no effect with a layout delegate)

  /// Map padding: moves built-in controls in from the edges. Legacy: frame the camera with
  /// `viewport` instead.
  public var padding = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
    didSet {
      noteLegacyUse("padding")
      setNeedsUpdateConstraints()
    }
  }

  /// How the safe area adds to `padding`. Legacy: frame the camera with `viewport` instead.
  public var paddingAdjustmentBehavior = GMSMapViewPaddingAdjustmentBehavior.always {
    didSet {
      noteLegacyUse("paddingAdjustmentBehavior")
      setNeedsUpdateConstraints()
    }
  }

  /// Records a legacy API use when a custom delegate is attached (rule 11).
  func noteLegacyUse(_ name: String) {
    guard customDelegate != nil, !isApplyingRecordedSetting else { return }
    pendingLegacyUses.append(name)
  }
}

/// How safe-area insets are added to the map's padding (legacy). `NSUInteger` in the SDK: `UInt`.
public enum GMSMapViewPaddingAdjustmentBehavior: UInt, Sendable {
  case always = 0
  case automatic = 1
  case never = 2
}

/// A header accessory view of the built-in layout (legacy), adopted by `UIView` subclasses.
public protocol GMSNavigationAccessoryView: NSObjectProtocol {
  /// The height the view wants when constrained to `size`. Required.
  @MainActor
  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat
}

/// Receives events of a map view's navigation UI. Every method has an empty default (the
/// SDK's are optional).
public protocol GMSMapViewNavigationUIDelegate: NSObjectProtocol {
  /// The user tapped the re-center button (the logo in its re-center form).
  @MainActor
  func mapViewDidTapRecenterButton(_ mapView: GMSMapView)
}

extension GMSMapViewNavigationUIDelegate {
  @MainActor
  public func mapViewDidTapRecenterButton(_ mapView: GMSMapView) {}
}

/// Assign to `followingZoomLevel` to restore the SDK's default following zoom. NavSim's value
/// is -1 (the SDK does not publish its own).
public let GMSNavigationNoFollowingZoomLevel: Float = -1
