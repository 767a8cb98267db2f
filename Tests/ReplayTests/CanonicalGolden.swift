import NavSimTesting
import Replay
import ReplayTestSupport
import Testing

/// Golden and findings checks on the process's one replay of a canonical recording
/// (`CanonicalReplays`): the suites that compare those replays share them instead of each
/// replaying again. The public helpers (`expectReplayMatchesGolden`, `expectNoErrorFindings`)
/// are checked on their own in `GoldenReplayTests` and `OldRecordingTests`.
@MainActor
enum CanonicalGolden {
  /// The golden text of the shared replay of `recording` through `subject`.
  static func text(_ recording: String, _ subject: String) throws -> GoldenText {
    let outcome = try CanonicalReplays.outcome(recording, subject)
    var golden = GoldenText(font: outcome.summary.font)
    for snapshot in outcome.snapshots { golden.append(snapshot) }
    return golden
  }

  /// Records an issue when the shared replay differs from `__Golden__/<golden>.txt` beside
  /// the calling file (record mode and the usage file as `expectReplayMatchesGolden`).
  static func expectMatches(
    _ recording: String, _ subject: String, golden: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      let path = ReplayTesting.goldenPath(named: golden, filePath: filePath)
      if let message = GoldenFile.compare(try text(recording, subject), withFileAt: path)
        .failureMessage
      {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      }
    } catch {
      Issue.record("replay of \(recording) through \(subject) failed: \(error)",
        sourceLocation: sourceLocation)
    }
  }

  /// Records an issue listing the error findings of the shared replay, if it has any.
  static func expectNoErrorFindings(
    _ recording: String, _ subject: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      let errors = try CanonicalReplays.outcome(recording, subject).summary.findings
        .filter { $0.finding.severity == .error }
      let listed = errors.map {
        "  \($0.finding.ruleID) [\($0.finding.views.joined(separator: ", "))] first at event "
          + "\($0.firstSeq): \($0.finding.message)"
      }
      #expect(errors.isEmpty, "\(recording) through \(subject):\n\(listed.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record("replay of \(recording) through \(subject) failed: \(error)",
        sourceLocation: sourceLocation)
    }
  }
}
