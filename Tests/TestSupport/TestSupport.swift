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

  /// The code blocks of `language` (```` ```sql ````...) in a document of the repository, after
  /// the first line containing `marker`, in order: for tests that run what the docs show.
  /// - Parameters:
  ///   - document: a path from the repository root, e.g. `docs/event-log.md`.
  ///   - marker: text of the paragraph the blocks follow.
  /// - Throws: when the document cannot be read.
  public static func codeBlocks(in document: String, after marker: String, language: String)
    throws -> [String]
  {
    let text = try String(contentsOfFile: repositoryRoot + "/" + document, encoding: .utf8)
    var blocks: [String] = []
    var block: [Substring]?
    var seen = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !seen {
        seen = line.contains(marker)
      } else if let lines = block {
        if line == "```" {
          blocks.append(lines.joined(separator: "\n") + "\n")
          block = nil
        } else {
          block = lines + [line]
        }
      } else if line == "```" + language {
        block = []
      }
    }
    return blocks
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
