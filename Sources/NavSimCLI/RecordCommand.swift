import EventLog
import Foundation
import NavSim
import Navigator
import SessionEvents
import TextBytes

/// `navsim record`: simulates (or replays) a trip and appends it to an event log.
struct RecordCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "record", summary: "Record a trip from a scenario, a route file or a built-in route",
    options: [
      .value(
        "--scenario", "FILE.json",
        "A scenario: route, device, driver, settings, scripted events.", completion: .files),
      .value(
        "--route", "FILE",
        "A route file: .gpx, .json (OSRM / Valhalla / Mapbox), .polyline (precision 5) or "
          + ".polyline6 (precision 6).", completion: .files),
      .value(
        "--builtin", "NAME", "A built-in route (see --list-builtin).",
        completion: .values(BuiltinRoutes.all.map(\.name))),
      .value("--out", "LOG.sqlite", "The event log to append to.", completion: .files),
      .value("--seed", "N", "The simulation's seed.", default: "the scenario's, else 1"),
      .value("--rate", "HZ", "Ticks per second, up to 10.", default: "the scenario's, else 1"),
      .value(
        "--device", "NAME", "A device profile.",
        default: "the scenario's, else \(DeviceProfiles.defaultName)", completion: .devices),
      .value("--name", "NAME", "The recording's name.", default: "the scenario's or the route's"),
      .value("--precision", "5|6", "The polyline precision of a route file.", allowed: ["5", "6"]),
      .value(
        "--speed-multiplier", "X",
        "Record in wall time, X times the trip's pace (1 = real time), flushing as it goes so "
          + "a reader can follow; the recorded timeline is the same.",
        default: "as fast as possible"),
      .flag(
        "--through-recorder",
        "Drive NavSim's SDK model with the trip and let a NavSimRecorder write the log from the "
          + "SDK's public API, as on a phone (docs/recorder.md)."),
      .flag(
        "--view-sizes",
        "With --through-recorder: the recorder writes the SDK views' sizes (viewSize events), "
          + "as on a phone (docs/size-events.md)."),
      .value(
        "--delegate", "NAME",
        "With --through-recorder: the app's layout delegate, which the recorder wraps to see "
          + "the SDK's views (builtin: none, so nothing hands the recorder the views).",
        default: "basic with --view-sizes, else builtin", completion: .delegates),
      .value(
        "--profile", "FILE", "With --through-recorder: the SDK model's sizes come from FILE.",
        completion: .files),
      .flag("--list-builtin", "List the built-in routes and device profiles."),
    ],
    discussion: """
      Drives a route in simulation (or replays a time-stamped GPX track at its own timing) and
      appends the events as a new recording to LOG (created if needed), then prints a
      summary. Give one of --scenario, --route and --builtin, and --out. Nothing is written
      when the input is bad.
      """)

  nonisolated static let subcommands: [any NavSimCommand.Type] = [RecorderTestCommand.self]

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    if parsed.flag("--list-builtin") {
      listBuiltin(context)
      return 0
    }
    let scenario = try makeScenario(parsed)
    let multiplier = try parsed.double("--speed-multiplier")
    if let multiplier, multiplier <= 0 {
      throw UsageError("--speed-multiplier must be more than 0, got \(multiplier)")
    }
    guard let out = parsed.value("--out") else { throw UsageError("missing --out LOG.sqlite") }
    if !parsed.flag("--through-recorder") {
      for option in ["--view-sizes", "--profile", "--delegate"] where parsed.value(option) != nil || parsed.flag(option) {
        throw UsageError("\(option) goes only with --through-recorder")
      }
    }
    let trip = try Trip(scenario: scenario)
    let name = parsed.value("--name") ?? scenario.name
    let showsProgress = context.showsProgress
    let pacing = multiplier.map { TripRecorder.Pacing.wallClock(speedMultiplier: $0) }
    if parsed.flag("--through-recorder") {
      if multiplier != nil { throw UsageError("--speed-multiplier does not go with --through-recorder") }
      var profile = SDKProfile.default
      if let path = parsed.value("--profile") {
        do {
          profile = try SDKProfile.load(contentsOf: URL(fileURLWithPath: path))
        } catch {
          throw CommandFailure("\(error)")
        }
      }
      let viewSizes = parsed.flag("--view-sizes")
      let delegate = try context.delegates.makeDelegate(
        named: parsed.value("--delegate") ?? (viewSizes ? "basic" : "builtin"))
      let result = try ThroughRecorder.record(
        trip, name: name, into: out, profile: profile, viewSizes: viewSizes, delegate: delegate)
      let info = try EventLogFile(path: out, mode: .readOnly).recording(result.recordingID)
      context.print(
        "recorded '\(name)' as recording \(result.recordingID) in \(out) through NavSimRecorder: "
          + "\(info.eventCount) events from the SDK's public API (the simulator emitted "
          + "\(result.summary.eventCount))")
      return 0
    }
    let result = try TripRecorder.record(trip, name: name, into: out, pacing: pacing) {
      fraction in
      if showsProgress {
        context.standardError("\rrecording '\(name)': \(Int(fraction * 100))%")
      }
    }
    if showsProgress { context.standardError("\r\u{1B}[K") }
    printSummary(of: trip, name: name, result: result, out: out, context: context)
    return 0
  }

  // MARK: - Scenario

  /// The scenario the options describe, with the command line's overrides applied.
  /// - Throws: `UsageError` for a missing or doubled source, a bad option value.
  static func makeScenario(_ parsed: ParsedArguments) throws -> Scenario {
    let sources = ["--scenario", "--route", "--builtin"].filter { parsed.value($0) != nil }
    guard sources.count == 1 else {
      throw UsageError(
        sources.isEmpty
          ? "give one of --scenario, --route or --builtin"
          : "give only one of \(sources.joined(separator: ", "))")
    }
    let precision = try parsed.int("--precision", in: 5...6).map(Int.init)
    var scenario: Scenario
    if let path = parsed.value("--scenario") {
      scenario = try Scenario.load(path: path)
      if let precision {
        guard case .file(let file, _) = scenario.route else {
          throw UsageError("--precision applies to a route file, not a built-in route")
        }
        scenario.route = .file(path: file, precision: precision)
      }
    } else if let path = parsed.value("--route") {
      guard RouteFormat(path: path) != nil else {
        throw UsageError("--route needs a .gpx, .json, .polyline or .polyline6 file, got '\(path)'")
      }
      let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      scenario = try Scenario(name: name, route: .file(path: path, precision: precision))
    } else {
      let name = parsed.value("--builtin")!
      guard BuiltinRoutes.all.contains(where: { $0.name == name }) else {
        throw CommandFailure(
          "unknown built-in route \(name.visiblyQuoted) (known: \(BuiltinRoutes.all.map(\.name).joined(separator: ", ")))"
        )
      }
      if precision != nil {
        throw UsageError("--precision applies to a route file, not a built-in route")
      }
      scenario = try Scenario(name: name, route: .builtin(name))
    }
    if let seed = parsed.value("--seed") {
      guard let value = UInt64(seed) else {
        throw UsageError("--seed must be an integer in 0...\(UInt64.max), got '\(seed)'")
      }
      scenario.seed = value
    }
    if let rate = try parsed.double("--rate") {
      guard rate > 0 && rate <= 10 else {
        throw UsageError("--rate must be more than 0 and at most 10, got \(rate)")
      }
      scenario.rate = rate
    }
    if let device = parsed.value("--device") {
      guard let profile = DeviceProfiles.all.first(where: { $0.name == device }) else {
        throw CommandFailure(
          "unknown device \(device.visiblyQuoted) (known: \(DeviceProfiles.all.map(\.name).joined(separator: ", ")))"
        )
      }
      scenario.device = .profile(profile)
    }
    return scenario
  }
}

/// `navsim record _recorder-test LOG` (not listed): the crash tests' recorder, which writes
/// marks until it is killed.
struct RecorderTestCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "_recorder-test", summary: "Write marks through NavSimRecorder until killed (tests)",
    arguments: [ArgumentSpec("LOG", "The event log.")], hidden: true)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    try ThroughRecorder.endlessMarks(into: try parsed.positional(0, "LOG"))
  }
}
