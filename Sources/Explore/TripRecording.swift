import EventLog
import Foundation
import Navigator
import SessionEvents

// A scenario's events in memory, and writing them (or a prefix of them) as a recording.

/// A recorded trip: its scenario and every event the Navigator emitted for it.
public struct RecordedTrip: Sendable {
  public var scenario: Scenario
  public var events: [(t: Int64, payload: EventPayload)]

  /// Runs the scenario through the Navigator.
  /// - Throws: `NavigatorError` when the trip cannot happen (a scripted event a real device
  ///   or drive could not produce).
  public init(scenario: Scenario) throws {
    self.scenario = scenario
    var events: [(t: Int64, payload: EventPayload)] = []
    _ = try Trip(scenario: scenario).run { t, payload in events.append((t, payload)) }
    self.events = events
  }

  /// Writes the first `limit` events (all when nil) as a new log at `path` in a scratch
  /// directory, replacing any file there. A prefix of a trip is a valid log: an interrupted
  /// recording is one.
  /// - Throws: `EventLogError`.
  public func write(to path: String, limit: Int? = nil) throws {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    try record(into: try EventLogFile(path: path, mode: .create), limit: limit)
  }

  /// Writes the first `limit` events (all when nil) as a log at `path` for the user, the
  /// file there replaced whole (`EventLogFile.publish`): never a directory, and a killed run
  /// leaves the old file or the new one.
  /// - Throws: `EventLogError`, `OutputError`.
  public func publish(to path: String, limit: Int? = nil) throws {
    let log = try EventLogFile(temporaryFor: path)
    try record(into: log, limit: limit)
    try log.publish(to: path)
  }

  private func record(into log: EventLogFile, limit: Int?) throws {
    let trip = try Trip(scenario: scenario)
    let writer = try log.beginRecording(
      RecordingMetadata(
        name: scenario.name, source: .scenario, scenario: scenario.canonicalJSON,
        seed: scenario.seed, deviceProfile: scenario.device.name, createdAt: trip.createdAt),
      batchSize: 4096)
    for event in events.prefix(limit ?? events.count) {
      _ = try writer.append(event.payload, t: event.t)
    }
    try writer.finish()
  }
}
