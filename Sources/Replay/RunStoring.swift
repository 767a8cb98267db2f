// What a replay stores as a run, and the interface through which it stores it. The snapshot
// store (`Snapshots`) implements it; `ReplayJob` writes through it, so replaying does not
// depend on how runs are stored.

/// Where `ReplayJob.run(store:)` puts a replay's snapshots: a store of runs.
public protocol RunStoring: AnyObject {
  associatedtype Writer: RunWriting
  /// Starts a new run.
  /// - Throws: the store's error, e.g. for a label already taken.
  func beginRun(_ metadata: RunMetadata) throws -> Writer
}

/// One run being written, one snapshot per event in seq order.
public protocol RunWriting: AnyObject {
  /// Stores the snapshot of an event of a log the run refers to (`RunMetadata.logPath`);
  /// `layoutChanged` says whether its layout differs from the previous event's,
  /// `findingsChanged` whether its findings do, compared by their texts' UTF-8 bytes (not
  /// `Finding ==`, which equates canonically equivalent texts). `true` is always safe (the
  /// writer then compares them itself); `false` promises the findings are exactly the
  /// previous call's, which an event without findings after one without findings may say.
  func append(_ snapshot: LayoutSnapshot, layoutChanged: Bool, findingsChanged: Bool) throws
  /// Stores a snapshot with its event's payload (`detail`, a JSON object), for a run that
  /// keeps its own events; `findingsChanged` as for `append(_:layoutChanged:findingsChanged:)`.
  func append(_ snapshot: LayoutSnapshot, detail: String, findingsChanged: Bool) throws
  /// Ends the run and makes it visible; `logFingerprint` is the replayed events' fingerprint.
  func finish(logFingerprint: String?) throws -> RunInfo
}

/// What identifies a run: which delegate replayed which recording of which log, how.
public struct RunMetadata: Equatable, Sendable {
  /// Unique in the store: `v1`, a git revision, a delegate name.
  public var label: String
  public var delegate: String
  public var recordingID: Int64
  public var recordingName: String
  /// A hash of the recording's events (`EventFingerprint`): two runs are comparable when these
  /// agree.
  public var logFingerprint: String
  public var navsimVersion: String
  public var sdkProfile: String
  /// The replay's variants, e.g. `direction=rtl`; empty for none.
  public var variants: String
  /// The event log the run was replayed from (an absolute path), whose recording
  /// `recordingID` holds the events' times, kinds and payloads: the store keeps only what the
  /// replay derived from them. Nil for a run that keeps its own events (written with
  /// `RunWriting.append(_:detail:findingsChanged:)`, e.g. by tests and tools without a log).
  public var logPath: String?
  /// When the replayed recording started (its `created_at`, ISO 8601 with its offset): the
  /// pictures' ETA card shows the arrival as a time of day from it. Nil when not known (a
  /// store written before it was kept, a run without a log).
  public var tripStart: String?
  /// The font text was measured with (`ReplayJob.fontIdentity`: file, revision, hash and
  /// HarfBuzz's version). Nil when not known (a store written before it was kept).
  public var font: String?

  public init(
    label: String, delegate: String, recordingID: Int64, recordingName: String,
    logFingerprint: String, navsimVersion: String, sdkProfile: String, variants: String,
    logPath: String? = nil, tripStart: String? = nil, font: String? = nil
  ) {
    self.label = label
    self.delegate = delegate
    self.recordingID = recordingID
    self.recordingName = recordingName
    self.logFingerprint = logFingerprint
    self.navsimVersion = navsimVersion
    self.sdkProfile = sdkProfile
    self.variants = variants
    self.logPath = logPath
    self.tripStart = tripStart
    self.font = font
  }
}

/// A stored run.
public struct RunInfo: Equatable, Sendable {
  public var id: Int64
  public var metadata: RunMetadata
  public var eventCount: Int
  public var layoutChanges: Int
  public var isFinished: Bool

  public init(id: Int64, metadata: RunMetadata, eventCount: Int, layoutChanges: Int, isFinished: Bool) {
    self.id = id
    self.metadata = metadata
    self.eventCount = eventCount
    self.layoutChanges = layoutChanges
    self.isFinished = isFinished
  }

  public var label: String { metadata.label }
  public var delegate: String { metadata.delegate }
  public var recordingID: Int64 { metadata.recordingID }
  public var recordingName: String { metadata.recordingName }
  public var logFingerprint: String { metadata.logFingerprint }
  public var navsimVersion: String { metadata.navsimVersion }
  public var sdkProfile: String { metadata.sdkProfile }
  public var variants: String { metadata.variants }
  public var logPath: String? { metadata.logPath }
  public var tripStart: String? { metadata.tripStart }
  public var font: String? { metadata.font }
  /// The variants one by one (`direction=rtl`...), in their stored order.
  public var variantList: [String] { variants.split(separator: " ").map(String.init) }
}

extension RunInfo {
  /// One line when two runs measured text with different fonts (both known), since every
  /// text-dependent frame moves with the font alone; nil when they agree or one is unknown.
  /// - Parameters:
  ///   - a: the first run.
  ///   - b: the second run.
  ///   - nameA: what the line calls `a` (a store's path); its quoted label by default.
  ///   - nameB: what the line calls `b`; its quoted label by default.
  public static func fontNote(
    _ a: RunInfo, _ b: RunInfo, nameA: String? = nil, nameB: String? = nil
  ) -> String? {
    guard let fontA = a.font, let fontB = b.font, fontA != fontB else { return nil }
    return "note: \(nameA ?? "'\(a.label)'") measured text with \(fontA), "
      + "\(nameB ?? "'\(b.label)'") with \(fontB); text-dependent frames differ with the font"
  }
}
