import Foundation
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
      version, SDK profile, variants, and whether it finished. delete removes a whole run (a
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
        try writeAtomically(to: out) { write in try store.exportRun(label: label, to: write) }
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

/// Writes a file through a temporary sibling and renames it into place, so a failure never
/// leaves a half-written file.
/// - Throws: what `body` throws, or `CommandFailure` when the file cannot be written.
func writeAtomically(to path: String, _ body: ((String) throws -> Void) throws -> Void) throws {
  let temporary = path + ".tmp-\(getpid())"
  guard FileManager.default.createFile(atPath: temporary, contents: nil),
    let handle = FileHandle(forWritingAtPath: temporary)
  else { throw CommandFailure("\(path): cannot write the file") }
  do {
    var buffer = ""
    try body { chunk in
      buffer += chunk
      if buffer.utf8.count >= 1 << 16 {
        handle.write(Data(buffer.utf8))
        buffer = ""
      }
    }
    handle.write(Data(buffer.utf8))
    try handle.close()
    if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
    try FileManager.default.moveItem(atPath: temporary, toPath: path)
  } catch {
    try? handle.close()
    try? FileManager.default.removeItem(atPath: temporary)
    throw error
  }
}
