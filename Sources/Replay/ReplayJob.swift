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
  /// The text size the replay runs at (`--content-size`); nil: `large`, UIKit's default. A
  /// size given is stored with the run as the variant `content-size=NAME`, even `large`.
  public var contentSize: UIContentSizeCategory?
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
    /// The font text was measured with (`ReplayJob.fontIdentity`).
    public var font: String?

    public var errorCount: Int { findings.filter { $0.finding.severity == .error }.count }
  }

  /// Replays, calling `onSnapshot` after every event (with whether its layout changed).
  /// - Parameters:
  ///   - store: when given, the snapshots go into a new run labelled `label`.
  ///   - onStart: called once with the recording about to be replayed.
  /// - Throws: `EventLogError` for an unreadable log or recording (an unreadable event once
  ///   the events before it are replayed), `SnapshotStoreError` for a label already taken;
  ///   never for what the delegate does.
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
      direction: direction, contentSize: contentSize ?? .large, screen: makeScreen)
    replayer.forcesFullPass = forcesFullPass
    // A run of a log file refers to the file; a run replayed from a PostgreSQL library keeps
    // its own copy of the events, so the store never holds a server's URL or password and
    // reads back without the server.
    let fromFile = !logOpener.isServerLocation(logPath)
    let output = ReplayOutput(
      writer: try store?.beginRun(runMetadata(of: recording, label: label, fromFile: fromFile)),
      keepsEvents: !fromFile)
    let stream = try log.eventStream(recording: recording.id, kinds: nil, seqRange: nil)
    let ticks = TickReader(stream, transform: transformEvent)
    // The context bound once for the whole loop (binding the task-local costs ~900
    // instructions).
    try replayer.withContext {
      while let tick = ticks.next() {
        let snapshot = replayer.apply(tick)
        try output.take(snapshot, changed: replayer.layoutChanged, of: tick.event)
        onSnapshot(snapshot, replayer.layoutChanged)
      }
    }
    if let error = ticks.error { throw error }
    // The last tick ended the replay, its findings in the last snapshot; a recording without
    // events has no tick: what ending it raises is still counted.
    output.takeEndOfTrip(replayer.finish())
    var summary = try output.summary(of: recording, logFingerprint: stream.fingerprint.value)
    summary.font = Self.fontIdentity
    return summary
  }

  /// The font text is measured with (`TextMeasurers.shared().fontIdentity()`), read once a
  /// process; nil when it can't be loaded (a replay that measures text then fails with that
  /// reason).
  public static var fontIdentity: String? {
    if let known = knownFontIdentity { return known }
    let identity = try? TextMeasurers.shared().fontIdentity()
    knownFontIdentity = identity
    return identity
  }
  private static var knownFontIdentity: String??

  /// The run's variants: `direction=rtl`, `content-size=NAME`, then `extraVariants`.
  var variants: [String] {
    (direction.map { ["direction=\($0.rawValue)"] } ?? [])
      + (contentSize.map { ["content-size=\($0.name)"] } ?? []) + extraVariants
  }

  /// What the store records of a run of `recording`.
  private func runMetadata(of recording: RecordingInfo, label: String?, fromFile: Bool)
    -> RunMetadata
  {
    RunMetadata(
      label: label ?? delegateName, delegate: delegateName, recordingID: recording.id,
      recordingName: recording.metadata.name, logFingerprint: "",
      navsimVersion: NavSimVersion.current, sdkProfile: profileName,
      variants: variants.joined(separator: " "),
      logPath: fromFile ? URL(fileURLWithPath: logPath).standardizedFileURL.path : nil,
      tripStart: recording.metadata.createdAt, font: Self.fontIdentity)
  }

  /// The recording `id`, or the newest (the only one, in a log of one). Only the recording
  /// picked is read, so another recording the log cannot read neither stops its replay nor
  /// hides that `id` is missing.
  /// - Throws: `ReplayError.unknownRecording` naming the log and the recordings it has;
  ///   `EventLogError` for a recording that cannot be read.
  static func pickRecording(in log: any EventLogReading, id: Int64?, path: String) throws
    -> RecordingInfo
  {
    let ids = try log.recordingIDs()
    if let id {
      guard ids.contains(id) else {
        throw ReplayError.unknownRecording(path: path, id: id, known: ids)
      }
      return try log.recording(id)
    }
    guard let newest = ids.max() else { throw ReplayError.emptyLog(path: path) }
    return try log.recording(newest)
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
