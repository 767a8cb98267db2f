// Benchmark 'eventlog': append 10^6 synthetic events of mixed kinds to a new NavSim log and
// read them back, then run the C baseline (tools/eventlog-baseline.c, compiled here with
// `cc -O2 -lsqlite3`) on the same rows, and print both rates and their ratios.
import EventLog
import NavSimCLI
import Foundation
import SQLite
import SessionEvents

func benchEventLog(_ arguments: [String]) throws {
  let parsed = try ParsedArguments(
    arguments,
    spec: CommandSpec(
      name: "eventlog", summary: "The event log's write and read rates",
      options: [
        .value("--count", "N", "Events to write."), .value("--dir", "DIR", "Keep the logs here."),
        .flag("--no-encodings", "Skip the payload encodings."),
      ]))
  let count = Int(try parsed.int("--count", in: 1...Int64(Int.max)) ?? 1_000_000)
  let keepDirectory = parsed.value("--dir")
  let encodings = !parsed.flag("--no-encodings")
  let directory = keepDirectory ?? NSTemporaryDirectory() + "navsim-bench-eventlog-\(getpid())"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { if keepDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }

  let baseline = try compileBaseline(into: directory)
  print("eventlog: \(count) events of mixed kinds, SQLite \(SQLiteConnection.libraryVersion)")

  // NavSim: the batched writer, then a streaming cursor decoding every event.
  let logPath = directory + "/navsim.sqlite"
  try EventLogFile.removeLogFiles(at: logPath)
  let append = try measure {
    let log = try EventLogFile(path: logPath, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "bench", source: .scenario, seed: 0, createdAt: "bench"))
    for index in 0..<count {
      try writer.append(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    try writer.finish()
  }
  var checksum = 0.0
  let read = try measure {
    let log = try EventLogFile(path: logPath, mode: .readOnly)
    let cursor = try log.events(recording: 1)
    var read = 0
    while let event = try cursor.next() {
      checksum += Double(event.t)
      if case .progress(let progress) = event.payload { checksum += progress.latitude }
      read += 1
    }
    guard read == count else { throw BenchFailure("read \(read) events, wrote \(count)") }
  }

  // The C baseline, in the same run.
  let cPath = directory + "/baseline.sqlite"
  let output = try runProcess(baseline, [cPath, String(count)])
  let fields = output.split(separator: " ").compactMap { Double($0) }
  guard fields.count == 5 else { throw BenchFailure("unexpected baseline output '\(output)'") }
  let cAppend = Timing(wall: fields[0], cpu: fields[1])
  let cRead = Timing(wall: fields[2], cpu: fields[3])

  func rate(_ seconds: Double) -> String {
    String(format: "%9.0f/s (%6.3f s)", Double(count) / seconds, seconds)
  }
  func row(_ name: String, _ append: Timing, _ read: Timing) -> String {
    name.padding(toLength: 12, withPad: " ", startingAt: 0) + rate(append.wall) + "  "
      + rate(append.cpu) + "   " + rate(read.wall) + "  " + rate(read.cpu)
  }
  func ratio(_ name: String, _ navsim: Double, _ c: Double) -> String {
    String(format: "%@ %.2fx", name, c / navsim)
  }
  let navsimSize = fileSize(logPath), cSize = fileSize(cPath)
  print("")
  print("            append, wall          append, CPU            "
    + " read, wall            read, CPU")
  print(row("navsim", append, read))
  print(row("C baseline", cAppend, cRead))
  print("ratio (navsim rate / C rate; target >= 0.5x):")
  print("  " + [
    ratio("append wall", append.wall, cAppend.wall), ratio("append CPU", append.cpu, cAppend.cpu),
    ratio("read wall", read.wall, cRead.wall), ratio("read CPU", read.cpu, cRead.cpu),
  ].joined(separator: "   "))
  print(String(
    format: "file size: navsim %.1f MB (%.0f bytes/event), C %.1f MB (%.0f bytes/event)",
    Double(navsimSize) / 1e6, Double(navsimSize) / Double(count), Double(cSize) / 1e6,
    Double(cSize) / Double(count)))
  if encodings { try benchJSON(count: min(count, 200_000)) }
  _ = checksum
}

// MARK: - Encodings

/// Hand-written JSON vs Foundation's JSONEncoder on the most frequent payload (progress), and
/// the cost of the stored form the log uses on its hot path.
private func benchJSON(count: Int) throws {
  let payloads = (0..<count).map { SyntheticEvents.payload(at: $0 * 10) }  // all progress
  var bytes = 0
  let storedSeconds = try measure {
    for payload in payloads {
      let stored = payload.stored
      bytes += stored.s2?.utf8.count ?? 0
      _ = try EventPayload(kind: payload.kind, stored: stored)
    }
  }
  let handWrittenSeconds = try measure {
    for payload in payloads { bytes += payload.jsonText.utf8.count }
  }
  let encoder = JSONEncoder()
  let mirrors = payloads.map(ProgressMirror.init)
  let foundationSeconds = try measure {
    for mirror in mirrors { bytes += try encoder.encode(mirror).count }
  }
  func perEvent(_ timing: Timing) -> String {
    String(format: "%7.0f ns/event", timing.cpu / Double(count) * 1e9)
  }
  print("")
  print("progress payloads (\(count)), CPU time:")
  print("  stored form, encode + decode   \(perEvent(storedSeconds))  (the log's hot path)")
  print("  hand-written JSON, encode      \(perEvent(handWrittenSeconds))  (export, --json)")
  print("  Foundation JSONEncoder         \(perEvent(foundationSeconds))  "
    + String(format: "(%.1fx slower than hand-written)", foundationSeconds.cpu / handWrittenSeconds.cpu))
  _ = bytes
}

/// A Codable copy of `Progress`, for the JSONEncoder comparison.
private struct ProgressMirror: Encodable {
  var distanceTravelled, distanceRemaining, timeRemaining: Double
  var stepIndex: Int
  var distanceToNextManeuver: Double
  var maneuver, roadName: String
  var latitude, longitude, course: Double
  var delay: String

  init(_ payload: EventPayload) {
    guard case .progress(let p) = payload else { preconditionFailure("progress expected") }
    (distanceTravelled, distanceRemaining, timeRemaining) =
      (p.distanceTravelled, p.distanceRemaining, p.timeRemaining)
    (stepIndex, distanceToNextManeuver, maneuver, roadName) =
      (p.stepIndex, p.distanceToNextManeuver, p.maneuver, p.roadName)
    (latitude, longitude, course, delay) = (p.latitude, p.longitude, p.course, p.delay.rawValue)
  }
}

// MARK: - Helpers

/// A benchmark that cannot run or whose result does not add up.
struct BenchFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Compiles tools/eventlog-baseline.c (found from this file's path) with `cc -O2 -lsqlite3`.
private func compileBaseline(into directory: String) throws -> String {
  let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("eventlog-baseline.c").path
  guard FileManager.default.fileExists(atPath: source) else {
    throw BenchFailure("C baseline source not found at \(source)")
  }
  let binary = directory + "/eventlog-baseline"
  _ = try runProcess("/usr/bin/env", ["cc", "-O2", "-o", binary, source, "-lsqlite3"])
  return binary
}

/// Runs a program; returns its stdout.
/// - Throws: when it exits non-zero (with its stderr).
private func runProcess(_ path: String, _ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw BenchFailure("\(path) \(arguments.joined(separator: " ")) failed: "
      + String(decoding: errData, as: UTF8.self))
  }
  return String(decoding: outData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Wall-clock and process CPU seconds of one phase. CPU time is steadier than wall time on a
/// shared machine; wall time includes waiting for the disk.
private struct Timing {
  var wall: Double
  var cpu: Double
}

/// Times `body` (a benchmark: the only place NavSim reads a clock).
private func measure(_ body: () throws -> Void) throws -> Timing {
  func seconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
  let (wall, cpu) = (seconds(CLOCK_MONOTONIC), seconds(CLOCK_PROCESS_CPUTIME_ID))
  try body()
  return Timing(
    wall: seconds(CLOCK_MONOTONIC) - wall, cpu: seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu)
}

private func fileSize(_ path: String) -> Int {
  ["", "-wal"].reduce(0) { total, suffix in
    total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size])
      .flatMap { ($0 as? NSNumber)?.intValue } ?? 0)
  }
}

/// Used by the benchmark stubs of issues that have not landed yet.
struct NotYetBuilt: Error, CustomStringConvertible {
  var description: String { "this benchmark is not built yet" }
}
