import EventLog

// MARK: - navsim log redact

extension LogCommand {
  static func redact(
    from input: String, to out: String, seed: UInt64?, context: CommandContext
  ) throws -> Int32 {
    let summaries = try EventLogFile.redact(from: input, to: out, seed: seed)
    for summary in summaries {
      context.print(
        "redacted recording \(summary.sourceRecording) as recording \(summary.recording.id) "
          + "(\(summary.recording.eventCount) events: \(summary.movedCoordinates) positions "
          + "moved, \(summary.replacedTexts) texts replaced) into \(out)")
    }
    if summaries.isEmpty { context.print("\(input) holds no recordings; wrote an empty log \(out)") }
    return 0
  }
}
