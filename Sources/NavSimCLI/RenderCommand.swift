import Foundation
import Replay
import Report
import SnapshotRaster
import Snapshots

/// `navsim render`: draws the layout after one event, or a contact sheet of a run's distinct
/// layouts, as SVG and/or PNG.
struct RenderCommand: NavSimCommand {
  nonisolated static let name = "render"
  nonisolated static let summary = "Draw the layout after one event, or every distinct layout, as SVG or PNG"
  nonisolated static let usage = """
    USAGE: navsim render SNAPSHOTS LABEL --seq N [--svg OUT.svg] [--png OUT.png] [--scale S]
                         [--show-hidden]
           navsim render SNAPSHOTS LABEL --distinct [--against LABEL_B] [--svg OUT.svg]
                         [--png OUT.png] [--scale S] [--max-cells N] [--from SEQ]

    Draws the screen of run LABEL after event N at true proportions, in map points: the map,
    the safe area, every view as a labelled rectangle (SDK views by role, app views, layout
    guides dashed), the viewport as the camera frame, findings outlined in red and listed
    under the map. --show-hidden also draws hidden views, faintly.
    --distinct draws a contact sheet instead: every distinct layout of the run, captioned with
    the time and event that first showed it; with --against, the two runs of one recording
    side by side wherever their layouts differ; --max-cells caps the pictures (default 60),
    --from leaves out layouts first shown before event SEQ.
    --png rasterises the picture with librsvg (system fonts), --scale pixels per point (1-8,
    default 1). At least one of --svg and --png.
    """

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["--seq", "--svg", "--png", "--scale", "--against", "--max-cells", "--from"],
      flagOptions: ["--show-hidden", "--distinct"])
    try parsed.expectPositionals(atMost: 2)
    let path = try parsed.positional(0, "SNAPSHOTS (the snapshot store)")
    let label = try parsed.positional(1, "LABEL (the run to draw)")
    let seq = try parsed.int("--seq", in: 0...Int64.max)
    let distinct = parsed.flag("--distinct")
    guard (seq != nil) != distinct else { throw UsageError(distinct ? "give --seq N or --distinct, not both" : "missing --seq N (or --distinct)") }
    if parsed.value("--against") != nil && !distinct { throw UsageError("--against needs --distinct") }
    let svgPath = parsed.value("--svg"), pngPath = parsed.value("--png")
    guard svgPath != nil || pngPath != nil else { throw UsageError("missing --svg OUT.svg or --png OUT.png") }
    let scale = try parsed.double("--scale") ?? 1
    guard (1...8).contains(scale) else { throw UsageError("--scale \(scale) is outside 1...8") }
    let store = try SnapshotStore(path: path, mode: .readOnly)
    let svg = try store.picture(
      PictureRequest(
        label: label, seq: seq, against: parsed.value("--against"),
        showHidden: parsed.flag("--show-hidden"),
        maximumCells: Int(try parsed.int("--max-cells", in: 1...1000) ?? 60),
        fromSeq: try parsed.int("--from", in: 0...Int64.max) ?? 0))
    // Rasterise before writing anything, so a failure leaves no file half-made.
    let png = try pngPath.map { _ in try RasterImage(svg: svg, scale: scale).pngData() }
    if let svgPath {
      try writeAtomically(to: svgPath) { write in try write(svg) }
      context.print("wrote \(svgPath)")
    }
    if let pngPath, let png {
      do {
        try Data(png).write(to: URL(fileURLWithPath: pngPath), options: .atomic)
      } catch {
        throw CommandFailure("\(pngPath): cannot write the file")
      }
      context.print("wrote \(pngPath)")
    }
    return 0
  }
}
