// Benchmark 'record': simulate and record a 10-hour drive at 10 Hz (the built-in `long-haul`
// route, about 370 000 ticks), and compare the recording rate with the event log's raw append
// rate measured in the same run: recording must be bounded by the log, not the simulation.
import EventLog
import Foundation
import NavSimCLI
import Navigator
import SessionEvents

/// `navsim-bench record [--rate HZ] [--dir DIR]`.
func benchRecord(_ arguments: [String]) throws {
  let parsed = try ParsedArguments(
    arguments,
    spec: CommandSpec(
      name: "record", summary: "The recorder's rate",
      options: [
        .value("--rate", "HZ", "Ticks per second."), .value("--dir", "DIR", "Keep the logs here."),
      ]))
  let rate = try parsed.double("--rate") ?? 10
  guard rate > 0, rate <= 10 else { throw UsageError("--rate needs a number in 0...10") }
  let keepDirectory = parsed.value("--dir")
  let directory = keepDirectory ?? NSTemporaryDirectory() + "navsim-bench-record-\(getpid())"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { if keepDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }

  var scenario = try Scenario(name: "long-haul", route: .builtin("long-haul"))
  scenario.rate = rate
  let trip = try Trip(scenario: scenario)

  // 1. The simulation alone: every event built, none written.
  var events = 0
  var summary: TripSummary?
  let simulation = try timed { summary = try trip.run { _, _ in events += 1 } }
  guard let summary else { return }

  // 2. Recording: what `navsim record` does (a validating run, then a run that appends).
  let recordingPath = directory + "/record.sqlite"
  let recording = try timed {
    _ = try TripRecorder.record(trip, name: "bench", into: recordingPath)
  }

  // 3. The raw append rate of the same events, already built, with the writer's defaults
  //    (the configuration of the `eventlog` benchmark), and of the synthetic mixed events that
  //    benchmark appends.
  var payloads: [(Int64, EventPayload)] = []
  payloads.reserveCapacity(events)
  _ = try trip.run { payloads.append(($0, $1)) }
  let rawPath = directory + "/raw.sqlite"
  let raw = try timed {
    let writer = try EventLogFile(path: rawPath, mode: .create).beginRecording(
      RecordingMetadata(name: "raw", source: .scenario, createdAt: "bench"))
    for (t, payload) in payloads { _ = try writer.append(payload, t: t) }
    try writer.finish()
  }
  payloads = []
  let syntheticPath = directory + "/synthetic.sqlite"
  let synthetic = try timed {
    let writer = try EventLogFile(path: syntheticPath, mode: .create).beginRecording(
      RecordingMetadata(name: "synthetic", source: .scenario, createdAt: "bench"))
    for index in 0..<events {
      _ = try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    try writer.finish()
  }

  let hours = Double(summary.durationMilliseconds) / 3_600_000
  print(
    String(
      format: "record: %@ at %@ Hz, %.2f h of driving, %d ticks, %d events, %.0f km",
      trip.route.name, rate == rate.rounded() ? String(Int(rate)) : String(rate), hours,
      summary.count(of: .progress), events, summary.distance / 1000))
  print("")
  print("                                             events/s (wall)      events/s (CPU)")
  func row(_ name: String, _ timing: RecordTiming) {
    print(
      name.padding(toLength: 42, withPad: " ", startingAt: 0)
        + String(
          format: "%12.0f (%6.2f s)  %12.0f (%6.2f s)", Double(events) / timing.wall,
          timing.wall, Double(events) / timing.cpu, timing.cpu))
  }
  row("simulation, nothing written", simulation)
  row("recording (validate + simulate + write)", recording)
  row("raw append, the same events", raw)
  row("raw append, synthetic mixed events", synthetic)
  print("")
  print(
    String(
      format: "simulation / raw append: %.1fx faster (recording is bounded by the log)",
      raw.wall / simulation.wall))
  print(
    String(
      format: "recording / raw append (target >= 0.5x): %.2fx wall, %.2fx CPU (same events); "
        + "%.2fx wall vs synthetic", raw.wall / recording.wall, raw.cpu / recording.cpu,
      synthetic.wall / recording.wall))
}

// MARK: - Timing

struct RecordTiming {
  var wall: Double
  var cpu: Double
}

/// Wall-clock and process CPU seconds of `body`.
func timed(_ body: () throws -> Void) throws -> RecordTiming {
  let clock = ContinuousClock()
  let cpuStart = processCPUNanoseconds()
  var thrown: Error?
  let duration = clock.measure {
    do { try body() } catch { thrown = error }
  }
  if let thrown { throw thrown }
  let (seconds, attoseconds) = duration.components
  return RecordTiming(
    wall: Double(seconds) + Double(attoseconds) * 1e-18,
    cpu: (processCPUNanoseconds() - cpuStart) / 1e9)
}

/// Process CPU time in nanoseconds.
func processCPUNanoseconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
}
