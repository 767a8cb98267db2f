import EventLog
import Foundation
import NavSim
import OutputPolicy
import Replay
import SessionEvents

/// `navsim profile fit`: an `SDKProfile` file from the size events of device recordings. The
/// fitting is `SDKProfileFit` (`SDKProfile+Fit.swift`, beside this command); this reads the logs and writes the file.
struct ProfileFitCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "fit", summary: "Fit an SDK profile to the view sizes of device recordings",
    arguments: [
      ArgumentSpec("LOG", "A device recording (SQLite event log).", repeatable: true)
    ],
    options: [
      .value("--out", "PROFILE.json", "The profile file to write.", required: true,
        completion: .files)
    ],
    discussion: """
      Reads the viewSize events of every recording in each LOG (as NavSimRecorder writes them
      on a device) and writes the SDKProfile keys they determine to PROFILE.json - a profile
      file for --profile, holding only those keys; the others keep NavSim's defaults. Prints a
      table of each key's value and what it was fitted from, then the keys that stay guesses
      (see docs/size-events.md). Exit status 0, or 2 on bad input (nothing is written).
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try run(logs: parsed.positionals, out: parsed.value("--out")!, context: context)
  }

  @MainActor
  static func run(logs: [String], out: String, context: CommandContext) throws -> Int32 {
    let name = URL(fileURLWithPath: out).deletingPathExtension().lastPathComponent
    let fit = try fit(logs: logs, name: name)
    try OutputFile.write(fit.profileJSON, to: out, inputs: logs)
    context.print(
      "fitted \(fit.keys.count) keys from \(fit.sizeEvents) size events into \(out)\n")
    context.print(fit.table)
    return 0
  }

  /// Fits a profile to every recording of `logs`.
  /// - Throws: `CommandFailure` naming a log that is missing or unreadable, or the logs when
  ///   they hold no size event at all.
  static func fit(logs: [String], name: String = "fitted") throws -> SDKProfileFit {
    var recordings: [[SessionEvent]] = []
    for path in logs {
      guard FileManager.default.fileExists(atPath: path) else {
        throw CommandFailure("\(path): no such file")
      }
      do {
        let log = try EventLogFile(path: path, mode: .readOnly)
        for recording in try log.recordings() {
          recordings.append(try log.events(recording: recording.id).readAll())
        }
      } catch let error as EventLogError {
        throw CommandFailure("\(error)")
      }
    }
    let fit = SDKProfileFit(recordings: recordings, name: name)
    guard fit.sizeEvents > 0 else {
      throw CommandFailure(
        "\(logs.joined(separator: ", ")): no viewSize events (record with NavSimRecorder, or "
          + "navsim record --through-recorder --view-sizes)")
    }
    return fit
  }
}

/// `navsim profile`: SDK profiles from device recordings.
struct ProfileCommand: CommandGroup {
  nonisolated static let spec = CommandSpec(
    name: "profile", summary: "Fit an SDK profile to the view sizes of device recordings")
  nonisolated static let subcommands: [any NavSimCommand.Type] = [ProfileFitCommand.self]
}
