import Foundation
import Lint
import NavSim
import NavSimCheck
import Navigator
import OutputPolicy
import Replay
import SessionEvents
import Snapshots

/// `navsim check`: every recording through every layout, in parallel, sharded, with CI
/// reports. The work is `NavSimCheck`'s; this parses options and prints.
struct CheckCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "check", summary: "Replay every recording through every layout, with CI reports",
    arguments: [
      ArgumentSpec(
        "LOG | DIR",
        "An event log, or a directory: every *.sqlite under it (default: Recordings/).",
        optional: true, repeatable: true)
    ],
    options: LayoutSubjectOptions.many + [
      .value(
        "--device", "NAME", "A device profile to run on.", default: "the recording's own",
        repeatable: true, completion: .devices),
      LayoutSubjectOptions.direction(
        "A layout direction to run in.", default: "the recording's own", repeatable: true),
      ContentSizeOptions.option(
        "A text size (Dynamic Type) to run at; each one given is a configuration, named with "
          + "it.", default: "large, left out of names", repeatable: true),
      SDKProfileFile.option,
      WorkerOptions.jobs,
      .value(
        "--shard", "K/N",
        "Run the K-th of N parts of the matrix, balanced by event count and the same on every "
          + "machine."),
      .value(
        "--snapshots", "STORE",
        "Store every run, labelled SUBJECT/RECORDING/DEVICE/DIRECTION (/CONTENT-SIZE with "
          + "--content-size).", completion: .files),
      .value("--label-prefix", "P", "With --snapshots: labels start with P/."),
      .value("--junit", "FILE", "Write a JUnit XML report.", completion: .files),
      .value("--sarif", "FILE", "Write a SARIF 2.1.0 report.", completion: .files),
      .value(
        "--annotations", "FORMAT", "Print workflow commands that GitHub shows on the lines.",
        allowed: ["github"]),
      .flag("--json", "Print the result as JSON."),
    ],
    discussion: """
      Replays every recording of every log through every delegate and screen given (default:
      every registered one but builtin and the deliberately broken examples, which run only
      when named) on every device profile, direction and text size given, --jobs
      at a time in worker processes; results do not depend on --jobs. Prints a table
      (configuration, events, layouts, errors, warnings, first finding) and each distinct
      finding with the line of code behind it. Exit status: 0 no error finding, 1 error
      findings, 2 bad input.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let registry = context.delegates
    var subjects: [LayoutSubject]
    if parsed.values("--delegate").isEmpty && parsed.values("--screen").isEmpty {
      subjects = registry.defaultNames
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
    let contentSizes = parsed.values("--content-size").map(ContentSizeOptions.category)
    let jobs = Int(try parsed.int("--jobs", in: 1...256) ?? Int64(ProcessInfo.processInfo.activeProcessorCount))
    let labelPrefix = parsed.value("--label-prefix")

    do {
      let shard = try parsed.value("--shard").map { try CheckShard(text: $0) }
      let paths = parsed.positionals.isEmpty ? [CheckMatrix.defaultDirectory] : parsed.positionals
      let recordings = try CheckMatrix.recordings(in: paths, opener: NavSimLogOpener())
      let matrix = try CheckMatrix.configurations(
        recordings: recordings, subjects: subjects, devices: devices, directions: directions,
        contentSizes: contentSizes)
      let selected = shard?.select(matrix) ?? matrix
      let storePath = parsed.value("--snapshots")
      if let storePath { try refuseTakenLabels(storePath, selected, labelPrefix) }
      // Refuse an output path before the matrix runs, not after (written at the end).
      for path in [parsed.value("--sarif"), parsed.value("--junit")].compactMap({ $0 }) {
        _ = try OutputFile.checkReplaceable(path, inputs: paths)
      }

      var progress = 0
      func showProgress(_ done: Int) {
        guard context.showsProgress else { return }
        progress = done
        context.standardError("\rchecking \(progress)/\(selected.count) configurations")
        if done == selected.count { context.standardError("\r\u{1B}[K") }
      }
      let results: [ConfigurationResult]
      if jobs > 1, selected.count > 1, let executable = context.executablePath {
        let launcher = CheckWorkerLauncher(executable: executable) { batch in
          CheckWorkerCommand.arguments(for: batch, profilePath: profile.path)
        }
        results = try CheckRunner.runInWorkers(
          selected, launcher: launcher, jobs: jobs, storePath: storePath,
          labelPrefix: labelPrefix, progress: showProgress
        ) { configuration, store in
          try CheckRunner.run(
            configuration, job: try job(for: configuration.subject, context, profile: profile),
            store: store, labelPrefix: labelPrefix)
        }
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
        try writeAtomically(to: path, inputs: paths) { write in try write(text) }
      }
      if let path = parsed.value("--junit") {
        let text = report.junit(resolver: resolver)
        try writeAtomically(to: path, inputs: paths) { write in try write(text) }
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
        watchers: .layoutRules,
        profile: profile.profile, profileName: profile.name)
    case .screen(let name):
      job = ReplayJob(
        logPath: "", screenName: name, makeScreen: try context.screens.factory(named: name),
        watchers: .layoutRules,
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

/// `navsim check-worker` (not listed): configurations of a parallel check, run one after
/// another in this process, each result as one JSON line on stdout. With `--claims FILE` it
/// runs only the configurations it claims from the file the other workers share.
struct CheckWorkerCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "check-worker", summary: "Configurations of 'navsim check' (used by check itself)",
    arguments: [
      ArgumentSpec(
        "CONFIGURATION",
        "LOG --recording ID --subject NAME [--device NAME] [--direction D] [--content-size S]",
        repeatable: true)
    ],
    discussion: """
      Each --next starts another configuration; --profile, --snapshots, --label-prefix and
      --claims are read from the first.
      """,
    hidden: true, passesUnknownOptions: true)

  /// One configuration's arguments.
  nonisolated static let configurationSpec = CommandSpec(
    name: "check-worker", summary: spec.summary,
    arguments: [ArgumentSpec("LOG", "The event log.")],
    options: [
      .value("--recording", "ID", "The recording.", required: true),
      .value("--subject", "NAME", "The delegate, or screen:NAME.", required: true),
      .value("--device", "NAME", "A device profile."),
      LayoutSubjectOptions.direction("The layout direction."),
      ContentSizeOptions.option("The text size."),
      .value("--snapshots", "STORE", "Where runs are stored."),
      .value("--label-prefix", "P", "Labels start with P/."),
      SDKProfileFile.option,
      .value("--claims", "FILE", "The file the workers claim configurations from."),
    ])

  /// The separator between configurations.
  nonisolated static let nextConfiguration = "--next"

  nonisolated static func arguments(
    for configuration: CheckConfiguration, store: String?, labelPrefix: String?,
    profilePath: String? = nil
  ) -> [String] {
    arguments(
      for: [configuration], claims: nil, store: store, labelPrefix: labelPrefix,
      profilePath: profilePath)
  }

  /// Arguments for a worker of a batch, claiming its configurations.
  nonisolated static func arguments(for batch: CheckWorkerBatch, profilePath: String?) -> [String] {
    arguments(
      for: batch.configurations, claims: batch.claims, store: batch.store,
      labelPrefix: batch.labelPrefix, profilePath: profilePath)
  }

  private nonisolated static func arguments(
    for configurations: [CheckConfiguration], claims: String?, store: String?,
    labelPrefix: String?, profilePath: String?
  ) -> [String] {
    var arguments = ["check-worker"]
    for (index, configuration) in configurations.enumerated() {
      if index > 0 { arguments.append(nextConfiguration) }
      arguments += [
        configuration.recording.logPath, "--recording", String(configuration.recording.id),
        "--subject", configuration.subject.description,
      ]
      if let device = configuration.device { arguments += ["--device", device] }
      if let direction = configuration.direction { arguments += ["--direction", direction.rawValue] }
      if let size = configuration.contentSize { arguments += ["--content-size", size.name] }
      if index == 0 {
        if let store { arguments += ["--snapshots", store] }
        if let labelPrefix { arguments += ["--label-prefix", labelPrefix] }
        if let profilePath { arguments += ["--profile", profilePath] }
        if let claims { arguments += ["--claims", claims] }
      }
    }
    return arguments
  }

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let groups = try parsed.positionals
      .split(separator: nextConfiguration, omittingEmptySubsequences: false)
      .map { group in try ParsedArguments(Array(group), spec: configurationSpec) }
    let shared = groups[0]
    do {
      let store = try shared.value("--snapshots").map { try SnapshotStore(path: $0, mode: .create) }
      let profile = try SDKProfileFile(path: shared.value("--profile"))
      let claims = try shared.value("--claims").map {
        try CheckClaims(path: $0, count: groups.count)
      }
      var recordings: [(log: String, list: [CheckRecording])] = []
      var next = 0
      while true {
        let position: Int
        if let claims {
          guard let claimed = try claims.next() else { break }
          position = claimed
        } else {
          guard next < groups.count else { break }
          position = next
          next += 1
        }
        let parsed = groups[position]
        let log = try parsed.positional(0, "LOG")
        guard let id = try parsed.int("--recording", in: 1...Int64.max),
          let subjectText = parsed.value("--subject")
        else { throw UsageError("missing --recording or --subject") }
        if !recordings.contains(where: { $0.log == log }) {
          let list = try CheckMatrix.recordings(in: [log], opener: NavSimLogOpener())
          recordings.append((log, list))
        }
        let inLog = recordings.first { $0.log == log }!.list
        guard let recording = inLog.first(where: { $0.id == id }) else {
          throw CommandFailure("\(log): no recording \(id)")
        }
        let configuration = CheckConfiguration(
          recording: recording, subject: LayoutSubject(text: subjectText),
          device: parsed.value("--device"),
          direction: parsed.value("--direction").flatMap(LayoutDirectionOverride.init(rawValue:)),
          contentSize: parsed.value("--content-size").map(ContentSizeOptions.category))
        let job = try CheckCommand.job(for: configuration.subject, context, profile: profile)
        let result = try CheckRunner.run(
          configuration, job: job, store: store, labelPrefix: shared.value("--label-prefix"))
        context.print(result.wireText(index: claims == nil ? nil : position))
      }
      return 0
    } catch let error as CheckError {
      throw CommandFailure(error.message)
    }
  }
}
