import EventLog
import Foundation
import Lint
import Navigator
import OutputPolicy
import Replay
import Report
import Snapshots

/// `navsim demo`: the whole workflow on a built-in trip, told as a short story.
struct DemoCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "demo",
    summary: "Record a trip, replay it through the sample delegates, diff and report",
    options: [
      .value(
        "--out", "DIR", "Where everything goes; files of an earlier demo there are replaced.",
        default: "./navsim-demo", completion: .directories)
    ],
    discussion: """
      Records a built-in city trip (iPhone 15, a rotation to landscape that turns wide mode
      on, prompts that replace each other, a speeding episode), replays it through every
      registered delegate, the SDK's built-in layout and every registered screen, lints them,
      diffs the delegates, and writes HTML reports.
      """)

  /// The demo trip: the built-in city commute with a rotation into wide mode and back.
  static let scenario = """
    {
      "name": "demo-commute",
      "description": "The navsim demo: a city commute in portrait, rotated to landscape (wide mode) for a while.",
      "route": {"builtin": "city-commute"},
      "seed": 7,
      "rate": 1,
      "createdAt": "2025-01-01T08:00:00Z",
      "device": "iphone-15-portrait",
      "settings": {"speedometer": true, "speedLimit": true},
      "events": [
        {"at": 150, "rotate": "landscape"},
        {"at": 240, "rotate": "portrait"},
        {"at": 400, "speeding": {"factor": 1.45, "duration": 40}}
      ]
    }
    """

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let directory = parsed.value("--out") ?? "navsim-demo"
    // One demo at a time writes into a directory; each file there is replaced whole (the log
    // and the store are built in temporary files that have no name), so a killed demo leaves
    // every file old or new, and nothing else.
    let lock = try OutputFile.lockDirectory(directory)
    defer { lock.release() }
    let logPath = directory + "/trip.sqlite", storePath = directory + "/snapshots.sqlite"

    // 1. Record.
    let scenario = try Scenario.parse(Array(Self.scenario.utf8), path: "demo-commute.json")
    let log = try EventLogFile(temporaryFor: logPath)
    let recorded = try TripRecorder.record(try Trip(scenario: scenario), name: scenario.name, into: log)
    try log.publish(to: logPath)
    let minutes = Double(recorded.summary.durationMilliseconds) / 60_000
    context.print("1. Recorded a trip: \(scenario.name), \(recorded.summary.eventCount) events over "
      + "\(formatted(minutes, 1)) min (\(formatted(recorded.summary.distance / 1000, 1)) km) into \(logPath)")
    context.print("   The phone turns to landscape at 2:30, where the map is wide enough for wide mode,")
    context.print("   and back at 4:00; prompts replace each other; the driver speeds at 6:40.")

    // 2. Replay through every delegate.
    let store = try SnapshotStore(temporaryFor: storePath)
    let names = context.delegates.names
    context.print("")
    context.print("2. Replayed it through \(names.count) layouts, a snapshot after every event:")
    var summaries: [String: ReplayJob.Summary] = [:]
    let width = ((names + context.screens.names.map { "screen:" + $0 }).map(\.count).max() ?? 8) + 1
    let registry = context.delegates
    for name in names {
      let job = ReplayJob(
        logPath: logPath, delegateName: name, makeDelegate: { try? registry.makeDelegate(named: name) },
        watchers: .layoutRules)
      let summary = try job.run(store: store, label: name)
      summaries[name] = summary
      let errors = summary.errorCount, warnings = summary.findings.count - errors
      var line = "   \(name.padding(toLength: width, withPad: " ", startingAt: 0)) "
        + counted(try distinctLayouts(store, name), "distinct layout")
      line += errors + warnings == 0 ? ", no findings" : ", \(errors) errors, \(warnings) warnings"
      if registry.onlyWhenNamed.contains(name) { line += " - broken on purpose" }
      if errors > 0 {
        let rules = Set(summary.findings.filter { $0.finding.severity == .error }.map(\.finding.ruleID)).sorted()
        line += " (" + rules.prefix(4).joined(separator: ", ") + (rules.count > 4 ? ", ..." : "") + ")"
      }
      context.print(line)
    }
    // Screens: the app's whole map screen, its labels' texts in the snapshots.
    var screenLabels: [String] = []
    for name in context.screens.names {
      let label = "screen:" + name
      let job = ReplayJob(
        logPath: logPath, screenName: name, makeScreen: try context.screens.factory(named: name),
        watchers: .layoutRules)
      let summary = try job.run(store: store, label: label)
      screenLabels.append(label)
      context.print(
        "   \(label.padding(toLength: width, withPad: " ", startingAt: 0)) "
          + counted(try distinctLayouts(store, label), "distinct layout") + ", "
          + counted(summary.findings.count, "finding")
          + " (a whole map screen: its labels' texts are in the snapshots)")
    }

    try store.publish(to: storePath)

    // 3. Diff.
    let pairs = demoPairs(names)
    context.print("")
    context.print("3. Compared them event by event:")
    var diffReports: [String] = []
    for (a, b) in pairs {
      let diff = try store.diff(labelA: a, labelB: b)
      let views = diff.viewSummaries.prefix(3).map { "\($0.view) (\(counted($0.events, "event")))" }
      context.print("   \(a) vs \(b): \(diff.differences.count) of \(diff.eventsCompared) events differ"
        + (views.isEmpty ? "" : "; most: " + views.joined(separator: ", ")))
      if b == a + "-v2" {
        context.print("     (two versions of one delegate: v2 leaves a larger gap above prompts, so only")
        context.print("      the events with a prompt on screen differ)")
      }
      let report = directory + "/diff-\(a)-\(b).html"
      let page = try store.diffReport(diff)
      try writeAtomically(to: report) { write in try write(page) }
      diffReports.append(report)
    }

    // 4. Reports.
    var replayReports: [String] = []
    for label in names.filter({ summaries[$0] != nil }) + screenLabels {
      let report = directory + "/report-\(label.replacingOccurrences(of: ":", with: "-")).html"
      let page = try store.replayReport(label: label)
      try writeAtomically(to: report) { write in try write(page) }
      replayReports.append(report)
    }
    let svgPath = directory + "/wide-mode.svg"
    if let name = pairs.first?.1, let svg = try wideModeSVG(store: store, label: name) {
      try writeAtomically(to: svgPath) { write in try write(svg) }
    }
    context.print("")
    context.print("4. Wrote the reports (open them in a browser):")
    for report in replayReports + diffReports { context.print("   \(report)") }
    if FileManager.default.fileExists(atPath: svgPath) { context.print("   \(svgPath) (one wide-mode frame)") }
    context.print("")
    // Commands that work as printed: `navsim` is not on the PATH after `swift run`.
    let navsim = context.invocation
    context.print("Next: \(navsim) replay \(logPath) --delegate complete --print | less")
    context.print("      \(navsim) diff \(storePath) basic complete --json")
    context.print("      \(navsim) lint \(logPath) --delegate broken")
    context.print("      \(navsim) check \(logPath) --delegate complete --delegate broken --sarif \(directory)/check.sarif")
    return 0
  }

  /// The pairs to diff: basic -> complete and complete -> broken when registered, else the
  /// first registered delegates against each other and the built-in layout.
  static func demoPairs(_ names: [String]) -> [(String, String)] {
    if names.contains("basic"), names.contains("complete"), names.contains("broken") {
      var pairs = [("basic", "complete"), ("complete", "broken"), ("builtin", "complete")]
      if names.contains("complete-v2") { pairs.insert(("complete", "complete-v2"), at: 0) }
      return pairs
    }
    let custom = names.filter { $0 != DelegateRegistry.builtinName }
    if custom.count >= 2 { return [(custom[0], custom[1])] }
    return custom.map { (DelegateRegistry.builtinName, $0) }
  }

  /// How many distinct layouts the stored run `label` shows: the count its HTML report gives.
  static func distinctLayouts(_ store: SnapshotStore, _ label: String) throws -> Int {
    try store.layouts(for: store.frames(of: store.run(label: label))).count
  }

  /// The first wide-mode frame of a run, drawn as SVG.
  static func wideModeSVG(store: SnapshotStore, label: String) throws -> String? {
    let run = try store.run(label: label)
    var result: String?
    try store.forEachFrame(of: run) { frame in
      guard result == nil, frame.event == "mapResized" else { return }
      let layout = try store.layout(hash: frame.layoutHash, seq: frame.seq)
      if layout.wideMode {
        result = SVGRenderer.svg(
          layout: layout, findings: frame.findings, title: "\(label), event \(frame.seq): wide mode")
      }
    }
    return result
  }

  private static func formatted(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
