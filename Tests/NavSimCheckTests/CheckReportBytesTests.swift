import Findings
import NavSimCheck
import Testing

/// A check's distinct findings tell views apart by their bytes, as the replay's tally and the
/// store do: two findings whose views differ only in Unicode normalization are two findings,
/// each raised in the one configuration that raised it.
@Suite struct CheckReportBytesTests {
  @Test func findingsWhoseViewsDifferOnlyInNormalizationAreDistinct() {
    let recording = CheckRecording(
      logPath: "/nowhere/trip.sqlite", id: 1, name: "trip", eventCount: 10, device: nil,
      direction: "ltr", displayName: "trip")
    let configuration = CheckConfiguration(recording: recording, subject: .delegate("mine"))
    func finding(_ view: String) -> Finding {
      Finding(
        ruleID: "covers-viewport", severity: .error, views: [view, "viewport"],
        message: "\(view) covers the viewport")
    }
    let composed = finding("Caf\u{E9}"), decomposed = finding("Cafe\u{301}")
    #expect(composed.key == decomposed.key)  // one `String`, other bytes
    let result = ConfigurationResult(
      configuration: configuration, events: 10, layoutChanges: 2,
      findings: [
        CheckFinding(finding: composed, count: 6, firstSeq: 1),
        CheckFinding(finding: decomposed, count: 4, firstSeq: 7),
      ])
    let report = CheckReport(results: [result], shard: nil, matrixSize: 1)
    let distinct = report.distinctFindings
    #expect(distinct.count == 2)
    #expect(distinct.map(\.occurrences.count) == [1, 1])
    #expect(distinct.map(\.first.firstSeq) == [1, 7])
  }
}
