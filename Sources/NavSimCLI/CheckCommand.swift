import Foundation
import Navigator
import NavSim
import NavSimCheck
import Replay
import SessionEvents
import Snapshots

/// `navsim check`: every recording through every layout, in parallel, sharded, with CI
/// reports. The work is `NavSimCheck`'s; this parses options and prints.
struct CheckCommand: NavSimCommand {
  nonisolated static let name = "check"
  nonisolated static let summary = "Replay every recording through every layout, with CI reports"
  nonisolated static let usage = """
    USAGE: navsim check [LOG | DIR]... [--delegate NAME]... [--screen NAME]... [--device NAME]...
                        [--direction ltr|rtl]... [--profile FILE] [--jobs N] [--shard K/N]
                        [--snapshots STORE] [--label-prefix P] [--junit FILE]
                        [--sarif FILE] [--annotations github] [--json]

    Replays every recording of every log (a directory: every *.sqlite under it; default
    Recordings/) through every delegate and screen given (default: every registered one but
    builtin) on every device profile and direction given (default: the recording's own),
    with the SDK's view sizes from --profile FILE (an SDKProfile JSON file, such as 'navsim
    profile fit' writes; default: NavSim's), --jobs at a time in worker processes (default: the number of cores); results do not
    depend on --jobs. --shard K/N runs the K-th of N parts of the matrix, balanced by event count and
    the same on every machine. Prints a table (configuration, events, layouts, errors,
    warnings, first finding) and each distinct finding with the line of code behind it.
    --snapshots stores every run (labelled SUBJECT/RECORDING/DEVICE/DIRECTION, after
    --label-prefix P/ when given); --junit and --sarif write those reports; --annotations
    github prints workflow commands that GitHub shows on the lines. Exit status: 0 no
    error finding, 1 error findings, 2 bad input.
    """

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments,
      valueOptions: [
        "--delegate", "--screen", "--device", "--direction", "--jobs", "--shard", "--snapshots",
        "--label-prefix", "--junit", "--sarif", "--annotations", "--profile",
      ],
      flagOptions: ["--json"])
    let registry = context.delegates
    var subjects: [LayoutSubject]
    if parsed.values("--delegate").isEmpty && parsed.values("--screen").isEmpty {
      subjects = registry.names.filter { $0 != DelegateRegistry.builtinName }
        .map(LayoutSubject.delegate) + context.screens.names.map(LayoutSubject.screen)
    } else {
      subjects = parsed.values("--delegate").map(LayoutSubject.delegate)
        + parsed.values("--screen").map(LayoutSubject.screen)
    }
    let profile = try SDKProfileFile(path: parsed.value("--profile"))
    for subject in subjects { _ = try job(for: subject, context) }  // unknown names fail here
    let devices = parsed.values("--device")
    for device in devices {
      do { _ = try DeviceProfiles.profile(named: device) } catch { throw CommandFailure("--device: \(error)") }
    }
    let directions = try parsed.values("--direction").map { text in
      guard let direction = LayoutDirectionOverride(rawValue: text) else {
        throw UsageError("--direction must be ltr or rtl, got '\(text)'")
      }
      return direction
    }
    if let annotations = parsed.value("--annotations"), annotations != "github" {
      throw UsageError("--annotations takes 'github', got '\(annotations)'")
    }
    let jobs = Int(try parsed.int("--jobs", in: 1...256) ?? Int64(ProcessInfo.processInfo.activeProcessorCount))
    let labelPrefix = parsed.value("--label-prefix")

    do {
      let shard = try parsed.value("--shard").map { try CheckShard(text: $0) }
      let paths = parsed.positionals.isEmpty ? [CheckMatrix.defaultDirectory] : parsed.positionals
      let recordings = try CheckMatrix.recordings(in: paths, opener: NavSimLogOpener())
      let matrix = try CheckMatrix.configurations(
        recordings: recordings, subjects: subjects, devices: devices, directions: directions)
      let selected = shard?.select(matrix) ?? matrix
      let storePath = parsed.value("--snapshots")
      if let storePath { try refuseTakenLabels(storePath, selected, labelPrefix) }

      var progress = 0
      func showProgress(_ done: Int) {
        guard context.showsProgress else { return }
        progress = done
        context.standardError("\rchecking \(progress)/\(selected.count) configurations")
        if done == selected.count { context.standardError("\r\u{1B}[K") }
      }
      let results: [ConfigurationResult]
      if jobs > 1, selected.count > 1, let executable = context.executablePath {
        let launcher = CheckWorkerLauncher(executable: executable) { configuration, store, prefix in
          CheckWorkerCommand.arguments(
            for: configuration, store: store, labelPrefix: prefix, profilePath: profile.path)
        }
        results = try CheckRunner.runInWorkers(
          selected, launcher: launcher, jobs: jobs, storePath: storePath,
          labelPrefix: labelPrefix, progress: showProgress)
      } else {
        let store = try storePath.map { try SnapshotStore(path: $0, mode: .create) }
        var collected: [ConfigurationResult] = []
        for configuration in selected {
          collected.append(
            try CheckRunner.run(
              configuration, job: try job(for: configuration.subject, context, profile: profile),
              store: store, labelPrefix: labelPrefix))
          showProgress(collected.count)
        }
        results = collected
      }

      let report = CheckReport(results: results, shard: shard, matrixSize: matrix.count)
      let resolver = SourceResolver()
      if let path = parsed.value("--sarif") {
        let text = report.sarif(resolver: resolver, toolVersion: NavSimVersion.current)
        try writeAtomically(to: path) { write in try write(text) }
      }
      if let path = parsed.value("--junit") {
        let text = report.junit(resolver: resolver)
        try writeAtomically(to: path) { write in try write(text) }
      }
      if parsed.flag("--json") {
        context.print(report.json)
      } else {
        context.standardOutput(report.text)
      }
      if parsed.value("--annotations") == "github" {
        context.standardOutput(report.githubAnnotations(resolver: resolver))
      }
      return report.exitStatus
    } catch let error as CheckError {
      throw CommandFailure(error.message)
    }
  }

  /// The replay of a subject (its log and recording are set per configuration).
  /// - Throws: `CommandFailure` for a delegate or screen that is not registered.
  @MainActor
  static func job(
    for subject: LayoutSubject, _ context: CommandContext, profile: SDKProfileFile = .init()
  ) throws -> ReplayJob {
    var job: ReplayJob
    switch subject {
    case .delegate(let name):
      let registry = context.delegates
      _ = try registry.makeDelegate(named: name)
      job = ReplayJob(
        logPath: "", delegateName: name, makeDelegate: { try? registry.makeDelegate(named: name) },
        profile: profile.profile, profileName: profile.name)
    case .screen(let name):
      job = ReplayJob(
        logPath: "", screenName: name, makeScreen: try context.screens.factory(named: name),
        profile: profile.profile, profileName: profile.name)
    }
    job.logOpener = NavSimLogOpener()
    return job
  }

  /// Refuses, before anything runs, labels the store already holds.
  private static func refuseTakenLabels(
    _ path: String, _ configurations: [CheckConfiguration], _ prefix: String?
  ) throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    let taken = Set(try SnapshotStore(path: path, mode: .readOnly).runs().map(\.label))
    if let clash = configurations.first(where: { taken.contains($0.runLabel(prefix: prefix)) }) {
      throw CheckError(
        "\(path): a run labelled '\(clash.runLabel(prefix: prefix))' exists already; "
          + "use a new store, --label-prefix or 'navsim runs delete'")
    }
  }
}

/// `navsim check-worker` (not listed): one configuration of a parallel check, its result as
/// one JSON line on stdout.
struct CheckWorkerCommand: NavSimCommand {
  nonisolated static let name = "check-worker"
  nonisolated static let summary = "One configuration of 'navsim check' (used by check itself)"
  nonisolated static let usage = """
    USAGE: navsim check-worker LOG --recording ID --subject NAME [--device NAME]
                               [--direction ltr|rtl] [--profile FILE] [--snapshots STORE]
                               [--label-prefix P]
    """

  nonisolated static func arguments(
    for configuration: CheckConfiguration, store: String?, labelPrefix: String?,
    profilePath: String? = nil
  ) -> [String] {
    var arguments = [
      "check-worker", configuration.recording.logPath, "--recording", String(configuration.recording.id),
      "--subject", configuration.subject.description,
    ]
    if let device = configuration.device { arguments += ["--device", device] }
    if let direction = configuration.direction { arguments += ["--direction", direction.rawValue] }
    if let store { arguments += ["--snapshots", store] }
    if let labelPrefix { arguments += ["--label-prefix", labelPrefix] }
    if let profilePath { arguments += ["--profile", profilePath] }
    return arguments
  }

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments,
      valueOptions: [
        "--recording", "--subject", "--device", "--direction", "--snapshots", "--label-prefix",
        "--profile",
      ],
      flagOptions: [])
    try parsed.expectPositionals(atMost: 1)
    let log = try parsed.positional(0, "LOG")
    guard let id = try parsed.int("--recording", in: 1...Int64.max),
      let subjectText = parsed.value("--subject")
    else { throw UsageError("missing --recording or --subject") }
    do {
      guard
        let recording = try CheckMatrix.recordings(in: [log], opener: NavSimLogOpener())
          .first(where: { $0.id == id })
      else {
        throw CommandFailure("\(log): no recording \(id)")
      }
      let configuration = CheckConfiguration(
        recording: recording, subject: LayoutSubject(text: subjectText),
        device: parsed.value("--device"),
        direction: parsed.value("--direction").flatMap(LayoutDirectionOverride.init(rawValue:)))
      let store = try parsed.value("--snapshots").map { try SnapshotStore(path: $0, mode: .create) }
      let profile = try SDKProfileFile(path: parsed.value("--profile"))
      let job = try CheckCommand.job(for: configuration.subject, context, profile: profile)
      let result = try CheckRunner.run(
        configuration, job: job, store: store, labelPrefix: parsed.value("--label-prefix"))
      context.print(result.wireText)
      return 0
    } catch let error as CheckError {
      throw CommandFailure(error.message)
    }
  }
}
