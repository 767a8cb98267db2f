import Foundation
import HeadlessUIKit
import NavSimCheck
import Replay
import Snapshots
import TextBytes

/// `navsim diff`: compares two stored runs of the same recording, event by event.
struct DiffCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "diff", summary: "Compare two replays of the same recording event by event",
    arguments: [
      ArgumentSpec("SNAPSHOTS", "The snapshot store (or STORE_A, to compare two stores)."),
      ArgumentSpec(
        "LABEL_A", "The first run (or a label prefix, or STORE_B).", completion: .none),
      ArgumentSpec(
        "LABEL_B", "The second run (or a label prefix).", optional: true, completion: .none),
    ],
    options: [
      .value(
        "--tolerance", "PT",
        "Ignore moves of at most PT points (frames, safe area, map size).", default: "0"),
      .flag("--json", "Print everything as JSON."),
      .value(
        "--html", "OUT.html", "Also write the side-by-side HTML report.", completion: .files),
      .value("--max-events", "N", "Events detailed in the text report.", default: "5"),
    ],
    discussion: """
      Aligns the two runs by event seq and reports how many events differ, the first
      difference, per view what changed (appeared, disappeared, moved / resized with the
      delta, hidden, alpha, parent, z-order, corners, kind, an SDK view's state, a label's
      text; a later node of a repeated id is named 'id (2nd)' and compared with the 2nd in the
      other run) and the findings introduced and fixed; a last line notes when the runs
      measured text with different fonts. Exit status: 0 identical, 1 different, 2 error.

      With two stores (say, 'navsim check --snapshots' on main and on a branch), or two label
      prefixes of one store ('navsim check --label-prefix v1' and 'v2'), the runs are paired
      by label and the impact is summed up: "B changes the layout on X % of events (n of N)
      in Y of Z recordings", per configuration with its first differing events, and per view
      with the configurations it changes in and where it first shows.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let path = try parsed.positional(0, "SNAPSHOTS (the snapshot store)")
    let tolerance = try parsed.double("--tolerance") ?? 0
    guard tolerance >= 0 else { throw UsageError("--tolerance must not be negative") }
    let maxEvents = Int(try parsed.int("--max-events", in: 0...1_000_000) ?? 5)
    if parsed.positionals.count == 2 {  // two stores
      let other = try parsed.positional(1, "STORE_B")
      let storeA = try SnapshotStore(path: path, mode: .readOnly)
      let storeB = try SnapshotStore(path: other, mode: .readOnly)
      let impact = try ChangeImpact.compare(stores: storeA, storeB, tolerance: tolerance)
      let runsB = firstByKey(try storeB.runs()) { ByteKey($0.label) }
      let note = try storeA.runs().lazy.compactMap { a in
        runsB[ByteKey(a.label)].flatMap { RunInfo.fontNote(a, $0, nameA: path, nameB: other) }
      }.first
      return printImpact(impact, parsed, context, note: note)
    }
    let labelA = try parsed.positional(1, "LABEL_A")
    let labelB = try parsed.positional(2, "LABEL_B")
    let store = try SnapshotStore(path: path, mode: .readOnly)
    let labels = try store.runs().map(\.label)
    // Labels are compared as the store holds them, byte for byte.
    if !labels.contains(where: { sameBytes($0, labelA) })
      || !labels.contains(where: { sameBytes($0, labelB) }),
      let impact = try ChangeImpact.compare(
        store: store, prefixA: labelA, prefixB: labelB, tolerance: tolerance)
    {
      return printImpact(impact, parsed, context)
    }
    let json = parsed.flag("--json")
    // Text and JSON are written as the diff runs: memory independent of the trip's length.
    let format: RunDiffFormat = json ? .json : .text(maxEvents: maxEvents)
    let summary: RunDiffSummary
    if let htmlPath = parsed.value("--html") {
      let writer = RunDiffWriter(format: format)
      // The page is written as it is built, through a temporary file renamed only when it is
      // whole: a failure leaves no page and the previous one as it was.
      // A scratch file of the page holds about the page's bytes: under `ulimit -f` it can fail
      // first, and its error names the page.
      var diffed: RunDiffSummary?
      try writeAtomically(to: htmlPath, inputs: [store.path]) { write in
        diffed = try store.writeDiffReport(
          labelA: labelA, labelB: labelB, tolerance: tolerance, page: htmlPath,
          each: { try writer.add($0) }, to: write)
        // The diff's own scratch file's last failure shows here: no page and no output then.
        try writer.completeEvents()
      }
      guard let diffed else { preconditionFailure("writeAtomically returned without the page") }
      if !json { context.print("wrote \(htmlPath)") }
      summary = diffed
      try writer.finish(summary) { context.standardOutput($0) }
    } else {
      summary = try store.writeDiff(
        labelA: labelA, labelB: labelB, tolerance: tolerance, format: format
      ) { context.standardOutput($0) }.summary
    }
    if json { context.standardOutput("\n") }
    let identical = summary.isIdentical
    if !json,
      let note = RunInfo.fontNote(try store.run(label: labelA), try store.run(label: labelB))
    {
      context.print(note)
    }
    return identical ? 0 : 1
  }

  /// Prints the impact, then `note` (runs measured with different fonts) under the text.
  @MainActor
  private static func printImpact(
    _ impact: ChangeImpact, _ parsed: ParsedArguments, _ context: CommandContext,
    note: String? = nil
  ) -> Int32 {
    if parsed.flag("--json") {
      context.print(impact.json)
    } else {
      context.standardOutput(impact.text())
      if let note { context.print(note) }
    }
    return impact.isUnchanged ? 0 : 1
  }
}
