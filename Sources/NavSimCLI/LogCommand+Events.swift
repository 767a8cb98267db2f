import EventLog
import SessionEvents
import TextBytes

// MARK: - navsim log events, navsim log export

extension LogCommand {
  static func events(
    log location: String, recording id: Int64?, kinds kindValues: [String], from: Int64?,
    limit: Int64?, json: Bool, context: CommandContext
  ) throws -> Int32 {
    let kinds = try parseKinds(kindValues)
    let log = try NavSimLogOpener().openForReading(location)
    let recording = try pickRecording(id, in: log)
    let cursor = try log.eventStream(
      recording: recording.id, kinds: kinds, seqRange: from.map { $0...Int64.max })
    var output = ChunkedOutput(context)
    var printed: Int64 = 0
    while printed < (limit ?? Int64.max), let event = try cursor.next() {
      if json {
        output.line(event.jsonLine)
      } else {
        let seq = String(event.seq)
        output.line(
          String(repeating: " ", count: max(0, 7 - seq.count)) + seq + "  t=\(event.t)  "
            + event.kind.rawValue + "  " + event.payload.jsonText)
      }
      printed += 1
    }
    output.flush()
    return 0
  }

  /// Kind names from repeated or comma-separated `--kind` values; nil when none given.
  /// - Throws: `UsageError` naming an unknown kind and listing the known ones.
  static func parseKinds(_ values: [String]) throws -> Set<EventKind>? {
    guard !values.isEmpty else { return nil }
    var kinds = Set<EventKind>()
    for name in values.flatMap({ $0.split(separator: ",") }) {
      guard let kind = EventKind(rawValue: String(name)) else {
        let known = EventKind.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError("unknown event kind \(String(name).visiblyQuoted) (known: \(known))")
      }
      kinds.insert(kind)
    }
    return kinds
  }

  static func export(
    log location: String, recording id: Int64?, out: String?, context: CommandContext
  ) throws -> Int32 {
    let log = try NavSimLogOpener().openForReading(location)
    let recording = try pickRecording(id, in: log)
    if let out {
      try log.exportJSONLines(recording: recording.id, toFile: out)
      context.printError(
        "exported recording \(recording.id) (\(recording.eventCount) events) to \(out)")
    } else {
      try log.exportJSONLines(recording: recording.id) { context.standardOutput($0) }
    }
    return 0
  }
}
