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

  /// Writes the first `limit` events (all when nil) as a new log at `path`, replacing any
  /// file there. A prefix of a trip is a valid log: an interrupted recording is one.
  /// - Throws: `EventLogError`.
  public func write(to path: String, limit: Int? = nil) throws {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let log = try EventLogFile(path: path, mode: .create)
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
