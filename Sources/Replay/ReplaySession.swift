import EventLog
import Findings
import Foundation
import HeadlessUIKit
import NavigationSDK
import SessionEvents

/// Replays one recording of a log through one delegate, optionally storing the snapshots as
/// a run: the shared engine of `navsim replay`, `lint`, `demo` and `NavSimTesting`.
@MainActor
public struct ReplayJob {
  /// The log: an SQLite file, or another location `logOpener` opens (the `navsim` command's
  /// opener takes `postgres://` URLs of recording libraries too).
  public var logPath: String
  /// The recording to replay; nil picks the log's only (or newest) recording.
  public var recordingID: Int64?
  public var delegateName: String
  public var makeDelegate: @MainActor () -> (any NavigationLayoutDelegate)?
  /// What checks the app's code as events apply (Lint's `.layoutRules`).
  public var watchers: ReplayWatchers
  public var profile: SDKProfile
  public var profileName: String
  public var direction: LayoutDirectionOverride?
  /// Rewrites each event before it is replayed (`navsim check --device` maps the recording's
  /// screen sizes onto another device); nil replays the events as recorded.
  public var transformEvent: (@MainActor (SessionEvent) -> SessionEvent)?
  /// Variants stored with the run besides the direction (`device=ipad-mini-portrait`).
  public var extraVariants: [String] = []
  /// Lays out, checks and reads the tree after every event (`Replayer.forcesFullPass`): the
  /// same snapshots and findings at the full cost, for tests of the skipping.
  public var forcesFullPass = false
  /// A screen factory (`Replayer.init(screen:)`); when set, `makeDelegate` is not used.
  public var makeScreen: (@MainActor (GMSMapView) -> AnyObject)?
  /// Opens `logPath`; by default SQLite log files only.
  public var logOpener: any EventLogOpening = EventLogFileOpener()

  public init(
    logPath: String, recordingID: Int64? = nil, delegateName: String,
    makeDelegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
    watchers: ReplayWatchers, profile: SDKProfile = .default, profileName: String = "default",
    direction: LayoutDirectionOverride? = nil
  ) {
    self.logPath = logPath
    self.recordingID = recordingID
    self.delegateName = delegateName
    self.makeDelegate = makeDelegate
    self.watchers = watchers
    self.profile = profile
    self.profileName = profileName
    self.direction = direction
  }

  /// A job that replays through a screen: `makeScreen` gets the map view before the first
  /// event. Runs record `screen:NAME` as their delegate.
  public init(
    logPath: String, recordingID: Int64? = nil, screenName: String,
    makeScreen: @escaping @MainActor (GMSMapView) -> AnyObject, watchers: ReplayWatchers,
    profile: SDKProfile = .default, profileName: String = "default",
    direction: LayoutDirectionOverride? = nil
  ) {
    self.init(
      logPath: logPath, recordingID: recordingID, delegateName: "screen:" + screenName,
      makeDelegate: { nil }, watchers: watchers, profile: profile, profileName: profileName,
      direction: direction)
    self.makeScreen = makeScreen
  }

  /// What a replay saw.
  public struct Summary: Sendable {
    public var recording: RecordingInfo
    public var events = 0
    public var layoutChanges = 0
    /// Findings, unique by rule and views, with how many events raised each and the first seq.
    public var findings: [(finding: Finding, count: Int, firstSeq: Int64)] = []
    public var run: RunInfo?

    public var errorCount: Int { findings.filter { $0.finding.severity == .error }.count }
  }

  /// Replays, calling `onSnapshot` after every event (with whether its layout changed).
  /// - Parameters:
  ///   - store: when given, the snapshots go into a new run labelled `label`.
  /// - Throws: `EventLogError` for an unreadable log or recording, `SnapshotStoreError`
  ///   for a label already taken; never for what the delegate does.
  ///   - onStart: called once with the recording about to be replayed.
  public func run(
    store: (any RunStoring)? = nil, label: String? = nil,
    onSnapshot: (LayoutSnapshot, _ changed: Bool) -> Void = { _, _ in },
    onStart: (RecordingInfo) -> Void = { _ in }
  ) throws -> Summary {
    let log = try logOpener.openForReading(logPath)
    let recording = try Self.pickRecording(in: log, id: recordingID, path: log.location)
    onStart(recording)
    let replayer = try Replayer(
      delegate: makeScreen == nil ? makeDelegate() : nil, watchers: watchers, profile: profile,
      direction: direction, screen: makeScreen)
    replayer.forcesFullPass = forcesFullPass
    let writer: (any RunWriting)?
    // A run of a log file refers to the file; a run replayed from a PostgreSQL library keeps
    // its own copy of the events, so the store never holds a server's URL or password and
    // reads back without the server.
    let fromFile = !logOpener.isServerLocation(logPath)
    if let store {
      writer = try store.beginRun(
        RunMetadata(
          label: label ?? delegateName, delegate: delegateName, recordingID: recording.id,
          recordingName: recording.metadata.name, logFingerprint: "",
          navsimVersion: NavSimVersion.current, sdkProfile: profileName,
          variants: ((direction.map { ["direction=\($0.rawValue)"] } ?? []) + extraVariants)
            .joined(separator: " "),
          logPath: fromFile ? URL(fileURLWithPath: logPath).standardizedFileURL.path : nil,
          tripStart: recording.metadata.createdAt))
    } else {
      writer = nil
    }
    // Counted in locals, copied into the summary at the end: most events change nothing,
    // and each should cost next to nothing here.
    var events = 0, layoutChanges = 0
    let tally = FindingTally()
    let cursor = try log.eventStream(recording: recording.id, kinds: nil, seqRange: nil)
    // One event of lookahead: a progress event's tick ends with its speed event
    // (`Replayer.apply(_:next:)`). An unreadable next event is thrown once the one before it
    // has been replayed, as without the lookahead.
    var readError: (any Error)?
    func read() -> SessionEvent? {
      do {
        // Not `Optional.map`: a main-actor closure is checked for its executor on each call.
        guard let event = try cursor.next() else { return nil }
        if let transformEvent { return transformEvent(event) }
        return event
      } catch {
        readError = error
        return nil
      }
    }
    // Each snapshot is reported once the next event (or the end) shows nothing more belongs
    // to it: what the replay raises after the last event is reported with the last snapshot.
    // A struct, not a tuple: copying and destroying an optional tuple goes through the
    // runtime's generic value witnesses, several hundred instructions an event. The event's
    // payload is kept (as JSON) only for a server run's store, which keeps the events itself.
    var held: HeldSnapshot?
    func report(_ held: HeldSnapshot) throws {
      tally.count(held.snapshot)
      if let detail = held.detail {
        try writer?.append(held.snapshot, detail: detail)
      } else {
        try writer?.append(held.snapshot, layoutChanged: held.changed)
      }
      onSnapshot(held.snapshot, held.changed)
    }
    // Lookahead beyond one event: the size events right after an event at its time belong to
    // its layout pass (`Replayer.apply(_:next:trailingSizes:)`).
    var ahead: [SessionEvent] = []
    if let first = read() { ahead.append(first) }
    // The context bound once for the whole loop (binding the task-local cost ~900 instructions).
    try replayer.withContext {
      // Where only a field is needed, the lookahead is read in place (`ahead[index]`).
      while !ahead.isEmpty {
        let event = ahead.removeFirst()
        if ahead.isEmpty, let next = read() { ahead.append(next) }
        while let last = ahead.indices.last, ahead[last].t == event.t,
          ahead[last].kind == .viewSize, let more = read()
        {
          ahead.append(more)
        }
        var trailingSizes: [RecordedViewSize] = []
        for index in ahead.indices {
          guard ahead[index].t == event.t, ahead[index].kind == .viewSize,
            case .viewSize(let size) = ahead[index].payload
          else { break }
          trailingSizes.append(size)
        }
        let snapshot = replayer.applyInContext(
          event, tickSpeed: NavigationSession.tickSpeed(of: event, next: ahead.first),
          trailingSizes: trailingSizes)
        let changed = replayer.layoutChanged
        events += 1
        if changed { layoutChanges += 1 }
        if let previous = held.take() { try report(previous) }  // moved out, not copied
        held = HeldSnapshot(
          snapshot: snapshot, changed: changed, detail: fromFile ? nil : event.payload.jsonText)
      }
    }
    if let readError {
      if let held { try report(held) }
      throw readError
    }
    let late = replayer.finish()
    if var held {
      if !late.isEmpty { held.snapshot.findings = (held.snapshot.findings + late).sorted() }
      try report(held)
    }
    var summary = Summary(recording: recording)
    summary.events = events
    summary.layoutChanges = layoutChanges
    summary.findings = tally.findings
    summary.run = try writer?.finish(logFingerprint: cursor.fingerprint.value)
    return summary
  }

  /// The recording `id`, or the only one, or the newest.
  /// - Throws: `ReplayError.unknownRecording` naming the log and the recordings it has.
  static func pickRecording(in log: any EventLogReading, id: Int64?, path: String) throws
    -> RecordingInfo
  {
    let recordings = try log.recordings()
    if let id {
      guard let recording = recordings.first(where: { $0.id == id }) else {
        throw ReplayError.unknownRecording(path: path, id: id, known: recordings.map(\.id))
      }
      return recording
    }
    guard let newest = recordings.max(by: { $0.id < $1.id }) else {
      throw ReplayError.emptyLog(path: path)
    }
    return newest
  }
}

/// Why a replay could not start.
public enum ReplayError: Error, CustomStringConvertible, Equatable {
  case unknownRecording(path: String, id: Int64, known: [Int64])
  case emptyLog(path: String)

  public var description: String {
    switch self {
    case .unknownRecording(let path, let id, let known):
      "\(path): no recording \(id) (recordings: \(known.map(String.init).joined(separator: ", ")))"
    case .emptyLog(let path): "\(path): the log holds no recording"
    }
  }
}

/// A run's findings in the order first seen, each with the number of events it held for and
/// the seq it first held at. A class with unchecked properties: it counts every event, and
/// locals captured by the run's nested functions cost the runtime's exclusivity check on
/// each access; no access to them overlaps another.
final class FindingTally {
  @exclusivity(unchecked)
  private(set) var findings: [(finding: Finding, count: Int, firstSeq: Int64)] = []
  @exclusivity(unchecked) private var index: [String: Int] = [:]
  // The previous event's findings and their places in `findings`: findings that hold over
  // many events are counted without building their keys again.
  @exclusivity(unchecked) private var previous: [Finding] = []
  @exclusivity(unchecked) private var previousIndices: [Int] = []

  /// Counts the findings of one event's snapshot.
  func count(_ snapshot: LayoutSnapshot) {
    guard !snapshot.findings.isEmpty || !previous.isEmpty else { return }
    if snapshot.findings != previous {
      previous = snapshot.findings
      previousIndices = snapshot.findings.map { finding in
        if let known = index[finding.key] { return known }
        index[finding.key] = findings.count
        findings.append((finding, 0, snapshot.seq))
        return findings.count - 1
      }
    }
    for position in previousIndices { findings[position].count += 1 }
  }
}

/// A snapshot held back until the next event shows nothing more belongs to it, with whether
/// the layout changed and, for a run that keeps its own events, the event's payload as JSON.
struct HeldSnapshot {
  var snapshot: LayoutSnapshot
  var changed: Bool
  var detail: String?
}
