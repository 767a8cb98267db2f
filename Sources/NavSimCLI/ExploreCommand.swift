import Explore
import Foundation
import HeadlessUIKit
import NavigationSDK
import NavSimCheck
import Navigator

/// `navsim explore`: searches generated trips for layout findings and shrinks each to a
/// minimal trip. The search is `Explore`'s; this parses options and prints.
struct ExploreCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "explore",
    summary: "Search generated trips for layout bugs, shrink each to a minimal trip",
    options: LayoutSubjectOptions.one + [
      .value("--budget", "N", "How many trips to generate.", default: String(defaultBudget)),
      .value(
        "--time", "S",
        "Generate trips until S seconds have passed instead (the result then depends on the "
          + "machine)."),
      .value("--seed", "S", "The search's seed.", default: "1"),
      .value(
        "--device", "NAME", "A device profile to generate trips on.", default: "every profile",
        repeatable: true, completion: .devices),
      SDKProfileFile.option,
      fittedProfileOption,
      contentSizeOption,
      WorkerOptions.jobs,
      .value(
        "--out", "DIR",
        "Write each minimal trip as NN-RULE.sqlite with its scenario (.json) and HTML report "
          + "(.html).", completion: .directories),
      .flag("--json", "Print the result as JSON."),
    ],
    discussion: """
      Generates seeded trips, replays each through the layout with the linter in worker
      processes (results do not depend on --jobs), shrinks each distinct finding (rule,
      views, code line) to a minimal trip and prints a table. Exit status: 0 no error
      finding, 1 error findings, 2 bad input.
      """)
  nonisolated static let defaultBudget = 100
  /// `--content-size NAME`: every trip at that text size instead of a drawn one.
  nonisolated static let contentSizeOption = OptionSpec.value(
    "--content-size", "NAME",
    "Replay every trip at this text size (Dynamic Type) instead of drawing one per trip.",
    default: "drawn per trip", allowed: UIContentSizeCategory.names,
    alsoAccepted: ContentSizeOptions.rawValues)

  /// `--fitted-profile FILE`: a device's fitted sizes join the drawn ranges.
  nonisolated static let fittedProfileOption = OptionSpec.value(
    "--fitted-profile", "FILE",
    "Add the sizes of a profile 'navsim profile fit' wrote from a device's recordings to the "
      + "ranges trips draw the SDK's sizes from.", repeatable: true, completion: .files)

  /// The profiles of `--fitted-profile`.
  /// - Throws: `CommandFailure` naming a file that can't be read.
  static func fittedProfiles(_ parsed: ParsedArguments) throws -> [SDKProfile] {
    try parsed.values("--fitted-profile").map { try SDKProfileFile(path: $0).profile }
  }

  /// The `--content-size` given (the option's values are the names and UIKit's raw values).
  static func contentSize(_ parsed: ParsedArguments) -> UIContentSizeCategory? {
    parsed.value("--content-size").flatMap(UIContentSizeCategory.init(name:))
  }

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let subject: LayoutSubject
    switch (parsed.value("--delegate"), parsed.value("--screen")) {
    case (let name?, nil): subject = .delegate(name)
    case (nil, let name?): subject = .screen(name)
    default: throw UsageError("give one --delegate NAME or --screen NAME")
    }
    let profile = try SDKProfileFile(path: parsed.value("--profile"))
    var job = try CheckCommand.job(for: subject, context, profile: profile)
    let contentSize = contentSize(parsed)
    if let contentSize { job.contentSize = contentSize }
    if parsed.value("--budget") != nil && parsed.value("--time") != nil {
      throw UsageError("give --budget or --time, not both")
    }
    let budget = Int(try parsed.int("--budget", in: 1...1_000_000) ?? Int64(defaultBudget))
    let seconds = try parsed.double("--time")
    if let seconds, !(seconds > 0) { throw UsageError("--time must be more than 0 seconds") }
    let seed = UInt64(try parsed.int("--seed", in: 0...Int64.max) ?? 1)
    let jobs = Int(
      try parsed.int("--jobs", in: 1...256) ?? Int64(ProcessInfo.processInfo.activeProcessorCount))
    var space = TripSpace()
    if !parsed.values("--device").isEmpty {
      space.devices = try parsed.values("--device").map { name in
        do { return try DeviceProfiles.profile(named: name) } catch {
          throw CommandFailure("--device: \(error)")
        }
      }
    }
    var explorer = Explorer(
      seed: seed, budget: seconds == nil ? budget : 1_000_000, space: space, job: job,
      subject: subject, jobs: jobs, outputDirectory: parsed.value("--out"))
    explorer.drawsContentSize = contentSize == nil
    explorer.fittedProfiles = try fittedProfiles(parsed)
    if let executable = context.executablePath {
      let devices = parsed.values("--device")
      let fitted = parsed.values("--fitted-profile")
      explorer.launcher = ExploreWorkerLauncher(executable: executable) { seed, trips in
        ExploreWorkerCommand.arguments(
          subject: subject, seed: seed, trips: trips, devices: devices, profilePath: profile.path,
          fittedProfiles: fitted, contentSize: contentSize)
      }
    }
    if let seconds {
      let clock = ContinuousClock()
      let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
      explorer.shouldStop = { clock.now >= deadline }
    }
    if context.showsProgress {
      explorer.progress = { line in context.standardError("\r\u{1B}[K" + line) }
    }
    do {
      let result = try explorer.run()
      if context.showsProgress { context.standardError("\r\u{1B}[K") }
      if parsed.flag("--json") {
        context.print(result.json(invocation: context.invocation))
      } else {
        context.standardOutput(result.text(invocation: context.invocation))
        if seconds != nil {
          context.print("(--time: how many trips ran depends on the machine; --budget \(result.tripsRun) repeats this search)")
        }
      }
      return result.exitStatus
    } catch let error as CheckError {
      throw CommandFailure(error.message)
    }
  }
}

/// `navsim explore-worker` (not listed): a run of consecutive trips of an explore search,
/// generated, replayed and answered as one JSON line per trip on stdout.
struct ExploreWorkerCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "explore-worker", summary: "A run of trips of 'navsim explore' (used by explore itself)",
    options: [
      .value("--subject", "NAME", "The delegate, or screen:NAME.", required: true),
      .value("--seed", "S", "The search's seed.", required: true),
      .value("--first", "I", "The first trip's index.", required: true),
      .value("--count", "N", "How many trips.", required: true),
      .value("--device", "NAME", "A device profile.", repeatable: true, completion: .devices),
      SDKProfileFile.option,
      ExploreCommand.fittedProfileOption,
      ExploreCommand.contentSizeOption,
    ],
    hidden: true)

  nonisolated static func arguments(
    subject: LayoutSubject, seed: UInt64, trips: Range<Int>, devices: [String],
    profilePath: String?, fittedProfiles: [String], contentSize: UIContentSizeCategory?
  ) -> [String] {
    var arguments = [
      "explore-worker", "--subject", subject.description, "--seed", String(seed),
      "--first", String(trips.lowerBound), "--count", String(trips.count),
    ]
    for device in devices { arguments += ["--device", device] }
    if let profilePath { arguments += ["--profile", profilePath] }
    for path in fittedProfiles { arguments += ["--fitted-profile", path] }
    if let contentSize { arguments += ["--content-size", contentSize.name] }
    return arguments
  }

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    guard let subjectText = parsed.value("--subject"),
      let seed = try parsed.int("--seed", in: 0...Int64.max),
      let first = try parsed.int("--first", in: 0...Int64(Int32.max)),
      let count = try parsed.int("--count", in: 1...1_000_000)
    else { throw UsageError("missing --subject, --seed, --first or --count") }
    let subject = LayoutSubject(text: subjectText)
    let profile = try SDKProfileFile(path: parsed.value("--profile"))
    var space = TripSpace()
    if !parsed.values("--device").isEmpty {
      space.devices = try parsed.values("--device").map { name in
        do { return try DeviceProfiles.profile(named: name) } catch {
          throw CommandFailure("--device: \(error)")
        }
      }
    }
    var job = try CheckCommand.job(for: subject, context, profile: profile)
    let contentSize = ExploreCommand.contentSize(parsed)
    if let contentSize { job.contentSize = contentSize }
    var explorer = Explorer(
      seed: UInt64(seed), budget: Int(first + count), space: space, job: job, subject: subject)
    explorer.drawsContentSize = contentSize == nil
    explorer.fittedProfiles = try ExploreCommand.fittedProfiles(parsed)
    do {
      for outcome in try explorer.runTrips(Int(first)..<Int(first + count)) {
        context.print(outcome.wireText)
      }
      return 0
    } catch let error as CheckError {
      throw CommandFailure(error.message)
    }
  }
}
