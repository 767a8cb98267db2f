import Foundation
import Replay

/// `navsim render`: draws the layout after one event as an SVG picture.
struct RenderCommand: NavSimCommand {
  nonisolated static let name = "render"
  nonisolated static let summary = "Draw the layout after one event as SVG (for docs and issue trackers)"
  nonisolated static let usage = """
    USAGE: navsim render SNAPSHOTS LABEL --seq N --svg OUT.svg [--show-hidden]

    Draws the screen of run LABEL after event N at true proportions, in map points: the map,
    the safe area, every view as a labelled rectangle (SDK views by role, app views, layout
    guides dashed), the viewport as the camera frame, findings outlined in red and listed
    under the map. --show-hidden also draws hidden views, faintly.
    """

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["--seq", "--svg"], flagOptions: ["--show-hidden"])
    try parsed.expectPositionals(atMost: 2)
    let path = try parsed.positional(0, "SNAPSHOTS (the snapshot store)")
    let label = try parsed.positional(1, "LABEL (the run to draw)")
    guard let seq = try parsed.int("--seq", in: 0...Int64.max) else {
      throw UsageError("missing --seq N")
    }
    guard let output = parsed.value("--svg") else { throw UsageError("missing --svg OUT.svg") }
    let store = try SnapshotStore(path: path, mode: .readOnly)
    let run = try store.run(label: label)
    guard let snapshot = try store.snapshot(of: run, seq: seq) else {
      throw CommandFailure(
        "\(path): run '\(label)' has no event \(seq) (its events are 1...\(run.eventCount))")
    }
    let svg = SVGRenderer.svg(
      layout: snapshot.layout, findings: snapshot.findings,
      showHidden: parsed.flag("--show-hidden"),
      title: "\(label) (\(run.delegate)) after event \(seq) \(snapshot.event)")
    try writeAtomically(to: output) { write in try write(svg) }
    context.print("wrote \(output)")
    return 0
  }
}
