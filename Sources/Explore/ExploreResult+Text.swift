import HeadlessUIKit
import JSON
import NavSimCheck
import Replay
import SessionEvents

// The search's table for people and its JSON for machines. Both depend only on the result,
// so the same seed, layout and NavSim version print the same bytes for any --jobs.

extension ExploreResult {
  /// How to replay a minimal trip: `navsim lint FILE --delegate NAME` (or `--screen`).
  public func replayCommand(_ finding: ExploreFinding, invocation: String = "navsim") -> String {
    // Parsed as every command parses a subject (`screen:` found in the bytes).
    let option: String
    switch LayoutSubject(text: subject) {
    case .screen(let name): option = "--screen " + name
    case .delegate(let name): option = "--delegate " + name
    }
    let profile = finding.profilePath.map { " --profile " + $0 } ?? ""
    let text = finding.contentSize == .large ? "" : " --content-size " + finding.contentSize.name
    return "\(invocation) lint \(finding.logPath ?? "(not written: no --out)") \(option)\(profile)"
      + text
  }

  /// The table: one row a distinct finding.
  public func text(invocation: String = "navsim") -> String {
    var lines = [
      "explored \(tripsRun) trips of seed \(seed) through '\(subject)': "
        + "\(eventsReplayed) events, \(findings.count) distinct finding"
        + (findings.count == 1 ? "" : "s")
    ]
    guard !findings.isEmpty else { return lines.joined(separator: "\n") + "\n" }
    let header = ["RULE", "SEVERITY", "VIEWS", "CODE", "DEVICE", "EVENTS", "TRIP"]
    var rows = [header]
    for finding in findings {
      rows.append([
        finding.finding.ruleID, finding.finding.severity.rawValue,
        finding.finding.views.joined(separator: ","),
        finding.finding.source?.shortDescription ?? "-",
        finding.scenario.device.name + (finding.scenario.layoutDirection == "rtl" ? " rtl" : "")
          + (finding.profile.isEmpty ? "" : " +profile")
          + (finding.contentSize == .large ? "" : " " + finding.contentSize.name),
        "\(finding.eventsBefore) -> \(finding.eventsAfter)",
        "#\(finding.tripIndex)",
      ])
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      lines.append(
        row.enumerated().map { column, cell in
          column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }.joined(separator: "  "))
    }
    lines.append("")
    for (number, finding) in findings.enumerated() {
      lines.append("\(number + 1). \(finding.finding.severity.rawValue): \(finding.finding.message)")
      lines.append("   replay: \(replayCommand(finding, invocation: invocation))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One JSON object, keys sorted.
  public func json(invocation: String = "navsim") -> String {
    var writer = JSONWriter()
    writer.raw("{")
    writer.key("eventsReplayed")
    writer.integer(Int64(eventsReplayed))
    writer.raw(",")
    writer.key("findings")
    writer.raw("[")
    for (index, finding) in findings.enumerated() {
      if index > 0 { writer.raw(",") }
      writer.raw("{")
      writer.key("contentSize")
      writer.string(finding.contentSize.name)
      writer.raw(",")
      writer.key("device")
      writer.string(finding.scenario.device.name)
      writer.raw(",")
      writer.key("direction")
      writer.string(finding.scenario.layoutDirection)
      writer.raw(",")
      writer.key("eventsAfter")
      writer.integer(Int64(finding.eventsAfter))
      writer.raw(",")
      writer.key("eventsBefore")
      writer.integer(Int64(finding.eventsBefore))
      writer.raw(",")
      writer.key("firstSeq")
      writer.integer(finding.firstSeq)
      writer.raw(",")
      writer.key("log")
      if let path = finding.logPath { writer.string(path) } else { writer.null() }
      writer.raw(",")
      writer.key("message")
      writer.string(finding.finding.message)
      writer.raw(",")
      writer.key("profile")
      if finding.profile.isEmpty { writer.null() } else { writer.string(finding.profile.key) }
      writer.raw(",")
      writer.key("replay")
      writer.string(replayCommand(finding, invocation: invocation))
      writer.raw(",")
      writer.key("rule")
      writer.string(finding.finding.ruleID)
      writer.raw(",")
      writer.key("scriptedAfter")
      writer.integer(Int64(finding.scriptedAfter))
      writer.raw(",")
      writer.key("scriptedBefore")
      writer.integer(Int64(finding.scriptedBefore))
      writer.raw(",")
      writer.key("severity")
      writer.string(finding.finding.severity.rawValue)
      writer.raw(",")
      writer.key("shrinkSteps")
      writer.integer(Int64(finding.shrinkSteps))
      writer.raw(",")
      writer.key("source")
      if let source = finding.finding.source { writer.string(source.description) } else { writer.null() }
      writer.raw(",")
      writer.key("trip")
      writer.integer(Int64(finding.tripIndex))
      writer.raw(",")
      writer.key("views")
      writer.raw("[")
      for (i, view) in finding.finding.views.enumerated() {
        if i > 0 { writer.raw(",") }
        writer.string(view)
      }
      writer.raw("]}")
    }
    writer.raw("],")
    writer.key("seed")
    writer.integer(Int64(bitPattern: seed))
    writer.raw(",")
    writer.key("subject")
    writer.string(subject)
    writer.raw(",")
    writer.key("tripsRun")
    writer.integer(Int64(tripsRun))
    writer.raw("}")
    return writer.output
  }
}
