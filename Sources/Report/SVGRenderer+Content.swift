import Replay

// SDK views drawn with what they show (`ScreenContent`): the turn card's manoeuvre glyph,
// distance and road name, the ETA card's time and distance, the speed widget's speed and limit
// sign (red when speeding), the prompt's icon and text, the buttons' icons, the logo as a
// plain wordmark placeholder (not Google's artwork), the progress bar's fill.

extension SVGRenderer {
  /// The inside of an SDK view drawn as the driver sees it; nil when the view has no content
  /// to show (then it keeps its name label).
  static func contentElement(_ node: SnapshotNode, role: String, content: ScreenContent, rtl: Bool)
    -> String?
  {
    contentParts(node, role: role, content: content, rtl: rtl)?.joined()
  }

  /// `contentElement` as its top-level SVG elements, in drawing order. The HTML report stores
  /// each distinct element once (a distance label changes every second, the glyph beside it
  /// rarely) and draws the same elements as `navsim render`.
  static func contentParts(_ node: SnapshotNode, role: String, content: ScreenContent, rtl: Bool)
    -> [String]?
  {
    let f = node.frame
    // A bar is thin; everything else needs room to show anything.
    guard role == "tripProgressBar" || (f.width >= 16 && f.height >= 12) else { return nil }
    switch role {
    case "turnCard": return turnCard(f, content, rtl: rtl)
    case "etaCard": return etaCard(f, content, rtl: rtl)
    case "speedWidget": return speedWidget(f, content)
    case "tripProgressBar":
      guard let share = content.progress else { return nil }
      // The SDK's bar stands upright beside the map and fills from the bottom.
      let done = f.height > f.width
        ? SnapshotRect(x: f.x, y: f.maxY - f.height * share, width: f.width, height: f.height * share)
        : SnapshotRect(x: f.x, y: f.y, width: f.width * share, height: f.height)
      return [rectElement(done, attributes: " class=\"nv-c-progress\"")]
    case "prompt":
      guard let message = content.promptText else { return nil }
      return prompt(f, kind: content.promptKind ?? "", text: message, rtl: rtl)
    case "googleLogo":
      return ["<text class=\"nv-c nv-c-logo\" x=\"\(num(f.x + f.width / 2))\" y=\"\(num(f.y + f.height * 0.72))\""
        + " text-anchor=\"middle\" font-size=\"\(num(min(f.height * 0.75, f.width / 4)))\">Logo</text>"]
    default:
      return buttonIcon(node.id, f).map { [$0] }
    }
  }

  /// Time and distance remaining; under them, when the card has room for a second line, the
  /// arrival on the trip's clock.
  static func etaCard(_ f: SnapshotRect, _ content: ScreenContent, rtl: Bool) -> [String]? {
    guard let time = content.timeRemaining else { return nil }
    var line = ScreenContent.durationText(time)
    if let metres = content.distanceRemaining { line += " · " + ScreenContent.distanceText(metres) }
    let size = min(18, f.height * 0.45)
    guard let arrival = content.arrival, f.height >= 40 else {
      return [text(line, in: f, size: size, bold: true, rtl: rtl, kind: "eta")]
    }
    let small = min(13, f.height * 0.28)
    let top = f.y + (f.height - size * 1.25 - small * 1.25) / 2
    return [
      textLine(line, frame: f, baseline: top + size, size: size, bold: true, rtl: rtl, kind: "eta"),
      textLine(
        ScreenContent.arrivalText(arrival, start: content.startSecondsOfDay), frame: f, baseline: top + size * 1.25 + small, size: small,
        bold: false, rtl: rtl, kind: "arrival"),
    ]
  }

  /// Glyph at the leading edge, distance above the road name beside it.
  static func turnCard(_ f: SnapshotRect, _ content: ScreenContent, rtl: Bool) -> [String]? {
    guard content.maneuver != nil || content.roadName != nil else { return nil }
    let side = min(f.height - 16, 56.0, f.width / 3)
    var out: [String] = []
    var textFrame = f
    if side >= 16 {
      let gx = rtl ? f.maxX - 8 - side : f.x + 8
      out.append(maneuverGlyph(content.maneuver ?? "straight", x: gx, y: f.y + (f.height - side) / 2, size: side))
      textFrame = SnapshotRect(
        x: rtl ? f.x : f.x + side + 12, y: f.y, width: f.width - side - 12, height: f.height)
    }
    let big = min(24, f.height * 0.3)
    let lines = [
      content.distanceToManeuver.map { (ScreenContent.distanceText($0), big, true) },
      content.roadName.map { ($0, min(16, f.height * 0.22), false) },
    ].compactMap { $0 }
    let total = lines.reduce(0) { $0 + $1.1 * 1.25 }
    var y = f.y + (f.height - total) / 2
    for (line, size, bold) in lines {
      y += size * 1.25
      out.append(textLine(line, frame: textFrame, baseline: y - size * 0.25, size: size, bold: bold, rtl: rtl, kind: "turn"))
    }
    return out
  }

  /// An arrow in a `size` square: straight up, turned by the manoeuvre's angle; a ring for
  /// roundabouts, a pin for the destination.
  static func maneuverGlyph(_ maneuver: String, x: Double, y: Double, size: Double) -> String {
    let cx = x + size / 2, cy = y + size / 2, s = size / 48
    if maneuver.hasPrefix("destination") || maneuver == "arrive" {
      return "<g class=\"nv-c-glyph\" data-maneuver=\"\(escapeXML(maneuver))\">"
        + "<circle cx=\"\(num(cx))\" cy=\"\(num(cy - 6 * s))\" r=\"\(num(12 * s))\"/>"
        + "<path d=\"M\(num(cx - 10 * s)),\(num(cy))L\(num(cx)),\(num(cy + 20 * s))L\(num(cx + 10 * s)),\(num(cy))Z\"/>"
        + "</g>"
    }
    let angle: Double
    switch maneuver {
    case let m where m.contains("u-turn") || m.contains("uturn"): angle = m.contains("right") ? 180 : -180
    case let m where m.contains("sharp") && m.contains("left"): angle = -135
    case let m where m.contains("sharp") && m.contains("right"): angle = 135
    case let m where m.contains("slight") && m.contains("left"), let m where m.contains("ramp") && m.contains("left"),
      let m where m.contains("merge") && m.contains("left"), let m where m.contains("fork") && m.contains("left"):
      angle = -45
    case let m where m.contains("slight") && m.contains("right"), let m where m.contains("ramp") && m.contains("right"),
      let m where m.contains("merge") && m.contains("right"), let m where m.contains("fork") && m.contains("right"):
      angle = 45
    case let m where m.contains("left"): angle = -90
    case let m where m.contains("right"): angle = 90
    default: angle = 0
    }
    var out = "<g class=\"nv-c-glyph\" data-maneuver=\"\(escapeXML(maneuver))\">"
    if maneuver.contains("roundabout") {
      out += "<circle class=\"nv-c-ring\" cx=\"\(num(cx))\" cy=\"\(num(cy))\" r=\"\(num(11 * s))\"/>"
    }
    // The stem comes up from the bottom to the centre; the head points along the turn.
    out += "<path class=\"nv-c-stem\" d=\"M\(num(cx)),\(num(y + size))V\(num(cy))\" stroke-width=\"\(num(6 * s))\"/>"
    out += "<g transform=\"rotate(\(num(angle)) \(num(cx)) \(num(cy)))\">"
    out += "<path class=\"nv-c-stem\" d=\"M\(num(cx)),\(num(cy))V\(num(cy - 14 * s))\" stroke-width=\"\(num(6 * s))\"/>"
    out += "<path d=\"M\(num(cx - 11 * s)),\(num(cy - 12 * s))L\(num(cx)),\(num(cy - 24 * s))"
      + "L\(num(cx + 11 * s)),\(num(cy - 12 * s))Z\"/></g></g>"
    return out
  }

  /// Speed over `km/h`, and under it the limit sign (a red ring) when the recording has one.
  static func speedWidget(_ f: SnapshotRect, _ content: ScreenContent) -> [String]? {
    guard let speed = content.speed else { return nil }
    var out = content.isSpeeding ? [rectElement(f, attributes: " class=\"nv-c-speeding\"")] : []
    let hasSign = content.speedLimit != nil && f.height >= f.width * 1.5
    let top = hasSign ? SnapshotRect(x: f.x, y: f.y, width: f.width, height: f.height / 2) : f
    let size = min(top.height * 0.45, top.width * 0.5)
    out.append("<text class=\"nv-c nv-c-speed\" x=\"\(num(f.x + f.width / 2))\" y=\"\(num(top.y + top.height / 2 + size * 0.3))\""
      + " text-anchor=\"middle\" font-size=\"\(num(size))\" font-weight=\"bold\">\(ScreenContent.kmh(speed))</text>")
    if top.height >= size * 2 {
      out.append("<text class=\"nv-c nv-c-unit\" x=\"\(num(f.x + f.width / 2))\" y=\"\(num(top.y + top.height / 2 + size * 1.1))\""
        + " text-anchor=\"middle\" font-size=\"\(num(size * 0.4))\">km/h</text>")
    }
    if hasSign, let limit = content.speedLimit {
      let r = min(f.width, f.height / 2) * 0.4
      let cx = f.x + f.width / 2, cy = f.y + f.height * 0.75
      out.append("<circle class=\"nv-c-limit\" cx=\"\(num(cx))\" cy=\"\(num(cy))\" r=\"\(num(r))\" stroke-width=\"\(num(r * 0.22))\"/>")
      out.append("<text class=\"nv-c nv-c-limit-text\" x=\"\(num(cx))\" y=\"\(num(cy + r * 0.3))\" text-anchor=\"middle\""
        + " font-size=\"\(num(r * 0.8))\" font-weight=\"bold\">\(ScreenContent.kmh(limit))</text>")
    }
    return out
  }

  /// The prompt's kind icon (a circle with its initial) and its text, wrapped to the frame.
  static func prompt(_ f: SnapshotRect, kind: String, text message: String, rtl: Bool) -> [String] {
    let size = 15.0
    let r = 12.0
    let cx = rtl ? f.maxX - 12 - r : f.x + 12 + r, cy = f.y + 14 + r
    var out = ["<circle class=\"nv-c-prompt-icon\" cx=\"\(num(cx))\" cy=\"\(num(cy))\" r=\"\(num(r))\"/>"]
    out.append("<text class=\"nv-c nv-c-prompt-initial\" x=\"\(num(cx))\" y=\"\(num(cy + 5))\" text-anchor=\"middle\""
      + " font-size=\"14\" font-weight=\"bold\">\(escapeXML(kind.prefix(1).uppercased()))</text>")
    let textFrame = SnapshotRect(
      x: rtl ? f.x : f.x + 2 * r + 20, y: f.y, width: f.width - 2 * r - 28, height: f.height)
    let perLine = max(4, Int((textFrame.width - 8) / (size * 0.6)))
    let lines = wrap(message, width: perLine)
    let fitting = max(1, Int((f.height - 14) / (size * 1.3)))
    for (index, line) in lines.prefix(fitting).enumerated() {
      let shown = index == fitting - 1 && lines.count > fitting ? String(line.prefix(max(1, perLine - 1))) + "…" : line
      out.append(textLine(
        shown, frame: textFrame, baseline: f.y + 14 + size + Double(index) * size * 1.3, size: size,
        bold: false, rtl: rtl, kind: "prompt"))
    }
    return out
  }

  /// The compass's needle, the re-centre button's arrow, the report button's plus.
  static func buttonIcon(_ id: String, _ f: SnapshotRect) -> String? {
    let cx = f.x + f.width / 2, cy = f.y + f.height / 2, r = min(f.width, f.height) * 0.32
    let name = id.hasPrefix("button.") ? id.dropFirst("button.".count) : Substring(id)
    switch name.prefix(while: { $0 != "." && $0 != "#" }) {
    case "compass":
      return "<path class=\"nv-c-needle-north\" d=\"M\(num(cx - r * 0.35)),\(num(cy))L\(num(cx)),\(num(cy - r))L\(num(cx + r * 0.35)),\(num(cy))Z\"/>"
        + "<path class=\"nv-c-needle-south\" d=\"M\(num(cx - r * 0.35)),\(num(cy))L\(num(cx)),\(num(cy + r))L\(num(cx + r * 0.35)),\(num(cy))Z\"/>"
    case "recenter", "reCenter", "myLocation":
      return "<path class=\"nv-c-icon\" d=\"M\(num(cx)),\(num(cy - r))L\(num(cx + r * 0.8)),\(num(cy + r))"
        + "L\(num(cx)),\(num(cy + r * 0.5))L\(num(cx - r * 0.8)),\(num(cy + r))Z\"/>"
    case "reporting":
      let w = r * 0.3
      return "<path class=\"nv-c-icon\" d=\"M\(num(cx - w)),\(num(cy - r))H\(num(cx + w))V\(num(cy - w))H\(num(cx + r))"
        + "V\(num(cy + w))H\(num(cx + w))V\(num(cy + r))H\(num(cx - w))V\(num(cy + w))H\(num(cx - r))"
        + "V\(num(cy - w))H\(num(cx - w))Z\"/>"
    default:
      return nil
    }
  }

  // MARK: - Text

  /// One line vertically centred in the frame.
  static func text(_ line: String, in f: SnapshotRect, size: Double, bold: Bool, rtl: Bool, kind: String) -> String {
    textLine(line, frame: f, baseline: f.y + f.height / 2 + size * 0.35, size: size, bold: bold, rtl: rtl, kind: kind)
  }

  /// One line at the frame's leading edge (trailing-aligned for RTL), cut with an ellipsis to
  /// the frame's width (at DejaVu Sans' average advance of 0.6 em).
  static func textLine(
    _ line: String, frame f: SnapshotRect, baseline: Double, size: Double, bold: Bool, rtl: Bool, kind: String
  ) -> String {
    let room = Int((f.width - 16) / (size * (bold ? 0.66 : 0.6)))
    guard room >= 2 else { return "" }
    let shown = line.count > room ? String(line.prefix(room - 1)) + "…" : line
    let x = rtl ? f.maxX - 8 : f.x + 8
    return "<text class=\"nv-c nv-c-\(kind)\" x=\"\(num(x))\" y=\"\(num(baseline))\" font-size=\"\(num(size))\""
      + (bold ? " font-weight=\"bold\"" : "") + (rtl ? " text-anchor=\"end\" direction=\"rtl\"" : "")
      + ">\(escapeXML(shown))</text>"
  }

  /// Colours of drawn content (appended to `css`).
  static let contentCSS = """
    .nv-c{fill:#fff;pointer-events:none}
    .nv-role-prompt .nv-c{fill:#202124}
    .nv-c-glyph{fill:#fff}
    .nv-c-stem{stroke:#fff;fill:none}
    .nv-c-ring{fill:none;stroke:#fff;stroke-width:3}
    .nv-c-progress{fill:#d7aefb}
    .nv-c-speeding{fill:#d93025}
    .nv-c-limit{fill:#fff;stroke:#d93025}
    .nv-c-limit-text{fill:#202124}
    .nv-c-prompt-icon{fill:#202124}
    .nv-role-prompt .nv-c-prompt-initial{fill:#f9ab00}
    .nv-c-logo{fill:#fff;font-style:italic;font-weight:bold}
    .nv-c-icon{fill:#fff}
    .nv-c-needle-north{fill:#d93025}
    .nv-c-needle-south{fill:#fff}
    """
}

extension SVGRenderer {
  /// The device around the map: the screen's rounded corners masked in black, and on a phone
  /// with a notch (top inset of 44 pt or more) the camera island in the status bar and the
  /// home indicator in the bottom inset, so a view running under them is visibly wrong.
  static func deviceFrame(_ layout: LayoutState) -> String {
    let w = layout.mapWidth, h = layout.mapHeight
    let insets = layout.safeArea
    let notched = max(insets.top, insets.leading, insets.trailing) >= 44
    let r = notched ? min(48, w / 4, h / 4) : 0
    var out = "<g class=\"nv-device\">"
    if r > 0 {
      out += "<path fill-rule=\"evenodd\" d=\"M0,0H\(num(w))V\(num(h))H0Z"
        + roundedPath(SnapshotRect(x: 0, y: 0, width: w, height: h), corners: 15, radius: r) + "\"/>"
    }
    if insets.top >= 44 {
      out += "<rect class=\"nv-island\" x=\"\(num(w / 2 - 62))\" y=\"11\" width=\"124\" height=\"36\" rx=\"18\"/>"
    } else if notched {
      // Landscape: the island is at the side the top inset went to.
      let x = insets.leading >= 44 ? 11.0 : w - 47
      out += "<rect class=\"nv-island\" x=\"\(num(x))\" y=\"\(num(h / 2 - 62))\" width=\"36\" height=\"124\" rx=\"18\"/>"
    }
    if insets.bottom >= 20 {
      out += "<rect class=\"nv-home\" x=\"\(num(w / 2 - 67))\" y=\"\(num(h - 13))\" width=\"134\" height=\"5\" rx=\"2.5\"/>"
    }
    return out + "</g>\n"
  }

  /// Night colours (`lightingChanged` to night): a dark ground and darker cards, as the
  /// SDK's low-light styling; the picture's root carries `nv-night`.
  static let nightCSS = """
    .nv-night .nv-map{fill:#263238}
    .nv-night .nv-role-turnCard .nv-shape{fill:#0d652d}
    .nv-night .nv-role-etaCard .nv-shape,.nv-night .nv-role-speedWidget .nv-shape{fill:#303134}
    .nv-night .nv-role-button .nv-shape,.nv-night .nv-role-googleLogo .nv-shape{fill:#3c4043}
    .nv-night .nv-c-route{stroke:#8ab4f8}
    .nv-night .nv-c-route-casing{stroke:#37474f}
    .nv-night .nv-c-route-driven{stroke:#5f6368}
    """

  /// Everything a picture with content needs beside `css`: content, device, map, night.
  static var screenCSS: String {
    contentCSS + "\n" + deviceCSS + "\n" + mapCSS + "\n" + nightCSS + "\n" + appStyleCSS
  }

  static let deviceCSS = """
    .nv-device{fill:#202124}
    .nv-home{fill:#202124;fill-opacity:.75}
    """
}
