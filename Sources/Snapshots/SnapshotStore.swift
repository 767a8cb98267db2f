import Findings
import Foundation
import OutputPolicy
import Replay
import SQLite

/// One event of a stored run: its header, the event's payload (readable JSON), the hash of
/// the layout after it and the findings it raised.
public struct StoredFrame: Equatable, Sendable {
  public var seq: Int64
  public var t: Int64
  public var event: String
  /// The event's payload as a JSON object (what `navsim log events --json` shows).
  public var detail: String
  public var layoutHash: String
  public var findings: [Finding]

  public init(
    seq: Int64, t: Int64, event: String, detail: String, layoutHash: String,
    findings: [Finding]
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
  /// The file is a NavSim event log (a recording), given where a snapshot store belongs.
  case isAnEventLog(path: String)
  case newerSchema(path: String, version: Int64)
  case labelTaken(path: String, label: String)
  case unknownLabel(path: String, label: String, known: [String])
  case unfinishedRun(path: String, label: String)
  case differentRecordings(path: String, labelA: String, labelB: String, detail: String)
  /// The layout `hash` that event `seq` shows is not in the store (nil seq: asked by hash).
  case missingLayout(path: String, seq: Int64?, hash: String)
  case badStoredText(path: String, detail: String)
  /// A store written by an older NavSim, in a format this one does not read.
  case olderSchema(path: String, version: Int64)
  /// The log a run reads its events from cannot be opened or read.
  case logUnavailable(path: String, label: String, log: String, problem: String)
  /// The log no longer holds the events the run was replayed from.
  case logChanged(path: String, label: String, log: String, detail: String)
  /// A log-backed run was given events out of the recording's order.
  case seqOutOfOrder(path: String, label: String, seq: Int64, expected: Int64)
  /// A layout stored as a change from another (`LayoutDelta`) cannot be rebuilt.
  case badLayoutDelta(path: String, seq: Int64?, hash: String, problem: String)

  public var description: String {
    switch self {
    case .notASnapshotStore(let path):
      "\(path): not a NavSim snapshot store; give a store written by navsim replay --snapshots"
        + " or navsim check --snapshots"
    case .isAnEventLog(let path):
      "\(path): is a NavSim event log (a recording), not a snapshot store; give a store written"
        + " by navsim replay --snapshots or navsim check --snapshots"
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
    case .missingLayout(let path, let seq, let hash):
      "\(path): \(seq.map { "event \($0): " } ?? "")layout \(hash) is missing (damaged store)"
    case .badStoredText(let path, let detail): "\(path): \(detail)"
    case .olderSchema(let path, let version):
      "\(path): snapshot store schema \(version) was written by an older NavSim (schema 2 keeps changes, not copies); replay the runs into a new store"
    case .logUnavailable(let path, let label, let log, let problem):
      "\(path): run '\(label)' reads its events from \(log), which cannot be read (\(problem)); put the log back or replay again"
    case .logChanged(let path, let label, let log, let detail):
      "\(path): run '\(label)' was replayed from events that \(log) no longer holds (\(detail)); replay it again"
    case .seqOutOfOrder(let path, let label, let seq, let expected):
      "\(path): run '\(label)': event \(seq) given where \(expected) was expected (a run of a log stores every event, in order)"
    case .badLayoutDelta(let path, let seq, let hash, let problem):
      "\(path): \(seq.map { "event \($0): " } ?? "")layout \(hash) cannot be rebuilt (\(problem)); the store is damaged: replay the run into a new store"
    }
  }
}

/// Layout snapshots in SQLite, one run per replay, stored by what changes (schema 3):
///
/// * `layouts`: each distinct layout once, by content hash, whole (a keyframe) or as a delta
///   against the run's previous distinct layout (`SnapshotStore+Layouts.swift`);
/// * `layout_changes`: per run, the seqs at which the layout changed and to which layout;
/// * `finding_spans`: per run, each finding as an interval of seqs over which it held, with
///   its position in the events' finding lists;
/// * `run_events`: the time, kind and payload of each event, only for runs without a log.
///   A replayed run instead names its log (`runs.log_path`) and the events' fingerprint, and
///   reads times, kinds and payloads back from the recording when they are shown.
///
/// An unchanged event therefore costs nothing. A run is written in one transaction: it
/// becomes visible finished, or (a killed or failed replay) not at all, and is immutable
/// (triggers refuse changes even from raw SQL). The `frames` view shows one row per event
/// for plain SQL.
public final class SnapshotStore {
  /// 'NVSS' - the file says it is a NavSim snapshot store.
  public static let applicationID: Int64 = 0x4E56_5353
  public static let schemaVersion: Int64 = 3

  public let path: String
  let db: SQLiteConnection
  /// The file's schema: 2 (layouts kept whole) until a run is written into it, else 3.
  var schema: Int64 = schemaVersion
  /// The last few layout texts rebuilt (`layoutText(hash:seq:near:)`), oldest first: the next
  /// one is usually a delta against one of them.
  var recentLayouts: [(hash: String, layout: StoredLayoutText)] = []
  var layoutStatement: SQLiteStatement?
  /// Whether the store has the `layout_styles` table of stores before schema 3 (nil: not
  /// looked yet).
  var hasLegacyStyles: Bool?
  /// Rows of `layouts` read so far (tests bound the rows one event's layout costs).
  var layoutRowsRead = 0

  /// Opens (or with `.create` creates) a snapshot store.
  /// - Throws: `SnapshotStoreError` for a file that is not a store, or is older or newer than
  ///   this NavSim's format; `SQLiteError` when SQLite cannot open or read it.
  public init(path: String, mode: SQLiteOpenMode) throws {
    self.path = path
    let existed = FileManager.default.fileExists(atPath: path)
    if !existed && mode != .create { throw SQLiteFileError(path: path, code: ENOENT) }
    // What the file is, from its header, before SQLite opens it (and makes files beside it).
    if existed { try Self.checkHeader(path: path, mode: mode) }
    do {
      db = try SQLiteConnection(path: path, mode: mode)
      try open(mode: mode, existed: existed)
    } catch {
      // A store this open created and could not finish (a full disk, the file-size limit)
      // is removed: a failed command leaves nothing behind.
      if !existed { Self.removeFiles(of: path) }
      throw error
    }
  }

  /// A new, empty store in a temporary SQLite file with no name (`SQLiteConnection
  /// (temporaryFor:)`), which `publish(to:inputs:)` writes to `path` whole: until then `path`
  /// is untouched, and a failed or killed process leaves nothing anywhere.
  /// - Parameter path: the file the store will become, named in messages.
  /// - Throws: `SQLiteError` naming `path`.
  public init(temporaryFor path: String) throws {
    self.path = path
    db = try SQLiteConnection(temporaryFor: path)
    try open(mode: .create, existed: false)
  }

  /// Writes this store (opened with `init(temporaryFor:)`) to `path` under the output policy:
  /// atomically, never over a directory, a special file or one of `inputs`; in WAL mode, like a
  /// store written in place.
  /// - Throws: `OutputError` (nothing written), `SQLiteError`.
  /// - Complexity: O(n) time and memory in the store's size.
  public func publish(to path: String, inputs: [String] = []) throws {
    try OutputFile.writeDatabase(try db.image(walMode: true), to: path, inputs: inputs)
  }

  /// Sets the connection up, and creates the schema in a new file or checks an existing one.
  private func open(mode: SQLiteOpenMode, existed: Bool) throws {
    db.setBusyTimeout(milliseconds: 5000)
    // Runs are small and written once, in order: a small page cache keeps a replay's memory
    // flat in the trip's length (a long run's transaction spills to the WAL instead).
    try db.execute("PRAGMA cache_size = -256")
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
    // Schema 2 kept every layout whole: read as it is, upgraded by the first run written.
    guard version >= 2 else {
      throw SnapshotStoreError.olderSchema(path: path, version: version)
    }
    schema = version
  }

  private static func removeFiles(of path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }

  /// Refuses, from the header alone, a file that is not a store this NavSim reads; an empty
  /// file or an empty SQLite database may become a store (`.create`, `.readWrite`).
  /// - Throws: `SQLiteFileError` (unreadable), `SnapshotStoreError`.
  private static func checkHeader(path: String, mode: SQLiteOpenMode) throws {
    let header = try SQLiteFileHeader(path: path)
    switch header.kind {
    case .empty:
      if mode == .readOnly { throw SnapshotStoreError.notASnapshotStore(path: path) }
    case .notSQLite: throw SnapshotStoreError.notASnapshotStore(path: path)
    case .sqlite:
      switch header.applicationID {
      case applicationID:
        if header.userVersion > schemaVersion {
          throw SnapshotStoreError.newerSchema(path: path, version: header.userVersion)
        }
      case 0x4E61_764C: throw SnapshotStoreError.isAnEventLog(path: path)  // EventLog's "NavL"
      case 0: if mode == .readOnly { throw SnapshotStoreError.notASnapshotStore(path: path) }
      default: throw SnapshotStoreError.notASnapshotStore(path: path)
      }
    }
  }
}
