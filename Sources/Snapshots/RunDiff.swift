import Findings
import HeadlessUIKit
import Replay
import TextBytes

// Diffing two runs of one recording event by event, and the report a user reads.

/// The comparison of two runs of the same recording.
public struct RunDiff: Sendable {
  public var labelA: String
  public var labelB: String
  public var delegateA: String
  public var delegateB: String
  public var tolerance: Double
  public var eventsCompared: Int
  /// Every event that differs, in seq order.
  public var differences: [EventDifference]

  public var isIdentical: Bool { differences.isEmpty }

  /// Per view: on how many events it differs, and how.
  public struct ViewSummary: Equatable, Sendable {
    public var view: String
    /// Which node of the id (`ViewChange.occurrence`): 1 but for a later node of a repeated id.
    public var occurrence = 1
    public var events: Int
    public var appeared: Int
    public var disappeared: Int
    public var moved: Int
    /// Events with other changes: hidden, alpha, parent, z-order, corners, kind, state.
    public var other: Int
    /// Events on which the text an app label or button shows differs.
    public var texts = 0
    /// The largest edge move seen, points.
    public var largestMove: Double
    /// The first frame change seen: where A had it, where B has it.
    public var firstFrames: (from: SnapshotRect, to: SnapshotRect)?
    /// The first text change seen: what A showed, what B shows (nil: no text).
    public var firstTexts: (from: String?, to: String?)?
    /// The kinds of the other changes, as the text report names them (`z-order`, `state`,
    /// `hidden`...), the first seen first.
    public var otherKinds: [String] = []

    /// The view as reports name it (`ViewChange.name`).
    public var name: String { viewName(view, occurrence: occurrence) }

    /// Texts (the view's name, its first texts) compared byte for byte (`sameBytes`), as the
    /// diff compares them.
    public static func == (a: ViewSummary, b: ViewSummary) -> Bool {
      guard sameBytes(a.view, b.view), a.occurrence == b.occurrence, a.events == b.events,
        a.appeared == b.appeared, a.disappeared == b.disappeared, a.moved == b.moved, a.other == b.other,
        a.largestMove == b.largestMove, a.firstFrames?.from == b.firstFrames?.from,
        a.firstFrames?.to == b.firstFrames?.to, a.texts == b.texts,
        a.otherKinds == b.otherKinds
      else { return false }
      switch (a.firstTexts, b.firstTexts) {
      case (nil, nil): return true
      case (let x?, let y?): return sameBytes(x.from, y.from) && sameBytes(x.to, y.to)
      default: return false
      }
    }
  }

  /// The summary of the differences (`RunDiffSummary`): counts, per view, findings.
  public var summary: RunDiffSummary {
    var summary = RunDiffSummary(
      labelA: labelA, labelB: labelB, delegateA: delegateA, delegateB: delegateB,
      tolerance: tolerance, eventsCompared: eventsCompared)
    for difference in differences { summary.add(difference) }
    return summary
  }

  /// Views sorted by how many events they differ on (most first), then by name (names that
  /// differ only in normalization, which `String <` cannot order, by their bytes).
  public var viewSummaries: [ViewSummary] { summary.viewSummaries }

  /// Findings present in B and not in A, unique by rule and views, sorted.
  public var findingsIntroduced: [Finding] { summary.findingsIntroduced }

  /// Findings present in A and not in B, unique by rule and views, sorted.
  public var findingsFixed: [Finding] { summary.findingsFixed }
}

/// A view in a diff: its id's bytes and which node of that id (`ViewChange.occurrence`).
package struct ViewKey: Hashable, Sendable {
  package var id: ByteKey
  package var occurrence: Int

  package init(_ change: ViewChange) {
    id = ByteKey(change.view)
    occurrence = change.occurrence
  }

  package init(_ summary: RunDiff.ViewSummary) {
    id = ByteKey(summary.view)
    occurrence = summary.occurrence
  }

  /// The order reports list views in (after their counts): by name, then by bytes for names
  /// `String <` cannot order (they differ only in normalization), then by occurrence.
  package static func precedes(_ a: String, _ m: Int, _ b: String, _ n: Int) -> Bool {
    if a != b { return a < b }
    if !sameBytes(a, b) { return bytesPrecede(a, b) }
    return m < n
  }
}

extension SnapshotRect {
  /// The largest distance any edge moved.
  func largestEdgeMove(to other: SnapshotRect) -> Double {
    max(abs(x - other.x), abs(y - other.y), abs(maxX - other.maxX), abs(maxY - other.maxY))
  }

  /// `(x, y, wxh)` with each value as UIKit prints it: `(16, 59.3333, 361x20.3333)`.
  package var shortText: String {
    "(\(pointText(x)), \(pointText(y)), \(pointText(width))x\(pointText(height)))"
  }
}

/// A distance between two frames' values as UIKit would print it. Frames read back from
/// snapshot text carry six significant digits, so the difference of two pixel edges comes out a
/// little off the grid (388.667 - 388.333 = 0.334); a difference within 0.002 pt of a whole
/// number of sixths of a point (every pixel step at 2x and 3x) prints as that step: 0.333333.
package func distanceText(_ value: Double) -> String {
  let sixths = (value * 6).rounded()
  return pointText(abs(value * 6 - sixths) < 0.012 ? sixths / 6 : value)
}

// MARK: - Text

extension ViewChange.Change {
  /// The change's kind as the text report names it: `appeared`, `moved`, `z-order`, `state`...
  var kindName: String {
    switch self {
    case .appeared: "appeared"
    case .disappeared: "disappeared"
    case .frame: "moved"
    case .hidden: "hidden"
    case .alpha: "alpha"
    case .parent: "parent"
    case .zOrder: "z-order"
    case .corners: "corners"
    case .text: "text"
    case .kind: "kind"
    case .state: "state"
    }
  }
}

extension ViewChange {
  /// One line: `turnCard moved (0, 59, 393x120) -> (0, 47.3333, 393x120) Δy -11.6667`.
  public var textLine: String {
    let view = name
    switch change {
    case .appeared(let frame): return "\(view) appeared at \(frame.shortText)"
    case .disappeared(let frame): return "\(view) disappeared (was at \(frame.shortText))"
    case .frame(let from, let to):
      var deltas: [String] = []
      for (axis, a, b) in [
        ("x", from.x, to.x), ("y", from.y, to.y), ("w", from.width, to.width),
        ("h", from.height, to.height),
      ] where a != b {
        let delta = distanceText(b - a)
        if delta != "0" { deltas.append("Δ\(axis) " + delta) }
      }
      let verb = (from.width == to.width && from.height == to.height) ? "moved" : "resized"
      return "\(view) \(verb) \(from.shortText) -> \(to.shortText) \(deltas.joined(separator: " "))"
    case .hidden(let from, let to):
      return "\(view) \(to ? "hidden" : "shown") (was \(from ? "hidden" : "visible"))"
    case .alpha(let from, let to):
      return "\(view) alpha \(pointText(from)) -> \(pointText(to))"
    case .parent(let from, let to): return "\(view) parent \(from) -> \(to)"
    case .zOrder(let from, let to): return "\(view) z-order \(from) -> \(to)"
    case .corners(let from, let to):
      return "\(view) corners [\(from.joined(separator: ","))] -> [\(to.joined(separator: ","))]"
    case .text(let from, let to):
      return "\(view) text \(quoted(from)) -> \(quoted(to))"
    case .kind(let from, let to): return "\(view) kind \(from.rawValue) -> \(to.rawValue)"
    case .state(let from, let to):
      return "\(view) state \(tokenText(from)) -> \(tokenText(to))"
    }
  }
}

/// A label's text in double quotes, `none` for a view that shows no text.
package func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }

extension RunDiff {
  /// The human-readable report. `maxEvents` limits how many differing events are detailed.
  public func text(maxEvents: Int = 5) -> String {
    let summary = self.summary
    var out = summary.textHead()
    if isIdentical { return out }
    for difference in differences.prefix(maxEvents) { out += RunDiffSummary.textDetail(difference) }
    return out + summary.textTail(maxEvents: maxEvents)
  }
}

// MARK: - JSON

extension ViewChange {
  var json: String {
    var pairs: [(String, String)] = []
    switch change {
    case .appeared(let frame): pairs = [("change", "\"appeared\""), ("to", frame.json)]
    case .disappeared(let frame): pairs = [("change", "\"disappeared\""), ("from", frame.json)]
    case .frame(let from, let to):
      pairs = [("change", "\"frame\""), ("from", from.json), ("to", to.json)]
    case .hidden(let from, let to):
      pairs = [("change", "\"hidden\""), ("from", JSONText.bool(from)), ("to", JSONText.bool(to))]
    case .alpha(let from, let to):
      pairs = [("change", "\"alpha\""), ("from", JSONText.point(from)), ("to", JSONText.point(to))]
    case .parent(let from, let to):
      pairs = [("change", "\"parent\""), ("from", JSONText.quote(from)), ("to", JSONText.quote(to))]
    case .zOrder(let from, let to):
      pairs = [("change", "\"zOrder\""), ("from", String(from)), ("to", String(to))]
    case .corners(let from, let to):
      pairs = [
        ("change", "\"corners\""), ("from", JSONText.array(from.map(JSONText.quote))),
        ("to", JSONText.array(to.map(JSONText.quote))),
      ]
    case .text(let from, let to), .state(let from, let to):
      let kind = if case .text = change { "\"text\"" } else { "\"state\"" }
      pairs = [
        ("change", kind), ("from", from.map(JSONText.quote) ?? "null"),
        ("to", to.map(JSONText.quote) ?? "null"),
      ]
    case .kind(let from, let to):
      pairs = [
        ("change", "\"kind\""), ("from", JSONText.quote(from.rawValue)),
        ("to", JSONText.quote(to.rawValue)),
      ]
    }
    // Sorted keys: `occurrence` (only for a later node of a repeated id) before `to`.
    if occurrence != 1 {
      let at = pairs.firstIndex { $0.0 == "to" } ?? pairs.count
      pairs.insert(("occurrence", String(occurrence)), at: at)
    }
    return JSONText.object(pairs + [("view", JSONText.quote(view))])
  }
}

extension RunDiff {
  /// The whole diff as one JSON object (sorted keys).
  public var json: String {
    let summary = self.summary
    return summary.jsonHead + differences.map(RunDiffSummary.json(of:)).joined(separator: ",")
      + summary.jsonTail
  }
}
