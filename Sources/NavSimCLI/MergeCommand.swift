import Foundation
import NavSimCheck
import OutputPolicy
import Replay
import Snapshots

/// `navsim merge`: the snapshot stores of shards into one.
struct MergeCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "merge", summary: "Merge snapshot stores (of check shards) into one",
    arguments: [
      ArgumentSpec("OUT", "The store to merge into (created when missing)."),
      ArgumentSpec("STORE", "A store to merge.", repeatable: true),
    ],
    discussion: """
      Copies every run of each STORE, in order, into OUT. Identical layouts are stored once;
      a run OUT already holds under the same label is skipped when it is the same run and
      refused when it is not. Exit status 0, or 2 on bad input.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let out = try parsed.positional(0, "OUT (the store to merge into)")
    _ = try parsed.positional(1, "STORE (a store to merge)")
    let sources = Array(parsed.positionals.dropFirst())
    for path in sources where !FileManager.default.fileExists(atPath: path) {
      throw CommandFailure("\(path): no such file")
    }
    let opened = try sources.map { try SnapshotStore(path: $0, mode: .readOnly) }
    try OutputFile.checkStore(out, inputs: sources)
    let target = try SnapshotStore(path: out, mode: .create)
    var copied = 0, skipped = 0
    do {
      for source in opened {
        let summary = try SnapshotMerge.merge(source, into: target)
        copied += summary.copied
        skipped += summary.alreadyThere
      }
    } catch let error as CheckError {
      throw CommandFailure(error.message)
    }
    context.print(
      "merged \(copied) runs from \(sources.count) stores into \(out)"
        + (skipped > 0 ? " (\(skipped) already there)" : ""))
    return 0
  }
}
