import EventLog
import Findings
import HeadlessUIKit
import SessionEvents
import TextBytes

/// Where a replay's snapshots go, one by one as they are taken: the run's store and the tally
/// of findings the summary lists (the caller's `onSnapshot` gets each after them). Whether an
/// event's findings changed is decided here, once, byte for byte (`sameBytes`: `Finding ==`
/// equates texts that differ only in normalization, which the store keeps apart), and both
/// the store's writer and the tally act on that one answer.
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
  /// The last event's findings, as the tally last learnt of them (and the writer, but for
  /// those `takeEndOfTrip` counts, after which nothing is written).
  @exclusivity(unchecked) private var previousFindings: [Finding] = []

  init(writer: (any RunWriting)?, keepsEvents: Bool) {
    self.writer = writer
    self.keepsEvents = keepsEvents
  }

  /// Hands on the snapshot taken after `event`.
  func take(_ snapshot: LayoutSnapshot, changed: Bool, of event: SessionEvent) throws {
    events += 1
    if changed { layoutChanges += 1 }
    // Most events raise none after an event that raised none: nothing to decide or count.
    var findingsChanged = false
    if !snapshot.findings.isEmpty || !previousFindings.isEmpty {
      findingsChanged = takeFindings(snapshot.findings)
      tally.count(snapshot.findings, seq: snapshot.seq, changed: findingsChanged)
    }
    if keepsEvents {
      try writer?.append(snapshot, detail: event.payload.jsonText, findingsChanged: findingsChanged)
    } else {
      try writer?.append(snapshot, layoutChanged: changed, findingsChanged: findingsChanged)
    }
  }

  /// Whether `findings` differ from the last event's, byte for byte; they are the last
  /// event's from now on.
  @inline(__always)
  private func takeFindings(_ findings: [Finding]) -> Bool {
    if sameBytes(findings, previousFindings) { return false }
    previousFindings = findings
    return true
  }

  /// Counts what ending a replay without a last tick raised (a recording without events: the
  /// screen's set-up calls the recording never answered); there is no snapshot to carry it.
  func takeEndOfTrip(_ findings: [Finding]) {
    if !findings.isEmpty { tally.count(findings, seq: 0, changed: takeFindings(findings)) }
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
/// the seq it first held at; one finding per key, told apart by its bytes (`ByteKey`), as the
/// store tells them apart. Its properties are unchecked: it counts every event.
final class FindingTally {
  @exclusivity(unchecked)
  private(set) var findings: [(finding: Finding, count: Int, firstSeq: Int64)] = []
  @exclusivity(unchecked) private var index: [ByteKey: Int] = [:]
  // The places in `findings` of the previous event's findings: findings that hold over many
  // events are counted without building their keys again.
  @exclusivity(unchecked) private var previousIndices: [Int] = []

  /// Counts the findings raised at `seq` (one event's); `changed` says whether they differ
  /// from the previous call's, byte for byte (`sameBytes`).
  func count(_ raised: [Finding], seq: Int64, changed: Bool) {
    if changed {
      previousIndices = raised.map { finding in
        let key = ByteKey(finding.key)
        if let known = index[key] { return known }
        index[key] = findings.count
        findings.append((finding, 0, seq))
        return findings.count - 1
      }
    }
    for position in previousIndices { findings[position].count += 1 }
  }
}
