import EventLog

// MARK: - navsim log redact

extension LogCommand {
  static func redact(
    _ options: NavSimRootCommand.Log.Redact, context: CommandContext
  ) throws -> Int32 {
    let input = options.log, out = options.out
    let summaries = try EventLogFile.redact(from: input, to: out, seed: options.seed)
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
