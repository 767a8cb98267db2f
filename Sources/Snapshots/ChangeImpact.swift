// The impact of a change across many runs: on how many events, in how many recordings and
// configurations, which views, and where it first shows, so a reviewer can tell whether a
// change is the local one they meant.

import Foundation
import HeadlessUIKit
import JSON
import OutputPolicy
import Replay
import SessionEvents
import TextBytes

/// The diffs of paired runs (version A against version B of each configuration), summed up.
public struct ChangeImpact: Sendable {
  /// One configuration: its name (the run label without the version part), its recording,
  /// and what the impact needs of the diff of its two runs, summed up as the diff streams
  /// past (`add`): memory independent of the runs' length.
  public struct Pair: Sendable {
    public var name: String
    public var recording: String
    /// Events compared (either run has a snapshot).
    public var eventsCompared = 0
    /// True when the two runs agree on every event, findings included.
    public var isIdentical = true
    /// Events whose layout differs (state or views; findings alone do not count).
    public var eventsChanged = 0
    /// The first `Pair.firstChangesKept` events whose layout differs: seq and kind.
    public var firstChanges: [(seq: Int64, event: String)] = []
    /// Per view: events whose layout change names it, and the first of them. Never
    /// iterated but to sum (`ChangeImpact.views` sorts).
    private var viewTallies: [ViewKey: ViewTally] = [:]

    /// How many of the first changed events a pair keeps (`text(firstEvents:)`, the JSON's 5).
    public static let firstChangesKept = 5

    struct ViewTally: Sendable {
      var key: ViewKey
      var view: String
      var occurrence: Int
      var events: Int
      var firstSeq: Int64
    }

    public init(name: String, recording: String) {
      self.name = name
      self.recording = recording
    }

    /// The pair of a finished diff.
    public init(name: String, recording: String, diff: RunDiff) {
      self.init(name: name, recording: recording)
      for difference in diff.differences { add(difference) }
      eventsCompared = diff.eventsCompared
    }

    /// Counts one differing event of the pair's diff (they come in seq order).
    public mutating func add(_ difference: EventDifference) {
      isIdentical = false
      guard !difference.stateChanges.isEmpty || !difference.viewChanges.isEmpty
        || difference.missingIn != nil
      else { return }
      eventsChanged += 1
      if firstChanges.count < Self.firstChangesKept {
        firstChanges.append((difference.seq, difference.event))
      }
      // The views counted this event: a short list (an event changes a few views).
      var seenThisEvent: [ViewKey] = []
      for change in difference.viewChanges {
        let key = ViewKey(change)
        guard !seenThisEvent.contains(key) else { continue }
        seenThisEvent.append(key)
        viewTallies[key, default: ViewTally(
          key: key, view: change.view, occurrence: change.occurrence, events: 0,
          firstSeq: difference.seq)].events += 1
      }
    }

    var tallies: Dictionary<ViewKey, ViewTally>.Values { viewTallies.values }
  }

  public var nameA: String
  public var nameB: String
  public var pairs: [Pair]
  /// Configurations only one side has.
  public var onlyInA: [String]
  public var onlyInB: [String]

  public init(nameA: String, nameB: String, pairs: [Pair], onlyInA: [String], onlyInB: [String]) {
    self.nameA = nameA
    self.nameB = nameB
    self.pairs = pairs
    self.onlyInA = onlyInA
    self.onlyInB = onlyInB
  }

  public var eventsCompared: Int { pairs.map(\.eventsCompared).reduce(0, +) }
  public var eventsChanged: Int { pairs.map(\.eventsChanged).reduce(0, +) }
  public var changedPairs: [Pair] { pairs.filter { $0.eventsChanged > 0 } }
  public var recordings: [String] { unique(pairs.map(\.recording)) }
  public var changedRecordings: [String] { unique(changedPairs.map(\.recording)) }
  public var isUnchanged: Bool {
    pairs.allSatisfy(\.isIdentical) && onlyInA.isEmpty && onlyInB.isEmpty
  }

  /// Per view: events changed, configurations, and the first place it shows.
  public struct ViewImpact: Equatable, Sendable {
    public var view: String
    /// Which node of the id (`ViewChange.occurrence`): 1 but for a later node of a repeated id.
    public var occurrence = 1
    public var events: Int
    public var configurations: Int
    public var firstConfiguration: String
    public var firstSeq: Int64

    /// The view as reports name it (`ViewChange.name`).
    public var name: String { viewName(view, occurrence: occurrence) }

    /// Texts compared byte for byte, as views are told apart.
    public static func == (a: ViewImpact, b: ViewImpact) -> Bool {
      sameBytes(a.view, b.view) && a.occurrence == b.occurrence && a.events == b.events
        && a.configurations == b.configurations
        && sameBytes(a.firstConfiguration, b.firstConfiguration) && a.firstSeq == b.firstSeq
    }
  }

  /// Views by events changed (most first), then name (names `String <` cannot order, which
  /// differ only in normalization, by their bytes). Views are told apart by their bytes.
  public var views: [ViewImpact] {
    var byView: [ViewKey: ViewImpact] = [:]
    for pair in pairs {
      for tally in pair.tallies {
        var impact = byView[tally.key] ?? ViewImpact(
          view: tally.view, occurrence: tally.occurrence, events: 0, configurations: 0,
          firstConfiguration: pair.name, firstSeq: tally.firstSeq)
        impact.events += tally.events
        impact.configurations += 1
        byView[tally.key] = impact
      }
    }
    return byView.values.sorted { a, b in
      if a.events != b.events { return a.events > b.events }
      return ViewKey.precedes(a.view, a.occurrence, b.view, b.occurrence)
    }
  }

  /// "B changes the layout on X % of events in Y of Z recordings", then per configuration and
  /// per view, with the first events where it shows (`firstEvents`: at most
  /// `Pair.firstChangesKept`).
  public func text(maxViews: Int = 12, firstEvents: Int = 3) -> String {
    var out = "\(nameB) changes the layout on \(percent(eventsChanged, eventsCompared)) of events "
      + "(\(eventsChanged) of \(eventsCompared)) in \(changedRecordings.count) of "
      + "\(recordings.count) recordings (\(changedPairs.count) of \(pairs.count) configurations)"
      + " against \(nameA)\n"
    if !changedPairs.isEmpty {
      out += "\nper configuration (events whose layout differs; the first ones):\n"
      for pair in changedPairs {
        let first = pair.firstChanges.prefix(firstEvents).map { "\($0.seq) (\($0.event))" }
        out += "  \(pair.name): \(pair.eventsChanged) of \(pair.eventsCompared) events "
          + "(\(percent(pair.eventsChanged, pair.eventsCompared))); first at event "
          + first.joined(separator: ", ") + "\n"
      }
      let unchanged = pairs.count - changedPairs.count
      if unchanged > 0 {
        out += "  unchanged: \(unchanged) configuration\(unchanged == 1 ? "" : "s")\n"
      }
      let views = self.views
      out += "\nper view (events, configurations, where it first shows):\n"
      for view in views.prefix(maxViews) {
        out += "  \(view.name): \(view.events) events in \(view.configurations) "
          + "configuration\(view.configurations == 1 ? "" : "s"); first at \(view.firstConfiguration) "
          + "event \(view.firstSeq)\n"
      }
      if views.count > maxViews { out += "  ... and \(views.count - maxViews) more views\n" }
    }
    for (side, names) in [(nameA, onlyInA), (nameB, onlyInB)] where !names.isEmpty {
      out += "\nonly in \(side): " + names.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// The same as JSON.
  public var json: String {
    var writer = JSONWriter()
    writer.value(
      .object([
        JSONMember("a", .string(nameA)), JSONMember("b", .string(nameB)),
        JSONMember("eventsCompared", .number(String(eventsCompared))),
        JSONMember("eventsChanged", .number(String(eventsChanged))),
        JSONMember("recordings", .number(String(recordings.count))),
        JSONMember("recordingsChanged", .number(String(changedRecordings.count))),
        JSONMember(
          "configurations",
          .array(pairs.map { pair in
            .object([
              JSONMember("name", .string(pair.name)),
              JSONMember("recording", .string(pair.recording)),
              JSONMember("eventsCompared", .number(String(pair.eventsCompared))),
              JSONMember("eventsChanged", .number(String(pair.eventsChanged))),
              JSONMember(
                "firstEvents", .array(pair.firstChanges.prefix(5).map { .number(String($0.seq)) })),
            ])
          })),
        JSONMember(
          "views",
          .array(views.map { view -> JSONValue in
            var members = [JSONMember("view", .string(view.view))]
            // Only for a later node of a repeated id.
            if view.occurrence != 1 {
              members.append(JSONMember("occurrence", .number(String(view.occurrence))))
            }
            return .object(members + [
              JSONMember("events", .number(String(view.events))),
              JSONMember("configurations", .number(String(view.configurations))),
              JSONMember("firstConfiguration", .string(view.firstConfiguration)),
              JSONMember("firstSeq", .number(String(view.firstSeq))),
            ])
          })),
        JSONMember("onlyInA", .array(onlyInA.map(JSONValue.string))),
        JSONMember("onlyInB", .array(onlyInB.map(JSONValue.string))),
      ]))
    return writer.output
  }

  private func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "0 %" : String(format: "%.1f %%", Double(part) * 100 / Double(whole))
  }
}

/// `items` without repeats, in order; texts told apart by their bytes.
private func unique(_ items: [String]) -> [String] {
  var seen: Set<ByteKey> = []
  return items.filter { seen.insert(ByteKey($0)).inserted }
}

// MARK: - Pairing runs

extension ChangeImpact {
  /// Pairs the runs of two stores by label, compared byte for byte (`navsim diff STORE_A
  /// STORE_B`).
  /// - Throws: what reading the stores or writing the scratch store of a pair throws.
  public static func compare(
    stores a: SnapshotStore, _ b: SnapshotStore, tolerance: Double = 0
  ) throws -> ChangeImpact {
    let runsA = try a.runs(), runsB = try b.runs()
    let labelsA = Set(runsA.map { ByteKey($0.label) })
    let byLabelB = firstByKey(runsB) { ByteKey($0.label) }
    var pairs: [Pair] = []
    for run in runsA {
      guard let other = byLabelB[ByteKey(run.label)] else { continue }
      pairs.append(
        try pair(
          run, in: a, against: other, in: b, name: run.label, recording: recordingKey(run),
          tolerance: tolerance))
    }
    return ChangeImpact(
      nameA: a.path, nameB: b.path, pairs: pairs,
      onlyInA: runsA.map(\.label).filter { byLabelB[ByteKey($0)] == nil },
      onlyInB: runsB.map(\.label).filter { !labelsA.contains(ByteKey($0)) })
  }

  /// Pairs the runs `A/...` and `B/...` of one store by the rest of their labels (`navsim
  /// diff STORE v1 v2` after `navsim check --label-prefix v1` and `v2`), compared byte for
  /// byte; nil when the store has no run under one of the prefixes.
  public static func compare(
    store: SnapshotStore, prefixA: String, prefixB: String, tolerance: Double = 0
  ) throws -> ChangeImpact? {
    let runs = try store.runs()
    func under(_ prefix: String) -> [(rest: String, run: RunInfo)] {
      let head = Array((prefix + "/").utf8)
      return runs.filter { $0.label.utf8.starts(with: head) }.map {
        (String(decoding: $0.label.utf8.dropFirst(head.count), as: UTF8.self), $0)
      }
    }
    let sideA = under(prefixA), sideB = under(prefixB)
    guard !sideA.isEmpty, !sideB.isEmpty else { return nil }
    let restsA = Set(sideA.map { ByteKey($0.rest) })
    let byRestB = firstByKey(sideB) { ByteKey($0.rest) }
    var pairs: [Pair] = []
    for (rest, run) in sideA {
      guard let other = byRestB[ByteKey(rest)]?.run else { continue }
      pairs.append(
        try pair(
          labelA: run.label, labelB: other.label, in: store, name: rest,
          recording: recordingKey(run), tolerance: tolerance))
    }
    return ChangeImpact(
      nameA: prefixA, nameB: prefixB, pairs: pairs,
      onlyInA: sideA.map(\.rest).filter { byRestB[ByteKey($0)] == nil },
      onlyInB: sideB.map(\.rest).filter { !restsA.contains(ByteKey($0)) })
  }

  private static func recordingKey(_ run: RunInfo) -> String {
    "\(run.recordingName)#\(run.recordingID) \(run.logFingerprint)"
  }

  /// The pair of runs `labelA` and `labelB` of `store`, summed up as their diff streams past.
  private static func pair(
    labelA: String, labelB: String, in store: SnapshotStore, name: String, recording: String,
    tolerance: Double
  ) throws -> Pair {
    var pair = Pair(name: name, recording: recording)
    let runs = try store.forEachDifference(labelA: labelA, labelB: labelB, tolerance: tolerance) {
      difference, _ in pair.add(difference)
    }
    pair.eventsCompared = runs.compared
    return pair
  }

  /// Two runs in different stores, diffed by copying both into a scratch store.
  private static func pair(
    _ a: RunInfo, in storeA: SnapshotStore, against b: RunInfo, in storeB: SnapshotStore,
    name: String, recording: String, tolerance: Double
  ) throws -> Pair {
    let scratch = try ScratchDirectory(kind: "check")
    let store = try SnapshotStore(path: scratch.file("pair.sqlite"), mode: .create)
    try store.copyRun(a, from: storeA, label: "a")
    try store.copyRun(b, from: storeB, label: "b")
    return try pair(
      labelA: "a", labelB: "b", in: store, name: name, recording: recording,
      tolerance: tolerance)
  }
}

/// Each key's first item, for lookups only (never iterated): runs paired by label in
/// O(runs), where a search per run made it quadratic.
package func firstByKey<Item>(_ items: [Item], key: (Item) -> ByteKey) -> [ByteKey: Item] {
  var out: [ByteKey: Item] = Dictionary(minimumCapacity: items.count)
  for item in items where out[key(item)] == nil { out[key(item)] = item }
  return out
}
