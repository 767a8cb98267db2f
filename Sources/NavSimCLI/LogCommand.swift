import EventLog
import Foundation
import SessionEvents

/// `navsim log info|events|export|import`: look into event logs, move recordings in and out
/// as JSON Lines.
struct LogCommand: NavSimCommand {
  nonisolated static let name = "log"
  nonisolated static let summary =
    "Inspect event logs; export and import JSON Lines; push to and pull from PostgreSQL"
  nonisolated static let usage = """
    USAGE: navsim log info LOG
           navsim log events LOG [--recording ID] [--kind K]... [--from SEQ] [--limit N] [--json]
           navsim log export LOG [--recording ID] [--out FILE]
           navsim log import FILE.jsonl --out LOG
           navsim log redact LOG --out LOG2 [--seed N]
           navsim log push LOG URL [--recording ID] [--batch N]
           navsim log pull URL RECORDING --out LOG
           navsim log init URL [--grant ROLE]

    info     recordings in LOG: metadata, event counts per kind, time span, finished or not
    events   a recording's events in seq order, one per line (--json: JSON Lines)
             --kind K    only events of kind K (repeat, or K1,K2)
             --from SEQ  start at seq SEQ
             --limit N   at most N events
    export   a recording as JSON Lines (a header line, then one event per line), to stdout
             or atomically to FILE
    import   a JSON Lines file as a new recording of LOG (created when missing); a bad line
             is reported with its number and nothing is written
    redact   a copy of every recording that can be shared, as a new log LOG2: coordinates
             moved by one random offset per recording, road names, prompt texts, marks,
             route ids, the scenario, seed and time of day removed; it replays to the same
             layouts.
             --seed N    picks the offsets (default: derived from each recording's content,
                         so the same log always redacts the same way); never stored
    push     LOG's recordings (or one) into the PostgreSQL recording library at URL
             (postgres://user:password@host:port/database), creating its schema when
             missing; a recording already there is not stored again; a push that was
             interrupted resumes where it stopped; --batch N events per transaction
    pull     library recording RECORDING into the SQLite log LOG (created when missing)
    init     create the library's schema at URL; --grant ROLE lets ROLE read and push but
             never update or delete

    LOG may be a postgres:// URL for info, events and export (and for replay and lint).
    --recording ID picks the recording; it may be left out when LOG holds only one.
    """

  /// The subcommands are `NavSimRootCommand.Log`'s; this runs only when called directly.
  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    throw UsageError("missing subcommand (info, events, export, import, redact, push, pull, init)")
  }

  // MARK: - Shared

  /// The recording `id` (`--recording`), or the only one in the log when `id` is nil.
  /// - Throws: `UsageError` when the log holds several and none was picked, `CommandFailure`
  ///   when it holds none; `EventLogError.unknownRecording`.
  static func pickRecording(_ id: Int64?, in log: any EventLogReading) throws -> RecordingInfo {
    if let id {
      return try log.recording(id)
    }
    let recordings = try log.recordings()
    switch recordings.count {
    case 0: throw CommandFailure("\(log.location): holds no recordings")
    case 1: return recordings[0]
    default:
      let ids = recordings.map { String($0.id) }.joined(separator: ", ")
      throw UsageError("\(log.location) holds recordings \(ids): pick one with --recording ID")
    }
  }

  /// Collects output into large chunks, so printing a million lines is not a million writes.
  @MainActor
  struct ChunkedOutput {
    let context: CommandContext
    var buffer = ""

    init(_ context: CommandContext) {
      self.context = context
      buffer.reserveCapacity(1 << 16)
    }

    mutating func line(_ text: String) {
      buffer += text
      buffer += "\n"
      if buffer.utf8.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
      if !buffer.isEmpty { context.standardOutput(buffer) }
      buffer = ""
    }
  }

  /// `1h 02m 03.400s`-style duration of `milliseconds`.
  static func duration(_ milliseconds: Int64) -> String {
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1000 % 60
    let millis = milliseconds % 1000
    let secondsText = "\(seconds).\(String(format: "%03d", millis))s"
    if hours > 0 { return "\(hours)h \(String(format: "%02d", minutes))m \(secondsText)" }
    if minutes > 0 { return "\(minutes)m \(secondsText)" }
    return secondsText
  }
}
