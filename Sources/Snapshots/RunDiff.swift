import Findings
import HeadlessUIKit
import Replay

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

  /// Views sorted by how many events they differ on (most first), then by name (names that
  /// differ only in normalization, which `String <` cannot order, by their bytes).
  public var viewSummaries: [ViewSummary] {
    var byView: [ViewKey: ViewSummary] = [:]
    for difference in differences {
      // Each count is of events: a view with three kinds of change on one event counts once
      // per kind, never more than once per event.
      var kindsThisEvent: [ViewKey: Set<String>] = [:]
      for change in difference.viewChanges {
        let view = ViewKey(change)
        var summary = byView[view] ?? ViewSummary(
          view: change.view, occurrence: change.occurrence, events: 0, appeared: 0,
          disappeared: 0, moved: 0, other: 0, largestMove: 0, firstFrames: nil)
        var kinds = kindsThisEvent[view] ?? []
        if kinds.isEmpty { summary.events += 1 }
        let kind: String
        switch change.change {
        case .appeared: kind = "appeared"
        case .disappeared: kind = "disappeared"
        case .frame(let from, let to):
          kind = "moved"
          summary.largestMove = max(summary.largestMove, from.largestEdgeMove(to: to))
          if summary.firstFrames == nil { summary.firstFrames = (from, to) }
        case .text(let from, let to):
          kind = "text"
          if summary.firstTexts == nil { summary.firstTexts = (from, to) }
        default:
          kind = "other"
          let name = change.change.kindName
          if !summary.otherKinds.contains(name) { summary.otherKinds.append(name) }
        }
        if kinds.insert(kind).inserted {
          switch kind {
          case "appeared": summary.appeared += 1
          case "disappeared": summary.disappeared += 1
          case "moved": summary.moved += 1
          case "text": summary.texts += 1
          default: summary.other += 1
          }
        }
        kindsThisEvent[view] = kinds
        byView[view] = summary
      }
    }
    return byView.values.sorted { a, b in
      if a.events != b.events { return a.events > b.events }
      return ViewKey.precedes(a.view, a.occurrence, b.view, b.occurrence)
    }
  }

  /// Findings present in B and not in A, unique by rule and views, sorted.
  public var findingsIntroduced: [Finding] {
    uniqueFindings(differences.flatMap(\.findingsIntroduced))
  }

  /// Findings present in A and not in B, unique by rule and views, sorted.
  public var findingsFixed: [Finding] {
    uniqueFindings(differences.flatMap(\.findingsFixed))
  }

  private func uniqueFindings(_ findings: [Finding]) -> [Finding] {
    var seen: Set<ByteKey> = []
    return findings.sorted().filter { seen.insert(ByteKey($0.key)).inserted }
  }
}

/// A view in a diff: its id's bytes and which node of that id (`ViewChange.occurrence`).
package struct ViewKey: Hashable {
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
    if !sameBytes(a, b) { return a.utf8.lexicographicallyPrecedes(b.utf8) }
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
    var lines: [String] = []
    let a = "\(labelA) (\(delegateA))", b = "\(labelB) (\(delegateB))"
    if isIdentical {
      lines.append("identical: \(a) and \(b) agree on all \(eventsCompared) events")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("\(differences.count) of \(eventsCompared) events differ between \(a) and \(b)")
    if tolerance > 0 { lines.append("(moves of at most \(pointText(tolerance)) pt ignored)") }
    if let first = differences.first {
      lines.append("first difference: event \(first.seq) (\(first.event), t=\(formatFixed(Double(first.t) / 1000, 3)) s)")
    }
    let summaries = viewSummaries
    if !summaries.isEmpty {
      lines.append("")
      lines.append("per view (events that differ; A -> B at the first change):")
      for summary in summaries {
        var parts = [summary.events == 1 ? "1 event" : "\(summary.events) events"]
        if summary.appeared > 0 { parts.append("only in \(labelB) on \(summary.appeared)") }
        if summary.disappeared > 0 { parts.append("only in \(labelA) on \(summary.disappeared)") }
        if summary.moved > 0 {
          parts.append("moved on \(summary.moved) (up to \(distanceText(summary.largestMove)) pt)")
        }
        if let texts = summary.firstTexts {
          parts.append("text on \(summary.texts) (\(quoted(texts.from)) -> \(quoted(texts.to)) first)")
        }
        if summary.other > 0 {
          // `state on 3`, or `other changes on 3 (z-order, state)` for several kinds (none
          // named: a summary built without them).
          let kinds = summary.otherKinds
          parts.append(
            kinds.count == 1
              ? "\(kinds[0]) on \(summary.other)"
              : "other changes on \(summary.other)"
                + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))"))
        }
        var line = "  \(summary.name): " + parts.joined(separator: ", ")
        if let frames = summary.firstFrames {
          line += "; \(frames.from.shortText) -> \(frames.to.shortText)"
        }
        lines.append(line)
      }
    }
    let introduced = findingsIntroduced, fixed = findingsFixed
    if !introduced.isEmpty || !fixed.isEmpty {
      lines.append("")
      for finding in introduced {
        lines.append("  + finding in \(labelB): [\(finding.severity.rawValue)] \(finding.ruleID) \(finding.views.joined(separator: ",")): \(finding.message)")
      }
      for finding in fixed {
        lines.append("  - finding only in \(labelA): [\(finding.severity.rawValue)] \(finding.ruleID) \(finding.views.joined(separator: ",")): \(finding.message)")
      }
    }
    lines.append("")
    for difference in differences.prefix(maxEvents) {
      lines.append("event \(difference.seq) \(difference.event) t=\(formatFixed(Double(difference.t) / 1000, 3)):")
      if let missing = difference.missingIn { lines.append("  no snapshot in \(missing)") }
      for change in difference.stateChanges {
        lines.append("  \(change.field) \(change.from) -> \(change.to)")
      }
      for change in difference.viewChanges { lines.append("  " + change.textLine) }
      for finding in difference.findingsIntroduced {
        lines.append("  + \(finding.ruleID) \(finding.views.joined(separator: ","))")
      }
      for finding in difference.findingsFixed {
        lines.append("  - \(finding.ruleID) \(finding.views.joined(separator: ","))")
      }
    }
    if differences.count > maxEvents {
      lines.append("... \(differences.count - maxEvents) more differing events (--json lists all)")
    }
    return lines.joined(separator: "\n") + "\n"
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
    let events = differences.map { difference in
      JSONText.object([
        ("event", JSONText.quote(difference.event)),
        ("findingsFixed", JSONText.array(difference.findingsFixed.map(\.json))),
        ("findingsIntroduced", JSONText.array(difference.findingsIntroduced.map(\.json))),
        ("missingIn", difference.missingIn.map(JSONText.quote) ?? "null"),
        ("seq", String(difference.seq)),
        ("stateChanges", JSONText.array(difference.stateChanges.map {
          JSONText.object([
            ("field", JSONText.quote($0.field)), ("from", JSONText.quote($0.from)),
            ("to", JSONText.quote($0.to)),
          ])
        })),
        ("t", String(difference.t)),
        ("viewChanges", JSONText.array(difference.viewChanges.map(\.json))),
      ])
    }
    let views = viewSummaries.map { summary in
      var members = [
        ("appeared", String(summary.appeared)), ("disappeared", String(summary.disappeared)),
        ("events", String(summary.events)),
      ]
      if let texts = summary.firstTexts {
        members.append(("firstTexts", JSONText.object([
          ("from", texts.from.map(JSONText.quote) ?? "null"),
          ("to", texts.to.map(JSONText.quote) ?? "null"),
        ])))
      }
      members += [
        ("largestMove", JSONText.point(summary.largestMove)), ("moved", String(summary.moved)),
      ]
      if summary.occurrence != 1 { members.append(("occurrence", String(summary.occurrence))) }
      members += [
        ("other", String(summary.other)), ("texts", String(summary.texts)),
        ("view", JSONText.quote(summary.view)),
      ]
      return JSONText.object(members)
    }
    return JSONText.object([
      ("a", JSONText.object([("delegate", JSONText.quote(delegateA)), ("label", JSONText.quote(labelA))])),
      ("b", JSONText.object([("delegate", JSONText.quote(delegateB)), ("label", JSONText.quote(labelB))])),
      ("differingEvents", String(differences.count)), ("events", JSONText.array(events)),
      ("eventsCompared", String(eventsCompared)),
      ("findingsFixed", JSONText.array(findingsFixed.map(\.json))),
      ("findingsIntroduced", JSONText.array(findingsIntroduced.map(\.json))),
      ("identical", JSONText.bool(isIdentical)), ("tolerance", JSONText.point(tolerance)),
      ("views", JSONText.array(views)),
    ])
  }
}
