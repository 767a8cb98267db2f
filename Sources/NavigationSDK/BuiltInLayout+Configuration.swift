import Foundation
import HeadlessUIKit

// What the built-in layout depends on, as one value: the layout is rebuilt only when it
// changes, so most events (progress ticks) cost one comparison.

extension BuiltInLayout {
  /// Which navigation state the built-in layout draws.
  enum Mode: Equatable {
    case off, ready, guidance
  }

  /// Everything the built-in layout's constraints depend on.
  struct Configuration: Equatable {
    var mode: Mode
    var wide: Bool
    var mapSize: CGSize
    /// The controls area: the map's bounds inset by the safe area and `padding` (combined as
    /// `paddingAdjustmentBehavior` says), in leading / trailing terms.
    var insets: NSDirectionalEdgeInsets
    var header: Bool
    var footer: Bool
    /// The accessory view's height, nil when it does not show.
    var accessoryHeight: CGFloat?
    var progressBarHeight: CGFloat?
    var reporting: Bool
    var myLocation: Bool
    var compass: Bool
    /// The prompt on screen (Active Guidance only).
    var promptID: Int?
    var guides: [String]
    /// The SDK views' sizes the constraints use (a recording's size events may change them):
    /// the cards' width in wide mode, the buttons' sides.
    var wideCardWidth: CGFloat
    var buttonSizes: [CGSize]
  }

  /// The configuration `mapView` asks for now.
  func configuration(of mapView: GMSMapView) -> Configuration {
    let settings = mapView.settings
    let guidance = mode == .guidance
    let insets = Self.controlInsets(of: mapView)
    let size = mapView.bounds.size
    let header = guidance && settings.isNavigationHeaderEnabled
    return Configuration(
      mode: mode, wide: mapView.isWideMode, mapSize: size, insets: insets, header: header,
      footer: guidance && settings.isNavigationFooterEnabled,
      accessoryHeight: header ? accessoryHeight(on: mapView) : nil,
      progressBarHeight: guidance && settings.isNavigationTripProgressBarEnabled
        ? Self.progressBarHeight(mapHeight: size.height, padding: mapView.padding) : nil,
      reporting: guidance && settings.isNavigationReportIncidentButtonEnabled,
      myLocation: mode != .off && settings.myLocationButton,
      compass: mode != .off && Self.showsCompass(mapView),
      promptID: guidance ? mapView.currentPromptView?.promptID : nil,
      guides: mapView.legacyGuides.keys.sorted(),
      wideCardWidth: mapView.sdkViews.wideCardWidth,
      buttonSizes: mapView.sdkViews.buttonViews.map {
        CGSize(width: $0.fixedWidth ?? 0, height: $0.fixedHeight ?? 0)
      })
  }

  // MARK: - Rules of the built-in layout

  /// The compass shows when `settings.compassButton` is on and the camera's bearing is not
  /// zero; while navigation is enabled and the camera follows the vehicle (heading up) it
  /// stays visible whatever the bearing.
  static func showsCompass(_ mapView: GMSMapView) -> Bool {
    guard mapView.settings.compassButton else { return false }
    if mapView.cameraBearing != 0 { return true }
    return mapView.isNavigationEnabled && mapView.cameraMode == .following
  }

  /// The controls area's insets from the map's edges: safe area and `padding` combined per
  /// `paddingAdjustmentBehavior` (`.always`: added; `.automatic`: the larger of the two per
  /// edge; `.never`: padding alone).
  static func controlInsets(of mapView: GMSMapView) -> NSDirectionalEdgeInsets {
    let safe = mapView.recordedSafeArea
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    let padding = mapView.padding
    let pad = NSDirectionalEdgeInsets(
      top: padding.top, leading: rtl ? padding.right : padding.left, bottom: padding.bottom,
      trailing: rtl ? padding.left : padding.right)
    func combine(_ safe: CGFloat, _ pad: CGFloat) -> CGFloat {
      switch mapView.paddingAdjustmentBehavior {
      case .always: safe + pad
      case .automatic: max(safe, pad)
      case .never: pad
      }
    }
    return NSDirectionalEdgeInsets(
      top: combine(safe.top, pad.top), leading: combine(safe.leading, pad.leading),
      bottom: combine(safe.bottom, pad.bottom), trailing: combine(safe.trailing, pad.trailing))
  }

  /// The trip progress bar's height (published geometry): bottom edge 210 pt above the
  /// screen's bottom, top edge at least 170 pt below its top, at most 400 pt tall; map
  /// padding moves both edges in. Nil (the bar does not show) when less than
  /// `progressBarMinimumHeight` is left (a landscape phone).
  static func progressBarHeight(mapHeight: CGFloat, padding: UIEdgeInsets) -> CGFloat? {
    let available =
      mapHeight - progressBarTopMinimum - progressBarBottomOffset - padding.top - padding.bottom
    let height = min(progressBarMaximumHeight, available)
    return height >= progressBarMinimumHeight ? height : nil
  }

  /// The speed widget's built-in styling for snapshots: what it shows and, while it shows the
  /// speed, the alert level (`minor`: red text, `major`: red background). Nil when hidden.
  static func speedWidgetDetail(_ mapView: GMSMapView) -> String? {
    let state = mapView.sdkViews.speedWidget.displayState
    guard state != .hidden else { return nil }
    let showsSpeed = state == .both || state == .speedOnly
    switch mapView.speed?.severity {
    case .minor? where showsSpeed: return "\(state.rawValue)/minor"
    case .major? where showsSpeed: return "\(state.rawValue)/major"
    default: return state.rawValue
    }
  }

  /// The turn card's header colours for snapshots (`primary=...`, `secondary=...`), nil when
  /// the SDK's defaults apply.
  static func headerDetail(_ settings: GMSUISettings) -> String? {
    var parts: [String] = []
    if let color = settings.navigationHeaderPrimaryBackgroundColor {
      parts.append("primary:" + hex(color))
    }
    if let color = settings.navigationHeaderSecondaryBackgroundColor {
      parts.append("secondary:" + hex(color))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }

  /// `#RRGGBBAA`.
  static func hex(_ color: UIColor) -> String {
    func byte(_ value: CGFloat) -> String {
      let text = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + byte(color.red) + byte(color.green) + byte(color.blue) + byte(color.alpha)
  }
}
