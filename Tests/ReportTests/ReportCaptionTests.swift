import Findings
@testable import Replay
@testable import Report
import Testing

/// Captions and finding badges are placed so that none covers another or runs across another
/// view (`SVGRenderer.captions`, `LabelPlacer`); what finds no place stays in the tooltip.
@Suite struct ReportCaptionTests {
  /// The drawn captions (`nv-label`) with the view they belong to and their estimated boxes.
  func captions(_ svg: String) -> [(view: String, text: String, box: SnapshotRect)] {
    let parsed = ParsedSVG(svg)
    return parsed.elements.indices.compactMap { index in
      let element = parsed.elements[index]
      guard element.name == "text", element.attributes["class"]?.hasPrefix("nv-label") == true,
        let x = Double(element.attributes["x"] ?? ""), let y = Double(element.attributes["y"] ?? ""),
        let view = parsed.elements[element.parent].attributes["data-id"]
      else { return nil }
      return (view, element.text, LabelPlacer.textBox(element.text, x: x, y: y, size: SVGRenderer.fontSize))
    }
  }

  func node(_ id: String, _ kind: SnapshotNode.Kind, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
    parent: String = "map") -> SnapshotNode
  {
    SnapshotNode(id: id, kind: kind, parent: parent, frame: SnapshotRect(x: x, y: y, width: w, height: h))
  }

  func layout(_ nodes: [SnapshotNode]) -> LayoutState {
    LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
      safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0), direction: "ltr",
      nodes: nodes, animations: [])
  }

  @Test(arguments: [false, true])
  func captionsCoverNoOtherCaptionAndNoOtherView(wide: Bool) {
    let shown = wide
      ? ReportFixture.wide(shift: 12)
      : ReportFixture.portrait(guidance: true, prompt: true, speed: true, shift: 12)
    let drawn = captions(SVGRenderer.svg(layout: shown, findings: []))
    #expect(drawn.count >= 4)
    for (k, a) in drawn.enumerated() {
      for b in drawn[(k + 1)...] { #expect(!a.box.intersects(b.box), "\(a.text) and \(b.text)") }
      for other in shown.nodes where other.id != a.view && other.kind != .guide
        && !SVGRenderer.isCamera(other) && !other.isHidden
      {
        #expect(!other.frame.intersects(a.box), "\(a.text) runs into \(other.id)")
      }
    }
  }

  @Test func theViewportCaptionMovesAwayFromAViewAtItsCorner() throws {
    let bar = node("tripProgressBar", .sdkView, 2, 183, 12, 375)
    let drawn = captions(SVGRenderer.svg(
      layout: layout([node("viewport", .sdkView, 0, 171, 393, 443), bar]), findings: []))
    let caption = try #require(drawn.first { $0.view == "viewport" })
    #expect(caption.text == "viewport (camera)")
    #expect(!caption.box.intersects(bar.frame))
    #expect(caption.box.y < 171 + 20)  // still along the top edge
  }

  @Test func aContainerItsChildrenFillHasNoCaptionButKeepsItsName() {
    let svg = SVGRenderer.svg(
      layout: layout([
        node("buttons", .appView, 329, 183, 48, 104),
        node("button.compass", .sdkView, 329, 183, 48, 48, parent: "buttons"),
        node("button.reporting", .sdkView, 329, 239, 48, 48, parent: "buttons"),
      ]), findings: [])
    #expect(!captions(svg).contains { $0.view == "buttons" })
    #expect(captions(svg).contains { $0.view == "button.compass" })
    #expect(svg.contains("<title>buttons (view) 329,183 48x104</title>"))
  }

  @Test func findingBadgesOnOneViewDoNotPileUp() {
    let card = node("etaCard", .sdkView, 0, 746, 393, 72)
    let findings = (1...3).map {
      Finding(ruleID: "rule\($0)", severity: .error, views: ["etaCard"], message: "m\($0)")
    }
    let parsed = ParsedSVG(SVGRenderer.svg(layout: layout([card]), findings: findings))
    let badges = parsed.elements.filter { $0.attributes["class"] == "nv-badge" }.map {
      SnapshotRect(x: Double($0.attributes["cx"]!)! - 8, y: Double($0.attributes["cy"]!)! - 8, width: 16, height: 16)
    }
    #expect(badges.count == 3)
    for (k, a) in badges.enumerated() {
      #expect(!a.intersects(card.frame))
      for b in badges[(k + 1)...] { #expect(!a.intersects(b)) }
    }
  }
}

/// Views are told apart by their ids' bytes: ids that differ only in Unicode normalization
/// ("Café" precomposed, U+00E9, or as "e" and a combining acute) are two views, each with its
/// own ancestors, caption and outline.
extension ReportCaptionTests {
  static let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"

  @Test func viewsWhoseIdsDifferOnlyInNormalizationGetTheirOwnCaptions() {
    // The decomposed one inside a panel, the precomposed one on the map after it: keyed by
    // `String`, both took the last one's ancestors, and the panel blocked every place inside
    // the decomposed one.
    let shown = layout([
      node("panel", .appView, 20, 300, 353, 200),
      node(Self.decomposed, .appView, 40, 340, 200, 60, parent: "panel"),
      node(Self.precomposed, .appView, 20, 120, 353, 80),
    ])
    let drawn = captions(SVGRenderer.svg(layout: shown, findings: []))
    for id in [Self.precomposed, Self.decomposed] {
      #expect(
        drawn.filter { Array($0.view.utf8) == Array(id.utf8) }.count == 1,
        "\(id.unicodeScalars.map { String($0.value, radix: 16) }): \(drawn.map(\.view))")
    }
    // Each caption over its own view and ancestors only.
    let own: [[UInt8]: [[UInt8]]] = [
      Array("panel".utf8): [Array("panel".utf8)],
      Array(Self.decomposed.utf8): [Array(Self.decomposed.utf8), Array("panel".utf8)],
      Array(Self.precomposed.utf8): [Array(Self.precomposed.utf8)],
    ]
    for caption in drawn {
      let mine = own[Array(caption.view.utf8)] ?? []
      for other in shown.nodes where !mine.contains(Array(other.id.utf8)) {
        #expect(!other.frame.intersects(caption.box), "\(caption.text) runs into \(other.id)")
      }
    }
  }

  @Test func aFindingIsOutlinedAtTheViewOfItsIdsBytes() throws {
    let first = node(Self.precomposed, .appView, 20, 120, 353, 80)
    let second = node(Self.decomposed, .appView, 40, 340, 200, 60)
    let finding = Finding(
      ruleID: "rule", severity: .error, views: [Self.decomposed], message: "m")
    let parsed = ParsedSVG(SVGRenderer.svg(layout: layout([first, second]), findings: [finding]))
    let outline = try #require(
      parsed.elements.first { $0.attributes["class"] == "nv-finding-outline" })
    #expect(outline.attributes["x"] == "38", "\(outline.attributes)")
    #expect(outline.attributes["y"] == "338", "\(outline.attributes)")
  }
}
