import Foundation
import NavSimCheck
import Replay
import Snapshots
import Testing
import TestSupport

/// `navsim diff` across many runs: two stores, or two label prefixes of one.
@MainActor
@Suite(.serialized) struct ChangeImpactTests {
  let logs = ["rtl-city", "city-commute", "rotations-wide"].map(CanonicalRecordings.log)

  @Test func twoVersionsOfADelegateDifferOnlyWhereAPromptShows() throws {
    let directory = TemporaryDirectory()
    let store = directory.file("s.sqlite")
    for (delegate, prefix) in [("complete", "v1"), ("complete-v2", "v2")] {
      let result = runCLI(
        ["check"] + logs + ["--delegate", delegate, "--snapshots", store, "--label-prefix", prefix])
      #expect(result.status == 0, "\(result.err)")
    }
    let result = runCLI(["diff", store, "v1/complete", "v2/complete-v2"])
    #expect(result.status == 1, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("v2/complete-v2 changes the layout on "))
    #expect(lines[0].contains("in 2 of 3 recordings (2 of 3 configurations) against v1/complete"))
    // v2 only moves things while a prompt is shown: every configuration's first changed
    // event is a prompt appearing, and the views are the prompts and what sits above them.
    let perConfiguration = lines.filter { $0.hasPrefix("  city-commute#1") || $0.hasPrefix("  rtl-city#1") }
    #expect(perConfiguration.count == 2)
    for line in perConfiguration { #expect(line.contains("first at event ") && line.contains("(promptReady)")) }
    #expect(lines.contains("  unchanged: 1 configuration"))

    let store2 = try SnapshotStore(path: store, mode: .readOnly)
    let impact = try #require(try ChangeImpact.compare(store: store2, prefixA: "v1/complete", prefixB: "v2/complete-v2"))
    // Cross-check against the per-run diffs.
    var changed = 0, compared = 0
    for run in try store2.runs() where run.label.hasPrefix("v1/") {
      let other = "v2/complete-v2/" + run.label.dropFirst("v1/complete/".count)
      let diff = try store2.diff(labelA: run.label, labelB: other)
      changed += diff.differences.filter { !$0.viewChanges.isEmpty || !$0.stateChanges.isEmpty }.count
      compared += diff.eventsCompared
    }
    #expect(impact.eventsChanged == changed)
    #expect(impact.eventsCompared == compared)
    #expect(impact.views.first.map { $0.view.hasPrefix("prompt.") || ["googleLogo", "viewport", "tripProgressBar"].contains($0.view) } == true)
  }

  @Test func twoStoresPairByLabel() throws {
    let directory = TemporaryDirectory()
    let a = directory.file("a.sqlite"), b = directory.file("b.sqlite")
    #expect(runCLI(["check", logs[0], "--delegate", "complete", "--snapshots", a]).status == 0)
    #expect(runCLI(["check", logs[0], "--delegate", "complete", "--snapshots", b]).status == 0)
    let same = runCLI(["diff", a, b])
    #expect(same.status == 0, "\(same.err)")
    #expect(same.out.contains("changes the layout on 0.0 % of events (0 of 653) in 0 of 1 recordings"))
    #expect(runCLI(["check", logs[0], "--delegate", "basic", "--snapshots", b]).status == 0)
    let more = runCLI(["diff", a, b, "--json"])
    #expect(more.status == 1)
    #expect(more.out.contains("\"onlyInB\":[\"basic/rtl-city#1/iphone-15-portrait/rtl\"]"))
  }
}
