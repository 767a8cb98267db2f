import Findings
import Foundation
import Lint
import NavSim
import Replay
import Snapshots

/// Options shared by the commands that replay a log through a delegate.
@MainActor
struct ReplayOptions {
  /// `LOG`.
  nonisolated static let log = ArgumentSpec(
    "LOG", "The recording's event log (.sqlite) or a postgres:// URL.")

  /// The options every replaying command takes.
  nonisolated static let options: [OptionSpec] = LayoutSubjectOptions.one + [
    .value("--recording", "ID", "The recording.", default: "the log's newest"),
    LayoutSubjectOptions.direction("Force the layout direction."),
    ContentSizeOptions.option(
      "The text size the user chose (Dynamic Type): the app's preferred fonts follow it."),
    SDKProfileFile.option,
  ]

  var logPath: String
  /// The delegate's name, or the screen's (`isScreen`).
  var delegateName: String
  var isScreen = false
  var recordingID: Int64?
  var direction: LayoutDirectionOverride?
  /// `--content-size`; nil: not given (`large`, not named in the run's variants).
  var contentSize: UIContentSizeCategory?
  var profile: SDKProfile = .default
  var profileName = "default"

  /// - Throws: `UsageError` for a missing log or delegate or a bad value,
  ///   `CommandFailure` for a profile file that can't be read.
  init(_ parsed: ParsedArguments) throws {
    logPath = try parsed.positional(0, "LOG (the recording's .sqlite file or postgres:// URL)")
    switch (parsed.value("--delegate"), parsed.value("--screen")) {
    case (let delegate?, nil): delegateName = delegate
    case (nil, let screen?):
      delegateName = screen
      isScreen = true
    case (_?, _?): throw UsageError("give --delegate NAME or --screen NAME, not both")
    case (nil, nil):
      throw UsageError("missing --delegate NAME or --screen NAME (see 'navsim delegates')")
    }
    recordingID = try parsed.int("--recording", in: 1...Int64.max)
    if let text = parsed.value("--direction") {
      guard let direction = LayoutDirectionOverride(rawValue: text) else {
        throw UsageError("--direction must be ltr or rtl, got '\(text)'")
      }
      self.direction = direction
    }
    contentSize = parsed.value("--content-size").map(ContentSizeOptions.category)
    let file = try SDKProfileFile(path: parsed.value("--profile"))
    profile = file.profile
    profileName = file.name
  }

  /// The run's delegate field and the name summaries print: `screen:NAME` for screens.
  var runDelegateName: String { isScreen ? "screen:" + delegateName : delegateName }

  func job(_ context: CommandContext) throws -> ReplayJob {
    var job: ReplayJob
    if isScreen {
      job = ReplayJob(
        logPath: logPath, recordingID: recordingID, screenName: delegateName,
        makeScreen: try context.screens.factory(named: delegateName),
        watchers: .layoutRules, profile: profile,
        profileName: profileName, direction: direction)
    } else {
      let registry = context.delegates
      _ = try registry.makeDelegate(named: delegateName)  // validates the name up front
      let name = delegateName
      job = ReplayJob(
        logPath: logPath, recordingID: recordingID, delegateName: name,
        makeDelegate: { try? registry.makeDelegate(named: name) },
        watchers: .layoutRules, profile: profile,
        profileName: profileName, direction: direction)
    }
    job.contentSize = contentSize
    job.logOpener = NavSimLogOpener()  // a postgres:// LOG too
    return job
  }
}

/// Shows "replaying 1200/36000" on a terminal, nothing otherwise.
@MainActor
struct ProgressLine {
  let context: CommandContext
  let total: Int
  let verb: String
  /// `context.showsProgress`, read once: called on every event, where reading the context's
  /// property costs the runtime's exclusivity check.
  private let shows: Bool
  private var shown = 0

  init(context: CommandContext, total: Int, verb: String) {
    self.context = context
    self.total = total
    self.verb = verb
    shows = context.showsProgress
  }

  mutating func update(_ done: Int) {
    guard shows, total >= 1000, done - shown >= 500 || done == total else { return }
    shown = done
    context.standardError("\r\(verb) \(done)/\(total) events")
    if done == total { context.standardError("\r\u{1B}[K") }
  }
}

/// `navsim replay`: replays a recording through a delegate and stores the snapshots.
struct ReplayCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "replay", summary: "Replay a recording through a layout delegate or screen",
    arguments: [ReplayOptions.log],
    options: ReplayOptions.options + [
      .value(
        "--snapshots", "FILE", "Store the snapshots as a run, for 'navsim diff' and 'navsim "
          + "report'.", completion: .files),
      .value(
        "--label", "L", "The stored run's label.", default: "the delegate's name, or "
          + "screen:NAME"),
      .flag("--print", "Print every snapshot whose layout changed, as text."),
    ],
    discussion: """
      Replays the recording through the delegate, takes a layout snapshot after every event,
      and prints a summary: events, layout changes, findings by rule. --screen replays
      through a registered screen instead: it sets the map view up as the app's view
      controller does (layout delegate, listeners, its own views), and the snapshots show its
      labels' and buttons' texts. LOG may be a postgres:// URL of a recording library ('navsim
      log push'); the replay streams from the server.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let options = try ReplayOptions(parsed)
    let job = try options.job(context)
    let store = try parsed.value("--snapshots").map { try SnapshotStore(path: $0, mode: .create) }
    let label = parsed.value("--label")
    let printChanged = parsed.flag("--print")
    var progress = ProgressLine(context: context, total: 0, verb: "replaying")
    var done = 0
    let summary = try job.run(
      store: store, label: label,
      onSnapshot: { snapshot, changed in
        done += 1
        progress.update(done)
        if printChanged && (changed || !snapshot.findings.isEmpty) { context.print(snapshot.text) }
      },
      onStart: { progress = ProgressLine(context: context, total: Int($0.eventCount), verb: "replaying") })
    printSummary(summary, delegate: options.runDelegateName, context: context)
    if let run = summary.run, let path = parsed.value("--snapshots") {
      context.print("stored run '\(run.label)' in \(path)")
    }
    return 0
  }

  @MainActor
  static func printSummary(_ summary: ReplayJob.Summary, delegate: String, context: CommandContext) {
    let recording = summary.recording
    context.print(
      "replayed recording \(recording.id) '\(recording.metadata.name)' through '\(delegate)': "
        + "\(summary.events) events, \(summary.layoutChanges) layout changes")
    if summary.findings.isEmpty {
      context.print("no findings")
      return
    }
    var byRule: [String: (severity: Severity, count: Int)] = [:]
    for entry in summary.findings {
      let current = byRule[entry.finding.ruleID]
      byRule[entry.finding.ruleID] = (
        max(current?.severity ?? .warning, entry.finding.severity), (current?.count ?? 0) + 1
      )
    }
    context.print("findings by rule:")
    for rule in byRule.keys.sorted() {
      let entry = byRule[rule]!
      context.print("  \(entry.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(rule): \(entry.count)")
    }
  }
}

/// `navsim lint`: replays and lists the findings; exit 1 when any is an error.
struct LintCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "lint", summary: "Replay and list the layout rules a delegate breaks",
    arguments: [ReplayOptions.log],
    options: ReplayOptions.options + [.flag("--json", "Print the findings as JSON.")],
    discussion: """
      Replays the recording through the delegate (or screen) and lists every finding once
      (rule, severity, views, the first event that raised it and how many did); a screen's
      calls that contradict the recording are replay-divergence warnings. Exits 1 when any
      finding is an error, 0 otherwise. LOG may be a postgres:// URL of a recording library.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let options = try ReplayOptions(parsed)
    let summary = try options.job(context).run()
    if parsed.flag("--json") {
      let items = summary.findings.map { entry in
        "{\"count\":\(entry.count),\"finding\":\(entry.finding.json),\"firstSeq\":\(entry.firstSeq)}"
      }
      context.print("{\"errors\":\(summary.errorCount),\"events\":\(summary.events),\"findings\":[\(items.joined(separator: ","))]}")
    } else {
      for entry in summary.findings {
        let finding = entry.finding
        context.print(
          "\(finding.severity.rawValue): \(finding.ruleID) [\(finding.views.joined(separator: ", "))] "
            + (finding.source.map { "at \($0.shortDescription) " } ?? "")
            + "first at event \(entry.firstSeq), \(counted(entry.count, "event")): \(finding.message)")
      }
      let warnings = summary.findings.count - summary.errorCount
      context.print(
        "\(summary.events) events, \(summary.errorCount) errors, \(warnings) warnings "
          + "('\(options.runDelegateName)' on recording \(summary.recording.id))")
    }
    return summary.errorCount > 0 ? 1 : 0
  }
}

/// `--profile FILE`: an `SDKProfile` read from a JSON file, named after the file (as runs record
/// it); without a path, NavSim's default profile.
struct SDKProfileFile {
  var path: String?
  var profile: SDKProfile = .default
  var name = "default"

  init() {}

  /// - Throws: `CommandFailure` naming the file and the problem when it can't be read.
  init(path: String?) throws {
    guard let path else { return }
    self.path = path
    do {
      profile = try SDKProfile.load(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure("\(error)")
    }
    name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }
}
