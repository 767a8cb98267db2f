// The reports CI systems read: SARIF 2.1.0 (GitHub code scanning), JUnit XML (test result
// views) and JSON.

import Findings
import Foundation
import HeadlessUIKit
import JSON
import Lint
import Replay
import SessionEvents
import TextBytes

extension CheckReport {
  /// Every rule a finding can carry, in a stable order: Lint's catalogue (the SDK's layout
  /// rules, then the replay's own `invalid-event` and `replay-divergence`).
  public static var rules: [LayoutRule] { LayoutRule.catalogue }

  // MARK: - SARIF

  /// SARIF 2.1.0: one run with NavSim as the tool, a rule per rule id, a result per distinct
  /// finding with a physical location (relative to the resolver's root) where the source is
  /// known.
  public func sarif(resolver: SourceResolver, toolVersion: String) -> String {
    let rules = Self.rules
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
    let ruleValues: [JSONValue] = rules.map { rule in
      .object([
        JSONMember("id", .string(rule.id)),
        JSONMember("shortDescription", .object([JSONMember("text", .string(rule.summary))])),
        JSONMember(
          "defaultConfiguration", .object([JSONMember("level", .string(rule.severity.rawValue))])),
      ])
    }
    var results: [JSONValue] = []
    for entry in distinctFindings {
      let finding = entry.finding
      var members = [JSONMember("ruleId", .string(finding.ruleID))]
      if let index = ruleIndex[finding.ruleID] {
        members.append(JSONMember("ruleIndex", .number(String(index))))
      }
      members.append(JSONMember("level", .string(finding.severity.rawValue)))
      members.append(JSONMember("message", .object([JSONMember("text", .string(Self.message(entry)))])))
      if let source = finding.source {
        let physical = JSONValue.object([
          JSONMember(
            "artifactLocation",
            .object([JSONMember("uri", .string(uriPath(resolver.relativePath(of: source))))])),
          JSONMember("region", .object([JSONMember("startLine", .number(String(source.line)))])),
        ])
        members.append(JSONMember("locations", .array([.object([JSONMember("physicalLocation", physical)])])))
      } else if let file = fileOfTheCode(behind: entry) {
        // GitHub rejects a whole SARIF file when one result has no location: anchor the
        // finding to the file of the layout code, without a line, and say why.
        let physical = JSONValue.object([
          JSONMember(
            "artifactLocation",
            .object([JSONMember("uri", .string(uriPath(resolver.relativePath(of: file))))]))
        ])
        let why = JSONValue.object([
          JSONMember(
            "text",
            .string(
              "no line: the finding comes from a property set (such as isHidden) or from "
                + "something the layout never did; this is the file of its other findings"))
        ])
        members.append(
          JSONMember(
            "locations",
            .array([.object([JSONMember("physicalLocation", physical), JSONMember("message", why)])])))
      }
      let count = entry.occurrences.map(\.count).reduce(0, +)
      members.append(JSONMember("occurrenceCount", .number(String(max(count, 1)))))
      members.append(
        JSONMember(
          "properties",
          .object([
            JSONMember("views", .array(finding.views.map(JSONValue.string))),
            JSONMember(
              "configurations", .array(entry.occurrences.map { .string($0.configuration.name) })),
            JSONMember("firstSeq", .number(String(entry.first.firstSeq))),
          ])))
      results.append(.object(members))
    }
    let run = JSONValue.object([
      JSONMember(
        "tool",
        .object([
          JSONMember(
            "driver",
            .object([
              JSONMember("name", .string("NavSim")),
              JSONMember("version", .string(toolVersion)),
              JSONMember("rules", .array(ruleValues)),
            ]))
        ])),
      JSONMember("results", .array(results)),
    ])
    var writer = JSONWriter()
    writer.value(
      .object([
        JSONMember("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
        JSONMember("version", .string("2.1.0")),
        JSONMember("runs", .array([run])),
      ]))
    return writer.output + "\n"
  }

  /// For a finding without a call site: the source file most findings of the same
  /// configurations point at (ties: the first in path order), else of the whole report.
  private func fileOfTheCode(behind entry: DistinctFinding) -> FindingSource? {
    // Names and paths by their bytes: two configurations or files whose names differ only in
    // Unicode normalization are two.
    let names = Set(entry.occurrences.map { ByteKey($0.configuration.name) })
    for scope in [results.filter { names.contains(ByteKey($0.configuration.name)) }, results] {
      var counts: [ByteKey: Int] = [:]
      for result in scope {
        for finding in result.findings {
          if let path = finding.finding.source?.path { counts[ByteKey(path), default: 0] += 1 }
        }
      }
      let best = counts.max { a, b in  // most findings; ties: the first path in byte order
        guard a.value == b.value else { return a.value < b.value }
        return bytesPrecede(b.key.text, a.key.text)
      }
      if let best { return FindingSource(path: best.key.text, line: 1) }
    }
    return nil
  }

  /// A relative path as a URI reference: each segment percent-encoded.
  private func uriPath(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#;")
    return path.split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
    }.joined(separator: "/")
  }

  // MARK: - JUnit

  /// JUnit XML: a test suite per layout subject, a test case per recording x device x
  /// direction (x content size, when given), a `failure` per error finding (warnings go to the case's system-out).
  public func junit(resolver: SourceResolver) -> String {
    var subjects: [LayoutSubject] = []
    for result in results where !subjects.contains(result.configuration.subject) {
      subjects.append(result.configuration.subject)
    }
    let failedCases = results.filter { $0.errorCount > 0 }.count
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"navsim check\" tests=\"\(results.count)\" "
      + "failures=\"\(failedCases)\" errors=\"0\">\n"
    for subject in subjects {
      let cases = results.filter { $0.configuration.subject == subject }
      out += "  <testsuite name=\"\(xml(subject.description))\" tests=\"\(cases.count)\" "
        + "failures=\"\(cases.filter { $0.errorCount > 0 }.count)\" errors=\"0\" skipped=\"0\">\n"
      for result in cases {
        out += "    <testcase classname=\"navsim.\(xml(subject.description))\" "
          + "name=\"\(xml(result.configuration.caseName))\">\n"
        var warnings: [String] = []
        for entry in result.findings {
          let finding = entry.finding
          let at = finding.source.map { resolver.relativePath(of: $0) + ":\($0.line)" }
          let summary = "\(finding.ruleID) [\(finding.views.joined(separator: ", "))] first at "
            + "event \(entry.firstSeq) (\(entry.count) event\(entry.count == 1 ? "" : "s"))" + (at.map { " at \($0)" } ?? "")
          if finding.severity == .error {
            out += "      <failure type=\"\(xml(finding.ruleID))\" message=\"\(xml(summary))\">"
              + xml(summary + ": " + finding.message) + "</failure>\n"
          } else {
            warnings.append("warning: " + summary + ": " + finding.message)
          }
        }
        out += "      <system-out>\(xml(([String("\(result.events) events, \(result.layoutChanges) layouts")] + warnings).joined(separator: "\n")))</system-out>\n"
        out += "    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  private func xml(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default: out.append(character)
      }
    }
    return out
  }

  // MARK: - JSON

  /// Every configuration with its counts and findings, as one JSON object.
  public var json: String {
    let configurations: [JSONValue] = results.map { result in
      let configuration = result.configuration
      return .object([
        JSONMember("configuration", .string(configuration.name)),
        JSONMember("subject", .string(configuration.subject.description)),
        JSONMember("log", .string(configuration.recording.logPath)),
        JSONMember("recording", .number(String(configuration.recording.id))),
        JSONMember("device", .string(configuration.deviceName)),
        JSONMember("direction", .string(configuration.directionName)),
        JSONMember("contentSize", .string(configuration.contentSizeName)),
        JSONMember("events", .number(String(result.events))),
        JSONMember("layoutChanges", .number(String(result.layoutChanges))),
        JSONMember("errors", .number(String(result.errorCount))),
        JSONMember("warnings", .number(String(result.warningCount))),
        JSONMember("findings", .array(result.findings.map(\.wireValue))),
      ])
    }
    var writer = JSONWriter()
    writer.value(
      .object([
        JSONMember("configurations", .array(configurations)),
        JSONMember("errors", .number(String(errorCount))),
        JSONMember("warnings", .number(String(warningCount))),
        JSONMember("shard", shard.map { .string($0.description) } ?? .null),
        JSONMember("matrix", .number(String(matrixSize))),
      ]))
    return writer.output
  }
}
