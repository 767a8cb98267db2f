import Foundation
import Lint
@testable import Replay
@testable import Report
import SampleDelegates
import SessionEvents
@testable import Snapshots
import TestSupport
import Testing

/// The HTML report draws what `navsim render` draws: the same SVG elements, embedded once
/// each, put into the layout's slots by the page's script.
@Suite struct ReportScreenTests {
  static let layout = LayoutState(
    state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
    safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0), direction: "ltr",
    nodes: [
      SnapshotNode(id: "viewport", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 171, width: 393, height: 443)),
      SnapshotNode(id: "turnCard", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 59, width: 393, height: 112)),
      SnapshotNode(id: "etaCard", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 746, width: 393, height: 72)),
      SnapshotNode(id: "speedWidget", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 321, y: 526, width: 64, height: 132)),
      SnapshotNode(id: "orderSheet", kind: .appView, parent: "map", frame: SnapshotRect(x: 0, y: 614, width: 393, height: 132)),
    ],
    animations: [])

  /// A straight route north from (47.0, 8.0), 2 km long, as one encoded leg.
  static let leg = EncodedPolyline.encode([
    PathPoint(latitude: 47.0, longitude: 8.0), PathPoint(latitude: 47.018, longitude: 8.0),
  ])

  /// A trip of `seconds` progress ticks at 1 Hz, with a route, speed events every 5 s and a
  /// switch to night half-way.
  static func frames(seconds: Int) -> [StoredFrame] {
    var frames: [StoredFrame] = []
    func add(_ t: Int64, _ event: String, _ detail: String) {
      frames.append(StoredFrame(
        seq: Int64(frames.count + 1), t: t, event: event, detail: detail, layoutHash: layout.hash,
        findings: []))
    }
    add(0, "routeLeg", #"{"index":0,"path":"\#(leg.replacingOccurrences(of: "\\", with: "\\\\"))"}"#)
    let total = Double(seconds) * 14
    for second in 0..<seconds {
      let t = Int64(second) * 1000, driven = Double(second) * 14
      if second == seconds / 2 { add(t, "lightingChanged", #"{"mode":"night"}"#) }
      if second % 5 == 0 { add(t, "speed", #"{"speed":\#(13 + Double(second % 7) / 10),"speedLimit":13.89,"severity":"notSpeeding"}"#) }
      add(t, "progress", """
        {"distanceToNextManeuver":\(formatFixed(total - driven, 1)),"distanceRemaining":\(formatFixed(total - driven, 1)),\
        "distanceTravelled":\(formatFixed(driven, 1)),"timeRemaining":\(seconds - second),"maneuver":"turn-left",\
        "roadName":"Seestrasse","latitude":\(formatFixed(47.0 + driven / 110_540, 6)),"longitude":8.0,"course":0}
        """)
    }
    return frames
  }

  static func page(_ frames: [StoredFrame]) -> String {
    HTMLReport.replayPage(
      run: ReportFixture.reportRun("good", delegate: "complete", events: frames.count), frames: frames,
      layouts: [layout.hash: layout])
  }

  static func data(_ page: String) throws -> [String: Any] {
    let open = #"<script type="application/json" id="navsim-data">"#
    let start = try #require(page.range(of: open))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = String(page[start.upperBound..<end.lowerBound])
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test func eachEventShowsTheElementsNavsimRenderDraws() throws {
    let frames = Self.frames(seconds: 120)
    let data = try Self.data(Self.page(frames))
    let parts = try #require(data["parts"] as? [String])
    let screens = try #require(data["screens"] as? [[Any]])
    let routes = try #require(data["routes"] as? [String])
    let columns = try #require(data["frames"] as? [String: Any])
    let screenColumn = try #require(columns["screen"] as? [Int])
    let mapColumn = try #require(columns["map"] as? [Any])
    var content = ScreenContent()
    for (index, frame) in frames.enumerated() {
      content.apply(frame)
      // -1: nothing to show yet (no progress, day).
      let entry: [Any] = screenColumn[index] >= 0 ? screens[screenColumn[index]] : [0, [[Any]]()]
      #expect((entry[0] as? Int) == (content.isNight ? 1 : 0))
      let views = try #require(entry[1] as? [[Any]])
      // Every SDK view with content, and only those, in the layout's order.
      var expected: [(Int, String)] = []
      for (k, node) in Self.layout.nodes.enumerated() where node.kind == .sdkView && !SVGRenderer.isCamera(node) {
        if let drawn = SVGRenderer.contentElement(node, role: NodeStyle.role(of: node.id), content: content, rtl: false) {
          expected.append((k, drawn))
        }
      }
      #expect(views.count == expected.count)
      for (view, want) in zip(views, expected) {
        #expect(view[0] as? Int == want.0)
        let drawn = try #require(view[1] as? [Int]).map { parts[$0] }.joined()
        #expect(drawn == want.1, "event \(frame.seq) view \(want.0)")
      }
      // The map: the route's shape once, the camera per event, as in render's picture.
      guard content.position != nil else {
        #expect(mapColumn[index] as? Int == 0)
        continue
      }
      let shape = try #require(RouteShape(content))
      let view = try #require(RouteView(shape, content))
      let map = try #require(mapColumn[index] as? [Any])
      #expect(routes[map[0] as! Int] == shape.markup(driven: nil))
      #expect(map[1] as? String == view.transform)
      #expect(map[2] as? String == RouteView.dash(view.driven))
      #expect(map[3] as? String == view.vehicle)
      #expect(map[4] as? String == view.maneuver)
    }
    #expect(routes.count == 1)
    // The layout's picture is render's, with slots: the device, the map frame, a slot per SDK view.
    let layouts = try #require(data["layouts"] as? [[Any]])
    let picture = try #require(layouts[0][9] as? String)
    #expect(picture == SVGRenderer.reportPicture(Self.layout))
    #expect(picture.contains("<g class=\"nv-device\">"))
    #expect(picture.contains("<svg class=\"nv-c-map\" x=\"0\" y=\"171\" width=\"393\" height=\"443\""))
    #expect(picture.components(separatedBy: "<g class=\"nv-c-slot\"></g>").count - 1 == 3)
  }

  /// The content after `frames`, then after `extra` events at the last frame's time.
  static func content(_ frames: [StoredFrame], then extra: [(String, String)] = []) -> ScreenContent {
    var content = ScreenContent()
    for frame in frames { content.apply(frame) }
    for (event, detail) in extra { content.apply(event: event, detail: detail) }
    return content
  }

  /// The `translate(x y)` of a transform, as numbers.
  static func translation(_ transform: String) -> (x: Double, y: Double)? {
    guard let open = transform.range(of: "translate("),
      let close = transform[open.upperBound...].firstIndex(of: ")")
    else { return nil }
    let numbers = transform[open.upperBound..<close].split(separator: " ").compactMap { Double($0) }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
  }

  @Test func theMapFollowsTheRecordedCamera() throws {
    let frames = Self.frames(seconds: 60)  // driving north along the route, course 0
    let turn = ("progress", #"{"distanceToNextManeuver":500}"#)  // the next turn, 500 m ahead
    let following = Self.content(frames, then: [turn])
    let shape = try #require(RouteShape(following))
    // No camera recorded: heading up around the vehicle; the vehicle at the centre, pointing
    // up; the next manoeuvre straight above it, 500 m at 0.4 points a metre.
    let view = try #require(RouteView(shape, following))
    #expect(view.transform.hasPrefix("rotate(0) scale(0.4)"))
    #expect(view.vehicle == "translate(0 0) rotate(0)")
    let ahead = try #require(Self.translation(view.maneuver))
    #expect(abs(ahead.x) < 0.5)
    #expect(abs(ahead.y - -200) < 1, "\(ahead)")
    // A camera looking east (bearing 90) turns the route: the manoeuvre ahead (north) is now
    // to the left, and the arrow points left.
    let east = Self.content(
      frames, then: [turn, ("camera", #"{"mode":"following","bearing":90,"tilt":0,"zoom":16}"#)])
    let turned = try #require(RouteView(shape, east))
    let left = try #require(Self.translation(turned.maneuver))
    #expect(abs(left.x - -500 * 0.614) < 2 && abs(left.y) < 1, "\(left)")
    #expect(turned.vehicle == "translate(0 0) rotate(-90)")
    // Zoom 16 at 47 degrees: 2^16 * 256 / (40 075 km * cos 47) = 0.614 points a metre.
    #expect(turned.transform.contains("scale(0.61)"))
    // The user pans 40 pt right and 30 down: the map and the vehicle move with the finger,
    // until re-centred.
    let panned = Self.content(frames, then: [("userPanned", #"{"dx":40,"dy":30}"#)])
    let moved = try #require(RouteView(shape, panned))
    #expect(moved.vehicle == "translate(40 30) rotate(0)")
    #expect(moved.transform.hasPrefix("translate(40 30) rotate(0)"))
    let back = Self.content(frames, then: [("userPanned", #"{"dx":40,"dy":30}"#), ("recentered", "{}")])
    #expect(try #require(RouteView(shape, back)).vehicle == "translate(0 0) rotate(0)")
    // Overview: the whole 2 km route in 320 points, north up, the vehicle where it is on it.
    let overview = Self.content(frames, then: [("camera", #"{"mode":"overview","bearing":0,"tilt":0,"zoom":14}"#)])
    let whole = try #require(RouteView(shape, overview))
    #expect(whole.transform.contains("scale(0.16"))
    let car = try #require(Self.translation(whole.vehicle))
    #expect(abs(car.y - (1000 - 59 * 14) * 0.16) < 2, "\(car)")
  }

  @Test func renderDrawsTheVehicleAndTheManoeuvreWhereTheCameraPutsThem() throws {
    let frames = Self.frames(seconds: 30)
    let content = Self.content(frames, then: [("userPanned", #"{"dx":-25,"dy":10}"#)])
    let svg = SVGRenderer.svg(layout: Self.layout, findings: [], content: content)
    #expect(svg.contains("<polygon class=\"nv-vehicle nv-c-vehicle\" points=\"0,-11 8,9 0,4 -8,9\" transform=\"translate(-25 10) rotate(0)\"/>"))
    #expect(svg.contains("<circle class=\"nv-c-maneuver\" r=\"6\" transform=\"translate(-25 "))
    // The viewport no longer draws a second arrow at its centre.
    #expect(svg.components(separatedBy: "class=\"nv-vehicle").count - 1 == 1)
    #expect(svg == SVGRenderer.svg(layout: Self.layout, findings: [], content: content))
  }

  @Test func theReportIsByteIdenticalAndAnHourAtOneHertzStaysUnderThreeMegabytes() throws {
    let frames = Self.frames(seconds: 3600)
    let page = Self.page(frames)
    #expect(page == Self.page(frames))
    // Measured: 1.07 MB for these 4 322 events (progress each second, speed every 5 s; 0.94 MB
    // before the vehicle and the next manoeuvre were placed per event).
    #expect(page.utf8.count < 3_000_000, "\(page.utf8.count) bytes")
    // The distance label changes every second; the glyph, road name and buttons are stored once.
    let data = try Self.data(page)
    let parts = try #require(data["parts"] as? [String])
    #expect(parts.filter { $0.contains("data-maneuver") }.count == 1)
    #expect(parts.filter { $0.contains(">Seestrasse</text>") }.count == 1)
  }

  @Test func nightAndArrivalFollowTheTrip() throws {
    var content = ScreenContent()
    content.apply(StoredFrame(
      seq: 1, t: 60_000, event: "progress", detail: #"{"timeRemaining":170,"distanceRemaining":2000}"#,
      layoutHash: "", findings: []))
    #expect(content.arrival == 230)
    let eta = Self.layout.nodes[2]
    let drawn = try #require(SVGRenderer.contentElement(eta, role: "etaCard", content: content, rtl: false))
    #expect(drawn.contains(">3 min · 2.0 km</text>"))
    #expect(drawn.contains(">arr. 0:04</text>"))
    #expect(SVGRenderer.svg(layout: Self.layout, findings: [], content: content).contains("class=\"nv-layout\" font"))
    content.apply(event: "lightingChanged", detail: #"{"mode":"night"}"#)
    #expect(SVGRenderer.svg(layout: Self.layout, findings: [], content: content).contains("class=\"nv-layout nv-night\""))
    content.apply(event: "lightingChanged", detail: #"{"mode":"day"}"#)
    #expect(!content.isNight)
    // With the recording's start known, the arrival is a time of day on the recording's clock
    // (the offset it was written with), never the machine's.
    var dated = ScreenContent(tripStart: "2025-01-01T23:58:30+01:00")
    dated.apply(StoredFrame(
      seq: 1, t: 60_000, event: "progress", detail: #"{"timeRemaining":170,"distanceRemaining":2000}"#,
      layoutHash: "", findings: []))
    let late = try #require(SVGRenderer.contentElement(eta, role: "etaCard", content: dated, rtl: false))
    #expect(late.contains(">arr. 00:03</text>"), "23:58:30 + 230 s, past midnight")
    #expect(ScreenContent(tripStart: "2025-01-01T08:00:00Z").startSecondsOfDay == 28_800.0)
    #expect(ScreenContent(tripStart: "not a date").startSecondsOfDay == nil)
  }

  @Test @MainActor func aReplayedRunKeepsItsRecordingsStartForThePictures() throws {
    let directory = TemporaryDirectory()
    let store = try SnapshotStore(path: directory.path + "/s.sqlite", mode: .create)
    // Recorded 2024-05-06T07:45:00Z.
    _ = try ReplayJob(
      logPath: Fixtures.recording("city-commute"), delegateName: "complete",
      makeDelegate: { CompleteLayoutDelegate() }, watchers: .layoutRules
    ).run(store: store, label: "a")
    let run = try store.run(label: "a")
    #expect(run.tripStart == "2024-05-06T07:45:00Z")
    let frames = try store.frames(of: run)
    let page = HTMLReport.replayPage(run: run, frames: frames, layouts: try store.layouts(for: frames))
    #expect(page.contains("arr. 07:"))
    #expect(!page.contains("arr. 0:"))
    try store.deleteRun(label: "a")
    #expect(try store.runs().isEmpty)
  }

}
