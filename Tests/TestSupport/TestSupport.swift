// Shared test fixtures: fresh temporary directories and databases, fixture paths, and sample
// events covering every kind.
import Foundation
import SessionEvents

// MARK: - Temporary files

/// A fresh, empty directory under the system temporary directory, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
  /// The directory's absolute path.
  public let path: String

  /// Creates a new unique directory (`mkdtemp`).
  public init(prefix: String = "navsim-test") {
    var base = NSTemporaryDirectory()
    while base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/\(prefix)-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(created != nil, "mkdtemp failed: errno \(errno)")
    path = String(cString: created!)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the directory (the file is not created).
  public func file(_ name: String) -> String { path + "/" + name }

  /// A fresh directory kept until the test process exits, for what a suite computes once and
  /// several of its tests read (a static never releases it, so `deinit` cannot remove it).
  public static func untilExit(prefix: String = "navsim-test") -> TemporaryDirectory {
    let directory = TemporaryDirectory(prefix: prefix)
    ExitCleanup.remove(directory.path)
    return directory
  }
}

/// Directories removed when the process exits.
private enum ExitCleanup {
  nonisolated(unsafe) static var paths: [String] = []
  static let lock = NSLock()

  static func remove(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    if paths.isEmpty {
      atexit {
        ExitCleanup.lock.lock()
        defer { ExitCleanup.lock.unlock() }
        for path in ExitCleanup.paths { try? FileManager.default.removeItem(atPath: path) }
      }
    }
    paths.append(path)
  }
}

/// A path for a new database file in a fresh temporary directory. Keep the directory alive
/// for as long as the file is used.
public func freshDatabase(named name: String = "test.sqlite") -> (
  directory: TemporaryDirectory, path: String
) {
  let directory = TemporaryDirectory()
  return (directory, directory.file(name))
}

// MARK: - Fixtures

/// Paths of the shared fixtures (`<repo>/../shared/fixtures`), found from this file's path so
/// tests work from any working directory.
public enum Fixtures {
  /// The repository root (the directory holding `Package.swift`).
  public static let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }  // TestSupport.swift, TestSupport, Tests
    return url.path
  }()

  /// The shared fixtures directory.
  public static var sharedRoot: String { repositoryRoot + "/../shared/fixtures" }

  /// Whether `../shared/fixtures` is beside the repository. A plain `git clone` has no such
  /// directory: tests that read it skip, printing `sharedMissingReason` (CI has it).
  public static var hasShared: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: sharedRoot, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Why a test that reads the shared fixtures was skipped.
  public static var sharedMissingReason: String {
    "skipped: \(URL(fileURLWithPath: sharedRoot).standardizedFileURL.path) is absent "
      + "(the shared fixtures are not part of the repository)"
  }

  /// A route fixture, e.g. `Fixtures.route("gpxpy-route.gpx")`.
  public static func route(_ name: String) -> String { sharedRoot + "/routes/" + name }

  /// The canonical recording `name` (`Recordings/NAME.sqlite`).
  public static func recording(_ name: String) -> String {
    repositoryRoot + "/Recordings/\(name).sqlite"
  }

  /// The directory holding built products (`.build/debug`), where the `navsim` binary is,
  /// found from the running test bundle.
  public static var productsDirectory: String {
    let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
    if let bundle {
      return URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().path
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
  }

  /// The path of a built executable product, e.g. `executable("navsim")`; nil when it has not
  /// been built (`swift build` builds it, and so does `swift test`).
  public static func executable(_ name: String) -> String? {
    let path = productsDirectory + "/" + name
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }
}

// MARK: - Sample events

/// Deterministic sample events for tests.
public enum SampleEvents {
  /// One payload of every kind (and every setting value type), with awkward values: text
  /// that needs JSON escaping, unknown speeds, negative zero, integral reals.
  public static let oneOfEachKind: [EventPayload] = [
    .navigationEnabled,
    .mapResized(MapGeometry(
      width: 393, height: 852, safeTop: 59, safeLeading: 0, safeBottom: 34, safeTrailing: 0)),
    .routeSet(RouteInfo(
      routeID: "route-1", totalDistance: 12_345.5, totalDuration: 901.25, legs: 2, steps: 17,
      alternateRoutes: 1)),
    .guidanceStarted,
    .progress(Progress(
      distanceTravelled: 0.1, distanceRemaining: 12_345.4, timeRemaining: 900, stepIndex: 0,
      distanceToNextManeuver: 120.75, maneuver: "turn-left", roadName: "Rue \"Grande\" \\ Süd\n",
      latitude: 48.137154, longitude: 11.576124, course: -1, delay: .light)),
    .speed(SpeedReport(speed: 13.9, speedLimit: nil, severity: .unknown, speedingPercentage: -1)),
    .speed(SpeedReport(speed: 16.7, speedLimit: 13.9, severity: .major, speedingPercentage: 20.1)),
    .promptReady(Prompt(promptID: 7, kind: .speedCamera, text: "Speed camera ahead 🚓")),
    .promptReady(Prompt(promptID: 8, kind: PromptKind(rawValue: "roadClosure"), text: "")),
    .promptDismissed(promptID: 7),
    .settingChanged(SettingChange(name: .speedometer, value: .bool(true))),
    .settingChanged(SettingChange(name: .compass, value: .bool(false))),
    .settingChanged(SettingChange(name: Setting(rawValue: "zoomLevel"), value: .number(-0.0))),
    .settingChanged(SettingChange(name: .layoutDirection, value: .text("rtl"))),
    .camera(CameraState(mode: .following, bearing: 270, tilt: 45.5, zoom: 17)),
    .userPanned(dx: -12.5, dy: 3),
    .recentered,
    .lightingChanged(.night),
    .mark(text: "re-route in the tunnel"),
    .waypoint(RecordedWaypoint(index: 0, title: "Zürich HB", latitude: 47.378, longitude: 8.54)),
    .waypoint(RecordedWaypoint(index: 1, title: "Office", placeID: "ChIJ42", latitude: nil, longitude: nil)),
    .routeStatus(status: "noRouteFound"),
    .routeLeg(RecordedRouteLeg(
      index: 0, latitude: 47.378, longitude: 8.54, drivingSide: .right,
      path: [PathPoint(latitude: 47.37, longitude: 8.53), PathPoint(latitude: 47.378, longitude: 8.54)])),
    .routeStep(RecordedStep(
      index: 0, leg: 0, maneuver: "turn-left", roadName: "Bahnhofstrasse",
      instruction: "Turn left onto Bahnhofstrasse", distanceFromPrevStep: 0, timeFromPrevStep: 0)),
    .stepDetail(RecordedStepDetail(
      index: 0, exitNumber: "4",
      lanes: [RecordedLane([RecordedLaneDirection(.normalLeft, recommended: true)])])),
    .viewSize(RecordedViewSize(view: "speedWidget", width: 64, height: 132, margin: 8)),
    .routeChanged(.reroute),
    .arrived(waypointIndex: 0),
    .guidanceStopped(.arrived),
    .navigationDisabled,
  ]

  /// `count` events cycling through `oneOfEachKind`, with `t` advancing 250 ms per event.
  public static func events(count: Int) -> [(payload: EventPayload, t: Int64)] {
    (0..<count).map { index in
      (oneOfEachKind[index % oneOfEachKind.count], Int64(index) * 250)
    }
  }
}

// MARK: - Running built executables

/// What a finished process printed and returned.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var standardOutput: String
  public var standardError: String
}

/// How long a child process may run before `launch` kills it: a test that hangs a child fails
/// after this long instead of hanging `swift test`. Generous: the heaviest children (a case of
/// `ChildProcessTest`, a `navsim check` of several recordings) take minutes in a debug build
/// on a loaded machine.
public let defaultChildTimeout: Duration = .seconds(600)

/// A child process that ran longer than its timeout and was killed (with its process group).
public struct ChildProcessTimedOut: Error, CustomStringConvertible {
  /// The command: the executable's path and its arguments.
  public var command: [String]
  public var timeout: Duration
  /// What it wrote before it was killed.
  public var result: ProcessResult

  public var description: String {
    "\(command.joined(separator: " ")): killed after running longer than its timeout "
      + "(\(timeout.components.seconds) s)"
  }
}

/// Runs the built executable `name` (e.g. `navsim`) with `arguments` and waits for it.
/// - Throws: when the executable is not built or cannot be started; `ChildProcessTimedOut`
///   when it runs longer than `timeout`.
/// - Parameters:
///   - environment: variables set for the child on top of this process's own.
public func launchProduct(
  _ name: String, _ arguments: [String], currentDirectory: String? = nil,
  environment: [String: String] = [:], timeout: Duration = defaultChildTimeout
) throws -> ProcessResult {
  guard let path = Fixtures.executable(name) else {
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: Fixtures.productsDirectory + "/" + name])
  }
  return try launch(
    path: path, arguments, currentDirectory: currentDirectory, environment: environment,
    timeout: timeout)
}

/// Runs the executable at `path` with `arguments` and waits for it, its output captured.
///
/// A child still running after `timeout` is killed (`SIGKILL`) with its process group (Linux's
/// Foundation starts a child as the leader of a group of its own, so what it started goes
/// too and the pipes close), and `launch` throws.
/// - Throws: when it cannot be started; `ChildProcessTimedOut` when it was killed.
public func launch(
  path: String, _ arguments: [String], currentDirectory: String? = nil,
  environment: [String: String] = [:], timeout: Duration = defaultChildTimeout
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let watchdog = ChildWatchdog(pid: process.processIdentifier, timeout: timeout)
  // Read stderr on another thread so neither pipe can fill up and block the child.
  nonisolated(unsafe) var errData = Data()
  let done = DispatchSemaphore(value: 0)
  let waiter = Thread {
    errData = err.fileHandleForReading.readDataToEndOfFile()
    done.signal()
  }
  waiter.start()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  done.wait()
  process.waitUntilExit()
  let result = ProcessResult(
    status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
    standardError: String(decoding: errData, as: UTF8.self))
  if watchdog.stop() {
    throw ChildProcessTimedOut(command: [path] + arguments, timeout: timeout, result: result)
  }
  return result
}

/// Kills a child's process group when it runs longer than its timeout, on a thread of its own.
///
/// Firing and stopping exclude each other (one lock): once `stop()` ran, nothing is killed, and
/// a kill that ran is reported. On Linux, whose Foundation makes the child a group leader, the
/// group is signalled; elsewhere (macOS) the child, which is not, is signalled alone, and what
/// it started lives on. Limits: a kill between the child's reaping and `stop()` (a few
/// instructions) would signal a pid the system may have reused; a descendant that left the
/// group and holds the output pipes open keeps `launch` reading until it ends.
final class ChildWatchdog: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var fired = false
  private var stopped = false

  init(pid: Int32, timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    Thread { [self] in
      guard finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut else { return }
      lock.withLock {
        guard !stopped else { return }
        fired = true
        #if os(Linux)
          kill(-pid, SIGKILL)
        #else
          kill(pid, SIGKILL)
        #endif
      }
    }.start()
  }

  /// Stops watching (the child ended and was reaped); whether the timeout had killed it.
  func stop() -> Bool {
    lock.withLock {
      stopped = true
      finished.signal()
      return fired
    }
  }
}

/// Runs the built executable `name` as the synchronous `launchProduct` does, waiting on a
/// thread of its own: the caller's actor (the main actor of most suites) runs other tests
/// while the child runs on the other cores.
/// - Throws: when the executable is not built or cannot be started.
public func launchProduct(
  _ name: String, _ arguments: [String], currentDirectory: String? = nil,
  environment: [String: String] = [:], timeout: Duration = defaultChildTimeout
) async throws -> ProcessResult {
  try await withCheckedThrowingContinuation { continuation in
    let waiter = Thread {
      continuation.resume(with: Result {
        try launchProduct(
          name, arguments, currentDirectory: currentDirectory, environment: environment,
          timeout: timeout)
      })
    }
    waiter.start()
  }
}
