import EventLog

// MARK: - navsim log redact

extension LogCommand {
  static func redact(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, valueOptions: ["--out", "--seed"], flagOptions: [])
    let input = try parsed.positional(0, "LOG")
    try parsed.expectPositionals(atMost: 1)
    guard let out = parsed.value("--out") else { throw UsageError("missing --out LOG2") }
    var seed: UInt64?
    if let text = parsed.value("--seed") {
      guard let value = UInt64(text) else {
        throw UsageError("--seed must be an integer in 0...\(UInt64.max), got '\(text)'")
      }
      seed = value
    }
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
