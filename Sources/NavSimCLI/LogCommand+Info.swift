import EventLog
import SessionEvents

// MARK: - navsim log info

extension LogCommand {
  static func info(
    log location: String, context: CommandContext
  ) throws -> Int32 {
    let log = try NavSimLogOpener().openForReading(location)
    let recordings = try log.recordings()
    let count = recordings.count == 1 ? "1 recording" : "\(recordings.count) recordings"
    context.print("\(log.location): \(try log.storeDescription()), \(count)")
    for recording in recordings {
      let metadata = recording.metadata
      context.print("")
      context.print("recording \(recording.id): \(metadata.name)")
      var source = metadata.source.rawValue
      if let seed = metadata.seed { source += ", seed \(seed)" }
      if let scenario = metadata.scenario {
        let lines = scenario.split(separator: "\n", omittingEmptySubsequences: false).count
        source += ", scenario of \(lines) line\(lines == 1 ? "" : "s")"
      }
      context.print("  source    \(source)")
      context.print("  device    \(metadata.deviceProfile ?? "-")")
      context.print("  created   \(metadata.createdAt) by NavSim \(recording.navsimVersion)")
      if let note = metadata.attributes[RecordingMetadata.redactedKey] {
        context.print("  redacted  yes: \(note)")
      }
      let facts = metadata.attributeKeys.filter { $0 != RecordingMetadata.redactedKey }
      if !facts.isEmpty {
        context.print("  attributes")
        // Padded by characters and never cut: `padding(toLength:)` counts UTF-16 units and
        // cuts a key longer than the column, which a key of combining marks can be.
        let width = max(20, (facts.map(\.count).max() ?? 0) + 2)
        for key in facts {
          context.print(
            "    " + key + String(repeating: " ", count: width - key.count)
              + metadata.attributes[key]!)
        }
      }
      if let first = recording.firstT, let last = recording.lastT {
        context.print(
          "  events    \(recording.eventCount), t \(first)...\(last) ms "
            + "(\(duration(last - first)))")
      } else {
        context.print("  events    0")
      }
      context.print(
        "  status    "
          + (recording.isFinished ? "finished" : "unfinished (cut short, or still recording)"))
      let counts = try log.eventCountsByKind(recording: recording.id)
      if !counts.isEmpty {
        context.print("  by kind")
        for (kind, count) in counts {
          context.print("    " + kind.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
            + String(count))
        }
      }
    }
    return 0
  }
}
