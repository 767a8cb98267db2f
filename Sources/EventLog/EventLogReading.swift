import SessionEvents

// What every reader of a log needs, whichever store holds it: the recordings, and a cursor
// over one recording's events. `EventLogFile` (SQLite, the default) and the PostgreSQL
// backend (`PostgresEventLog`) both provide it; `replay`, `lint`, `check` and `log` read
// through it.

/// A stream of one recording's events in seq order.
public protocol EventStream: AnyObject {
  /// The next event, or nil after the last.
  /// - Throws: the store's error for a bad stored event or a failed read.
  func next() throws -> SessionEvent?
  /// The fingerprint of the events read so far (meaningful for an unfiltered read): the same
  /// events give the same fingerprint from every store.
  var fingerprint: EventFingerprint { get }
}

/// A source of recordings and their events (a log file, a database).
public protocol EventLogReading: AnyObject {
  /// Where the log is, for messages: a file path, or a URL without its password.
  var location: String { get }
  /// A one-line description of the store for `navsim log info`.
  func storeDescription() throws -> String
  /// Every recording, by id.
  /// - Throws: the store's error for a recording that cannot be read (e.g.
  ///   `EventLogError.badStoredRecording`).
  func recordings() throws -> [RecordingInfo]
  /// The ids of every recording in order, read without their metadata: a reader that picks
  /// one recording names the others without reading them, so one it cannot read stops only
  /// its own reading. The default reads `recordings()`; stores override it to read ids only.
  func recordingIDs() throws -> [Int64]
  /// The recording with `id`.
  /// - Throws: `EventLogError.unknownRecording`.
  func recording(_ id: Int64) throws -> RecordingInfo
  /// How many events of each kind a recording holds, by kind code.
  func eventCountsByKind(recording id: Int64) throws -> [(kind: EventKind, count: Int64)]
  /// A streaming cursor over a recording's events in seq order (bounded memory).
  /// - Parameters:
  ///   - kinds: only these kinds; nil for all.
  ///   - seqRange: only these seqs; nil for all.
  func eventStream(
    recording id: Int64, kinds: Set<EventKind>?, seqRange: ClosedRange<Int64>?
  ) throws -> any EventStream
}

extension EventLogReading {
  /// The ids of `recordings()`, in their order: for a store that cannot list ids alone (any
  /// recording it cannot read stops the listing).
  /// - Throws: `recordings()`'s errors.
  public func recordingIDs() throws -> [Int64] {
    try recordings().map(\.id)
  }
}

extension EventStream {
  /// Reads every remaining event into an array (for small recordings and tests).
  public func readAllEvents() throws -> [SessionEvent] {
    var events: [SessionEvent] = []
    while let event = try next() { events.append(event) }
    return events
  }
}

// MARK: - SQLite

extension EventCursor: EventStream {}

extension EventLogFile: EventLogReading {
  public var location: String { path }

  public func storeDescription() throws -> String {
    "NavSim event log, schema version \(try schemaVersion())"
  }

  public func eventStream(
    recording id: Int64, kinds: Set<EventKind>?, seqRange: ClosedRange<Int64>?
  ) throws -> any EventStream {
    try events(recording: id, kinds: kinds, seqRange: seqRange)
  }
}
