import Findings
import HeadlessUIKit
import Replay
import TextBytes

// What a diff keeps of two runs while their differences stream past: counts, the first
// difference, per-view summaries and the findings introduced and fixed. It grows with the
// views and distinct findings of the two runs, never with the number of events.

/// The summary of two runs' differences, built one differing event at a time (`add`).
///
/// Its reports (`RunDiffSummary+Report`) write what comes before and after the events, so a
/// diff of any length is written with only this summary in memory (`SnapshotStore.writeDiff`).
public struct RunDiffSummary: Sendable {
  public var labelA: String
  public var labelB: String
  public var delegateA: String
  public var delegateB: String
  public var tolerance: Double
  public var eventsCompared: Int
  /// How many events differ.
  public private(set) var differingEvents = 0
  /// The first event that differs, in seq order.
  public private(set) var firstDifference: EventDifference?

  /// Per view, its summary so far; never iterated but to sort (`viewSummaries`).
  private var views: [ViewKey: RunDiff.ViewSummary] = [:]
  private var introduced = UniqueFindings()
  private var fixed = UniqueFindings()

  public var isIdentical: Bool { differingEvents == 0 }

  public init(
    labelA: String, labelB: String, delegateA: String, delegateB: String, tolerance: Double,
    eventsCompared: Int = 0
  ) {
    self.labelA = labelA
    self.labelB = labelB
    self.delegateA = delegateA
    self.delegateB = delegateB
    self.tolerance = tolerance
    self.eventsCompared = eventsCompared
  }

  /// Counts one differing event (they come in seq order).
  /// - Complexity: O(changes of the event), amortized.
  public mutating func add(_ difference: EventDifference) {
    differingEvents += 1
    if firstDifference == nil { firstDifference = difference }
    // Each count is of events: a view with three kinds of change on one event counts once
    // per kind, never more than once per event. The kinds counted this event, per view: a
    // short list (an event changes a few views), searched in order.
    var countedThisEvent: [(view: ViewKey, kinds: UInt8)] = []
    for change in difference.viewChanges {
      let view = ViewKey(change)
      let kind: UInt8
      switch change.change {
      case .appeared: kind = Self.appeared
      case .disappeared: kind = Self.disappeared
      case .frame: kind = Self.moved
      case .text: kind = Self.text
      default: kind = Self.other
      }
      let slot = countedThisEvent.firstIndex { $0.view == view } ?? {
        countedThisEvent.append((view, 0))
        return countedThisEvent.count - 1
      }()
      let counted = countedThisEvent[slot].kinds
      countedThisEvent[slot].kinds |= kind
      Self.count(
        change, kind: counted & kind == 0 ? kind : 0, firstOnEvent: counted == 0,
        into: &views[view, default: RunDiff.ViewSummary(
          view: change.view, occurrence: change.occurrence, events: 0, appeared: 0,
          disappeared: 0, moved: 0, other: 0, largestMove: 0, firstFrames: nil)])
    }
    for finding in difference.findingsIntroduced { introduced.add(finding) }
    for finding in difference.findingsFixed { fixed.add(finding) }
  }

  private static let appeared: UInt8 = 1, disappeared: UInt8 = 2, moved: UInt8 = 4
  private static let text: UInt8 = 8, other: UInt8 = 16

  /// Adds `change` to its view's summary, in place. `kind` is the kind to count (0 when this
  /// event already counted it); `firstOnEvent`, whether it is the view's first change of the
  /// event.
  private static func count(
    _ change: ViewChange, kind: UInt8, firstOnEvent: Bool, into summary: inout RunDiff.ViewSummary
  ) {
    if firstOnEvent { summary.events += 1 }
    switch change.change {
    case .frame(let from, let to):
      summary.largestMove = max(summary.largestMove, from.largestEdgeMove(to: to))
      if summary.firstFrames == nil { summary.firstFrames = (from, to) }
    case .text(let from, let to):
      if summary.firstTexts == nil { summary.firstTexts = (from, to) }
    case .appeared, .disappeared: break
    default:
      let name = change.change.kindName
      if !summary.otherKinds.contains(name) { summary.otherKinds.append(name) }
    }
    switch kind {
    case appeared: summary.appeared += 1
    case disappeared: summary.disappeared += 1
    case moved: summary.moved += 1
    case text: summary.texts += 1
    case other: summary.other += 1
    default: break
    }
  }

  /// Views sorted by how many events they differ on (most first), then by name (names that
  /// differ only in normalization, which `String <` cannot order, by their bytes).
  public var viewSummaries: [RunDiff.ViewSummary] {
    views.values.sorted { a, b in
      if a.events != b.events { return a.events > b.events }
      return ViewKey.precedes(a.view, a.occurrence, b.view, b.occurrence)
    }
  }

  /// Findings present in B and not in A, unique by rule and views, sorted.
  public var findingsIntroduced: [Finding] { introduced.sorted }

  /// Findings present in A and not in B, unique by rule and views, sorted.
  public var findingsFixed: [Finding] { fixed.sorted }

  /// How many things the summary holds: views, distinct findings and the first difference.
  /// It depends on the runs' views and findings, not on how many events differ (tests check
  /// it stays put as a diff grows).
  public var retainedItems: Int {
    views.count + introduced.count + fixed.count + (firstDifference == nil ? 0 : 1)
  }
}

/// Findings unique by key (bytes): per key the one a sort of every finding seen would put
/// first (the least, the earliest of equals), so `sorted` equals sorting them all and keeping
/// each key's first.
private struct UniqueFindings: Sendable {
  private var byKey: [ByteKey: (finding: Finding, order: Int)] = [:]
  private var seen = 0

  var count: Int { byKey.count }

  mutating func add(_ finding: Finding) {
    defer { seen += 1 }
    let key = ByteKey(finding.key)
    if let kept = byKey[key], !(finding < kept.finding) { return }
    byKey[key] = (finding, seen)
  }

  /// Sorted, the earliest seen first among equals (as a stable sort of them all would).
  var sorted: [Finding] {
    byKey.values.sorted { a, b in
      if a.finding < b.finding { return true }
      if b.finding < a.finding { return false }
      return a.order < b.order
    }.map(\.finding)
  }
}
