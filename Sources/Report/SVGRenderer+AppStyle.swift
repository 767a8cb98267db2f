import Replay
// App views drawn as the app styled them (`ViewStyle`): background colour, corner radius and
// border as set on the view or its layer, labels' texts at their font size, alignment and
// number of lines, image views as a placeholder of their size. Used where the SDK's views are
// drawn with their content (`navsim render`, contact sheets, the HTML report); a view without
// a recorded style keeps its pastel wireframe.

extension SVGRenderer {
  /// One styled app view: the group every view has (identity, tooltip, `nv-shape` at exactly
  /// the frame), painted with the view's own colours, and its text as the label lays it out.
  static func appViewElement(_ node: SnapshotNode, style: ViewStyle, rtl: Bool) -> String {
    var classes = "nv-node nv-\(node.kind.rawValue) nv-role-app nv-styled"
    if node.isHidden { classes += " nv-hidden" }
    if node.alpha < 0.01 { classes += " nv-invisible" }
    var out = "<g class=\"\(classes)\" data-id=\"\(escapeXML(node.id))\" data-style=\"\(escapeXML(style.text))\""
    if node.alpha < 1 && node.alpha >= 0.01 { out += " opacity=\"\(num(node.alpha))\"" }
    out += "><title>\(escapeXML(tooltip(node)))</title>"
    let f = node.frame
    var paint = style.isImage ? "fill:#dadce0" : style.background.map(Self.fillCSS) ?? "fill:none"
    if style.borderWidth > 0 {
      paint += ";" + Self.strokeCSS(style.borderColor ?? "#000000ff") + ";stroke-width:\(num(style.borderWidth))"
    } else {
      paint += ";stroke:none"
    }
    let radius = min(style.cornerRadius, f.width / 2, f.height / 2)
    if radius > 0, style.corners != 15 {
      // Some corners only (`maskedCorners`): a path, whose bounding box is still the frame.
      out += "<path class=\"nv-shape\" style=\"\(paint)\" data-radius=\"\(num(radius))\""
        + " d=\"\(roundedPath(f, corners: style.corners, radius: radius))\"/>"
    } else {
      out += rectElement(
        f, attributes: " class=\"nv-shape\" style=\"\(paint)\"" + (radius > 0 ? " rx=\"\(num(radius))\"" : ""))
    }
    if style.isImage {
      // A placeholder of the image's size: its frame crossed.
      out += "<path class=\"nv-image\" d=\"M\(num(f.x)),\(num(f.y))L\(num(f.maxX)),\(num(f.maxY))"
        + "M\(num(f.maxX)),\(num(f.y))L\(num(f.x)),\(num(f.maxY))\"/>"
    }
    if let size = style.fontSize, let text = node.text, !text.isEmpty {
      out += labelText(text, in: f, size: size, style: style, rtl: rtl)
    }
    return out + "</g>\n"
  }

  /// A label's text: wrapped to the frame's width into at most `lines` lines (0: as many as
  /// fit the height), the last cut with an ellipsis; centred vertically as UILabel does;
  /// aligned as set. Labels' frames come from their shaped text (HeadlessUIKit's TextModel),
  /// whose advance averages about 0.42 em at UI sizes (0.46 bold): lines break at 0.4 em
  /// (0.44 bold) so a label sized to its text shows it whole; a line DejaVu Sans draws wider
  /// (0.6 em, 0.66 bold) is squeezed to the label's width (`textLength`), never drawn outside.
  /// Lines are the system font's height (2444 / 2048 em).
  static func labelText(_ text: String, in f: SnapshotRect, size: Double, style: ViewStyle, rtl: Bool) -> String {
    let advance = size * (style.isBold ? 0.44 : 0.4), drawn = size * (style.isBold ? 0.66 : 0.6)
    let perLine = Int(f.width / advance)
    guard perLine >= 1, size >= 1 else { return "" }
    let lineHeight = size * 2444 / 2048
    let fitting = max(1, Int(f.height / lineHeight))
    let wanted = style.lines ?? 1
    let limit = wanted == 0 ? fitting : min(wanted, fitting)
    var lines = wanted == 1 ? [text.replacingOccurrences(of: "\n", with: " ")] : wrap(text, width: perLine)
    if lines.count > limit || lines.last.map({ $0.count > perLine }) == true {
      lines = Array(lines.prefix(limit))
      let last = lines[lines.count - 1]
      lines[lines.count - 1] = last.count >= perLine ? String(last.prefix(max(0, perLine - 1))) + "…" : last + "…"
    }
    let alignment = style.alignment == "natural" || style.alignment == nil
      ? (rtl ? "right" : "left") : style.alignment!
    let (x, anchor): (Double, String) =
      switch alignment {
      case "center": (f.x + f.width / 2, "middle")
      case "right": (f.maxX, "end")
      default: (f.x, "start")
      }
    let top = f.y + (f.height - Double(lines.count) * lineHeight) / 2
    var out = ""
    for (index, line) in lines.enumerated() {
      let baseline = top + Double(index) * lineHeight + size * 0.95
      let width = Double(line.count) * advance
      let squeeze = Double(line.count) * drawn > f.width
        ? " textLength=\"\(num(min(width, f.width)))\" lengthAdjust=\"spacingAndGlyphs\"" : ""
      out += "<text class=\"nv-app-text\" x=\"\(num(x))\" y=\"\(num(baseline))\" font-size=\"\(num(size))\""
        + (style.isBold ? " font-weight=\"bold\"" : "") + squeeze
        + (anchor == "start" ? "" : " text-anchor=\"\(anchor)\"")
        + " style=\"\(style.textColor.map(Self.fillCSS) ?? "fill:#000000")\">\(escapeXML(line))</text>"
    }
    return out
  }

  /// `fill:#rrggbb;fill-opacity:a` for `#rrggbbaa`.
  static func fillCSS(_ hex: String) -> String {
    "fill:\(hex.prefix(7));fill-opacity:\(num(Double(Int(hex.suffix(2), radix: 16) ?? 255) / 255))"
  }

  static func strokeCSS(_ hex: String) -> String {
    "stroke:\(hex.prefix(7));stroke-opacity:\(num(Double(Int(hex.suffix(2), radix: 16) ?? 255) / 255))"
  }

  static let appStyleCSS = """
    .nv-image{stroke:#9aa0a6;stroke-width:1;fill:none}
    .nv-app-text{pointer-events:none}
    """
}
