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
  /// page keeps each distinct set of differences once, not every differing event.
  /// - Throws: what `differences` throws.
  public static func diffPage(
    runA: RunInfo, runB: RunInfo, framesA: [StoredFrame], framesB: [StoredFrame],
    layouts: [String: LayoutState],
    differences: ((EventDifference) -> Void) throws -> RunDiffSummary
  ) rethrows -> String {
    let data = ReportData(layouts: layouts)
    let pairs = alignBySeq(framesA, framesB)
    var seq: [String] = [], t: [String] = [], event: [String] = [], detail: [String] = []
    var layoutA: [String] = [], layoutB: [String] = [], findingsA: [String] = []
    var findingsB: [String] = []
    var indexOfSeq: [Int64: Int] = [:]
    // One recording: the same facts on both sides, each drawn into its own layout.
    let screens = ScreenTables()
    var content = ScreenContent(tripStart: runA.tripStart)
    var screenA: [String] = [], screenB: [String] = [], map: [String] = []
    for (index, pair) in pairs.enumerated() {
      let shown = (pair.b ?? pair.a)!
      content.apply(shown)
      screenA.append(String(screens.screen(pair.a.flatMap { layouts[$0.layoutHash] }, content: content)))
      screenB.append(String(screens.screen(pair.b.flatMap { layouts[$0.layoutHash] }, content: content)))
      map.append(screens.map(content))
      indexOfSeq[shown.seq] = index
      seq.append(String(shown.seq))
      t.append(String(shown.t))
      event.append(String(data.string(shown.event)))
      detail.append(data.payload(shown.detail))
      layoutA.append(String(pair.a.map { data.layout(hash: $0.layoutHash) } ?? -1))
      layoutB.append(String(pair.b.map { data.layout(hash: $0.layoutHash) } ?? -1))
      findingsA.append(String(data.findingSet(pair.a?.findings ?? [])))
      findingsB.append(String(data.findingSet(pair.b?.findings ?? [])))
    }
    let events = pairs.map { ($0.b ?? $0.a)!.event }
    let lineA = timeline(
      events: events, layoutHashes: pairs.map { $0.a?.layoutHash }, layouts: layouts,
      findings: pairs.map { !($0.a?.findings.isEmpty ?? true) })
    let lineB = timeline(
      events: events, layoutHashes: pairs.map { $0.b?.layoutHash }, layouts: layouts,
      findings: pairs.map { !($0.b?.findings.isEmpty ?? true) })

    // Each distinct set of differences is stored once; events refer to it.
    var signatures: [String] = [], signatureIndex: [String: Int] = [:]
    var differing: [Int] = [], differingSignature: [Int] = []
    // By the views' bytes and occurrence, as the diff tells views apart.
    var firstFrameOfView: [ViewKey: Int] = [:]
    let summary = try differences { difference in
      guard let frame = indexOfSeq[difference.seq] else { return }
      let encoded = encodeDifference(difference, data: data)
      let signature = signatureIndex[encoded] ?? {
        signatures.append(encoded)
        signatureIndex[encoded] = signatures.count - 1
        return signatures.count - 1
      }()
      differing.append(frame)
      differingSignature.append(signature)
      for change in difference.viewChanges where firstFrameOfView[ViewKey(change)] == nil {
        firstFrameOfView[ViewKey(change)] = frame
      }
    }
    let differs = TimelineRow(name: "differs", color: "#d01884", frames: differing)
    let changes = mergeSorted(lineA.layout.frames, lineB.layout.frames)
    let marks = [
      differs, TimelineRow(name: "layout change", color: "#5f6368", frames: changes),
      TimelineRow(name: "state", color: "#188038", frames: mergeSorted(lineA.state.frames, lineB.state.frames)),
      lineB.prompts,
      TimelineRow(name: "size", color: "#1a73e8", frames: mergeSorted(lineA.size.frames, lineB.size.frames)),
      TimelineRow(
        name: "speed widget", color: "#e37400", frames: mergeSorted(lineA.speed.frames, lineB.speed.frames)),
      TimelineRow(name: "finding A", color: "#d93025", frames: lineA.findings.frames),
      TimelineRow(name: "finding B", color: "#a50e0e", frames: lineB.findings.frames),
    ]
    let frames = JSONText.object([
      ("detail", JSONText.array(detail)), ("event", JSONText.array(event)),
      ("findings", JSONText.array([JSONText.array(findingsA), JSONText.array(findingsB)])),
      ("layout", JSONText.array([JSONText.array(layoutA), JSONText.array(layoutB)])),
      ("map", JSONText.array(map)),
      ("screen", JSONText.array([JSONText.array(screenA), JSONText.array(screenB)])),
      ("seq", JSONText.array(seq)), ("t", JSONText.array(t)),
    ])
    let navigation = JSONText.object([
      ("changes", JSONText.array(changes.map(String.init))),
      ("differences", JSONText.array(differing.map(String.init))),
      ("findings", JSONText.array(
        mergeSorted(lineA.findings.frames, lineB.findings.frames).map(String.init))),
    ])
    let differences = JSONText.object([
      ("frames", JSONText.array(differing.map(String.init))),
      ("signature", JSONText.array(differingSignature.map(String.init))),
      ("signatures", JSONText.array(signatures)),
    ])
    let json = data.json(page: "diff", extra: [
      ("diff", differences), ("frames", frames), ("marks", JSONText.array(marks.map(\.json))),
      ("nav", navigation), ("runs", JSONText.array([ReportData.runJSON(runA), ReportData.runJSON(runB)])),
    ] + screens.members)
    let heading = "\(escapeXML(runB.recordingName)) · <span class=\"label\">"
      + "\(escapeXML(runA.label))</span> <span class=\"delegate\">(\(escapeXML(runA.delegate)))</span>"
      + " vs <span class=\"label\">\(escapeXML(runB.label))</span> <span class=\"delegate\">"
      + "(\(escapeXML(runB.delegate)))</span>"
    let meta = "\(pairs.count) events · \(Set(framesA.map(\.layoutHash)).count) / "
      + "\(Set(framesB.map(\.layoutHash)).count) distinct layouts · navsim "
      + "\(escapeXML(runA.navsimVersion)) / \(escapeXML(runB.navsimVersion))"
    return page(
      kind: "diff",
      title: "NavSim diff: \(runA.label) (\(runA.delegate)) vs \(runB.label) (\(runB.delegate))",
      heading: heading, meta: meta, panes: 2,
      summary: summaryHTML(summary, firstFrameOfView: firstFrameOfView, indexOfSeq: indexOfSeq),
      data: json, script: commonScript + diffScript)
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

  /// The union of two sorted index lists, sorted, without duplicates.
  static func mergeSorted(_ a: [Int], _ b: [Int]) -> [Int] {
    var out: [Int] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count || j < b.count {
      let next: Int
      if j >= b.count || (i < a.count && a[i] < b[j]) { next = a[i]; i += 1 }
      else if i >= a.count || b[j] < a[i] { next = b[j]; j += 1 }
      else { next = a[i]; i += 1; j += 1 }
      out.append(next)
    }
    return out
  }

  /// The "other" column of a view's row: the count, and the kinds as the text report names
  /// them, the first seen first: `40 (z-order, state)`, `12 (state)`; `0` for none.
  static func otherCell(_ summary: RunDiff.ViewSummary) -> String {
    guard summary.other > 0, !summary.otherKinds.isEmpty else { return String(summary.other) }
    return "\(summary.other) (\(escapeXML(summary.otherKinds.joined(separator: ", "))))"
  }

  /// The summary above the pictures: the verdict, the per-view table (a row jumps to the
  /// view's first difference), findings introduced and fixed. All text escaped.
  static func summaryHTML(
    _ diff: RunDiffSummary, firstFrameOfView: [ViewKey: Int], indexOfSeq: [Int64: Int]
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
    if let first = diff.firstDifference, let frame = indexOfSeq[first.seq] {
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
