import Foundation
import OutputPolicy
import Replay
import Report
import SnapshotRaster
import Snapshots

/// `navsim render`: draws the layout after one event, or a contact sheet of a run's distinct
/// layouts, as SVG and/or PNG.
struct RenderCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "render",
    summary: "Draw the layout after one event, or every distinct layout, as SVG or PNG",
    arguments: [
      ArgumentSpec("SNAPSHOTS", "The snapshot store."),
      ArgumentSpec("LABEL", "The run to draw.", completion: .none),
    ],
    options: [
      .value("--seq", "N", "Draw the layout after event N."),
      .flag("--distinct", "Draw a contact sheet of every distinct layout of the run instead."),
      .value("--svg", "OUT.svg", "Write the picture as SVG.", completion: .files),
      .value("--png", "OUT.png", "Write the picture as PNG (librsvg, system fonts).",
        completion: .files),
      .value("--scale", "S", "Pixels per point of the PNG, 1-8.", default: "1"),
      .flag("--show-hidden", "Also draw hidden views, faintly."),
      .value("--against", "LABEL_B",
        "With --distinct: the two runs of one recording side by side wherever their layouts "
          + "differ."),
      .value("--max-cells", "N", "With --distinct: at most N pictures.", default: "60"),
      .value("--from", "SEQ",
        "With --distinct: leave out layouts first shown before event SEQ."),
    ],
    discussion: """
      Draws the screen of run LABEL after event N at true proportions, in map points: the
      map, the safe area, every view as a labelled rectangle (SDK views by role, app views,
      layout guides dashed), the viewport as the camera frame, findings outlined in red and
      listed under the map. Give --seq N or --distinct, and at least one of --svg and --png.
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
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
      try writeAtomically(to: svgPath, inputs: [path]) { write in try write(svg) }
      context.print("wrote \(svgPath)")
    }
    if let pngPath, let png {
      try OutputFile.write(png, to: pngPath, inputs: [path])
      context.print("wrote \(pngPath)")
    }
    return 0
  }
}
