import EventLog
import SessionEvents

// A store outside the package's own: what a custom `EventLogOpening` could hand back. It
// implements only what `EventLogReading` requires, so the protocol's defaults are what it
// gets, as another package's conformer would.

/// Recordings held in memory, without events.
public final class HeaderOnlyLog: EventLogReading {
  public let location: String
  private let held: [RecordingInfo]

  /// A log at `location` holding `recordings` (their event counts unused: no events).
  public init(location: String, recordings: [RecordingInfo]) {
    self.location = location
    self.held = recordings
  }

  public func storeDescription() throws -> String { "recordings in memory" }

  public func recordings() throws -> [RecordingInfo] { held }

  public func recording(_ id: Int64) throws -> RecordingInfo {
    guard let info = held.first(where: { $0.id == id }) else {
      throw EventLogError.unknownRecording(path: location, recording: id)
    }
    return info
  }

  public func eventCountsByKind(recording id: Int64) throws
    -> [(kind: EventKind, count: Int64)]
  {
    _ = try recording(id)
    return []
  }

  public func eventStream(
    recording id: Int64, kinds: Set<EventKind>?, seqRange: ClosedRange<Int64>?
  ) throws -> any EventStream {
    _ = try recording(id)
    return NoEvents()
  }

  /// The stream of a recording without events.
  private final class NoEvents: EventStream {
    func next() throws -> SessionEvent? { nil }
    var fingerprint: EventFingerprint { EventFingerprint() }
  }
}
