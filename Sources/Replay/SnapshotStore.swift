import Foundation
import SQLite

/// What identifies a run: which delegate replayed which recording of which log, how.
public struct RunMetadata: Equatable, Sendable {
  /// Unique in the store: `v1`, a git revision, a delegate name.
  public var label: String
  public var delegate: String
  public var recordingID: Int64
  public var recordingName: String
  /// A hash of the recording's events: two runs are comparable when these agree.
  public var logFingerprint: String
  public var navsimVersion: String
  public var sdkProfile: String
  /// The replay's variants, e.g. `direction=rtl`; empty for none.
  public var variants: String

  public init(
    label: String, delegate: String, recordingID: Int64, recordingName: String,
    logFingerprint: String, navsimVersion: String, sdkProfile: String, variants: String
  ) {
    self.label = label
    self.delegate = delegate
    self.recordingID = recordingID
    self.recordingName = recordingName
    self.logFingerprint = logFingerprint
    self.navsimVersion = navsimVersion
    self.sdkProfile = sdkProfile
    self.variants = variants
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
  /// The variants one by one (`direction=rtl`...), in their stored order.
  public var variantList: [String] { variants.split(separator: " ").map(String.init) }
}

/// One event of a stored run: its header, the event's payload (readable JSON), the hash of
/// the layout after it and the findings it raised.
public struct StoredFrame: Equatable, Sendable {
  public var seq: Int64
  public var t: Int64
  public var event: String
  /// The event's payload as a JSON object (what `navsim log events --json` shows).
  public var detail: String
  public var layoutHash: String
  public var findings: [SnapshotFinding]

  public init(
    seq: Int64, t: Int64, event: String, detail: String, layoutHash: String,
    findings: [SnapshotFinding]
  ) {
    self.seq = seq
    self.t = t
    self.event = event
    self.detail = detail
    self.layoutHash = layoutHash
    self.findings = findings
  }
}

/// Why the snapshot store refused.
public enum SnapshotStoreError: Error, CustomStringConvertible, Equatable {
  case notASnapshotStore(path: String)
  case newerSchema(path: String, version: Int64)
  case labelTaken(path: String, label: String)
  case unknownLabel(path: String, label: String, known: [String])
  case unfinishedRun(path: String, label: String)
  case differentRecordings(path: String, labelA: String, labelB: String, detail: String)
  case missingLayout(path: String, hash: String)
  case badStoredText(path: String, detail: String)

  public var description: String {
    switch self {
    case .notASnapshotStore(let path):
      "\(path): not a NavSim snapshot store (wrong application_id)"
    case .newerSchema(let path, let version):
      "\(path): snapshot store schema \(version) is newer than this NavSim understands (\(SnapshotStore.schemaVersion)); upgrade NavSim"
    case .labelTaken(let path, let label):
      "\(path): a run labelled '\(label)' exists already; choose another --label or 'navsim runs delete'"
    case .unknownLabel(let path, let label, let known):
      "\(path): no run labelled '\(label)' (runs: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    case .unfinishedRun(let path, let label):
      "\(path): run '\(label)' did not finish (its replay was interrupted); replay it again"
    case .differentRecordings(let path, let a, let b, let detail):
      "\(path): runs '\(a)' and '\(b)' replayed different recordings (\(detail)); only runs of the same recording can be compared"
    case .missingLayout(let path, let hash): "\(path): layout \(hash) is missing (damaged store)"
    case .badStoredText(let path, let detail): "\(path): \(detail)"
    }
  }
}

/// Layout snapshots in SQLite, one run per replay. Identical layouts are stored once, by
/// content hash; a finished run is immutable (triggers refuse changes even from raw SQL).
public final class SnapshotStore {
  /// 'NVSS' - the file says it is a NavSim snapshot store.
  public static let applicationID: Int64 = 0x4E56_5353
  public static let schemaVersion: Int64 = 1

  public let path: String
  let db: SQLiteConnection

  /// Opens (or with `.create` creates) a snapshot store.
  /// - Throws: `SnapshotStoreError` for a file that is not a store or is too new;
  ///   `SQLiteError` when SQLite cannot open or read it.
  public init(path: String, mode: SQLiteOpenMode) throws {
    self.path = path
    let existed = FileManager.default.fileExists(atPath: path)
    db = try SQLiteConnection(path: path, mode: mode)
    db.setBusyTimeout(milliseconds: 5000)
    // Snapshots are derived data (a replay re-creates them): a power cut may lose the last
    // commits but never corrupts the file (WAL), so commits need not wait for the disk.
    if mode != .readOnly { try db.execute("PRAGMA synchronous = NORMAL") }
    let applicationID = try db.integerPragma("application_id")
    let version = try db.integerPragma("user_version")
    let isEmpty = try db.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0)
    if applicationID == 0 && isEmpty && mode != .readOnly {
      try createSchema()
      return
    }
    if !existed && mode == .readOnly { throw SnapshotStoreError.notASnapshotStore(path: path) }
    guard applicationID == Self.applicationID else {
      throw SnapshotStoreError.notASnapshotStore(path: path)
    }
    guard version <= Self.schemaVersion else {
      throw SnapshotStoreError.newerSchema(path: path, version: version)
    }
  }

  private func createSchema() throws {
    try db.transaction(.immediate) {
      try db.execute(
        """
        PRAGMA application_id = \(Self.applicationID);
        PRAGMA user_version = \(Self.schemaVersion);
        CREATE TABLE runs (
          id INTEGER PRIMARY KEY,
          label TEXT NOT NULL UNIQUE,
          delegate TEXT NOT NULL,
          recording_id INTEGER NOT NULL,
          recording_name TEXT NOT NULL,
          log_fingerprint TEXT NOT NULL,
          navsim_version TEXT NOT NULL,
          sdk_profile TEXT NOT NULL,
          variants TEXT NOT NULL,
          event_count INTEGER NOT NULL DEFAULT 0,
          layout_changes INTEGER NOT NULL DEFAULT 0,
          finished INTEGER NOT NULL DEFAULT 0,
          deleting INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE TABLE layouts (hash TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT, WITHOUT ROWID;
        CREATE TABLE frames (
          run_id INTEGER NOT NULL REFERENCES runs(id),
          seq INTEGER NOT NULL,
          t INTEGER NOT NULL,
          event TEXT NOT NULL,
          detail TEXT NOT NULL,
          layout_hash TEXT NOT NULL,
          findings TEXT NOT NULL,
          PRIMARY KEY (run_id, seq)
        ) STRICT, WITHOUT ROWID;
        CREATE TRIGGER frames_immutable_update BEFORE UPDATE ON frames
          BEGIN SELECT RAISE(ABORT, 'snapshots are immutable: delete the whole run instead'); END;
        CREATE TRIGGER frames_finished_insert BEFORE INSERT ON frames
          WHEN (SELECT finished FROM runs WHERE id = NEW.run_id) = 1
          BEGIN SELECT RAISE(ABORT, 'run is finished: its snapshots are immutable'); END;
        CREATE TRIGGER frames_delete_whole_runs BEFORE DELETE ON frames
          WHEN (SELECT deleting FROM runs WHERE id = OLD.run_id) = 0
          BEGIN SELECT RAISE(ABORT, 'snapshots are deleted only with their whole run'); END;
        CREATE TRIGGER runs_finished_immutable BEFORE UPDATE ON runs
          WHEN OLD.finished = 1 AND NOT (NEW.deleting = 1 AND OLD.deleting = 0
            AND NEW.label IS OLD.label AND NEW.event_count IS OLD.event_count)
          BEGIN SELECT RAISE(ABORT, 'run is finished: it is immutable'); END;
        """)
    }
    try db.execute("PRAGMA journal_mode = WAL")
  }
}
