import EventLog
import Findings
import SessionEvents

/// Where a replay's snapshots go, one by one as they are taken: the run's store and the tally
/// of findings the summary lists (the caller's `onSnapshot` gets each after them).
@MainActor
final class ReplayOutput {
  private let writer: (any RunWriting)?
  /// Whether the store keeps each event's payload (as JSON): a run replayed from a server,
  /// which keeps the events itself.
  private let keepsEvents: Bool
  private let tally = FindingTally()
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  // Counted here, copied into the summary at the end: most events change nothing, and each
  // should cost next to nothing here.
  @exclusivity(unchecked) private var events = 0
  @exclusivity(unchecked) private var layoutChanges = 0

  init(writer: (any RunWriting)?, keepsEvents: Bool) {
    self.writer = writer
    self.keepsEvents = keepsEvents
  }

  /// Hands on the snapshot taken after `event`.
  func take(_ snapshot: LayoutSnapshot, changed: Bool, of event: SessionEvent) throws {
    events += 1
    if changed { layoutChanges += 1 }
    tally.count(snapshot)
    if keepsEvents {
      try writer?.append(snapshot, detail: event.payload.jsonText)
    } else {
      try writer?.append(snapshot, layoutChanged: changed)
    }
  }

  /// Counts what ending a replay without a last tick raised (a recording without events: the
  /// screen's set-up calls the recording never answered); there is no snapshot to carry it.
  func takeEndOfTrip(_ findings: [Finding]) {
    if !findings.isEmpty { tally.count(findings, seq: 0) }
  }

  /// What the replay saw; ends the stored run, if any.
  func summary(of recording: RecordingInfo, logFingerprint: String) throws -> ReplayJob.Summary {
    var summary = ReplayJob.Summary(recording: recording)
    summary.events = events
    summary.layoutChanges = layoutChanges
    summary.findings = tally.findings
    summary.run = try writer?.finish(logFingerprint: logFingerprint)
    return summary
  }
}

/// A run's findings in the order first seen, each with the number of events it held for and
/// the seq it first held at. Its properties are unchecked: it counts every event.
final class FindingTally {
  @exclusivity(unchecked)
  private(set) var findings: [(finding: Finding, count: Int, firstSeq: Int64)] = []
  @exclusivity(unchecked) private var index: [String: Int] = [:]
  // The previous event's findings and their places in `findings`: findings that hold over
  // many events are counted without building their keys again.
  @exclusivity(unchecked) private var previous: [Finding] = []
  @exclusivity(unchecked) private var previousIndices: [Int] = []

  /// Counts the findings of one event's snapshot.
  func count(_ snapshot: LayoutSnapshot) { count(snapshot.findings, seq: snapshot.seq) }

  /// Counts the findings raised at `seq` (one event's).
  func count(_ raised: [Finding], seq: Int64) {
    guard !raised.isEmpty || !previous.isEmpty else { return }
    if raised != previous {
      previous = raised
      previousIndices = raised.map { finding in
        if let known = index[finding.key] { return known }
        index[finding.key] = findings.count
        findings.append((finding, 0, seq))
        return findings.count - 1
      }
    }
    for position in previousIndices { findings[position].count += 1 }
  }
}
