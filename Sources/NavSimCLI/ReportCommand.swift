import Foundation
import Replay
import Report
import Snapshots

/// `navsim report`: writes the self-contained HTML report of one stored run.
struct ReportCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "report",
    summary: "Write the HTML report of a replay (screen after each event, timeline)",
    arguments: [
      ArgumentSpec("SNAPSHOTS", "The snapshot store."),
      ArgumentSpec("LABEL", "The run to report.", completion: .none),
    ],
    options: [
      .value("--html", "OUT.html", "The report to write.", required: true, completion: .files)
    ],
    discussion: """
      Writes one self-contained HTML page (no network, no external files) showing the screen
      after each event of run LABEL: every view at its frame, the viewport as the camera
      frame, the safe area, findings in red, a timeline of the trip with a scrubber (Left /
      Right: previous / next layout change, f: first finding), and the event's details.
      Identical layouts are embedded once, so a long trip's report stays small. The page is
      written in memory that does not grow with the trip's events: its per-event columns spill to
      scratch files under TMPDIR, which needs room for about the page's size.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let path = try parsed.positional(0, "SNAPSHOTS (the snapshot store)")
    let label = try parsed.positional(1, "LABEL (the run to report)")
    guard let output = parsed.value("--html") else { throw UsageError("missing --html OUT.html") }
    let store = try SnapshotStore(path: path, mode: .readOnly)
    let run = try store.run(label: label)
    // The page is written as it is built, in memory independent of the run's length, through
    // a temporary file renamed only when it is whole: a failure leaves no page and the
    // previous one as it was. A scratch file holds about the page's bytes: under `ulimit -f`
    // it can fail first, and its error names the page.
    var counts: ReplayReportCounts?
    try writeAtomically(to: output, inputs: [path]) { write in
      counts = try store.writeReplayReport(of: run, page: output, to: write)
    }
    guard let counts else { preconditionFailure("writeAtomically returned without the page") }
    context.print(
      "wrote \(output) (\(counts.events) events, \(counts.distinctLayouts) distinct layouts)")
    return 0
  }
}
