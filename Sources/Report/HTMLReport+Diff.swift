import Findings
import HeadlessUIKit
import Replay
import Snapshots

// The HTML report of a diff: runs A and B side by side on the same event, the changed views
// highlighted with their delta, a timeline that marks every event that differs, and a
// summary table of the changes per view.

extension HTMLReport {
  /// The report comparing two runs of one recording.
  /// - Parameters:
  ///   - runA: run A's record; `runB` likewise.
  ///   - framesA: run A's events in seq order; `framesB` likewise.
  ///   - layouts: the layouts both runs' frames refer to, by hash.
  ///   - diff: the comparison of the two runs (`RunDiff`), whose differences the page marks.
  /// - Complexity: O(frames + differences + the total size of the distinct layouts).
  public static func diffPage(
    runA: RunInfo, runB: RunInfo, framesA: [StoredFrame], framesB: [StoredFrame],
    layouts: [String: LayoutState], diff: RunDiff
  ) -> String {
    diffPage(runA: runA, runB: runB, framesA: framesA, framesB: framesB, layouts: layouts) {
      consume in
      for difference in diff.differences { consume(difference) }
      return diff.summary
    }
  }

  /// The report comparing two runs of one recording, marking differences as they stream past:
  /// `differences` hands each differing event, in seq order, to the closure it is given and
  /// returns the diff's summary (`SnapshotStore.diff(labelA:labelB:tolerance:each:)`). The
  /// page keeps each distinct set of differences once, not every differing event; a
  /// difference on an event neither run has is left out.
  ///
  /// The same page as `SnapshotStore.writeDiffReport` writes from the store, built in memory.
  /// - Throws: what `differences` throws.
  public static func diffPage(
    runA: RunInfo, runB: RunInfo, framesA: [StoredFrame], framesB: [StoredFrame],
    layouts: [String: LayoutState],
    differences: ((EventDifference) -> Void) throws -> RunDiffSummary
  ) rethrows -> String {
    let pairs = alignBySeq(framesA, framesB)
    var indexOfSeq: [Int64: Int] = [:]
    // Held whole in memory: no scratch file, so none can fail.
    let writer = DiffPageWriter(runA: runA, runB: runB, bufferLimit: .max, spilling: false)
    for (index, pair) in pairs.enumerated() {
      indexOfSeq[(pair.b ?? pair.a)!.seq] = index
      inMemory {
        try writer.add(
          AlignedFrames(
            a: pair.a, b: pair.b, layoutA: pair.a.flatMap { layouts[$0.layoutHash] },
            layoutB: pair.b.flatMap { layouts[$0.layoutHash] }))
      }
    }
    let summary = try differences { difference in
      guard let frame = indexOfSeq[difference.seq] else { return }
      inMemory { try writer.mark(difference, at: frame) }
    }
    var page = ""
    inMemory { try writer.finish(summary) { page += $0 } }
    return page
  }

  // MARK: - Pieces

  /// The frames of two runs paired by seq, in seq order.
  static func alignBySeq(_ a: [StoredFrame], _ b: [StoredFrame]) -> [(a: StoredFrame?, b: StoredFrame?)] {
    var pairs: [(a: StoredFrame?, b: StoredFrame?)] = []
    pairs.reserveCapacity(max(a.count, b.count))
    var i = 0, j = 0
    while i < a.count || j < b.count {
      if j >= b.count || (i < a.count && a[i].seq < b[j].seq) {
        pairs.append((a[i], nil)); i += 1
      } else if i >= a.count || b[j].seq < a[i].seq {
        pairs.append((nil, b[j])); j += 1
      } else {
        pairs.append((a[i], b[j])); i += 1; j += 1
      }
    }
    return pairs
  }

  /// One event's differences: `[stateChanges, viewChanges, introduced, fixed, missingIn]`;
  /// a view change is `[view, line, delta, fromRect|null, toRect|null(, occurrence, name)]`,
  /// the occurrence and the name reports give it (`badge (2nd)`) only for a later node of a
  /// repeated id.
  static func encodeDifference(_ difference: EventDifference, data: ReportData) -> String {
    func rect(_ r: SnapshotRect?) -> String {
      r.map {
        JSONText.array([
          pointText($0.x), pointText($0.y), pointText($0.width), pointText($0.height),
        ])
      } ?? "null"
    }
    func finding(_ f: Finding) -> String {
      JSONText.array([
        f.severity == .error ? "1" : "0", String(data.string(f.ruleID)),
        JSONText.array(f.views.map { String(data.string($0)) }), String(data.string(f.message)),
      ])
    }
    let states = difference.stateChanges.map {
      JSONText.array([String(data.string($0.field)), String(data.string($0.from)), String(data.string($0.to))])
    }
    let views = difference.viewChanges.map { change -> String in
      var from: SnapshotRect?, to: SnapshotRect?
      switch change.change {
      case .appeared(let frame): to = frame
      case .disappeared(let frame): from = frame
      case .frame(let a, let b): (from, to) = (a, b)
      default: break
      }
      return JSONText.array([
        String(data.string(change.view)), String(data.string(change.textLine)),
        String(data.string(delta(change.change))), rect(from), rect(to),
      ]
        + (change.occurrence == 1
          ? [] : [String(change.occurrence), String(data.string(change.name))]))
    }
    return JSONText.array([
      JSONText.array(states), JSONText.array(views),
      JSONText.array(difference.findingsIntroduced.map(finding)),
      JSONText.array(difference.findingsFixed.map(finding)),
      difference.missingIn.map { String(data.string($0)) } ?? "-1",
    ])
  }

  /// The few words drawn next to a changed view in picture B: `Δy +12`, `new`, `hidden`...
  static func delta(_ change: ViewChange.Change) -> String {
    func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + distanceText(value) }
    switch change {
    case .appeared: return "new"
    case .disappeared: return "gone"
    case .frame(let from, let to):
      var parts: [String] = []
      for (axis, a, b) in [
        ("x", from.x, to.x), ("y", from.y, to.y), ("w", from.width, to.width),
        ("h", from.height, to.height),
      ] where a != b && distanceText(b - a) != "0" {
        parts.append("Δ\(axis) " + signed(b - a))
      }
      return parts.joined(separator: " ")
    case .hidden(_, let to): return to ? "hidden" : "shown"
    case .alpha(let from, let to): return "α \(pointText(from))→\(pointText(to))"
    case .parent: return "parent"
    case .zOrder(let from, let to): return "z \(from)→\(to)"
    case .corners: return "corners"
    case .text(_, let to): return to.map { "text \u{201C}\($0)\u{201D}" } ?? "no text"
    case .kind(let from, let to): return "kind \(from.rawValue)→\(to.rawValue)"
    case .state(_, let to): return to.map { "state \($0)" } ?? "no state"
    }
  }

  /// The "other" column of a view's row: the count, and the kinds as the text report names
  /// them, the first seen first: `40 (z-order, state)`, `12 (state)`; `0` for none.
  static func otherCell(_ summary: RunDiff.ViewSummary) -> String {
    guard summary.other > 0, !summary.otherKinds.isEmpty else { return String(summary.other) }
    return "\(summary.other) (\(escapeXML(summary.otherKinds.joined(separator: ", "))))"
  }

  /// The summary above the pictures: the verdict, the per-view table (a row jumps to the
  /// view's first difference), findings introduced and fixed. All text escaped.
  /// - Parameter firstDifferenceFrame: the frame of `diff`'s first difference (nil: none
  ///   shown, and its event is not linked).
  static func summaryHTML(
    _ diff: RunDiffSummary, firstFrameOfView: [ViewKey: Int], firstDifferenceFrame: Int?
  ) -> String {
    let a = "\(escapeXML(diff.labelA)) (\(escapeXML(diff.delegateA)))"
    let b = "\(escapeXML(diff.labelB)) (\(escapeXML(diff.delegateB)))"
    var out = "<section class=\"summary\" id=\"summary\">"
    if diff.isIdentical {
      out += "<p class=\"identical\">Identical: \(a) and \(b) agree on all \(diff.eventsCompared) events.</p>"
      return out + "</section>"
    }
    out += "<p><span class=\"differs\">\(diff.differingEvents) of \(diff.eventsCompared)"
      + " events differ</span>"
    out += " between A = \(a) and B = \(b)"
    if diff.tolerance > 0 { out += " (moves of at most \(pointText(diff.tolerance)) pt ignored)" }
    if let first = diff.firstDifference, let frame = firstDifferenceFrame {
      out += "; first at <a href=\"#seq=\(first.seq)\" data-frame=\"\(frame)\">event \(first.seq)</a>"
        + " (\(escapeXML(first.event)))"
    }
    out += ".</p><div class=\"columns\">"
    let summaries = diff.viewSummaries
    if !summaries.isEmpty {
      out += "<table id=\"view-summary\"><thead><tr><th>view</th><th>events</th><th>only in B</th>"
        + "<th>only in A</th><th>moved</th><th>largest move</th><th>text</th><th>other</th>"
        + "<th>first change, A → B</th></tr></thead><tbody>"
      for summary in summaries {
        let frame = firstFrameOfView[ViewKey(summary)].map { " data-frame=\"\($0)\"" } ?? ""
        out += "<tr\(frame)><td>\(escapeXML(summary.name))</td><td class=\"n\">\(summary.events)</td>"
          + "<td class=\"n\">\(summary.appeared)</td><td class=\"n\">\(summary.disappeared)</td>"
          + "<td class=\"n\">\(summary.moved)</td>"
          + "<td class=\"n\">"
          + (summary.moved > 0 ? distanceText(summary.largestMove) + " pt" : "") + "</td>"
          + "<td class=\"n\">\(summary.texts)</td><td class=\"n\">\(otherCell(summary))</td><td>"
          + [
            summary.firstFrames.map { "\($0.from.shortText) → \($0.to.shortText)" },
            summary.firstTexts.map { "text \(escapeXML(quoted($0.from))) → \(escapeXML(quoted($0.to)))" },
          ].compactMap { $0 }.joined(separator: "; ")
          + "</td></tr>"
      }
      out += "</tbody></table>"
    }
    let introduced = diff.findingsIntroduced, fixed = diff.findingsFixed
    if !introduced.isEmpty || !fixed.isEmpty {
      out += "<div><ul class=\"finding-changes\">"
      for finding in introduced {
        out += "<li class=\"finding-error\"><strong>+ in B</strong> [\(finding.severity.rawValue)] "
          + "\(escapeXML(finding.ruleID)) \(escapeXML(finding.views.joined(separator: ", "))): "
          + "\(escapeXML(finding.message))</li>"
      }
      for finding in fixed {
        out += "<li><strong>− only in A</strong> [\(finding.severity.rawValue)] "
          + "\(escapeXML(finding.ruleID)) \(escapeXML(finding.views.joined(separator: ", "))): "
          + "\(escapeXML(finding.message))</li>"
      }
      out += "</ul></div>"
    }
    return out + "</div></section>"
  }
}
