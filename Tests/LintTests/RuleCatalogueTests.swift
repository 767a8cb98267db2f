import Findings
import Foundation
import Lint
import Testing
import TestSupport

/// Lint's catalogue is the one list of rule ids: the layout rules, then the replay's own.
@Suite struct RuleCatalogueTests {
  @Test func everyIDIsListedOnceWithTheReplaysOwnLast() {
    let ids = LayoutRule.catalogue.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(ids.suffix(2) == [Finding.invalidEventRuleID, Finding.divergenceRuleID])
    #expect(LayoutRule.named("invalid-event")?.severity == .error)
    #expect(LayoutRule.named("replay-divergence")?.severity == .warning)
    #expect(LayoutRule.named("no-such-rule") == nil)
  }

  /// docs/rules.md's rule table: one row for every id of the catalogue, with its severity, and
  /// none for an id the catalogue does not have.
  @Test func theDocsTableListsEveryRuleWithItsSeverity() throws {
    let page = try String(
      contentsOfFile: Fixtures.repositoryRoot + "/docs/rules.md", encoding: .utf8)
    let table = try #require(page.components(separatedBy: "| rule id | severity | what |").last)
    var documented: [String: String] = [:]
    for line in table.split(separator: "\n").dropFirst() {
      guard line.hasPrefix("|") else { break }  // the table ends at its first other line
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let ids = cells[0].split(separator: "`", omittingEmptySubsequences: false)
      for (offset, id) in ids.enumerated() where offset % 2 == 1 {
        documented[String(id)] = cells[1]
      }
    }
    for rule in LayoutRule.catalogue {
      #expect(documented[rule.id] == rule.severity.rawValue, "\(rule.id) in docs/rules.md")
    }
    #expect(Set(documented.keys) == Set(LayoutRule.catalogue.map(\.id)))
  }
}
