// The text `navsim check` prints: a table of configurations, then each distinct finding with
// the line of code behind it.

import Replay

extension CheckReport {
  /// The table and the findings, as printed on stdout.
  public var text: String {
    var rows: [[String]] = [["configuration", "events", "layouts", "errors", "warnings", "first finding"]]
    for result in results {
      var first = "-"
      if let entry = result.firstFinding {
        first = "\(entry.finding.ruleID) at event \(entry.firstSeq)"
        if let source = entry.finding.source { first += " (\(source.shortDescription))" }
      }
      rows.append([
        result.configuration.name, String(result.events), String(result.layoutChanges),
        String(result.errorCount), String(result.warningCount), first,
      ])
    }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var out = ""
    for row in rows {
      var line = ""
      for (column, cell) in row.enumerated() {
        let isNumber = (1...4).contains(column)
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        if column > 0 { line += "  " }
        line += isNumber ? pad + cell : (column == row.count - 1 ? cell : cell + pad)
      }
      out += line + "\n"
    }
    let distinct = distinctFindings
    if !distinct.isEmpty {
      out += "\nfindings:\n"
      for entry in distinct {
        let finding = entry.finding
        let at = finding.source.map { " \($0.shortDescription)" } ?? ""
        out += "  \(finding.severity.rawValue) \(finding.ruleID)\(at) "
          + "[\(finding.views.joined(separator: ", "))]: \(finding.message)\n"
        let count = entry.occurrences.count
        out += "    first in \(entry.first.configuration.name) at event \(entry.first.firstSeq)"
          + (count > 1 ? "; in \(count) configurations" : "") + "\n"
      }
    }
    let shardText = shard.map { ", shard \($0) of a \(matrixSize)-configuration matrix" } ?? ""
    out += "\n\(results.count) configuration\(results.count == 1 ? "" : "s")\(shardText): "
      + "\(errorCount) errors, \(warningCount) warnings\n"
    return out
  }

  /// `--annotations github`: a workflow command per distinct finding, which GitHub Actions
  /// shows on the line in the pull request.
  public func githubAnnotations(resolver: SourceResolver) -> String {
    var out = ""
    for entry in distinctFindings {
      let command = entry.finding.severity == .error ? "error" : "warning"
      var properties: [String] = []
      if let source = entry.finding.source {
        properties.append("file=" + escapeProperty(resolver.relativePath(of: source)))
        properties.append("line=\(source.line)")
      }
      properties.append("title=" + escapeProperty("navsim " + entry.finding.ruleID))
      out += "::\(command) \(properties.joined(separator: ","))::"
        + escapeData(Self.message(entry)) + "\n"
    }
    return out
  }

  // GitHub's workflow-command escaping: data escapes %, CR, LF; properties also : and ,.
  private func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
