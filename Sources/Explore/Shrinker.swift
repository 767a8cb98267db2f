import Navigator

// Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing
// Input", 2002) over a trip: its scripted events, then the plainest settings, direction,
// tick rate, device, SDK profile and text size that keep the finding. Every candidate is a
// scenario the Navigator
// must accept, so a shrunk trip is as valid as a generated one.

/// Shrinks a scenario while a predicate (the finding still shows) holds.
@MainActor
struct Shrinker {
  /// True when the candidate still produces the finding; false also for a candidate the
  /// Navigator refuses.
  var holds: (Scenario, ProfileDraw) -> Bool
  /// Candidates tried.
  private(set) var steps = 0
  /// The SDK-profile values of the candidates: the drawn ones, then those still needed.
  private var draw = ProfileDraw(values: [])

  init(holds: @escaping (Scenario, ProfileDraw) -> Bool) { self.holds = holds }

  /// The smallest scenario found (1-minimal in its scripted events) and the fewest profile
  /// values it needs.
  mutating func shrink(_ scenario: Scenario, draw: ProfileDraw) -> (Scenario, ProfileDraw) {
    self.draw = draw
    var best = scenario
    for _ in 0..<2 {
      let before = (best, self.draw)
      best = simplify(best)  // first: fewer ticks make every later candidate cheaper
      best = minimizeEvents(best)
      best = shortenRoute(best)
      best = moveEarlier(best)
      if best == before.0 && self.draw == before.1 { break }
    }
    return (best, self.draw)
  }

  private mutating func test(_ candidate: Scenario) -> Bool {
    steps += 1
    return holds(candidate, draw)
  }

  /// The default profile at the default text size if the finding shows with them; else each
  /// drawn value back to its default where the finding shows without it, else as near it as
  /// still shows it, and the text size as near `large` as still shows it.
  private mutating func simplifyProfile(_ scenario: Scenario) {
    guard !draw.isDefault else { return }
    let drawn = draw
    draw = ProfileDraw(values: [])
    if test(scenario) { return }
    draw = drawn
    for value in drawn.values {
      let kept = draw
      draw.values.removeAll { $0 == value }
      if !test(scenario) { draw = kept }
    }
    // A value still needed, as near its default as still shows it.
    for index in draw.values.indices {
      for nearer in draw.plainerValues(of: draw.values[index]) {
        let kept = draw
        draw.values[index].value = nearer
        if test(scenario) { break }
        draw = kept
      }
    }
    for size in drawn.plainerContentSizes {
      let kept = draw
      draw.contentSize = size
      if test(scenario) { break }
      draw = kept
    }
  }

  // MARK: - ddmin over scripted events

  private mutating func minimizeEvents(_ scenario: Scenario) -> Scenario {
    var events = scenario.events
    func with(_ subset: [ScriptedEvent]) -> Scenario {
      var candidate = scenario
      candidate.events = subset
      return candidate
    }
    if !events.isEmpty, test(with([])) { return with([]) }
    var granularity = 2
    while events.count >= 2 {
      let chunks = split(events, into: granularity)
      var reduced = false
      // Try each chunk alone, then each complement.
      for chunk in chunks where test(with(chunk)) {
        events = chunk
        granularity = 2
        reduced = true
        break
      }
      if !reduced {
        for index in chunks.indices {
          let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
          if test(with(complement)) {
            events = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        if granularity >= events.count { break }
        granularity = min(granularity * 2, events.count)
      }
    }
    return with(events)
  }

  private func split(_ events: [ScriptedEvent], into parts: Int) -> [[ScriptedEvent]] {
    let size = events.count / parts, extra = events.count % parts
    var chunks: [[ScriptedEvent]] = []
    var start = 0
    for part in 0..<parts {
      let end = start + size + (part < extra ? 1 : 0)
      if end > start { chunks.append(Array(events[start..<end])) }
      start = end
    }
    return chunks
  }

  // MARK: - A shorter route

  /// Starts the trip further along its route: 250 m before its end with the scripted events
  /// from the start on; else close before where its last (else first) scripted event happens,
  /// or near the end of a trip without any, with every scripted event moved earlier by the
  /// time the drive to the new start took, so each still happens about where it did. The
  /// first start that keeps the finding is taken.
  private mutating func shortenRoute(_ scenario: Scenario) -> Scenario {
    guard let trip = try? RecordedTrip(scenario: scenario) else { return scenario }
    var timeline: [(t: Double, distance: Double)] = []
    for event in trip.events {
      if case .progress(let progress) = event.payload {
        timeline.append((Double(event.t) / 1000, progress.distanceTravelled))
      }
    }
    guard let end = timeline.last else { return scenario }
    func distance(at time: Double) -> Double { timeline.last { $0.t <= time }?.distance ?? 0 }
    func time(at distance: Double) -> Double { timeline.first { $0.distance >= distance }?.t ?? end.t }
    var anchors: [Double] = []
    if let last = scenario.events.last { anchors.append(distance(at: last.at)) }
    if let first = scenario.events.first, first.at != scenario.events.last?.at {
      anchors.append(distance(at: first.at))
    }
    if scenario.events.isEmpty { anchors.append(end.distance) }
    var tried: Set<Double> = []
    // First the last stretch of the route alone, the events kept apart as they were from the
    // first one on: most findings need what happens, not where.
    if let first = scenario.events.first, end.distance > 400 {
      let cut = (end.distance - 250).rounded(.down)
      tried.insert(cut)
      var candidate = scenario
      candidate.start = scenario.start + cut
      for index in candidate.events.indices { candidate.events[index].at -= first.at }
      if test(candidate) { return candidate }
    }
    for anchor in anchors {
      for fraction in [0.97, 0.85, 0.5] {
        // Route.minimumRemainder must stay ahead, with room to spare.
        let cut = min(anchor * fraction, end.distance - 150).rounded(.down)
        guard cut >= 50, tried.insert(cut).inserted else { continue }
        let shift = time(at: cut).rounded(.down)
        var candidate = scenario
        candidate.start = scenario.start + cut
        for index in candidate.events.indices {
          candidate.events[index].at = max(0, candidate.events[index].at - shift)
        }
        if test(candidate) { return candidate }
      }
    }
    return scenario
  }

  // MARK: - Earlier events

  /// Moves each scripted event as early as it still shows the finding (to the event before
  /// it, or to half its time): the log can then be cut sooner.
  private mutating func moveEarlier(_ scenario: Scenario) -> Scenario {
    var best = scenario
    for index in best.events.indices {
      let previous = index == 0 ? 0 : best.events[index - 1].at
      for at in [previous, (previous + best.events[index].at) / 2] {
        let time = at.rounded(.down)
        guard time < best.events[index].at else { continue }
        var candidate = best
        candidate.events[index].at = time
        if test(candidate) {
          best = candidate
          break
        }
      }
    }
    return best
  }

  // MARK: - Plainer trips

  /// Each simplification is kept only when the finding holds without the detail.
  private mutating func simplify(_ scenario: Scenario) -> Scenario {
    var best = scenario
    func attempt(_ change: (inout Scenario) -> Void) {
      var candidate = best
      change(&candidate)
      if candidate != best, test(candidate) { best = candidate }
    }
    attempt { $0.generatedPromptSpacing = nil }
    attempt { $0.layoutDirection = "ltr" }
    simplifyProfile(best)
    // Fewer ticks: fewer progress and speed events; scripted events keep their times.
    for rate in [0.05, 0.1, 0.25, 0.5] where rate < best.rate {
      var candidate = best
      candidate.rate = rate
      if test(candidate) {
        best = candidate
        break
      }
    }
    // The plainest device that still shows it: the default iPhone, then the same model in
    // portrait. Not for a trip that resizes its container: a resize's sizes are the device's
    // (a share of its screen in the orientation of the moment), on another they would be a
    // container no app makes.
    let resizes = best.events.contains { if case .resize = $0.action { true } else { false } }
    if case .profile(let device) = best.device, !resizes {
      for name in [DeviceProfiles.defaultName, "\(device.model)-portrait"] where name != device.name {
        guard let profile = try? DeviceProfiles.profile(named: name) else { continue }
        var candidate = best
        candidate.device = .profile(profile)
        if test(candidate) {
          best = candidate
          break
        }
      }
    }
    return best
  }
}
