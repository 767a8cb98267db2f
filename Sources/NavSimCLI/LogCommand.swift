import EventLog
import Foundation
import SessionEvents

/// `navsim log info|events|export|import`: look into event logs, move recordings in and out
/// as JSON Lines.
struct LogCommand: CommandGroup {
  nonisolated static let spec = CommandSpec(
    name: "log",
    summary: "Inspect event logs; export and import JSON Lines; push to and pull from PostgreSQL",
    discussion: """
      LOG may be a postgres:// URL for info, events and export (and for replay and lint).
      --recording ID picks the recording; it may be left out when LOG holds only one.
      """)

  nonisolated static let subcommands: [any NavSimCommand.Type] = [
    LogInfoCommand.self, LogEventsCommand.self, LogExportCommand.self, LogImportCommand.self,
    LogRedactCommand.self, LogPushCommand.self, LogPullCommand.self, LogInitCommand.self,
    LogAppendTestCommand.self,
  ]

  // MARK: - Shared

  /// The recording `id` (`--recording`), or the only one in the log when `id` is nil. Only
  /// that recording is read: another the log cannot read does not stop it.
  /// - Throws: `UsageError` when the log holds several and none was picked, `CommandFailure`
  ///   when it holds none; `EventLogError.unknownRecording`.
  static func pickRecording(_ id: Int64?, in log: any EventLogReading) throws -> RecordingInfo {
    if let id {
      return try log.recording(id)
    }
    let ids = try log.recordingIDs()
    switch ids.count {
    case 0: throw CommandFailure("\(log.location): holds no recordings")
    case 1: return try log.recording(ids[0])
    default:
      let list = ids.map(String.init).joined(separator: ", ")
      throw UsageError("\(log.location) holds recordings \(list): pick one with --recording ID")
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
