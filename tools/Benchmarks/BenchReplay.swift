// Benchmark 'replay': replay a recording at 10 Hz (the built-in `long-haul` motorway, with
// rotations, forced prompts and speeding, so the speed widget, prompts and sizes change)
// through the complete sample delegate with every snapshot stored, against the reference of
// simply reading the same events from the log in the same run. A second part measures peak
// memory for 10^4 and 10^6 events in child processes: memory must be flat in the length.
import EventLog
import Foundation
import Lint
import NavSimCLI
import Navigator
import Replay
import SampleDelegates
import SessionEvents
import Snapshots

/// `navsim-bench replay [--minutes M] [--skip-memory]`; `--child-rss N` is the memory probe;
/// `--write-log PATH --events N` writes the first N events of the benchmark trip (with a
/// 5-hour pause, so 10^6 events fit) for `tools/bench-replay`'s memory runs.
func benchReplay(_ arguments: [String]) throws {
  let parsed = try ParsedArguments(
    arguments,
    spec: CommandSpec(
      name: "replay", summary: "The replay's rate and memory",
      options: [
        .value("--minutes", "M", "The trip's length."),
        .value("--child-rss", "EVENTS", "Measure one child's peak memory."),
        .value("--write-log", "LOG", "Write a long log."),
        .value("--events", "N", "With --write-log: how many events."),
        .flag("--skip-memory", "Skip the memory runs."),
      ]))
  if let logPath = parsed.value("--write-log") {
    guard let events = try parsed.double("--events"), events >= 1 else {
      throw UsageError("--write-log needs --events N")
    }
    _ = try recordPrefix(try benchTrip(pauseHours: 5), path: logPath, events: Int(events))
    return
  }
  if let logPath = parsed.value("--child-rss") {
    try MainActor.assumeIsolated { try childReplay(logPath: logPath) }
    return
  }
  let minutes = try parsed.double("--minutes") ?? 60
  guard minutes > 0 else { throw UsageError("--minutes needs a positive number") }
  let measureMemory = !parsed.flag("--skip-memory")
  try MainActor.assumeIsolated { try speedRun(minutes: minutes) }
  if measureMemory { try memoryRun() }
}

/// The benchmark trip: long-haul at 10 Hz with the layout busy.
private func benchTrip(pauseHours: Double = 0) throws -> Trip {
  var events: [String] = []
  for minute in stride(from: 2, to: 600, by: 5) {
    events.append("{\"at\": \(minute * 60), \"rotate\": \"\(minute % 10 == 2 ? "landscape" : "portrait")\"}")
    events.append("{\"at\": \(minute * 60 + 90), \"prompt\": {\"kind\": \"traffic\", \"text\": \"Slow traffic ahead\", \"duration\": 20}}")
    events.append("{\"at\": \(minute * 60 + 100), \"prompt\": {\"kind\": \"incident\", \"text\": \"Crash reported\", \"duration\": 15}}")
    events.append("{\"at\": \(minute * 60 + 200), \"speeding\": {\"factor\": 1.3, \"duration\": 30}}")
  }
  if pauseHours > 0 { events.append("{\"at\": 30, \"pause\": {\"duration\": \(pauseHours * 3600)}}") }
  let json = """
    {"name": "bench-replay", "route": {"builtin": "long-haul"}, "seed": 11, "rate": 10,
     "createdAt": "2025-01-01T00:00:00Z", "device": "iphone-15-portrait",
     "settings": {"speedometer": true, "speedLimit": true}, "events": [\(events.joined(separator: ","))]}
    """
  return try Trip(scenario: try Scenario.parse(Array(json.utf8), path: "bench-replay.json"))
}

/// Records the first `limit` events (or `milliseconds` of trip) into a new log.
private func recordPrefix(_ trip: Trip, path: String, events limit: Int = .max, milliseconds: Int64 = .max)
  throws -> Int
{
  struct Enough: Error {}
  let writer = try EventLogFile(path: path, mode: .create).beginRecording(
    RecordingMetadata(name: "bench-replay", source: .scenario, createdAt: "bench"), batchSize: 4096)
  var count = 0
  do {
    _ = try trip.run { t, payload in
      guard count < limit, t <= milliseconds else { throw Enough() }
      _ = try writer.append(payload, t: t)
      count += 1
    }
  } catch is Enough {}
  try writer.finish()
  return count
}

@MainActor
private func speedRun(minutes: Double) throws {
  let directory = NSTemporaryDirectory() + "navsim-bench-replay-\(getpid())"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let logPath = directory + "/trip.sqlite"
  let count = try recordPrefix(try benchTrip(), path: logPath, milliseconds: Int64(minutes * 60_000))

  // Reference: stream the same events from the log.
  var read = 0
  let reading = try timed {
    let log = try EventLogFile(path: logPath, mode: .readOnly)
    let cursor = try log.events(recording: 1, kinds: nil, seqRange: nil)
    while let event = try cursor.next() { read += event.seq > 0 ? 1 : 0 }
  }
  // Replay through the complete delegate, snapshots stored.
  var changes = 0
  let replaying = try timed {
    let store = try SnapshotStore(path: directory + "/snapshots.sqlite", mode: .create)
    let summary = try ReplayJob(
      logPath: logPath, delegateName: "complete", makeDelegate: { CompleteLayoutDelegate() },
      watchers: .layoutRules
    ).run(store: store, label: "bench")
    changes = summary.layoutChanges
  }
  let replayRate = Double(count) / replaying.wall, readRate = Double(read) / reading.wall
  let replayCPURate = Double(count) / replaying.cpu, readCPURate = Double(read) / reading.cpu
  print("replay: \(formatted(minutes, 0)) min at 10 Hz = \(count) events, \(changes) layout changes")
  print("  read from the log:         \(rate(readRate)) events/s wall, \(rate(readCPURate)) events/s cpu")
  print("  replay + snapshots stored: \(rate(replayRate)) events/s wall, \(rate(replayCPURate)) events/s cpu (\(formatted(replaying.wall, 3)) s wall)")
  print("  ratio replay / read: \(formatted(replayRate / readRate, 3))x wall, \(formatted(replayCPURate / readCPURate, 3))x cpu")
  print("  target: >= 100 000 events/s end to end (cpu time is the steadier figure on a shared machine)")
}

/// Replays the log at `logPath` in this process and prints the peak RSS in KiB.
@MainActor
private func childReplay(logPath: String) throws {
  let storePath = logPath + ".snapshots.sqlite"
  defer { try? FileManager.default.removeItem(atPath: storePath) }
  let store = try SnapshotStore(path: storePath, mode: .create)
  let summary = try ReplayJob(
    logPath: logPath, delegateName: "complete", makeDelegate: { CompleteLayoutDelegate() },
    watchers: .layoutRules
  ).run(store: store, label: "rss")
  print("\(summary.events) \(peakRSSKiB())")
}

/// Records logs of 10^4 and 10^6 events, replays each in a child process, compares peaks.
private func memoryRun() throws {
  let directory = NSTemporaryDirectory() + "navsim-bench-replay-rss-\(getpid())"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let trip = try benchTrip(pauseHours: 5)
  var results: [(events: Int, peak: Int)] = []
  for events in [10_000, 1_000_000] {
    let logPath = directory + "/trip-\(events).sqlite"
    _ = try recordPrefix(trip, path: logPath, events: events)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["replay", "--child-rss", logPath]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard process.terminationStatus == 0, fields.count == 2 else {
      throw BenchFailure("memory probe failed: '\(output)'")
    }
    results.append((fields[0], fields[1]))
  }
  print("memory (peak RSS of a process replaying the log with snapshots stored):")
  for result in results { print("  \(result.events) events: \(result.peak) KiB") }
  print("  ratio 10^6 / 10^4: \(formatted(Double(results[1].peak) / Double(results[0].peak), 2))x (target: <= 1.5x)")
}

private func peakRSSKiB() -> Int {
  var usage = rusage()
  #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)  // KiB on Linux
  #else
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024  // bytes on macOS
  #endif
}

private func formatted(_ value: Double, _ decimals: Int) -> String {
  String(format: "%.\(decimals)f", value)
}

private func rate(_ value: Double) -> String {
  value >= 1e6 ? formatted(value / 1e6, 2) + " M" : formatted(value / 1e3, 1) + " k"
}
