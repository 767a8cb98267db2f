// How a worker process hands its result to `navsim check`: one JSON object on one line.
// Lossless for everything the reports use, so a parallel run prints what a serial one does.

import Findings
import JSON
import Replay
import SessionEvents

extension ConfigurationResult {
  /// The result without its configuration (the parent knows it), as one JSON line.
  public var wireText: String { wireText(index: nil) }

  /// `wireText`, with the configuration's position in the worker's list when given (a
  /// worker that claims configurations runs them in no fixed order).
  public func wireText(index: Int?) -> String {
    var members = [
      JSONMember("events", .number(String(events))),
      JSONMember("layoutChanges", .number(String(layoutChanges))),
      JSONMember("findings", .array(findings.map(\.wireValue))),
    ]
    if let index { members.append(JSONMember("index", .number(String(index)))) }
    var writer = JSONWriter()
    writer.value(.object(members))
    return writer.output
  }

  /// The `index` member of a result line, if it has one.
  /// - Throws: `CheckError` when the line is not JSON.
  static func wireIndex(_ wireText: String) throws -> Int? {
    do {
      return try JSONValue(parsing: wireText)["index"]?.intValue
    } catch {
      throw CheckError("a worker answered badly: \(error)")
    }
  }

  /// Parses `wireText` for `configuration`.
  /// - Throws: `CheckError` naming the configuration when the text is not a result.
  public init(wireText: String, configuration: CheckConfiguration) throws {
    func bad(_ detail: String) -> CheckError {
      CheckError("worker for '\(configuration.name)' answered badly: \(detail)")
    }
    let value: JSONValue
    do { value = try JSONValue(parsing: wireText) } catch { throw bad("\(error)") }
    guard let events = value["events"]?.intValue, let changes = value["layoutChanges"]?.intValue,
      case .array(let items)? = value["findings"]
    else { throw bad("missing events, layoutChanges or findings") }
    self.init(
      configuration: configuration, events: events, layoutChanges: changes,
      findings: try items.map { item in
        guard let finding = CheckFinding(wireValue: item) else { throw bad("bad finding") }
        return finding
      })
  }
}

extension CheckFinding {
  var wireValue: JSONValue {
    var members = [
      JSONMember("rule", .string(finding.ruleID)),
      JSONMember("severity", .string(finding.severity.rawValue)),
      JSONMember("views", .array(finding.views.map(JSONValue.string))),
      JSONMember("message", .string(finding.message)),
      JSONMember("count", .number(String(count))),
      JSONMember("firstSeq", .number(String(firstSeq))),
    ]
    if let source = finding.source {
      members.append(JSONMember("source", .string(source.description)))
    }
    return .object(members)
  }

  init?(wireValue value: JSONValue) {
    guard case .string(let rule)? = value["rule"], case .string(let severityText)? = value["severity"],
      let severity = Severity(rawValue: severityText),
      case .array(let viewValues)? = value["views"], case .string(let message)? = value["message"],
      let count = value["count"]?.intValue, let firstSeq = value["firstSeq"]?.intValue
    else { return nil }
    var views: [String] = []
    for view in viewValues {
      guard case .string(let name) = view else { return nil }
      views.append(name)
    }
    var source: FindingSource?
    if case .string(let text)? = value["source"] {
      guard let parsed = FindingSource(text: text) else { return nil }
      source = parsed
    }
    self.init(
      finding: Finding(
        ruleID: rule, severity: severity, views: views, message: message, source: source),
      count: count, firstSeq: Int64(firstSeq))
  }
}

extension JSONValue {
  /// An integer number's value.
  var intValue: Int? {
    guard case .number(let text) = self else { return nil }
    return Int(text)
  }
}
