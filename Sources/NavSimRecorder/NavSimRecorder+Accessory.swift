#if canImport(GoogleNavigation)
import GoogleNavigation
import SessionEvents
#if os(iOS)
import UIKit
#endif

// The header accessory view (`setHeaderAccessory(_:)`, the legacy API apps still use with the
// built-in layout). The SDK's public API has no getter for it, so the recorder cannot read it
// off the map view: the app sets it through the recorder, which forwards the call and records
// the height the view answers as a `headerAccessory` setting, as the Navigator's trips and
// `navsim explore` write it. A replay shows a stand-in of that height.

extension NavSimRecorder {
  /// Sets the map view's header accessory (`mapView.setHeaderAccessory(view)`; nil removes
  /// it) and records the height the view answers from
  /// `heightForAccessoryViewConstrained(to:on:)` as a `headerAccessory` setting. Call it
  /// instead of the map view's method while recording.
  public func setHeaderAccessory(_ view: (any UIView & GMSNavigationAccessoryView)?) {
    mapView.setHeaderAccessory(view)
    headerAccessory.set(view)
    sampleState()
  }

  /// Asks the SDK to measure the header accessory again
  /// (`mapView.invalidateLayout(forAccessoryView:)`) and records its new height. Call it
  /// instead of the map view's method while recording.
  public func invalidateLayout(forAccessoryView view: any UIView & GMSNavigationAccessoryView) {
    mapView.invalidateLayout(forAccessoryView: view)
    guard view === headerAccessory.view else { return }
    headerAccessory.invalidate()
    sampleState()
  }
}

/// The header accessory the app set through the recorder, and the height it last answered.
@MainActor
struct RecordedAccessory {
  private(set) var view: (any UIView & GMSNavigationAccessoryView)?
  private var measured: (size: CGSize, height: Double)?

  mutating func set(_ view: (any UIView & GMSNavigationAccessoryView)?) {
    self.view = view
    measured = nil
  }

  mutating func invalidate() { measured = nil }

  /// The height the view answers for the map's safe area (0 without a view): asked again
  /// only after `set`, `invalidate` or a change of that size, so the app's view is not asked
  /// on every frame. The SDK constrains it to its card's width, which its public API does not
  /// show; a replay's stand-in answers the recorded height at any width.
  mutating func height(on mapView: GMSMapView) -> Double {
    guard let view else { return 0 }
    let insets = mapView.safeAreaInsets
    let size = CGSize(
      width: max(0, mapView.bounds.width - insets.left - insets.right),
      height: max(0, mapView.bounds.height - insets.top - insets.bottom))
    if let measured, measured.size == size { return measured.height }
    let answer = Double(view.heightForAccessoryViewConstrained(to: size, on: mapView))
    let height = answer.isFinite ? max(0, answer) : 0
    measured = (size, height)
    return height
  }
}
#endif
