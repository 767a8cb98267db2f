import EventLog
import Foundation
import Navigator
import SessionEvents

// Recording a trip into an event log: the trip is run once to validate it (nothing is written
// when a scripted event cannot happen), then run again appending every event.

/// Records trips into event logs.
public enum TripRecorder {
  /// How fast a recording runs in wall time: `speedMultiplier` times the trip's own pace
  /// (like the SDK simulator's `speedMultiplier`). Pacing never changes the recorded timeline;
  /// it only sleeps between events, flushing first so a reader can follow the log live.
  public struct Pacing {
    public var speedMultiplier: Double
    /// Seconds on a monotonic clock.
    public var now: () -> Double
    /// Sleeps about this many seconds.
    public var sleep: (Double) -> Void

    public init(speedMultiplier: Double, now: @escaping () -> Double, sleep: @escaping (Double) -> Void) {
      self.speedMultiplier = speedMultiplier
      self.now = now
      self.sleep = sleep
    }

    /// Pacing against the system's monotonic clock.
    public static func wallClock(speedMultiplier: Double) -> Pacing {
      let clock = ContinuousClock()
      let origin = clock.now
      return Pacing(
        speedMultiplier: speedMultiplier,
        now: {
          let (seconds, attoseconds) = (clock.now - origin).components
          return Double(seconds) + Double(attoseconds) * 1e-18
        },
        sleep: { seconds in usleep(UInt32(min(seconds, 3600) * 1_000_000)) })
    }
  }

  /// What a recording wrote.
  public struct Result: Sendable {
    public var recordingID: Int64
    public var summary: TripSummary
  }

  /// Records `trip` as a new recording called `name` in the log at `path` (created if needed).
  ///
  /// The trip is validated by a first run that writes nothing; only then is the log opened and
  /// the recording begun, so a bad trip leaves the log as it was.
  /// - Parameters:
  ///   - trip: the trip to drive.
  ///   - name: the new recording's name.
  ///   - path: the SQLite event log.
  ///   - batchSize: events per transaction.
  ///   - pacing: runs the recording at a pace in wall time; nil records as fast as possible.
  ///   - progress: called now and then with the fraction of the expected trip recorded so far.
  /// - Throws: `NavigatorError` for a trip that cannot run, `EventLogError` for the log.
  /// - Complexity: two runs of the trip; the second is bounded by the log's append rate.
  public static func record(
    _ trip: Trip, name: String, into path: String, batchSize: Int = 4096,
    pacing: Pacing? = nil, progress: ((Double) -> Void)? = nil
  ) throws -> Result {
    // The validating run also tells the trip's exact length, which progress is measured in.
    let validated = try trip.run { _, _ in }
    return try record(
      trip, name: name, into: try EventLogFile(path: path, mode: .create), batchSize: batchSize,
      pacing: pacing, validated: validated, progress: progress)
  }

  /// Records `trip` as a new recording called `name` in `log` (see `record(_:name:into:...)`).
  /// - Throws: `NavigatorError` for a trip that cannot run, `EventLogError` for the log.
  public static func record(
    _ trip: Trip, name: String, into log: EventLogFile, batchSize: Int = 4096,
    pacing: Pacing? = nil, progress: ((Double) -> Void)? = nil
  ) throws -> Result {
    try record(
      trip, name: name, into: log, batchSize: batchSize, pacing: pacing,
      validated: try trip.run { _, _ in }, progress: progress)
  }

  private static func record(
    _ trip: Trip, name: String, into log: EventLogFile, batchSize: Int, pacing: Pacing?,
    validated: TripSummary, progress: ((Double) -> Void)?
  ) throws -> Result {
    let writer = try log.beginRecording(metadata(for: trip, name: name), batchSize: batchSize)
    let expected = max(1, Double(validated.durationMilliseconds))
    var reported: Int64 = 0
    let start = pacing?.now() ?? 0
    let summary = try trip.run { t, payload in
      if let pacing {
        let wait = Double(t) / 1000 / pacing.speedMultiplier - (pacing.now() - start)
        if wait > 0.001 {
          try writer.flush()
          pacing.sleep(wait)
        }
      }
      _ = try writer.append(payload, t: t)
      if let progress, t - reported >= 60_000 {
        reported = t
        progress(min(1, Double(t) / expected))
      }
    }
    try writer.finish()
    return Result(recordingID: writer.recordingID, summary: summary)
  }

  /// The recording's metadata: the canonical scenario, its seed and device, and a creation
  /// time taken from the scenario (never the clock).
  public static func metadata(for trip: Trip, name: String) -> RecordingMetadata {
    RecordingMetadata(
      name: name, source: trip.isRecordedDrive ? .imported : .scenario,
      scenario: trip.scenario.canonicalJSON, seed: trip.scenario.seed,
      deviceProfile: trip.scenario.device.name, createdAt: trip.createdAt)
  }
}
