import EventLog
import SessionEvents

/// One event as a replay applies it, with what the events around it say about it.
///
/// A recorded tick is a `progress` event and then its `speed` event at the same time (a
/// device's fix carries both); a recorder writes the sizes a change caused (`viewSize` events)
/// right after the change, at its time. Each of those events is still applied, and snapshotted,
/// as its own tick; a tick carries its companions so that the road-snapped locations of a
/// progress event carry that fix's speed and a change's layout pass has its sizes.
public struct ReplayTick {
  public var event: SessionEvent
  /// The speed recorded with a `progress` event, at its time; nil for other events, and when
  /// the recording has none (the locations then carry the last speed applied).
  public var speed: SpeedReport?
  /// The `viewSize` events right after the event at its time: they belong to its layout pass
  /// (the size events themselves then change nothing).
  public var sizes: [RecordedViewSize]
  /// Whether the recording ends with this event: what the replay raises at the end of the
  /// trip (`Replayer.finish()`) comes with this event's snapshot.
  public var isLast: Bool

  /// A tick of `event`; `next` is the event after it, when known (its speed completes a
  /// progress event's tick).
  public init(
    _ event: SessionEvent, next: SessionEvent? = nil, sizes: [RecordedViewSize] = [],
    isLast: Bool = false
  ) {
    self.event = event
    speed = Self.speed(of: event, next: next)
    self.sizes = sizes
    self.isLast = isLast
  }

  /// The speed event that completes a progress event's tick: `next`, when it is a speed event
  /// at the same time.
  static func speed(of event: SessionEvent, next: SessionEvent?) -> SpeedReport? {
    guard case .progress = event.payload, let next, next.t == event.t,
      case .speed(let report) = next.payload
    else { return nil }
    return report
  }
}

/// Reads a recording's events as ticks: one event of lookahead (the speed of a progress
/// event's tick, the end of the trip), more while size events follow at the same time.
///
/// A read that fails ends the ticks after the last event read well (`next()` returns nil) and
/// is kept in `error`: the replay applies every event before it, then throws it.
@MainActor
public final class TickReader {
  private let read: @MainActor () throws -> SessionEvent?
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  /// Events read but not yet returned as ticks: the next event, then (`queued`) the sizes
  /// read after it while they followed at its time. The next event has a field of its own:
  /// popping the front of an array on every event costs more than the rest of the reader.
  @exclusivity(unchecked) private var lookahead: SessionEvent?
  @exclusivity(unchecked) private var queued: [SessionEvent] = []
  @exclusivity(unchecked) private var started = false
  /// Why reading stopped early, if it did.
  @exclusivity(unchecked) public private(set) var error: (any Error)?

  /// Ticks of the events `read` returns in order (nil after the last).
  public init(_ read: @escaping @MainActor () throws -> SessionEvent?) {
    self.read = read
  }

  /// Ticks of a stream's events, each rewritten by `transform` when given (`navsim check
  /// --device` maps the recording's screen sizes onto another device).
  public convenience init(
    _ stream: any EventStream, transform: (@MainActor (SessionEvent) -> SessionEvent)? = nil
  ) {
    if let transform {
      // Not `Optional.map`: a main-actor closure is checked for its executor on each call.
      self.init {
        guard let event = try stream.next() else { return nil }
        return transform(event)
      }
    } else {
      self.init { try stream.next() }
    }
  }

  /// Ticks of events in memory (tests, `--through-recorder`).
  public convenience init(_ events: [SessionEvent]) {
    var iterator = events.makeIterator()
    self.init { iterator.next() }
  }

  /// The next event's tick; nil after the last, or when reading failed (`error`).
  public func next() -> ReplayTick? {
    if !started {
      started = true
      lookahead = readOne()
    }
    guard let event = lookahead else { return nil }
    lookahead = queued.isEmpty ? readOne() : queued.removeFirst()
    // The sizes at the event's time that follow it: read until an event of another kind or
    // time (kept for the next tick). Where only a field is needed, events are read in place.
    while endsWithSize(at: event.t), let more = readOne() { queued.append(more) }
    var sizes: [RecordedViewSize] = []
    if case .viewSize(let size)? = lookahead?.payload, lookahead?.t == event.t {
      sizes.append(size)
      for index in queued.indices {
        guard queued[index].t == event.t, case .viewSize(let size) = queued[index].payload
        else { break }
        sizes.append(size)
      }
    }
    return ReplayTick(
      event, next: lookahead, sizes: sizes, isLast: lookahead == nil && error == nil)
  }

  /// Whether the last event read is a size at `t` (more sizes of the tick may follow).
  private func endsWithSize(at t: Int64) -> Bool {
    if let last = queued.indices.last {
      return queued[last].t == t && queued[last].kind == .viewSize
    }
    return lookahead?.t == t && lookahead?.kind == .viewSize
  }

  private func readOne() -> SessionEvent? {
    guard error == nil else { return nil }
    do {
      return try read()
    } catch {
      self.error = error
      return nil
    }
  }
}
