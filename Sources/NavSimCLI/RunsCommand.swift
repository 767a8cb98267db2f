import Foundation
import OutputPolicy
import Replay
import Snapshots

/// `navsim runs`: lists, deletes and exports the runs of a snapshot store.
struct RunsCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "runs", summary: "List, delete or export the replay runs of a snapshot store",
    arguments: [
      ArgumentSpec("SNAPSHOTS", "The snapshot store."),
      ArgumentSpec(
        "ACTION", "list (the default), delete or export.", optional: true,
        completion: .values(["list", "delete", "export"])),
      ArgumentSpec("LABEL", "The run to delete or export.", optional: true, completion: .none),
    ],
    options: [
      .value(
        "--out", "FILE.jsonl", "With export: write the run to FILE instead of stdout.",
        completion: .files)
    ],
    discussion: """
      list shows each run: label, delegate, recording, events, layout changes, NavSim
      version, SDK profile, variants, the font text was measured with, and whether it
      finished. delete removes a whole run (a
      finished run's snapshots cannot be changed one by one). export writes every snapshot of
      a run as JSON Lines, to FILE or stdout.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let path = try parsed.positional(0, "SNAPSHOTS (the snapshot store)")
    let action = parsed.positionals.count > 1 ? parsed.positionals[1] : "list"
    switch action {
    case "list":
      try parsed.expectPositionals(atMost: 2)
      let store = try SnapshotStore(path: path, mode: .readOnly)
      let runs = try store.runs()
      if runs.isEmpty { context.print("no runs in \(path)") }
      for run in runs {
        var line = "\(run.label)\tdelegate=\(run.delegate)\trecording=\(run.recordingID) '\(run.recordingName)'"
        line += "\tevents=\(run.eventCount)\tlayouts=\(run.layoutChanges)\tnavsim=\(run.navsimVersion)"
        line += "\tprofile=\(run.sdkProfile)"
        if !run.variants.isEmpty { line += "\t\(run.variants)" }
        if let font = run.font { line += "\tfont=\(font)" }
        if !run.isFinished { line += "\tUNFINISHED" }
        context.print(line)
      }
    case "delete":
      let label = try parsed.positional(2, "LABEL")
      let store = try SnapshotStore(path: path, mode: .readWrite)
      try store.deleteRun(label: label)
      context.print("deleted run '\(label)'")
    case "export":
      let label = try parsed.positional(2, "LABEL")
      let store = try SnapshotStore(path: path, mode: .readOnly)
      if let out = parsed.value("--out") {
        try writeAtomically(to: out, inputs: [path]) { write in
          try store.exportRun(label: label, to: write)
        }
        context.print("wrote \(out)")
      } else {
        try store.exportRun(label: label) { context.standardOutput($0) }
      }
    default:
      throw UsageError("unknown action '\(action)' (list, delete, export)")
    }
    return 0
  }
}

/// Writes a file under NavSim's output policy (`OutputFile`): replaced atomically, never a
/// directory, a special file, one of `inputs` or a file in a missing directory.
/// - Throws: what `body` throws, or `OutputError` (one line naming `path`); nothing is
///   written then.
func writeAtomically(
  to path: String, inputs: [String] = [], _ body: ((String) throws -> Void) throws -> Void
) throws {
  try OutputFile.write(to: path, inputs: inputs, body)
}
