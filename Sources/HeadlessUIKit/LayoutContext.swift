import Foundation

// One context per replay: what UIKit keeps per process (the clock animations run on, the
// application object), what NavSim adds to it (the auditor told of layout activity) and what
// the modules above keep per app (their `environment`) belong to one replay, so two replays in
// one process - advanced event by event, alternately, or one after the other - do not disturb
// each other.

/// Everything one replay (or one test) can observe that UIKit and the SDK keep per process:
/// the virtual clock, the layout auditor, `UIApplication.shared`, and the `environment` the
/// modules above fill (the SDK's services and profile, location permission, notifications).
///
/// A replay owns one (the map view it drives carries it) and binds it while its code runs:
/// `run(_:)` makes it `LayoutContext.current` for the duration of the call, scoped like a
/// task-local value - never swapped into a process-wide variable. `UIAnimationClock.current`,
/// `LayoutAudit.current`, `UIApplication.shared` and the environment's readers all read the
/// bound context; code that runs outside any binding (a unit test that drives views by hand,
/// app code outside a replay) uses `LayoutContext.unbound`, the process's default context.
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
  /// Lays out, checks and reads everything after every event, where a replay normally skips
  /// what did not change since the last time: the replay's one switch, read by its layout
  /// pass (`UIView.forceFullLayoutPass()`), its rules and its snapshot reader. The results are
  /// the same either way; this is the reference that the skipping is tested against.
  /// (Computed: its readers are in other modules, where the stored flag's access would be
  /// checked on every event.)
  public var forcesFullPass: Bool {
    get { fullPass }
    set { fullPass = newValue }
  }
  @exclusivity(unchecked) private var fullPass = false
  /// The text size the user chose, in force while this context is bound: the one source of
  /// `DynamicTypeSetting.current` (window traits, preferred fonts). `large` by default; set it
  /// before the screen is built. The unbound context's is the process's.
  public var contentSizeCategory: UIContentSizeCategory {
    get { contentSize.value }
    set { contentSize.value = newValue }
  }
  /// Readable from any isolation, as `UIFont.preferredFont` is.
  private nonisolated let contentSize: LockedContentSize
  /// What the modules above keep per replay (`ContextEnvironment`), readable from any
  /// isolation through `LayoutContext.currentEnvironment`.
  public nonisolated let environment: ContextEnvironment
  /// `UIApplication.shared` while this context is bound: made on first use.
  public private(set) lazy var application = UIApplication()

  /// A fresh context: its own clock, no auditor, an empty environment.
  public convenience init() {
    self.init(environment: ContextEnvironment(), contentSize: LockedContentSize())
  }

  private init(environment: ContextEnvironment, contentSize: LockedContentSize) {
    self.environment = environment
    self.contentSize = contentSize
  }

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

  /// What `run(_:)` binds: the context, and the text size `DynamicTypeSetting.with` puts in
  /// force in its place for a while (nil: the context's own).
  private struct Binding: Sendable {
    var context: LayoutContext?
    var contentSize: UIContentSizeCategory?
  }

  // The task-local, declared as `@TaskLocal` expands it, but readable from any isolation (the
  // macro's would be main-actor isolated here): the environment's readers are not isolated.
  private nonisolated static let binding = TaskLocal<Binding?>(wrappedValue: nil)
  private static var bound: LayoutContext? { binding.get()?.context }
  private nonisolated static let unboundEnvironment = ContextEnvironment()
  private nonisolated static let unboundContentSize = LockedContentSize()

  /// The context of code that runs outside any binding: the process's default.
  public static let unbound = LayoutContext(
    environment: unboundEnvironment, contentSize: unboundContentSize)

  /// The bound context, else `unbound`.
  public static var current: LayoutContext { bound ?? unbound }

  /// The bound context's environment, else `unbound`'s; from any isolation.
  public nonisolated static var currentEnvironment: ContextEnvironment {
    binding.get()?.context?.environment ?? unboundEnvironment
  }

  /// The text size in force, from any isolation: the one `DynamicTypeSetting.with` binds,
  /// else the bound context's, else the unbound context's.
  nonisolated static var currentContentSizeCategory: UIContentSizeCategory {
    let binding = binding.get()
    if let size = binding?.contentSize { return size }
    return (binding?.context?.contentSize ?? unboundContentSize).value
  }

  /// Runs `body` with `category` in force in place of the running context's text size,
  /// which stays as it is (the unbound context's is the whole process's).
  nonisolated static func withContentSizeCategory<T>(
    _ category: UIContentSizeCategory, _ body: () throws -> T
  ) rethrows -> T {
    let context = binding.get()?.context
    return try binding.withValue(Binding(context: context, contentSize: category)) { try body() }
  }

  /// Whether code runs inside some context's `run(_:)`.
  public static var isBound: Bool { bound != nil }

  /// Runs `work` with this context bound: `current` is this context for its duration
  /// (nested calls included), and the previous binding is back when it returns.
  /// Already bound, it just runs `work` (a replay's event inside its `apply`).
  public func run<T>(_ work: () throws -> T) rethrows -> T {
    if Self.bound === self { return try work() }
    return try Self.binding.withValue(Binding(context: self)) { try work() }
  }
}

/// A context's text size behind a lock: set on the main actor, read from any isolation.
final class LockedContentSize: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = UIContentSizeCategory.large

  var value: UIContentSizeCategory {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      stored = newValue
    }
  }
}
