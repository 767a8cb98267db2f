import Findings
import Replay

// One layout drawn as a standalone SVG picture, at true proportions in map points: the map,
// the safe area, every view as a labelled rectangle in z-order, the viewport as the camera
// frame, findings outlined in red. `navsim render` writes it; the HTML report draws the same
// picture in the browser from the same styles (`NodeStyle`, `SVGRenderer.css`).

/// Draws layouts as SVG.
public enum SVGRenderer {
  /// Label font size, in map points.
  static let fontSize = 11.0
  /// Radius of prompts' rounded corners, in map points (the SDK does not publish its value).
  static let cornerRadius = 12.0
  /// Height of one line of finding notes under the map.
  static let noteLineHeight = 15.0

  /// The layout as one SVG document.
  ///
  /// Every view and guide is a `<g class="nv-node" data-id=...>` whose shape has exactly the
  /// snapshot's frame (map coordinates, drawn to two decimals). Hidden views (and views with alpha 0)
  /// are in the picture but not displayed unless `showHidden` is set, then faintly.
  /// Findings outline their views in red, with a numbered badge, and are listed under the
  /// map. Every user string (view identifiers, messages) is escaped.
  /// - Parameters:
  ///   - layout: the layout to draw.
  ///   - findings: the findings of the event, drawn over the layout.
  ///   - showHidden: draw hidden views faintly instead of leaving them out of the display.
  ///   - title: a caption for the picture's `<title>` (defaults to the state and map size).
  ///   - content: what the SDK's views show at the event; with it they are drawn as the driver
  ///     sees them (texts, glyphs, speed) instead of labelled with their names, and the map
  ///     inside the device (rounded corners, camera island, home indicator).
  /// - Complexity: O(n) in the number of nodes plus the number of finding views.
  public static func svg(
    layout: LayoutState, findings: [Finding], showHidden: Bool = false,
    title: String? = nil, content: ScreenContent? = nil
  ) -> String {
    svg(
      layout: layout, findings: findings, showHidden: showHidden, title: title, content: content,
      origin: nil)
  }

  /// The picture's size: the map plus the finding notes under it.
  static func pictureSize(layout: LayoutState, findings: [Finding]) -> (width: Double, height: Double) {
    let notes = findingNotes(findings, width: layout.mapWidth)
    return (layout.mapWidth, layout.mapHeight + (notes.isEmpty ? 0 : Double(notes.count) * noteLineHeight + 10))
  }

  /// The picture as a document (`origin` nil) or as an `<svg>` element placed at `origin`
  /// inside another picture (a contact sheet's cell).
  static func svg(
    layout: LayoutState, findings: [Finding], showHidden: Bool, title: String?,
    content: ScreenContent?, origin: (x: Double, y: Double)?
  ) -> String {
    let notes = findingNotes(findings, width: layout.mapWidth)
    let (width, height) = pictureSize(layout: layout, findings: findings)
    var out = "<svg"
    if let origin {
      out += " x=\"\(num(origin.x))\" y=\"\(num(origin.y))\""
    } else {
      out += " xmlns=\"http://www.w3.org/2000/svg\""
    }
    out += " viewBox=\"0 0 \(num(width)) \(num(height))\""
    out += " width=\"\(num(width))\" height=\"\(num(height))\""
    out += " class=\"nv-layout\(showHidden ? " nv-show-hidden" : "")\(content?.isNight == true ? " nv-night" : "")\""
    out += " font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\""
    out += " font-size=\"\(num(fontSize))\">\n"
    if origin == nil {
      out += "<style>\(css)\(content == nil ? "" : "\n" + screenCSS)</style>\n"
    }
    let caption = title ?? "\(layout.state) \(layout.wideMode ? "wide " : "")"
      + "\(num(layout.mapWidth))x\(num(layout.mapHeight)) \(layout.direction)"
    out += "<title>\(escapeXML(caption))</title>\n"
    out += mapAndSafeArea(layout)
    var mapped = false
    if let content, let viewport = mapViewport(layout), let map = routeMap(in: viewport.frame, content: content) {
      out += map
      mapped = true
    }
    var placer = LabelPlacer(layout, device: content != nil)
    out += nodesAndDevice(layout, device: content != nil, mapVehicle: mapped, placer: &placer) {
      node, role in
      content.flatMap { contentElement(node, role: role, content: $0, rtl: layout.direction == "rtl") }
    }
    out += findingOutlines(findings, layout: layout, placer: &placer)
    if !notes.isEmpty {
      out += "<g class=\"nv-notes\">\n"
      for (index, line) in notes.enumerated() {
        let y = layout.mapHeight + 6 + Double(index + 1) * noteLineHeight - 4
        out += "<text class=\"nv-note\" x=\"6\" y=\"\(num(y))\">\(escapeXML(line))</text>\n"
      }
      out += "</g>\n"
    }
    return out + "</svg>\n"
  }

  // MARK: - Pieces

  /// The map background, the shaded insets outside the safe area, the safe area's outline.
  static func mapAndSafeArea(_ layout: LayoutState) -> String {
    let w = layout.mapWidth, h = layout.mapHeight
    var out = "<rect class=\"nv-map\" x=\"0\" y=\"0\" width=\"\(num(w))\" height=\"\(num(h))\"/>\n"
    let safe = safeRect(layout)
    var bands: [SnapshotRect] = []
    if safe.y > 0 { bands.append(SnapshotRect(x: 0, y: 0, width: w, height: safe.y)) }
    if safe.maxY < h { bands.append(SnapshotRect(x: 0, y: safe.maxY, width: w, height: h - safe.maxY)) }
    if safe.x > 0 { bands.append(SnapshotRect(x: 0, y: safe.y, width: safe.x, height: safe.height)) }
    if safe.maxX < w {
      bands.append(SnapshotRect(x: safe.maxX, y: safe.y, width: w - safe.maxX, height: safe.height))
    }
    out += "<g class=\"nv-unsafe\">"
    for band in bands { out += rectElement(band, attributes: "") }
    out += "</g>\n"
    out += rectElement(safe, attributes: " class=\"nv-safe\"") + "\n"
    return out
  }

  /// The safe area in map coordinates; leading and trailing follow the layout direction.
  static func safeRect(_ layout: LayoutState) -> SnapshotRect {
    let insets = layout.safeArea
    let left = layout.direction == "rtl" ? insets.trailing : insets.leading
    let right = layout.direction == "rtl" ? insets.leading : insets.trailing
    return SnapshotRect(
      x: left, y: insets.top, width: max(0, layout.mapWidth - left - right),
      height: max(0, layout.mapHeight - insets.top - insets.bottom))
  }

  /// Views drawn above everything as the camera frame (the SDK's `viewport`).
  static func isCamera(_ node: SnapshotNode) -> Bool {
    node.kind == .sdkView && NodeStyle.role(of: node.id) == "viewport"
  }

  /// The viewport the map is drawn in: the first shown camera frame.
  static func mapViewport(_ layout: LayoutState) -> SnapshotNode? {
    layout.nodes.first { isCamera($0) && !$0.isHidden && $0.alpha >= 0.01 }
  }

  /// The views in z-order (camera frames above the others), then the device when `device`;
  /// with the device, app views with a recorded style are drawn as styled.
  /// `drawn` gives an SDK view's content (nil: its name label).
  /// With `mapVehicle` the map draws the vehicle (where the camera puts it), so the map's
  /// viewport does not draw it at its centre.
  /// Captions are placed (`captions(_:captioned:placer:)`) so that none covers another or runs
  /// across another view; `placer` keeps their boxes for what is drawn over the views.
  static func nodesAndDevice(
    _ layout: LayoutState, device: Bool, slots: Bool = false, mapVehicle: Bool = false,
    placer: inout LabelPlacer, drawn: (SnapshotNode, String) -> String?
  ) -> String {
    var contents: [String?] = []
    var captioned: [Int] = []
    for (index, node) in layout.nodes.enumerated() {
      let styled = device && node.kind == .appView && node.style != nil
      let content = node.kind == .sdkView && !isCamera(node)
        ? drawn(node, NodeStyle.role(of: node.id)) : nil
      contents.append(content)
      if !styled && content == nil { captioned.append(index) }
    }
    let placed = captions(layout, captioned: captioned, placer: &placer)
    var out = "<g class=\"nv-nodes\">\n"
    for (index, node) in layout.nodes.enumerated() where !isCamera(node) {
      if device, node.kind == .appView, let recorded = node.style {
        out += appViewElement(node, style: recorded, rtl: layout.direction == "rtl")
        continue
      }
      out += nodeElement(
        node, style: NodeStyle(node), drawn: contents[index], slot: slots && node.kind == .sdkView,
        caption: placed[index])
    }
    out += "</g>\n<g class=\"nv-cameras\">\n"
    let map = mapVehicle ? mapViewport(layout).map(\.id) : nil
    for (index, node) in layout.nodes.enumerated() where isCamera(node) {
      out += nodeElement(
        node, style: NodeStyle(node), drawn: nil, slot: false, caption: placed[index],
        vehicle: node.id != map)
    }
    out += "</g>\n"
    if device { out += deviceFrame(layout) }
    return out
  }

  /// One view or guide: a group with its identity, its shape at the frame, a label, a tooltip.
  static func nodeElement(_ node: SnapshotNode, content: ScreenContent? = nil, rtl: Bool = false) -> String {
    let style = NodeStyle(node)
    let drawn = node.kind == .sdkView
      ? content.flatMap { contentElement(node, role: style.role, content: $0, rtl: rtl) } : nil
    return nodeElement(node, style: style, drawn: drawn, slot: false, caption: label(for: node, style: style))
  }

  /// One view: `drawn` (its content) instead of its label when given; with `slot` (the HTML
  /// report) its label is marked `nv-name` and an empty `nv-c-slot` group follows it, which the
  /// report's script fills with the content of the event shown. `caption`: where its label
  /// goes and what it says (nil: none).
  static func nodeElement(
    _ node: SnapshotNode, style: NodeStyle, drawn: String?, slot: Bool,
    caption: (x: Double, y: Double, text: String)?, vehicle: Bool = true
  ) -> String {
    var classes = "nv-node nv-\(node.kind.rawValue) nv-role-\(style.role)"
    if node.isHidden { classes += " nv-hidden" }
    if node.alpha < 0.01 { classes += " nv-invisible" }
    var out = "<g class=\"\(classes)\" data-id=\"\(escapeXML(node.id))\""
    if node.alpha < 1 && node.alpha >= 0.01 { out += " opacity=\"\(num(node.alpha))\"" }
    out += ">"
    out += "<title>\(escapeXML(tooltip(node)))</title>"
    let paint = " class=\"nv-shape\" fill=\"\(style.fill)\" stroke=\"\(style.stroke)\""
      + (style.dashed ? " stroke-dasharray=\"5 3\"" : "")
    let corners = cornerMask(node.roundedCorners)
    if corners != 0 {
      out += "<path\(paint) d=\"\(roundedPath(node.frame, corners: corners))\"/>"
    } else {
      out += rectElement(node.frame, attributes: paint)
    }
    if isCamera(node) && vehicle { out += vehicleMarker(node.frame) }
    if let drawn {
      out += drawn
    } else if let label = caption {
      out += "<text class=\"nv-label\(slot ? " nv-name" : "")\" x=\"\(num(label.x))\" y=\"\(num(label.y))\""
      out += " fill=\"\(style.text)\">\(escapeXML(label.text))</text>"
    }
    if slot { out += "<g class=\"nv-c-slot\"></g>" }
    return out + "</g>\n"
  }

  /// `id (kind) x,y wxh`, plus `hidden` / `alpha` / the text shown when they apply.
  static func tooltip(_ node: SnapshotNode) -> String {
    var text = "\(node.id) (\(node.kind.rawValue)) \(num(node.frame.x)),\(num(node.frame.y)) "
      + "\(num(node.frame.width))x\(num(node.frame.height))"
    if node.isHidden { text += " hidden" }
    if node.alpha < 1 { text += " alpha=\(num(node.alpha))" }
    if let shown = node.text { text += " text \u{201C}\(shown)\u{201D}" }
    return text
  }

  /// Where a node's label goes and what it says (an app label's or button's text, as on the
  /// device; any other view's identity), truncated to the frame's width; nil when the frame
  /// is too small to hold one.
  static func label(for node: SnapshotNode, style: NodeStyle) -> (x: Double, y: Double, text: String)? {
    let frame = node.frame
    var text = node.text.flatMap { $0.isEmpty ? nil : $0 }
      ?? (isCamera(node) ? "\(node.id) (camera)" : node.id)
    let characterWidth = fontSize * 0.6
    let room = Int(((frame.width - 8) / characterWidth).rounded(.down))
    guard frame.height >= fontSize + 2, room >= 3 else { return nil }
    if text.count > room { text = String(text.prefix(room - 1)) + "…" }
    let y = frame.y + min(fontSize + 3, (frame.height + fontSize) / 2 - 1)
    return (frame.x + 4, y, text)
  }

  /// A navigation arrow at the centre of the camera frame, where the SDK draws the vehicle.
  static func vehicleMarker(_ frame: SnapshotRect) -> String {
    let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
    let points = [(cx, cy - 11), (cx + 8, cy + 9), (cx, cy + 4), (cx - 8, cy + 9)]
      .map { "\(num($0.0)),\(num($0.1))" }.joined(separator: " ")
    return "<polygon class=\"nv-vehicle\" points=\"\(points)\"/>"
  }

  /// Red outlines around the views each finding names, with the finding's number in a badge
  /// beside the first of them where it covers no caption, badge or other view; the messages
  /// are listed, numbered alike, under the map (`findingNotes`) and in the report's panel.
  static func findingOutlines(
    _ findings: [Finding], layout: LayoutState, placer: inout LabelPlacer
  ) -> String {
    guard !findings.isEmpty else { return "" }
    var out = "<g class=\"nv-findings\">\n"
    for (index, finding) in findings.enumerated() {
      let frames = finding.views.compactMap { layout.node($0)?.frame }
      out += "<g class=\"nv-finding nv-\(finding.severity.rawValue)\" data-rule=\""
        + "\(escapeXML(finding.ruleID))\"><title>\(escapeXML(finding.message))</title>"
      for frame in frames {
        let outline = SnapshotRect(
          x: frame.x - 2, y: frame.y - 2, width: frame.width + 4, height: frame.height + 4)
        out += rectElement(outline, attributes: " class=\"nv-finding-outline\"")
      }
      let anchor = badgeCentre(frames.first, placer: &placer)
      out += "<circle class=\"nv-badge\" cx=\"\(num(anchor.x))\" cy=\"\(num(anchor.y))\" r=\"8\"/>"
      out += "<text class=\"nv-badge-text\" x=\"\(num(anchor.x))\" y=\"\(num(anchor.y + 4))\""
      out += " text-anchor=\"middle\">\(index + 1)</text>"
      out += "</g>\n"
    }
    return out + "</g>\n"
  }

  /// The finding notes under the map, wrapped to the map's width.
  static func findingNotes(_ findings: [Finding], width: Double) -> [String] {
    let perLine = max(20, Int((width - 12) / (fontSize * 0.6)))
    var lines: [String] = []
    for (index, finding) in findings.enumerated() {
      let text = "\(index + 1) [\(finding.severity.rawValue)] \(finding.ruleID): "
        + finding.message.replacingOccurrences(of: "\n", with: " ")
      for (part, line) in wrap(text, width: perLine - 2).enumerated() {
        lines.append(part == 0 ? line : "  " + line)
      }
    }
    return lines
  }

  /// Greedy word wrap; words longer than a line are cut.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      while word.count > width {
        if !line.isEmpty { lines.append(line); line = "" }
        lines.append(String(word.prefix(width)))
        word = String(word.dropFirst(width))
      }
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  // MARK: - Geometry

  static func rectElement(_ frame: SnapshotRect, attributes: String) -> String {
    "<rect\(attributes) x=\"\(num(frame.x))\" y=\"\(num(frame.y))\" width=\"\(num(max(0, frame.width)))\""
      + " height=\"\(num(max(0, frame.height)))\"/>"
  }

  /// `CACornerMask` names as bits: minXminY 1, maxXminY 2, minXmaxY 4, maxXmaxY 8.
  static func cornerMask(_ names: [String]) -> Int {
    names.reduce(0) { mask, name in
      switch name {
      case "minXminY", "layerMinXMinYCorner": mask | 1
      case "maxXminY", "layerMaxXMinYCorner": mask | 2
      case "minXmaxY", "layerMinXMaxYCorner": mask | 4
      case "maxXmaxY", "layerMaxXMaxYCorner": mask | 8
      default: mask
      }
    }
  }

  /// A rectangle path with the corners in `corners` (bit mask) rounded, clockwise from the
  /// top-left corner. Its bounding box is exactly `frame`.
  static func roundedPath(_ frame: SnapshotRect, corners: Int, radius wanted: Double = cornerRadius) -> String {
    let r = max(0, min(wanted, frame.width / 2, frame.height / 2))
    func radius(_ bit: Int) -> Double { corners & bit != 0 ? r : 0 }
    let (x0, y0, x1, y1) = (frame.x, frame.y, frame.maxX, frame.maxY)
    let (tl, tr, bl, br) = (radius(1), radius(2), radius(4), radius(8))
    var d = "M\(num(x0)),\(num(y0 + tl))"
    if tl > 0 { d += "A\(num(tl)),\(num(tl)) 0 0 1 \(num(x0 + tl)),\(num(y0))" }
    d += "H\(num(x1 - tr))"
    if tr > 0 { d += "A\(num(tr)),\(num(tr)) 0 0 1 \(num(x1)),\(num(y0 + tr))" }
    d += "V\(num(y1 - br))"
    if br > 0 { d += "A\(num(br)),\(num(br)) 0 0 1 \(num(x1 - br)),\(num(y1))" }
    d += "H\(num(x0 + bl))"
    if bl > 0 { d += "A\(num(bl)),\(num(bl)) 0 0 1 \(num(x0)),\(num(y1 - bl))" }
    return d + "Z"
  }
}

// MARK: - Numbers and escaping

/// Escapes text for XML and HTML content and attribute values: `& < > " '` and tab, newline,
/// carriage return as references; replaces control characters XML 1.0 forbids with U+FFFD.
func escapeXML(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    case "\t": out += "&#9;"  // as references, so attribute values keep them
    case "\n": out += "&#10;"
    case "\r": out += "&#13;"
    default:
      if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
        out += "\u{FFFD}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out
}
