import Navigator
import SeededRandom
import SessionEvents

// Guidance stopped and started again, navigation disabled and enabled again, mid-trip: what
// an app does when the driver ends guidance to look something up, or leaves the navigation
// screen and comes back. Drawn from a stream of their own, so the other scripted events of a
// trip stay as they were (but for re-routes while guidance is off, which cannot happen).

extension TripGenerator {
  /// Seconds guidance stays off before the app turns it on again: a glance, a look-up, a stop.
  static let lifecycleGaps: [Double] = [2, 8, 30]

  /// Adds, to two trips in five, guidance stopped (or navigation disabled) at any moment in
  /// the first 85% of the drive - with a prompt on screen in half of them - and, in nine
  /// cases in ten, started (enabled) again a few seconds later; the tenth ends the trip there.
  static func addLifecycleChanges(
    to events: inout [ScriptedEvent], seed: UInt64, index: Int, length: Double
  ) {
    var random = SeededGenerator(
      seed: (seed &+ 0x2545_F491) &* 0x9FB2_1C65_1E98_DF25 &+ UInt64(index))
    let roll = random.unit()
    guard roll < 0.4 else { return }
    let stop: ScriptedEvent.Action, start: ScriptedEvent.Action
    if roll < 0.2 {
      (stop, start) = (.guidance(.stop), .guidance(.start))
    } else {
      (stop, start) = (.navigation(.disable), .navigation(.enable))
    }
    let at = max(1, (random.unit() * length * 0.85).rounded())
    let restarts = random.unit() < 0.9
    let end = restarts ? at + lifecycleGaps[pick(lifecycleGaps.count, &random)] : .infinity
    var added = [ScriptedEvent(at: at, action: stop)]
    if random.unit() < 0.5 {
      // A prompt on screen when guidance stops: the SDK hides it first.
      let kinds: [PromptKind] = [.incident, .speedCamera, .traffic, .betterRoute]
      added.insert(
        ScriptedEvent(
          at: at - 1,
          action: .prompt(
            kind: kinds[pick(kinds.count, &random)],
            text: promptTexts[pick(promptTexts.count, &random)], duration: 30)),
        at: 0)
    }
    if restarts { added.append(ScriptedEvent(at: end, action: start)) }
    // No re-route while guidance is off: the navigator re-routes only while guiding.
    events.removeAll { event in
      if case .reroute = event.action { return event.at >= at && event.at < end }
      return false
    }
    events = merged(events, added)
  }

  /// `events` and `added`, in time order; an added event follows the events of its time.
  static func merged(_ events: [ScriptedEvent], _ added: [ScriptedEvent]) -> [ScriptedEvent] {
    var result: [ScriptedEvent] = []
    var next = 0
    for event in added {
      while next < events.count, events[next].at <= event.at {
        result.append(events[next])
        next += 1
      }
      result.append(event)
    }
    return result + events[next...]
  }
}
