import Foundation
import NavSimCheck
import Navigator
import OutputPolicy
import Replay

// Running trips: in this process, or in worker processes that each take a run of consecutive
// trips, generate them (trip i depends only on the seed, i and the space), replay them and
// answer one line per trip. Results are put back in trip order, so nothing printed or written
// depends on `--jobs` or on which worker finishes first.

/// What one trip's replay found.
public struct TripOutcome: Equatable, Sendable {
  /// Events replayed.
  public var events: Int
  public var findings: [CheckFinding]

  public init(events: Int, findings: [CheckFinding]) {
    self.events = events
    self.findings = findings
  }

  /// One JSON line (`navsim check`'s worker format).
  public var wireText: String {
    ConfigurationResult(
      configuration: Self.placeholder(), events: events, layoutChanges: 0, findings: findings
    ).wireText
  }

  /// Parses `wireText`.
  /// - Throws: `CheckError` naming the trip when the line is not a result.
  public init(wireText: String, trip: String) throws {
    let result = try ConfigurationResult(wireText: wireText, configuration: Self.placeholder(trip))
    self.init(events: result.events, findings: result.findings)
  }

  private static func placeholder(_ name: String = "") -> CheckConfiguration {
    CheckConfiguration(
      recording: CheckRecording(
        logPath: "", id: 1, name: name, eventCount: 0, device: nil, direction: "ltr",
        displayName: name),
      subject: .delegate(name))
  }
}

/// How to start an explore worker: the executable and its arguments for a run of trips.
public struct ExploreWorkerLauncher: Sendable {
  public var executable: String
  /// The arguments that make a worker run `trips` of `seed` and print one line per trip.
  public var arguments: @Sendable (_ seed: UInt64, _ trips: Range<Int>) -> [String]

  public init(
    executable: String, arguments: @escaping @Sendable (UInt64, Range<Int>) -> [String]
  ) {
    self.executable = executable
    self.arguments = arguments
  }
}

extension Explorer {
  /// Trips a worker takes at a time: enough that starting the process (loading the
  /// executable, registering delegates) is a small part of its work.
  static let tripsPerWorker = 16

  /// Generates, records and replays trips in this process, in order. A worker process runs
  /// this for its share.
  /// - Throws: `NavigatorError` / `EventLogError` for a trip that cannot be generated or
  ///   written (a NavSim bug), `CheckError` for a replay that fails.
  public func runTrips(_ indices: Range<Int>) throws -> [TripOutcome] {
    try runTrips(indices, scratch: try ScratchDirectory(kind: "explore"))
  }

  /// The SDK-profile values and text size trip `index` draws: no values when the search was
  /// given a profile (`--profile`: a calibrated profile is the device's truth), the default
  /// text size when it was given one (`--content-size`).
  func profileDraw(_ index: Int) -> ProfileDraw {
    var draw = ProfileDraw.draw(
      seed: seed, index: index, ranges: ProfileDraw.ranges(adding: fittedProfiles))
    if job.profile != .default { draw.values = [] }
    if !drawsContentSize { draw.contentSize = .large }
    return draw
  }

  /// The job with a trip's drawn profile and text size.
  func job(drawing draw: ProfileDraw, name: String) -> ReplayJob {
    guard !draw.isDefault else { return job }
    var job = self.job
    if !draw.isEmpty {
      job.profile = draw.profile(named: name)
      job.profileName = name
    }
    if draw.contentSize != .large { job.contentSize = draw.contentSize }
    return job
  }

  func runTrips(_ indices: Range<Int>, scratch: ScratchDirectory) throws -> [TripOutcome] {
    let duration = RouteDurations().duration
    return try indices.map { index in
      let trip = try TripGenerator.trip(seed: seed, index: index, space: space, duration: duration)
      let path = scratch.file("trip-\(index).sqlite")
      try trip.write(to: path)
      defer {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: path + suffix)
        }
      }
      let scenario = trip.scenario
      let configuration = CheckConfiguration(
        recording: CheckRecording(
          logPath: path, id: 1, name: scenario.name, eventCount: Int64(trip.events.count),
          device: scenario.device.name, direction: scenario.layoutDirection,
          displayName: scenario.name),
        subject: subject)
      let result = try CheckRunner.run(
        configuration, job: job(drawing: profileDraw(index), name: scenario.name), store: nil,
        labelPrefix: nil)
      return TripOutcome(events: result.events, findings: result.findings)
    }
  }
}

/// Runs of trips in worker processes.
enum TripBatch {
  /// Splits `indices` into at most `jobs` runs of consecutive trips (the first runs one
  /// longer when they do not divide evenly), one worker each, all at once.
  static func split(_ indices: Range<Int>, jobs: Int) -> [Range<Int>] {
    let parts = max(1, min(jobs, indices.count))
    let base = indices.count / parts, extra = indices.count % parts
    var runs: [Range<Int>] = []
    var start = indices.lowerBound
    for part in 0..<parts {
      let end = start + base + (part < extra ? 1 : 0)
      runs.append(start..<end)
      start = end
    }
    return runs
  }

  /// Runs `indices` in up to `jobs` workers and returns the outcomes in trip order.
  /// - Throws: `CheckError` naming the trips whose worker failed (with its stderr's first
  ///   line) or answered badly.
  static func runInWorkers(
    _ indices: Range<Int>, jobs: Int, launcher: ExploreWorkerLauncher, seed: UInt64,
    subject: LayoutSubject
  ) throws -> [TripOutcome] {
    let scratch = try ScratchDirectory(kind: "explore")
    let runs = split(indices, jobs: jobs)
    var processes: [WorkerProcess] = []
    for (number, run) in runs.enumerated() {
      do {
        processes.append(
          try WorkerProcess(
            executable: launcher.executable, arguments: launcher.arguments(seed, run),
            standardOutput: scratch.file("\(number).out"),
            standardError: scratch.file("\(number).err")))
      } catch {
        for started in processes { started.wait() }
        throw CheckError("\(error)")
      }
    }
    for process in processes { process.wait() }

    var outcomes: [TripOutcome] = []
    for (number, run) in runs.enumerated() {
      let ending = processes[number].wait()
      let name = "trips \(run.lowerBound)..<\(run.upperBound) of seed \(seed) (\(subject))"
      let out = (try? String(contentsOfFile: scratch.file("\(number).out"), encoding: .utf8)) ?? ""
      guard ending == .exited(0) else {
        let err = (try? String(contentsOfFile: scratch.file("\(number).err"), encoding: .utf8)) ?? ""
        let line = err.split(separator: "\n").first.map(String.init) ?? "no message"
        throw CheckError("\(name) failed (worker exit \(ending.status)): \(line)")
      }
      let lines = out.split(separator: "\n").map(String.init)
      guard lines.count == run.count else {
        throw CheckError(
          "\(name): the worker answered \(lines.count) lines for \(run.count) trips")
      }
      for (offset, line) in lines.enumerated() {
        outcomes.append(
          try TripOutcome(wireText: line, trip: "explore-\(seed)-\(run.lowerBound + offset)"))
      }
    }
    return outcomes
  }
}

/// The driving time of each built-in route, measured once.
final class RouteDurations {
  private var known: [String: Double] = [:]

  func duration(_ route: String) throws -> Double {
    if let value = known[route] { return value }
    let measured = try TripGenerator.duration(of: route)
    known[route] = measured
    return measured
  }
}
