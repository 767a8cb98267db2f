import HeadlessUIKit
import Replay
import Snapshots
import TextBytes
// The screen as the driver sees it, in the HTML report. Each distinct layout is embedded once
// as the SVG `SVGRenderer` draws for `navsim render` (`SVGRenderer.reportPicture`), with an
// empty slot in every SDK view and in the viewport; each event then fills the slots with the
// same elements `navsim render` draws for that event (`SVGRenderer.contentParts`, the route's
// `RouteShape` and `RouteView`). One drawing code for both: the page's script only inserts
// what Swift drew.
//
//   "parts":   [svg element text, ...]              each distinct content element once
//   "screens": [[night(0|1), [[node, [part, ...]], ...]], ...]
//              node: the view's index in its layout's nodes; a view not listed shows its name
//   "routes":  [svg text of a route shape, ...]     in metres around the route's first point
//   frames.screen: index into "screens" (-1: nothing to show)
//   frames.map:    [route, transform, dash, vehicle, manoeuvre] or 0
//                  the camera on the route at the event, the vehicle's and the next
//                  manoeuvre's transforms in the map frame ("" hides a mark)
//
// A 1-hour trip at 1 Hz changes its distance label every second, but the glyph, the road
// name and the buttons rarely: storing elements rather than whole views keeps it small.

/// The interned tables of what the report's pictures show.
final class ScreenTables {
  // Keyed by bytes (`TextTable`): parts and screens hold texts, drawn as stored.
  private let parts: TextTable
  private let screens: TextTable
  private var routes: [String] = []
  /// The route shape of the last content seen, by its `routeRevision`.
  private var shape: (revision: Int, shape: RouteShape?, index: Int)?

  /// Tables held in memory.
  init() {
    parts = TextTable()
    screens = TextTable()
  }

  /// Tables whose elements spill past `limit` bytes each into files of `files`, their texts
  /// looked up in databases there past the last `recentLimit` (`TextTable`): for a diff page
  /// of any length.
  init(spilling files: ScratchFiles, limit: Int, recentLimit: Int) {
    parts = TextTable(spilling: files, limit: limit, name: "parts", recentLimit: recentLimit)
    screens = TextTable(spilling: files, limit: limit, name: "screens", recentLimit: recentLimit)
  }

  /// The buffers of both tables' elements.
  var buffers: [SpillBuffer] { [parts, screens].map(\.elements.buffer) }

  /// The index of what `layout`'s SDK views show with `content`, -1 when they show nothing
  /// (and it is day).
  /// - Throws: what `TextTable.index` throws (only for spilling tables).
  /// - Complexity: O(nodes of the layout + size of the drawn elements).
  func screen(_ layout: LayoutState?, content: ScreenContent) throws -> Int {
    guard let layout else { return -1 }
    let rtl = layout.direction == "rtl"
    var views: [String] = []
    for (index, node) in layout.nodes.enumerated()
    where node.kind == .sdkView && !SVGRenderer.isCamera(node) {
      guard
        let drawn = SVGRenderer.contentParts(
          node, role: NodeStyle.role(of: node.id), content: content, rtl: rtl)
      else { continue }
      let indices = try drawn.filter { !$0.isEmpty }.map {
        element in String(try parts.index(of: element) { JSONText.quote(element) })
      }
      views.append(JSONText.array([String(index), JSONText.array(indices)]))
    }
    guard !views.isEmpty || content.isNight else { return -1 }
    let encoded = JSONText.array([content.isNight ? "1" : "0", JSONText.array(views)])
    return try screens.index(of: encoded) { encoded }
  }

  /// The camera on the route at `content`, `[route, transform, dash]`; `0` before there is
  /// a route and a position.
  func map(_ content: ScreenContent) -> String {
    if shape?.revision != content.routeRevision {
      let drawn = RouteShape(content)
      if let drawn { routes.append(JSONText.quote(drawn.markup(driven: nil))) }
      shape = (content.routeRevision, drawn, routes.count - 1)
    }
    guard let current = shape, let route = current.shape, let view = RouteView(route, content)
    else { return "0" }
    return JSONText.array([
      String(current.index), JSONText.quote(view.transform), JSONText.quote(RouteView.dash(view.driven)),
      JSONText.quote(view.vehicle), JSONText.quote(view.maneuver),
    ])
  }

  /// The tables as members of the report's data object.
  var members: [(String, StreamedJSON)] {
    [
      ("parts", .array(parts.elements)), ("routes", .text(JSONText.array(routes))),
      ("screens", .array(screens.elements)),
    ]
  }
}

extension SVGRenderer {
  /// A layout as the HTML report embeds it: the picture `navsim render` draws, device
  /// included, with empty slots for what the SDK's views and the map show at an event and
  /// no findings (the page draws those over it).
  static func reportPicture(_ layout: LayoutState) -> String {
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\""
    out += " viewBox=\"0 0 \(num(layout.mapWidth)) \(num(layout.mapHeight))\""
    out += " width=\"\(num(layout.mapWidth))\" height=\"\(num(layout.mapHeight))\" class=\"nv-layout\""
    out += " font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\""
    out += " font-size=\"\(num(fontSize))\">"
    out += mapAndSafeArea(layout)
    var mapped = false
    if let viewport = mapViewport(layout), holdsMap(viewport.frame) {
      out += mapFrame(
        in: viewport.frame,
        view: "<g class=\"nv-c-map-view\"></g>" + mapMarks(maneuver: "", vehicle: ""))
      mapped = true
    }
    var placer = LabelPlacer(layout, device: true)
    out += nodesAndDevice(layout, device: true, slots: true, mapVehicle: mapped, placer: &placer) {
      _, _ in nil
    }
    return out + "</svg>"
  }
}
