// One context per replay: what UIKit keeps per process (the clock animations run on) and what
// NavSim adds to it (the auditor told of layout activity) belong to one replay, so two
// replays in one process - advanced event by event, alternately - do not disturb each other.

/// The virtual clock and the layout auditor of one replay (or of one test).
///
/// A replay owns one (the map view it drives carries it) and binds it while its code runs:
/// `run(_:)` makes it `LayoutContext.current` for the duration of the call, scoped like a
/// task-local value - never swapped into a process-wide variable. `UIAnimationClock.current`
/// and `LayoutAudit.current` read the bound context; code that runs outside any binding (a unit
/// test that drives views by hand) uses `LayoutContext.unbound`, a context of its own.
@preconcurrency @MainActor
public final class LayoutContext {
  // `@exclusivity(unchecked)`: read or written on every replayed event, where the runtime's
  // access check cost about 100 instructions each (docs/replay-performance.md); no access to
  // them overlaps another (the checks found none in every test and canonical trip).
  /// The clock `UIView.animate` uses while this context is bound.
  @exclusivity(unchecked) public var clock = UIAnimationClock()
  /// The auditor told of layout activity while this context is bound; nil costs one load.
  @exclusivity(unchecked) public var audit: (any LayoutAuditing)?
  /// Set while app code may run (a replay applying an event), for views whose insides app
  /// code must not read (the SDK's views) to tell app reads from the framework's own.
  @exclusivity(unchecked) public var appCodeRunning = false
  /// Views whose private insides app code read while `appCodeRunning`, each once, not yet
  /// reported.
  @exclusivity(unchecked) public var privateReads: [UIView] = []
  /// The text size the user chose, while this context is bound (`DynamicTypeSetting.current`:
  /// window traits, preferred fonts); `large` by default. Set it before the screen is built.
  public var contentSizeCategory = UIContentSizeCategory.large

  public init() {}

  /// The context bound to the running code, if any.
  /// Marks app code running for an event and forgets the reads noted before (a replay's
  /// event bracket). The markers are touched here, in their own module, so that the access
  /// goes unchecked (`@exclusivity(unchecked)` holds in the declaring module only).
  public func beginAppCode() {
    appCodeRunning = true
    if !privateReads.isEmpty { privateReads.removeAll() }
  }

  /// Ends app code's part of an event; the SDK views whose insides it read, in the order read
  /// (usually none), forgotten here.
  public func endAppCode() -> [UIView] {
    appCodeRunning = false
    guard !privateReads.isEmpty else { return [] }
    defer { privateReads.removeAll() }
    return privateReads
  }

  /// Whether an animation is in flight on this context's clock (read here, unchecked).
  public var isAnimating: Bool { clock.isAnimating }

  /// Makes `auditor` the context's auditor and returns the one it replaces (a replay's event
  /// bracket: touched here, unchecked).
  public func exchangeAudit(_ auditor: (any LayoutAuditing)?) -> (any LayoutAuditing)? {
    defer { audit = auditor }
    return audit
  }

  /// Advances the clock to `time` (seconds), finishing the animations due by then.
  public func advanceClock(to time: Double) { clock.advance(to: time) }

  @TaskLocal private static var bound: LayoutContext?

  /// The context of code that runs outside any binding.
  public static let unbound = LayoutContext()

  /// The bound context, else `unbound`.
  public static var current: LayoutContext { bound ?? unbound }

  /// Whether code runs inside some context's `run(_:)`.
  public static var isBound: Bool { bound != nil }

  /// Runs `work` with this context bound: `current` is this context for its duration
  /// (nested calls included), and the previous binding is back when it returns.
  /// Already bound, it just runs `work` (a replay's event inside its `apply`).
  public func run<T>(_ work: () throws -> T) rethrows -> T {
    if Self.bound === self { return try work() }
    return try Self.$bound.withValue(self) {
      try DynamicTypeSetting.with(contentSizeCategory) { try work() }
    }
  }
}
