import HeadlessUIKit
@_spi(Replay) import NavigationSDK

/// The layout rules watching one map under replay, as a replay drives them: installed as
/// `LayoutAudit.current` and as the map's `callbackObserver` while an event applies.
@_spi(Replay) @MainActor
public protocol LayoutRuleWatching: LayoutAuditing, LifecycleCallbackObserver {
  /// The event being applied (0 before the first).
  var seq: Int64 { get }
  /// Runs every layout rule after each event, not only those whose inputs changed.
  var forcesFullChecks: Bool { get set }
  /// An event starts.
  func begin(seq: Int64)
  /// The clock moved on: checks that waited for animations that have ended now run.
  func recheckDeferredLeftovers()
  /// The event's layout pass ran: checks the layout and returns the event's findings.
  func finish() -> [LayoutFinding]
}

extension RuleWatcher: LayoutRuleWatching {}

extension GMSMapView {
  /// The standard layout rules, watching this map (`RuleWatcher`).
  @_spi(Replay) public func makeRuleWatcher() -> any LayoutRuleWatching {
    RuleWatcher(mapView: self)
  }
}
