import EventLog
import SessionEvents
import TextBytes

// MARK: - navsim log import

extension LogCommand {
  static func importRecording(
    from file: String, into out: String, context: CommandContext
  ) throws -> Int32 {
    let recording = try EventLogFile.importJSONLines(from: file, intoLogAt: out)
    context.print(
      "imported recording \(recording.id) \(recording.metadata.name.visiblyQuoted) "
        + "(\(recording.eventCount) events) into \(out)")
    return 0
  }

  // MARK: - Hidden: a writer to kill

  /// `navsim log _append-test LOG COUNT [--batch N]`: appends COUNT synthetic events to a new
  /// recording, then finishes it. Not listed in the usage: the crash-safety test SIGKILLs it
  /// mid-recording and checks what it left.
  static func appendTest(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let path = try parsed.positional(0, "LOG")
    let count = try Int64(parsed.positional(1, "COUNT")).flatMap { $0 >= 0 ? $0 : nil }
    guard let count else { throw UsageError("COUNT must be a non-negative integer") }
    let batch = try parsed.int("--batch", in: 1...1_000_000) ?? 1024
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "append-test", source: .scenario, seed: 0, createdAt: "test"),
      batchSize: Int(batch))
    for index in 0..<Int(count) {
      try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    try writer.finish()
    return 0
  }
}
