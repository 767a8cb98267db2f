import Findings
import HeadlessUIKit
import Replay

// The text and JSON reports of a diff in three parts: what comes before the events (from the
// summary), each event, what comes after. `RunDiff.text` and `.json` join them; `navsim diff`
// writes them as the diff runs (`SnapshotStore.writeDiff`), so both give the same bytes.

// MARK: - Text

extension RunDiffSummary {
  /// The text report up to its detailed events: the verdict, the first difference, per view
  /// what changed, the findings introduced and fixed, and the blank line before the events.
  /// For identical runs, the whole report.
  public func textHead() -> String {
    var lines: [String] = []
    let a = "\(labelA) (\(delegateA))", b = "\(labelB) (\(delegateB))"
    if isIdentical {
      lines.append("identical: \(a) and \(b) agree on all \(eventsCompared) events")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("\(differingEvents) of \(eventsCompared) events differ between \(a) and \(b)")
    if tolerance > 0 { lines.append("(moves of at most \(pointText(tolerance)) pt ignored)") }
    if let first = firstDifference {
      let t = formatFixed(Double(first.t) / 1000, 3)
      lines.append("first difference: event \(first.seq) (\(first.event), t=\(t) s)")
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
          parts.append(
            "text on \(summary.texts) (\(quoted(texts.from)) -> \(quoted(texts.to)) first)")
        }
        if summary.other > 0 { parts.append(summary.otherText) }
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
        let views = finding.views.joined(separator: ",")
        lines.append(
          "  + finding in \(labelB): [\(finding.severity.rawValue)] \(finding.ruleID) \(views): "
            + finding.message)
      }
      for finding in fixed {
        let views = finding.views.joined(separator: ",")
        lines.append(
          "  - finding only in \(labelA): [\(finding.severity.rawValue)] \(finding.ruleID) "
            + "\(views): \(finding.message)")
      }
    }
    lines.append("")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One detailed event of the text report, its lines each ending in a newline.
  public static func textDetail(_ difference: EventDifference) -> String {
    var lines: [String] = []
    let t = formatFixed(Double(difference.t) / 1000, 3)
    lines.append("event \(difference.seq) \(difference.event) t=\(t):")
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
    return lines.joined(separator: "\n") + "\n"
  }

  /// The text report after `maxEvents` detailed events: how many more differ, if any.
  public func textTail(maxEvents: Int) -> String {
    guard !isIdentical, differingEvents > maxEvents else { return "" }
    return "... \(differingEvents - maxEvents) more differing events (--json lists all)\n"
  }
}

extension RunDiff.ViewSummary {
  /// Its other changes as reports name them: `state on 3`, or `other changes on 3 (z-order,
  /// state)` for several kinds (none named: a summary built without them).
  public var otherText: String {
    otherKinds.count == 1
      ? "\(otherKinds[0]) on \(other)"
      : "other changes on \(other)"
        + (otherKinds.isEmpty ? "" : " (\(otherKinds.joined(separator: ", ")))")
  }
}

// MARK: - JSON

extension RunDiffSummary {
  /// The JSON object (sorted keys) up to its events: `{"a":…,"b":…,"differingEvents":N,
  /// "events":[`. The events follow, comma separated (`json(of:)`), then `jsonTail`.
  public var jsonHead: String {
    let members = [
      ("a", JSONText.object([
        ("delegate", JSONText.quote(delegateA)), ("label", JSONText.quote(labelA)),
      ])),
      ("b", JSONText.object([
        ("delegate", JSONText.quote(delegateB)), ("label", JSONText.quote(labelB)),
      ])),
      ("differingEvents", String(differingEvents)),
    ]
    return "{" + members.map { JSONText.quote($0.0) + ":" + $0.1 + "," }.joined()
      + JSONText.quote("events") + ":["
  }

  /// One differing event as a JSON object (sorted keys).
  public static func json(of difference: EventDifference) -> String {
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

  /// The JSON object after its events: `],"eventsCompared":…,"views":[…]}`.
  public var jsonTail: String {
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
    let members = [
      ("eventsCompared", String(eventsCompared)),
      ("findingsFixed", JSONText.array(findingsFixed.map(\.json))),
      ("findingsIntroduced", JSONText.array(findingsIntroduced.map(\.json))),
      ("identical", JSONText.bool(isIdentical)), ("tolerance", JSONText.point(tolerance)),
      ("views", JSONText.array(views)),
    ]
    return "]," + members.map { JSONText.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}
