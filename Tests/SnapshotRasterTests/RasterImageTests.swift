import Findings
import Replay
import Report
import SnapshotRaster
import XCTest

final class RasterImageTests: XCTestCase {
  /// A 200x300 map with a turn card across the top and an app view at the bottom.
  static let layout = LayoutState(
    state: "activeGuidance", wideMode: false, mapWidth: 200, mapHeight: 300,
    safeArea: SnapshotInsets(top: 20, leading: 0, bottom: 10, trailing: 0), direction: "ltr",
    nodes: [
      SnapshotNode(
        id: "turnCard", kind: .sdkView, parent: "map",
        frame: SnapshotRect(x: 10, y: 30, width: 180, height: 60)),
      SnapshotNode(
        id: "bottomBar", kind: .appView, parent: "map",
        frame: SnapshotRect(x: 40, y: 220, width: 120, height: 50)),
    ],
    animations: [])

  static let mapGround: UInt32 = 0xe8eee0

  func testPixelsFollowTheSnapshotsFramesAtTheScale() throws {
    let svg = SVGRenderer.svg(layout: Self.layout, findings: [])
    for scale in [1, 2] {
      let image = try RasterImage(svg: svg, scale: Double(scale))
      XCTAssertEqual(image.width, 200 * scale)
      XCTAssertEqual(image.height, 300 * scale)
      for node in Self.layout.nodes {
        let f = node.frame
        let s = Double(scale)
        let midY = Int((f.y + f.height - 8) * s)
        // Just inside the frame's left and bottom edges the view is painted; just outside
        // them is the plain map.
        XCTAssertNotEqual(image.rgb(x: Int((f.x + 4) * s), y: midY), Self.mapGround, node.id)
        XCTAssertEqual(image.rgb(x: Int((f.x - 4) * s), y: midY), Self.mapGround, node.id)
        XCTAssertNotEqual(image.rgb(x: Int((f.x + 20) * s), y: Int((f.maxY - 3) * s)), Self.mapGround)
        XCTAssertEqual(image.rgb(x: Int((f.x + 20) * s), y: Int((f.maxY + 4) * s)), Self.mapGround)
      }
    }
  }

  func testSameSVGGivesByteIdenticalPNG() throws {
    let svg = SVGRenderer.svg(layout: Self.layout, findings: [])
    let first = try RasterImage(svg: svg, scale: 2).pngData()
    let second = try RasterImage(svg: svg, scale: 2).pngData()
    XCTAssertEqual(Array(first.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    XCTAssertEqual(first, second)
    let other = SVGRenderer.svg(
      layout: Self.layout,
      findings: [Finding(ruleID: "r", severity: .error, views: ["turnCard"], message: "m")])
    XCTAssertNotEqual(try RasterImage(svg: other, scale: 2).pngData(), first)
  }

  func testBadSVGAndScaleAreRefusedWithAMessage() {
    XCTAssertThrowsError(try RasterImage(svg: "<svg", scale: 1)) { error in
      XCTAssertTrue("\(error)".hasPrefix("SVG not readable"), "\(error)")
    }
    XCTAssertThrowsError(try RasterImage(svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", scale: 0.5)) {
      XCTAssertEqual("\($0)", "scale 0.5 is outside 1...8")
    }
  }
}
