#if canImport(GoogleNavigation)
import GoogleNavigation
import SessionEvents
#if os(iOS)
import UIKit
#endif

/// What the recorder can read of a map view through the SDK's public API, and the events that
/// take a replay from one state to the next.
@MainActor
struct RecordedState: Equatable {
  var geometry: MapGeometry
  var navigationEnabled: Bool
  var guidanceActive: Bool
  var settings: [SettingChange]
  var cameraMode: GMSNavigationCameraMode
  /// The height the header accessory view set through the recorder answers (0: none).
  var headerAccessory: Double

  init(_ mapView: GMSMapView, headerAccessory: Double = 0) {
    self.headerAccessory = headerAccessory
    let insets = mapView.safeAreaInsets
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    geometry = MapGeometry(
      width: Double(mapView.bounds.width), height: Double(mapView.bounds.height),
      safeTop: Double(insets.top), safeLeading: Double(rtl ? insets.right : insets.left),
      safeBottom: Double(insets.bottom), safeTrailing: Double(rtl ? insets.left : insets.right))
    navigationEnabled = mapView.isNavigationEnabled
    guidanceActive = mapView.navigator?.isGuidanceActive ?? false
    cameraMode = mapView.cameraMode
    let settings = mapView.settings
    let padding = mapView.padding
    func number(_ value: CGFloat) -> String {
      let double = Double(value)
      return double == double.rounded() ? String(Int(double)) : String(double)
    }
    let paddingText = [
      padding.top, rtl ? padding.right : padding.left, padding.bottom,
      rtl ? padding.left : padding.right,
    ].map(number).joined(separator: ",")
    self.settings = [
      SettingChange(name: .layoutDirection, value: .text(rtl ? "rtl" : "ltr")),
      SettingChange(name: .speedometer, value: .bool(mapView.shouldDisplaySpeedometer)),
      SettingChange(name: .speedLimit, value: .bool(mapView.shouldDisplaySpeedLimit)),
      SettingChange(name: .prompts, value: .bool(mapView.navigator?.shouldDisplayPrompts ?? true)),
      SettingChange(name: .recenterButton, value: .bool(settings.isRecenterButtonEnabled)),
      SettingChange(name: .compass, value: .bool(settings.compassButton)),
      SettingChange(name: .myLocationButton, value: .bool(settings.myLocationButton)),
      SettingChange(name: .header, value: .bool(settings.isNavigationHeaderEnabled)),
      SettingChange(name: .footer, value: .bool(settings.isNavigationFooterEnabled)),
      SettingChange(name: .tripProgressBar, value: .bool(settings.isNavigationTripProgressBarEnabled)),
      SettingChange(
        name: .reportIncidentButton, value: .bool(settings.isNavigationReportIncidentButtonEnabled)),
      SettingChange(name: .destinationMarkers, value: .bool(settings.showsDestinationMarkers)),
      SettingChange(name: .trafficLights, value: .bool(settings.showsTrafficLights)),
      SettingChange(name: .stopSigns, value: .bool(settings.showsStopSigns)),
      SettingChange(name: .scrollGestures, value: .bool(settings.scrollGestures)),
      SettingChange(name: .zoomGestures, value: .bool(settings.zoomGestures)),
      SettingChange(name: .tiltGestures, value: .bool(settings.tiltGestures)),
      SettingChange(name: .rotateGestures, value: .bool(settings.rotateGestures)),
      SettingChange(name: .mapPadding, value: .text(paddingText)),
    ]
  }

  /// The map view a replay starts with (`Replayer`): the recorder writes the starting size only
  /// when it differs.
  static let replayStartGeometry = MapGeometry(width: 393, height: 852)

  /// The events from `old` (nil: the start of the recording, on a fresh replay's map view)
  /// to this state, in the order a replay needs them: size, settings (every one at the
  /// start), then navigation and guidance (guidance stops before navigation does), then the
  /// camera.
  func changes(from old: RecordedState?) -> [EventPayload] {
    var events: [EventPayload] = []
    if old?.geometry ?? Self.replayStartGeometry != geometry { events.append(.mapResized(geometry)) }
    // At the start every setting the layout depends on is written with its current value:
    // the app may have set it before the recorder started, and the device's SDK may default
    // it otherwise than the SDK NavSim models, so a replay must not assume the defaults.
    for (index, setting) in settings.enumerated()
    where old.map({ $0.settings[index].value != setting.value }) ?? true {
      events.append(.settingChanged(setting))
    }
    // A replay starts with no accessory: written when set, and when it changes or goes.
    if headerAccessory != old?.headerAccessory ?? 0 {
      events.append(
        .settingChanged(SettingChange(name: .headerAccessory, value: .number(headerAccessory))))
    }
    let wasEnabled = old?.navigationEnabled ?? false
    let wasGuiding = old?.guidanceActive ?? false
    if navigationEnabled && !wasEnabled { events.append(.navigationEnabled) }
    if guidanceActive && !wasGuiding { events.append(.guidanceStarted) }
    if !guidanceActive && wasGuiding { events.append(.guidanceStopped(.cancelled)) }
    if !navigationEnabled && wasEnabled { events.append(.navigationDisabled) }
    if let old, old.cameraMode != cameraMode {
      // What the public API shows of the user's gestures: a pan leaves following for free,
      // re-centering returns to following.
      if cameraMode == .free { events.append(.userPanned(dx: 0, dy: 0)) }
      if cameraMode == .following && old.cameraMode == .free { events.append(.recentered) }
    }
    return events
  }
}
#endif
