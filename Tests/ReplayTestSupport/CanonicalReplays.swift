// One replay of a canonical recording per test process, shared by every suite that checks it.
//
// The goldens, the forced-full-pass equivalence, the size-event parity and the findings tests
// all replay the canonical recordings (`Recordings/`) through the sample delegates, the
// built-in layout and the sample screen, the same way (`.layoutRules`, the default profile
// and text size). A replay is deterministic, so each suite checking its own claim against the
// one replay made here checks what it checked before, at a fraction of the CPU time.

import NavSim
import Replay
import SampleDelegates
import TestSupport

/// Replays of the canonical recordings, made once per process on first use.
@MainActor
public enum CanonicalReplays {
  /// What one replay produced, event by event.
  public struct Outcome: Sendable {
    /// Every event's snapshot, in order.
    public var snapshots: [LayoutSnapshot] = []
    /// For every event, whether its layout changed.
    public var changed: [Bool] = []
    public var summary: ReplayJob.Summary
  }

  private static var outcomes: [String: Outcome] = [:]

  /// The subjects whose replays are kept: those several suites of one test process compare
  /// (the goldens', the old recordings', the redacted logs'). A replay of another subject
  /// (`broken`, `complete-v2`: one suite asks for each, once) is made on each call and not
  /// kept, so it holds none of its snapshots for the rest of the run.
  public static let sharedSubjects: Set<String> = ["builtin", "basic", "complete", "delivery"]

  /// The job that replays `recording` through `subject`: a sample delegate's name
  /// (`SampleDelegateCatalog.all`), `builtin` (no delegate) or a sample screen's
  /// (`SampleDelegateCatalog.screens`), with the layout rules watching.
  /// - Throws: `CanonicalReplayError` for a subject the catalog does not name.
  public static func job(
    _ recording: String, _ subject: String, direction: LayoutDirectionOverride? = nil
  ) throws -> ReplayJob {
    let log = Fixtures.recording(recording)
    if let screen = SampleDelegateCatalog.screens[subject] {
      return ReplayJob(
        logPath: log, screenName: subject, makeScreen: screen, watchers: .layoutRules,
        direction: direction)
    }
    let make: @MainActor () -> (any NavigationLayoutDelegate)?
    if subject == "builtin" {
      make = { nil }
    } else if let delegate = SampleDelegateCatalog.all[subject] {
      make = { delegate() }
    } else {
      throw CanonicalReplayError(subject: subject)
    }
    return ReplayJob(
      logPath: log, delegateName: subject, makeDelegate: make, watchers: .layoutRules,
      direction: direction)
  }

  /// The replay of `recording` through `subject` (see `job`), made on the first call in this
  /// process and kept when `subject` is one of `sharedSubjects` (else made on every call).
  /// - Throws: what the replay throws, `CanonicalReplayError` for an unknown subject.
  public static func outcome(
    _ recording: String, _ subject: String, direction: LayoutDirectionOverride? = nil
  ) throws -> Outcome {
    let key = key(recording, subject, direction)
    if let known = outcomes[key] { return known }
    let outcome = try run(job(recording, subject, direction: direction))
    if sharedSubjects.contains(subject) { outcomes[key] = outcome }
    return outcome
  }

  /// Whether the replay of `recording` through `subject` is kept in this process.
  public static func keeps(
    _ recording: String, _ subject: String, direction: LayoutDirectionOverride? = nil
  ) -> Bool {
    outcomes[key(recording, subject, direction)] != nil
  }

  private static func key(
    _ recording: String, _ subject: String, _ direction: LayoutDirectionOverride?
  ) -> String {
    "\(recording)|\(subject)|\(direction.map { "\($0)" } ?? "-")"
  }

  /// Runs `job`, keeping every snapshot and layout-change flag.
  public static func run(_ job: ReplayJob) throws -> Outcome {
    var snapshots: [LayoutSnapshot] = []
    var changed: [Bool] = []
    let summary = try job.run { snapshot, layoutChanged in
      snapshots.append(snapshot)
      changed.append(layoutChanged)
    }
    return Outcome(snapshots: snapshots, changed: changed, summary: summary)
  }
}

/// A subject `CanonicalReplays` does not know.
public struct CanonicalReplayError: Error, CustomStringConvertible {
  public var subject: String
  public var description: String {
    "'\(subject)' is not a sample delegate, 'builtin' or a sample screen"
  }
}
