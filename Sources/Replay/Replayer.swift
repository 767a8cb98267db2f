import Findings
import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK
import SessionEvents

/// Replays events through a layout delegate on a fresh map view and takes a layout snapshot
/// after each one.
///
/// The delegate is set before navigation is enabled; each event is applied to the SDK model
/// (which calls the delegate as the SDK would, advances the virtual clock to the event's
/// time and runs the layout pass); then the map view's tree is read into a `LayoutSnapshot`.
/// A delegate that breaks rules, builds an unsatisfiable layout or sends the SDK model into
/// an invalid state produces findings, never a crash.
@MainActor
public final class Replayer {
  public let mapView: GMSMapView
  public let session: NavigationSession
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  @exclusivity(unchecked) private var previous: LayoutState?
  @exclusivity(unchecked) private var reader = SnapshotReader()
  /// The screen object a screen factory returned, kept alive for the replay.
  public private(set) var screen: AnyObject?
  /// Whether the last `apply` changed the layout (always true after the first event).
  @exclusivity(unchecked) public private(set) var layoutChanged = false
  /// Whether `finish()` ran.
  private var finished = false
  /// Does the layout pass, the layout rules and the snapshot's walk of the tree after every
  /// event, where a replay normally skips those whose inputs did not change since the last
  /// time. Snapshots and findings are the same either way: this is the reference that the
  /// skipping is tested against, at the full cost. One flag of the replay's context
  /// (`LayoutContext.forcesFullPass`), which each of those reads.
  public var forcesFullPass: Bool {
    get { mapView.layoutContext.forcesFullPass }
    set { mapView.layoutContext.forcesFullPass = newValue }
  }

  /// - Parameters:
  ///   - delegate: the layout delegate; nil replays through the SDK's built-in layout.
  ///   - watchers: what checks the app's code as events apply (Lint's `.layoutRules`).
  ///   - profile: the SDK's sizes and style values.
  ///   - direction: forces `rtl` or `ltr` whatever the recording says; nil follows it.
  ///   - contentSize: the text size the user chose (Dynamic Type), `large` by default: window
  ///     traits and preferred fonts follow it for the whole replay.
  ///   - screen: a screen factory: it gets the map view before the first event, once the
  ///     replay drives it, and sets it up as the app's view controller would (layout delegate,
  ///     listeners, its own views). The replay keeps the object it returns alive, and
  ///     snapshots then show app labels' and buttons' texts. A `UIViewController` is shown
  ///     (its view loaded, `viewWillAppear`, `viewDidAppear`) before the first event and
  ///     dismissed by `finish()`.
  /// - Throws: what `setLayoutDelegate` throws (it cannot, on a fresh phone map view).
  public init(
    delegate: (any NavigationLayoutDelegate)?, watchers: ReplayWatchers,
    profile: SDKProfile = .default, direction: LayoutDirectionOverride? = nil,
    contentSize: UIContentSizeCategory = .large,
    screen makeScreen: (@MainActor (GMSMapView) -> AnyObject)? = nil
  ) throws {
    // The replay's own context (clock, auditor, text size, SDK profile, and what the app
    // observes of its process): the map carries it, and the app's code runs with it bound -
    // here, in `apply` and in `finish`.
    let context = LayoutContext()
    context.clock.keepsStartedAnimations = false
    context.contentSizeCategory = contentSize
    context.sdkProfile = profile
    mapView = context.run {
      GMSMapView(
        frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: profile, isCarPlay: false)
    }
    session = NavigationSession(mapView: mapView, watchers: watchers)
    try context.run {
      if let delegate { try mapView.setLayoutDelegate(delegate) }
      if let direction { session.forcedLayoutDirection = direction.rawValue }
      if let makeScreen {
        reader.recordsText = true
        screen = makeScreen(mapView)
        // A view controller appears as when it is pushed: view loaded, will/did appear.
        if let controller = screen as? UIViewController {
          controller.beginAppearanceTransition(true, animated: false)
          controller.endAppearanceTransition()
        }
      }
    }
  }

  /// Applies one tick's event (`NavigationSession.apply(_:)`) and returns the snapshot after
  /// it, with the event's findings; `layoutChanged` then says whether its layout differs from
  /// the previous snapshot's. The tick of the recording's last event (`ReplayTick.isLast`)
  /// also ends the replay (`finish()`): what that raises comes with its snapshot.
  ///
  /// Binds the replay's context for the event, unless the caller runs inside `withContext`.
  public func apply(_ tick: ReplayTick) -> LayoutSnapshot {
    guard session.contextBound else { return withContext { apply(tick) } }
    let event = tick.event
    var findings: [Finding] = []
    do {
      try session.apply(tick)
    } catch {
      findings.append(
        Finding(
          ruleID: Finding.invalidEventRuleID, severity: .error, views: [],
          message: "event \(event.seq) (\(event.kind.rawValue)): \(error)"))
    }
    let drained = session.drainFindings()
    if !drained.isEmpty {
      findings += drained
      findings.sort()
    }
    let (layout, changed) = reader.read(mapView, reuse: previous)
    layoutChanged = changed
    if changed { previous = layout }
    if tick.isLast {
      let late = finish()
      if !late.isEmpty { findings = (findings + late).sorted() }
    }
    return LayoutSnapshot(
      seq: event.seq, t: event.t, event: event.kind.rawValue, layout: layout,
      findings: findings)
  }

  /// Runs `work` with the replay's layout context bound, as `apply` and `finish` do: a loop
  /// of `apply` calls inside it binds the context once, not once an event.
  public func withContext<T>(_ work: () throws -> T) rethrows -> T {
    try session.withContext(work)
  }

  /// Ends the replay after the last event: dismisses a screen that is a `UIViewController`
  /// (`viewWillDisappear`, `viewDidDisappear`), releases the screen (one that tears itself down
  /// in `deinit` does so now, unless someone else holds it) and returns what was raised after
  /// the last snapshot: `replay-divergence` warnings of calls made after it and of route
  /// requests the recording never answered. Applying the last tick (`ReplayTick.isLast`) calls
  /// it; a second call returns nothing.
  public func finish() -> [Finding] {
    guard !finished else { return [] }
    finished = true
    return session.withContext {
      if let controller = screen as? UIViewController {  // dismissed: its teardown runs now
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
      }
      screen = nil
      return session.finish().sorted()
    }
  }
}

/// `--direction ltr|rtl`: replays a recording in a forced layout direction.
public enum LayoutDirectionOverride: String, Sendable, CaseIterable {
  case ltr, rtl
}
