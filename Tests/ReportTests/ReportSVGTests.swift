import Findings
import Foundation
@testable import Replay
@testable import Report
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG document parsed back: the elements in document order with attributes and text.
final class ParsedSVG: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
    /// Index of the enclosing element, -1 for the root.
    var parent: Int
  }

  private(set) var elements: [Element] = []
  private var stack: [Int] = []
  private(set) var error: Error?

  init(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append(Element(name: name, attributes: attributes, parent: stack.last ?? -1))
    stack.append(elements.count - 1)
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let top = stack.last { elements[top].text += string }
  }

  /// The node groups (`data-id`) with their shape element.
  var nodes: [(id: String, group: Element, shape: Element)] {
    elements.indices.compactMap { index in
      let group = elements[index]
      guard group.name == "g", let id = group.attributes["data-id"],
        let shape = elements.first(where: {
          $0.parent == index && ($0.name == "rect" || $0.name == "path")
        })
      else { return nil }
      return (id, group, shape)
    }
  }

  func children(of index: Int) -> [Element] { elements.filter { $0.parent == index } }
}

private func number(_ element: ParsedSVG.Element, _ name: String) -> Double {
  Double(element.attributes[name] ?? "") ?? .nan
}

@Suite struct ReportSVGTests {
  let layout = ReportFixture.portrait(guidance: true, prompt: true, speed: false, shift: 0)

  @Test func everyViewIsDrawnAtItsSnapshotFrame() throws {
    let svg = ParsedSVG(SVGRenderer.svg(layout: layout, findings: []))
    #expect(svg.error == nil)
    let drawn = svg.nodes
    #expect(drawn.map(\.id).sorted() == layout.nodes.map(\.id).sorted())
    for (id, _, shape) in drawn where shape.name == "rect" {
      let frame = try #require(layout.node(id)?.frame)
      #expect(number(shape, "x") == frame.x, "x of \(id)")
      #expect(number(shape, "y") == frame.y, "y of \(id)")
      #expect(number(shape, "width") == frame.width, "width of \(id)")
      #expect(number(shape, "height") == frame.height, "height of \(id)")
    }
    let root = try #require(svg.elements.first)
    #expect(root.attributes["viewBox"] == "0 0 393 852")
  }

  @Test func promptCornersAreRoundedOnlyWhereTheSnapshotSays() throws {
    let svg = ParsedSVG(SVGRenderer.svg(layout: layout, findings: []))
    let prompt = try #require(svg.nodes.first { $0.id == "prompt.incident#1" })
    #expect(prompt.shape.name == "path")
    // Frame 0,644 393x174, top corners rounded by 12: arcs at the top, square bottom corners.
    #expect(prompt.shape.attributes["d"] == "M0,656A12,12 0 0 1 12,644H381A12,12 0 0 1 393,656V818H0Z")
    let square = SVGRenderer.roundedPath(SnapshotRect(x: 1, y: 2, width: 3, height: 4), corners: 0)
    #expect(square == "M1,2H4V6H1Z")
  }

  @Test func viewsAreInZOrderWithTheViewportOnTopAsTheCamera() throws {
    let svg = ParsedSVG(SVGRenderer.svg(layout: layout, findings: []))
    let order = svg.nodes.map(\.id)
    #expect(order.last == "viewport")
    #expect(order.dropLast() == layout.nodes.map(\.id).filter { $0 != "viewport" }[...])
    let viewport = try #require(svg.nodes.last)
    #expect(viewport.group.attributes["class"]?.contains("nv-role-viewport") == true)
    #expect(svg.elements.contains { $0.name == "polygon" && $0.attributes["class"] == "nv-vehicle" })
  }

  @Test func userStringsShowAsTextNotMarkup() throws {
    let finding = Finding(
      ruleID: "rule<script>", severity: .error, views: [ReportFixture.hostileID],
      message: "covers <script>alert(\"x\")</script> & more")
    let text = SVGRenderer.svg(layout: layout, findings: [finding])
    #expect(!text.contains("<script"))
    #expect(text.contains("&lt;script&gt;"))
    let svg = ParsedSVG(text)
    #expect(svg.error == nil)
    let sheet = try #require(svg.nodes.first { $0.id == ReportFixture.hostileID })
    #expect(sheet.group.attributes["data-id"] == ReportFixture.hostileID)
    #expect(svg.elements.contains { $0.name == "title" && $0.text == finding.message })
    let notes = svg.elements.filter { $0.attributes["class"] == "nv-note" }.map(\.text)
    #expect(notes.first?.hasPrefix("1 [error] rule<script>: covers") == true)
    #expect(notes.joined().contains(#"<script>alert("x")</script> & more"#))
  }

  @Test func controlCharactersCannotBreakTheDocument() {
    var strange = layout
    strange.nodes[0].id = "bell\u{07}tab\tend"
    let svg = ParsedSVG(SVGRenderer.svg(layout: strange, findings: []))
    #expect(svg.error == nil)
    #expect(svg.nodes.contains { $0.id == "bell\u{FFFD}tab\tend" })
  }

  @Test func hiddenViewsAreInThePictureButOnlyShownOnDemand() throws {
    let plain = ParsedSVG(SVGRenderer.svg(layout: layout, findings: []))
    let button = try #require(plain.nodes.first { $0.id == "button.reporting" })
    #expect(button.group.attributes["class"]?.contains("nv-hidden") == true)
    #expect(plain.elements[0].attributes["class"] == "nv-layout")
    let shown = ParsedSVG(SVGRenderer.svg(layout: layout, findings: [], showHidden: true))
    #expect(shown.elements[0].attributes["class"] == "nv-layout nv-show-hidden")
    let sheet = try #require(plain.nodes.first { $0.id == ReportFixture.hostileID })
    #expect(sheet.group.attributes["opacity"] == "0.9")
  }

  @Test func findingsOutlineTheirViewsAndAreListedUnderTheMap() throws {
    let finding = Finding(
      ruleID: "prompt-covers-viewport", severity: .error, views: ["prompt.incident#1", "viewport"],
      message: "The prompt covers the viewport.")
    let svg = ParsedSVG(SVGRenderer.svg(layout: layout, findings: [finding]))
    let outlines = svg.elements.filter { $0.attributes["class"] == "nv-finding-outline" }
    #expect(outlines.count == 2)
    let prompt = try #require(layout.node("prompt.incident#1")?.frame)
    #expect(number(outlines[0], "x") == prompt.x - 2 && number(outlines[0], "y") == prompt.y - 2)
    #expect(number(outlines[0], "width") == prompt.width + 4)
    // The badge, numbered as the notes, sits beside the prompt on free map; the message is
    // not written over the picture.
    #expect(!svg.elements.contains { $0.attributes["class"] == "nv-finding-label" })
    let badge = try #require(svg.elements.first { $0.attributes["class"] == "nv-badge" })
    #expect(svg.elements.first { $0.attributes["class"] == "nv-badge-text" }?.text == "1")
    let centre = (x: number(badge, "cx"), y: number(badge, "cy"))
    #expect(centre.y + 8 <= prompt.y && abs(centre.x - (prompt.x + 9)) < 1)
    let notes = svg.elements.filter { $0.attributes["class"] == "nv-note" }.map(\.text)
    #expect(notes == ["1 [error] prompt-covers-viewport: The prompt covers the", "  viewport."])
    // The picture grows below the map to hold the notes; the map keeps its size.
    #expect(svg.elements[0].attributes["viewBox"] == "0 0 393 892")
    let map = try #require(svg.elements.first { $0.attributes["class"] == "nv-map" })
    #expect(number(map, "height") == 852)
  }

  @Test func safeAreaLeadingFollowsTheLayoutDirection() {
    var rtl = ReportFixture.wide(shift: 0)
    rtl.safeArea = SnapshotInsets(top: 0, leading: 59, bottom: 21, trailing: 10)
    #expect(SVGRenderer.safeRect(rtl) == SnapshotRect(x: 59, y: 0, width: 783, height: 372))
    rtl.direction = "rtl"
    #expect(SVGRenderer.safeRect(rtl) == SnapshotRect(x: 10, y: 0, width: 783, height: 372))
  }

  @Test func longFindingMessagesWrapToTheMapWidth() {
    let lines = SVGRenderer.findingNotes(
      [Finding(ruleID: "r", severity: .warning, views: [],
        message: String(repeating: "word ", count: 40))], width: 200)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= 28 })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
  }

  @Test func labelsAreCutToTheirFrameAndLeftOutOfTinyFrames() {
    let node = SnapshotNode(id: "a-very-long-identifier-for-a-small-view", kind: .appView,
      parent: "map", frame: SnapshotRect(x: 10, y: 20, width: 80, height: 30))
    let label = SVGRenderer.label(for: node, style: NodeStyle(node))
    #expect(label?.text == "a-very-lo…")
    #expect(label?.x == 14)
    let tiny = SnapshotNode(id: "x", kind: .appView, parent: "map",
      frame: SnapshotRect(x: 0, y: 0, width: 12, height: 40))
    #expect(SVGRenderer.label(for: tiny, style: NodeStyle(tiny)) == nil)
  }

  @Test func paletteSeparatesSDKRolesAppViewsAndGuides() {
    func style(_ id: String, _ kind: SnapshotNode.Kind) -> NodeStyle {
      NodeStyle(SnapshotNode(id: id, kind: kind, parent: "map", frame: SnapshotRect(x: 0, y: 0, width: 1, height: 1)))
    }
    #expect(style("prompt.incident#3", .sdkView).role == "prompt")
    #expect(style("button.compass", .sdkView).role == "button")
    #expect(style("turnCard", .sdkView).fill != style("etaCard", .sdkView).fill)
    #expect(style("somethingNew", .sdkView).role == "sdk")
    #expect(NodeStyle.appPalette.contains(style("OrderSheet", .appView).fill))
    #expect(style("OrderSheet", .appView) == style("OrderSheet", .appView))
    #expect(style("UILayoutGuide#1", .guide).dashed)
  }
}
