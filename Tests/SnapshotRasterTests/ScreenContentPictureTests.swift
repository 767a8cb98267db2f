import Replay
import Report
import SessionEvents
import SnapshotRaster
import XCTest

/// SDK views drawn with what they show, checked in the SVG and in the PNG's pixels.
final class ScreenContentPictureTests: XCTestCase {
  static func layout(direction: String = "ltr") -> LayoutState {
    LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 300, mapHeight: 400,
      safeArea: .zero, direction: direction,
      nodes: [
        SnapshotNode(id: "turnCard", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 0, width: 300, height: 100)),
        SnapshotNode(id: "speedWidget", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 240, y: 200, width: 50, height: 110)),
        SnapshotNode(id: "tripProgressBar", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 110, width: 10, height: 200)),
        SnapshotNode(id: "etaCard", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 340, width: 300, height: 60)),
      ],
      animations: [])
  }

  static func content(speed: Double, severity: String) -> ScreenContent {
    var content = ScreenContent()
    content.apply(
      event: "progress",
      detail: #"{"distanceTravelled":750,"distanceRemaining":250,"timeRemaining":130,"distanceToNextManeuver":140.5,"maneuver":"turn-right","roadName":"Hauptstrasse"}"#)
    content.apply(
      event: "speed", detail: "{\"speed\":\(speed),\"speedLimit\":13.89,\"severity\":\"\(severity)\"}")
    content.apply(event: "promptReady", detail: #"{"promptID":1,"kind":"traffic","text":"Slow <traffic>"}"#)
    return content
  }

  func testPayloadsFoldIntoWhatTheViewsShow() {
    var content = Self.content(speed: 10, severity: "notSpeeding")
    XCTAssertEqual(content.roadName, "Hauptstrasse")
    XCTAssertEqual(content.progress, 0.75)
    XCTAssertEqual(content.promptText, "Slow <traffic>")
    content.apply(event: "promptDismissed", detail: #"{"promptID":1}"#)
    XCTAssertNil(content.promptText)
    content.apply(event: "progress", detail: "not json")
    XCTAssertEqual(content.roadName, "Hauptstrasse")
  }

  func testTheSVGShowsDistanceRoadTimesAndSpeed() {
    let svg = SVGRenderer.svg(
      layout: Self.layout(), findings: [], content: Self.content(speed: 10, severity: "notSpeeding"))
    XCTAssertTrue(svg.contains(">140 m</text>"), svg)
    XCTAssertTrue(svg.contains(">Hauptstrasse</text>"))
    XCTAssertTrue(svg.contains(">3 min · 250 m</text>"))
    XCTAssertTrue(svg.contains(">36</text>"))  // 10 m/s
    XCTAssertTrue(svg.contains(">50</text>"))  // the limit, 13.89 m/s
    XCTAssertTrue(svg.contains("data-maneuver=\"turn-right\""))
    XCTAssertFalse(svg.contains(">turnCard</text>"))
    let rtl = SVGRenderer.svg(
      layout: Self.layout(direction: "rtl"), findings: [], content: Self.content(speed: 10, severity: "notSpeeding"))
    XCTAssertTrue(rtl.contains("text-anchor=\"end\" direction=\"rtl\">Hauptstrasse</text>"))
  }

  func testSpeedingTurnsTheWidgetRedAndTheBarFillsFromTheBottom() throws {
    func image(_ severity: String) throws -> RasterImage {
      try RasterImage(
        svg: SVGRenderer.svg(layout: Self.layout(), findings: [], content: Self.content(speed: 20, severity: severity)))
    }
    let speeding = try image("major"), calm = try image("notSpeeding")
    // A corner of the widget, clear of its texts and sign.
    XCTAssertEqual(speeding.rgb(x: 243, y: 203), 0xd93025)
    XCTAssertNotEqual(calm.rgb(x: 243, y: 203), 0xd93025)
    // 75 % driven: the bar's lower three quarters are filled, its top quarter is not.
    let filled = calm.rgb(x: 5, y: 300), empty = calm.rgb(x: 5, y: 120)
    XCTAssertEqual(filled, 0xd7aefb)
    XCTAssertNotEqual(empty, filled)
    XCTAssertEqual(calm.rgb(x: 5, y: 170), filled)
  }

  func testAStyledAppViewIsPaintedInItsOwnColourWithRoundCornersAndBorder() throws {
    var layout = Self.layout()
    var card = SnapshotNode(
      id: "orderCard", kind: .appView, parent: "map", frame: SnapshotRect(x: 40, y: 150, width: 160, height: 40))
    card.style = ViewStyle(text: "bg=#ff0000ff r=16 bw=4 bc=#0000ffff")
    layout.nodes.append(card)
    let image = try RasterImage(
      svg: SVGRenderer.svg(layout: layout, findings: [], content: Self.content(speed: 10, severity: "notSpeeding")))
    XCTAssertEqual(image.rgb(x: 120, y: 170), 0xff0000)  // the middle: the background
    XCTAssertEqual(image.rgb(x: 120, y: 150), 0x0000ff)  // the top edge: the border
    XCTAssertNotEqual(image.rgb(x: 41, y: 151), 0xff0000)  // a rounded corner: the ground
    XCTAssertNotEqual(image.rgb(x: 41, y: 151), 0x0000ff)
  }

  func testNightDarkensTheGroundAndTheETACardShowsTheArrival() throws {
    var content = Self.content(speed: 10, severity: "notSpeeding")
    content.time = 60_000
    let day = try RasterImage(svg: SVGRenderer.svg(layout: Self.layout(), findings: [], content: content))
    content.apply(event: "lightingChanged", detail: #"{"mode":"night"}"#)
    let night = try RasterImage(svg: SVGRenderer.svg(layout: Self.layout(), findings: [], content: content))
    // The ground between the progress bar and the speed widget.
    XCTAssertEqual(day.rgb(x: 100, y: 250), 0xe8eee0)
    XCTAssertEqual(night.rgb(x: 100, y: 250), 0x263238)
    // The ETA card's second line: 60 s into the trip + 130 s left = arrival at 0:04.
    XCTAssertTrue(SVGRenderer.svg(layout: Self.layout(), findings: [], content: content).contains(">arr. 0:04</text>"))
  }
}

final class DeviceFramePictureTests: XCTestCase {
  func testAPhoneWithANotchHasRoundCornersAnIslandAndAHomeIndicator() throws {
    let layout = LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
      safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0), direction: "ltr",
      nodes: [], animations: [])
    let image = try RasterImage(svg: SVGRenderer.svg(layout: layout, findings: [], content: ScreenContent()))
    XCTAssertEqual(image.rgb(x: 1, y: 1), 0x202124)  // outside the rounded corner
    XCTAssertEqual(image.rgb(x: 196, y: 29), 0x202124)  // the camera island
    XCTAssertNotEqual(image.rgb(x: 196, y: 841), image.rgb(x: 100, y: 841))  // the home indicator
    XCTAssertNotEqual(image.rgb(x: 60, y: 29), 0x202124)  // the status bar beside the island
    // Without content the picture stays the plain wireframe.
    let plain = try RasterImage(svg: SVGRenderer.svg(layout: layout, findings: []))
    XCTAssertNotEqual(plain.rgb(x: 1, y: 1), 0x202124)
  }
}

final class RouteMapPictureTests: XCTestCase {
  func testTheRouteIsDrawnAroundTheVehicleHeadingUpWithTheDrivenPartDimmed() throws {
    let layout = LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 200, mapHeight: 300, safeArea: .zero,
      direction: "ltr",
      nodes: [SnapshotNode(id: "viewport", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 0, width: 200, height: 300))],
      animations: [])
    // A straight road along the equator, driven eastwards; the vehicle is at its middle.
    let road = (0...10).map { PathPoint(latitude: 0, longitude: -0.001 + Double($0) * 0.0002) }
    var content = ScreenContent()
    content.apply(event: "routeLeg", detail: "{\"index\":0,\"path\":\"\(EncodedPolyline.encode(road))\"}")
    content.apply(event: "progress", detail: #"{"latitude":0,"longitude":0,"course":90}"#)
    let svg = SVGRenderer.svg(layout: layout, findings: [], content: content)
    XCTAssertTrue(svg.contains("<svg class=\"nv-c-map\" x=\"0\" y=\"0\" width=\"200\" height=\"300\""), svg)
    let image = try RasterImage(svg: svg)
    // Heading east is up: the road ahead runs up from the centre, the driven part down.
    // (The camera frame's faint blue wash lies over the map.)
    XCTAssertTrue(Self.near(image.rgb(x: 100, y: 120), 0x1a73e8), String(image.rgb(x: 100, y: 120), radix: 16))
    XCTAssertTrue(Self.near(image.rgb(x: 100, y: 180), 0x9aa0a6), String(image.rgb(x: 100, y: 180), radix: 16))
    XCTAssertFalse(Self.near(image.rgb(x: 40, y: 120), 0x1a73e8))
  }

  /// Every channel within `tolerance`.
  static func near(_ a: UInt32, _ b: UInt32, tolerance: Int = 16) -> Bool {
    [16, 8, 0].allSatisfy { shift in abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)) <= tolerance }
  }
}
