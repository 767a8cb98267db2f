// Virtual time for animations: final values apply at once (the model layer, as UIKit does);
// each animation is recorded and its completion runs when the clock passes its end.

import Foundation

// MARK: - What an animation changed

/// A property `UIView.animate` animates.
public enum UIAnimatedProperty: String, Hashable, Sendable, CustomStringConvertible {
  case frame
  case alpha
  case backgroundColor
  case transform

  public var description: String { rawValue }
}

/// A value of an animated property.
public enum UIAnimatedValue: Hashable, Sendable, CustomStringConvertible {
  case rect(CGRect)
  case scalar(CGFloat)
  case color(UIColor?)
  case transform(CGAffineTransform)

  public var description: String {
    switch self {
    case .rect(let rect):
      "(\(rect.minX.layoutText), \(rect.minY.layoutText), \(rect.width.layoutText), "
        + "\(rect.height.layoutText))"
    case .scalar(let value): value.layoutText
    case .color(let color): color?.description ?? "nil"
    case .transform(let transform): transform.description
    }
  }
}

/// One property of one view, animated from a value to another.
@MainActor
public struct UIAnimationChange {
  public let view: UIView
  public let property: UIAnimatedProperty
  public let from: UIAnimatedValue
  public internal(set) var to: UIAnimatedValue
}

/// One `UIView.animate` call: what it changed and when it runs.
@MainActor
public struct UIAnimationRecord {
  /// Increasing per clock, in call order: the tie-breaker between animations ending together.
  public let id: Int
  /// The virtual time of the `animate` call.
  public let start: TimeInterval
  public let delay: TimeInterval
  public let duration: TimeInterval
  public let options: UIView.AnimationOptions
  /// The changes, in the order first made; a property changed twice keeps its first `from`.
  public internal(set) var changes: [UIAnimationChange] = []

  /// When the completion runs: `start + delay + duration`.
  public var end: TimeInterval { start + delay + duration }

  /// The animated views, each once, in the order first changed.
  public var views: [UIView] {
    var seen: [UIView] = []
    for change in changes where !seen.contains(where: { $0 === change.view }) {
      seen.append(change.view)
    }
    return seen
  }
}

// MARK: - UIAnimationClock

/// The virtual clock animations run on. Nothing reads the wall clock: a test or the replayer
/// moves time forward with `advance(to:)`.
@preconcurrency @MainActor
public final class UIAnimationClock {
  /// The clock `UIView.animate` uses: the bound `LayoutContext`'s (a replay's own clock).
  /// Setting it replaces that context's clock.
  public static var current: UIAnimationClock {
    get { LayoutContext.current.clock }
    set { LayoutContext.current.clock = newValue }
  }

  // `@exclusivity(unchecked)`: read or written on every replayed event, where the runtime's
  // access check cost about 100 instructions each (docs/replay-performance.md); no access to
  // them overlaps another (the checks found none in every test and canonical trip).
  /// The current virtual time, in seconds.
  @exclusivity(unchecked) public private(set) var now: TimeInterval = 0

  /// Animations whose completion hasn't run, ordered by end time then `id`.
  @exclusivity(unchecked) public private(set) var inFlight: [UIAnimationRecord] = []

  /// Whether any animation is in flight: `!inFlight.isEmpty`, read here so that a replay's
  /// per-event check goes unchecked (`@exclusivity(unchecked)` holds in this module only).
  public var isAnimating: Bool { !inFlight.isEmpty }

  @exclusivity(unchecked) private var completions: [Int: (Bool) -> Void] = [:]
  @exclusivity(unchecked) private var started: [UIAnimationRecord] = []
  /// The animations whose `animations` closure is running, innermost last.
  @exclusivity(unchecked) private var capturing: [UIAnimationRecord] = []
  @exclusivity(unchecked) private var suppression = 0
  @exclusivity(unchecked) private var nextID = 1

  public init() {}

  // MARK: - Moving time

  /// Moves time forward to `time`, running each due completion (`finished` true) in order of
  /// end time, then `id`, with `now` set to that animation's end while it runs; completions
  /// may start animations that are themselves due. A time in the past changes nothing.
  public func advance(to time: TimeInterval) {
    while let next = inFlight.first, next.end <= time {
      inFlight.removeFirst()
      now = max(now, next.end)
      completions.removeValue(forKey: next.id)?(true)
    }
    now = max(now, time)
  }

  /// Moves time forward by `interval` seconds.
  public func advance(by interval: TimeInterval) {
    advance(to: now + interval)
  }

  /// Forgets every animation without running completions and sets `now` back to 0.
  public func reset() {
    now = 0
    inFlight = []
    completions = [:]
    started = []
    capturing = []
    suppression = 0
    nextID = 1
  }

  /// Whether the clock keeps the animations it starts for `takeStartedAnimations()`. Default
  /// true. A replay turns it off: nothing there takes them, and each record holds its views,
  /// so a long trip's animations would otherwise stay in memory to its end.
  @exclusivity(unchecked) public var keepsStartedAnimations = true

  /// The animations started since the last call, in call order (changes included); empty
  /// while `keepsStartedAnimations` is false.
  public func takeStartedAnimations() -> [UIAnimationRecord] {
    defer { started = [] }
    return started
  }

  // MARK: - Running animations

  /// Runs `animations` capturing the property changes, then schedules `completion`.
  func run(
    duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
    animations: () -> Void, completion: ((Bool) -> Void)?
  ) {
    let record = UIAnimationRecord(
      id: nextID, start: now, delay: max(delay, 0), duration: max(duration, 0),
      options: options)
    nextID += 1
    capturing.append(record)
    animations()
    let finished = capturing.removeLast()
    if keepsStartedAnimations { started.append(finished) }
    let index = inFlight.firstIndex { ($0.end, $0.id) > (finished.end, finished.id) }
    inFlight.insert(finished, at: index ?? inFlight.endIndex)
    if let completion { completions[finished.id] = completion }
  }

  /// Runs `actions` without recording changes into the enclosing animation.
  func withoutAnimation(_ actions: () -> Void) {
    suppression += 1
    defer { suppression -= 1 }
    actions()
  }

  /// Records a property change into the innermost running `animations` closure, if any.
  static func recordChange(
    _ view: UIView, _ property: UIAnimatedProperty, from: UIAnimatedValue, to: UIAnimatedValue
  ) {
    let clock = current
    guard !clock.capturing.isEmpty, clock.suppression == 0 else { return }
    let top = clock.capturing.count - 1
    if let index = clock.capturing[top].changes.firstIndex(where: {
      $0.view === view && $0.property == property
    }) {
      clock.capturing[top].changes[index].to = to
    } else {
      clock.capturing[top].changes.append(
        UIAnimationChange(view: view, property: property, from: from, to: to))
    }
  }
}

// MARK: - UIView.animate

extension UIView {
  /// Animates the changes `animations` makes over `duration` seconds (virtual time).
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void
  ) {
    UIAnimationClock.current.run(
      duration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// Animates, then runs `completion(true)` once the clock passes the end.
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    UIAnimationClock.current.run(
      duration: duration, delay: 0, options: [], animations: animations,
      completion: completion)
  }

  /// Animates after `delay`; the final values still apply at once (the model layer), and
  /// `completion(true)` runs at start + delay + duration.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    UIAnimationClock.current.run(
      duration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }

  /// A spring animation; damping and velocity are recorded nowhere (they shape only the
  /// in-between frames, which NavSim doesn't draw).
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    UIAnimationClock.current.run(
      duration: duration, delay: delay, options: options, animations: animations,
      completion: completion)
  }

  /// A transition on `view` (cross-dissolve, flip...): recorded like an animation.
  public class func transition(
    with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    UIAnimationClock.current.run(
      duration: duration, delay: 0, options: options, animations: animations ?? {},
      completion: completion)
  }

  /// Runs `actionsWithoutAnimation` without recording its changes into an enclosing
  /// animation.
  public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    UIAnimationClock.current.withoutAnimation(actionsWithoutAnimation)
  }
}
