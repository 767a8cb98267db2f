import Foundation
import HeadlessUIKit

// The legacy (slot-based) layout API of the map view: layout guides app views pin to, the
// header accessory view, and the map content the built-in layout shows. With a custom layout
// delegate attached none of it has an effect, and using it records a `legacy-api-with-delegate`
// finding (spec section 4, rules 2 and 11).

extension GMSMapView {
  // MARK: - Legacy layout guides

  /// The header's frame in the built-in layout: turn card plus accessory view; zero height
  /// at the top of the controls area when the header is hidden. Legacy: pin to `turnCard`.
  public var navigationHeaderLayoutGuide: UILayoutGuide {
    legacyGuide(LegacyGuide.header)
  }
  /// The footer's frame in the built-in layout (the ETA card); zero height at the bottom of the
  /// controls area when the footer is hidden. Legacy: pin to `etaCard`.
  public var navigationFooterLayoutGuide: UILayoutGuide {
    legacyGuide(LegacyGuide.footer)
  }
  /// The bottom-trailing button column (report-incident over my-location) in standard mode;
  /// zero height at its bottom in wide mode, where the column moves to the alternate guide.
  /// Legacy: anchor buttons to `etaCard` or your own guides.
  ///
  /// Settable, as in the SDK: the built-in layout then positions the given guide instead (it is
  /// added to the map view if it is not yet; the guide it replaces is removed).
  public var bottomTrailingButtonsLayoutGuide: UILayoutGuide {
    get { legacyGuide(LegacyGuide.bottomTrailing) }
    set { replaceLegacyGuide(LegacyGuide.bottomTrailing, with: newValue) }
  }
  /// The bottom-trailing button column in wide mode (beside the narrow ETA card, down to the
  /// bottom of the controls area); zero height at its bottom in standard mode. Legacy: anchor to
  /// the `.reporting` button or to your wide-mode constraints.
  public var bottomTrailingButtonsAlternateLayoutGuide: UILayoutGuide {
    legacyGuide(LegacyGuide.bottomTrailingAlternate)
  }

  private func replaceLegacyGuide(_ name: String, with guide: UILayoutGuide) {
    noteLegacyUse(name)
    guard legacyGuides[name] !== guide else { return }
    if let old = legacyGuides[name], old.owningView === self { removeLayoutGuide(old) }
    if guide.owningView !== self { addLayoutGuide(guide) }
    legacyGuides[name] = guide
    builtInLayout.legacyGuideReplaced()
    setNeedsUpdateConstraints()
  }

  private func legacyGuide(_ name: String) -> UILayoutGuide {
    noteLegacyUse(name)
    if let guide = legacyGuides[name] { return guide }
    let guide = UILayoutGuide()
    guide.identifier = name
    addLayoutGuide(guide)
    legacyGuides[name] = guide
    setNeedsUpdateConstraints()
    return guide
  }

  // MARK: - Header accessory view

  /// Replaces the secondary header with `view` (nil removes it). The built-in layout shows it
  /// under the turn card, as wide as the card and as tall as
  /// `heightForAccessoryViewConstrained(to:on:)` says, while the header shows and the map is
  /// at least `BuiltInLayout.accessoryMinimumMapHeight` tall. Legacy: anchor your own view to
  /// `turnCard`.
  public func setHeaderAccessory(_ view: (any UIView & GMSNavigationAccessoryView)?) {
    noteLegacyUse("setHeaderAccessory(_:)")
    builtInLayout.setAccessoryView(view)
    setNeedsUpdateConstraints()
  }

  /// The header accessory view set with `setHeaderAccessory(_:)`, if any.
  public var headerAccessoryView: (UIView & GMSNavigationAccessoryView)? {
    builtInLayout.accessoryView
  }

  /// Measures the header accessory view again (call it after it changes size). Legacy.
  public func invalidateLayout(forAccessoryView view: any UIView & GMSNavigationAccessoryView) {
    noteLegacyUse("invalidateLayout(forAccessoryView:)")
    guard view === builtInLayout.accessoryView else { return }
    builtInLayout.invalidateAccessoryHeight()
    setNeedsUpdateConstraints()
  }

  /// A recording's `headerAccessory` setting: the app set a header accessory whose height
  /// delegate answers `height` (0: it removed it). A stand-in view of that height takes its
  /// place, unless the app's code in the replay set one of its own, which stays. Not a legacy
  /// use of the app under replay: the recording's app did it (`isApplyingRecordedSetting`).
  @_spi(Replay) public func setRecordedHeaderAccessory(height: Double) {
    let current = builtInLayout.accessoryView
    guard current == nil || current is RecordedHeaderAccessoryView else { return }
    if height > 0, let recorded = current as? RecordedHeaderAccessoryView {
      recorded.height = CGFloat(height)
      invalidateLayout(forAccessoryView: recorded)
    } else {
      setHeaderAccessory(height > 0 ? RecordedHeaderAccessoryView(height: CGFloat(height)) : nil)
    }
  }

  // MARK: - CarPlay pan forwarding

  /// Forwards the start of a CarPlay map template pan (`CPMapTemplateDelegate`): as a pan of
  /// the map, the camera stops following and the logo may turn into the re-center button.
  public func didBeginPanGesture() { userPanned() }

  /// Forwards a CarPlay pan's movement. The camera is not modelled: no layout effect.
  public func didUpdatePanGesture(withTranslation translation: CGPoint, velocity: CGPoint) {}

  /// Forwards the end of a CarPlay pan. No layout effect (the camera stays free).
  public func didEndPanGesture(withVelocity velocity: CGPoint) {}

  // MARK: - Map content

  /// How many alternate routes the map shows with the current route: the alternates the route
  /// came with, capped by the navigator's `alternateRoutesStrategy` when the route was set
  /// (`.all`: two, `.one`: one, `.none`: none).
  public var displayedAlternateRoutes: Int { builtInLayout.displayedAlternates }

  /// What the built-in layout draws on the map besides its views, for snapshots: `alternates:N`,
  /// `destinationMarkers`, `stopSigns`, `trafficLights` (in that order), each only during
  /// Active Guidance and only when its setting is on. Empty with a custom delegate (the
  /// snapshot of a delegate's layout does not list them).
  public var builtInMapContent: [String] {
    guard customDelegate == nil, navigationState == .activeGuidance else { return [] }
    var content: [String] = []
    if displayedAlternateRoutes > 0 { content.append("alternates:\(displayedAlternateRoutes)") }
    if settings.showsDestinationMarkers { content.append("destinationMarkers") }
    if settings.showsStopSigns { content.append("stopSigns") }
    if settings.showsTrafficLights { content.append("trafficLights") }
    return content
  }

  /// A route was set, offering `alternateRoutes` alternates: they are kept, capped by the
  /// current strategy.
  @_spi(Replay) public func routeWasSet(alternateRoutes: Int) {
    let limit =
      switch sessionNavigator.alternateRoutesStrategy {
      case .all: 2
      case .one: 1
      case .none: 0
      }
    builtInLayout.displayedAlternates = max(0, min(alternateRoutes, limit))
  }

  // MARK: - Keeping the built-in layout current

  /// Brings the built-in layout up to date with the settings, camera, speed and size (no-op
  /// with a custom delegate, or when nothing it depends on changed).
  @_spi(Replay) public func updateBuiltInLayout() {
    guard customDelegate == nil else { return }
    builtInLayout.update(self)
  }
}

/// The identifiers of the legacy layout guides.
enum LegacyGuide {
  static let header = "navigationHeaderLayoutGuide"
  static let footer = "navigationFooterLayoutGuide"
  static let bottomTrailing = "bottomTrailingButtonsLayoutGuide"
  static let bottomTrailingAlternate = "bottomTrailingButtonsAlternateLayoutGuide"
}

/// The header accessory a recording's app set (`setRecordedHeaderAccessory(height:)`): an opaque
/// banner whose height delegate answers the recorded height.
final class RecordedHeaderAccessoryView: UIView, GMSNavigationAccessoryView {
  var height: CGFloat

  init(height: CGFloat) {
    self.height = height
    super.init(frame: .zero)
    accessibilityIdentifier = "headerAccessory"
    backgroundColor = .secondarySystemBackground
  }

  required init?(coder: NSCoder) { return nil }

  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    height
  }
}
