import Findings
import HeadlessUIKit

// MARK: - Watchers: what checks a replay as it runs

/// What watches one map under replay and turns what the app's code does into findings: the
/// layout rules (`Sources/Lint`) are one. A replay installs it as the auditor of its layout
/// context (`LayoutAuditing`) and as the map's `callbackObserver` while an event applies, and
/// brackets each event with `begin()` and `finish(_:)`. While the context's `forcesFullPass` is
/// set it checks everything after each event, not only what changed since the last check.
@_spi(Replay) @MainActor
public protocol ReplayWatching: LayoutAuditing, LifecycleCallbackObserver {
  /// An event starts.
  func begin()
  /// The clock moved on: checks that waited for animations that have ended now run.
  func recheckDeferredLeftovers()
  /// The event's layout pass ran: checks the layout of `mapView`, the map watched (passed in
  /// by the replay, which holds it), and returns the event's findings.
  func finish(_ mapView: GMSMapView) -> [Finding]
}

/// Makes the watcher of each map a replay drives: what a replay (`Sources/Replay`) takes, and
/// what a checker such as Lint's `.layoutRules` provides, so the replay depends on no checker.
public struct ReplayWatchers: Sendable {
  /// Makes the watcher of one map (called once, when the replay takes the map over).
  @_spi(Replay) public let make: @MainActor @Sendable (GMSMapView) -> any ReplayWatching

  @_spi(Replay)
  public init(_ make: @escaping @MainActor @Sendable (GMSMapView) -> any ReplayWatching) {
    self.make = make
  }
}
