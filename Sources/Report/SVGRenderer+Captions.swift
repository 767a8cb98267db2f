import HeadlessUIKit
import Replay
import TextBytes

// Captions and finding badges as a placement problem, solved once where the picture is drawn.
// A caption (a view's name, or an app label's text) goes to the first of a few positions inside
// its view that covers no caption or badge placed before it and no other shown view (only the
// views it sits in): a container whose children fill it gets none, a caption never runs across
// a neighbour's edge. Badges go beside their view, on free map. What is left out stays in the
// view's tooltip and the findings list. Placement is deterministic: views in drawing order,
// fixed candidate order, no measuring (DejaVu Sans' advance estimated per character).
// Views are told apart by their ids' bytes (`ByteKey`): two views whose names differ only in
// Unicode normalization are two views, each with its own ancestors.

/// Places one-line texts and badges in a layout's picture so that none covers another.
struct LabelPlacer {
  /// Estimated advance of one character, in em (DejaVu Sans averages 0.6; some glyphs are
  /// wider, so a little more keeps estimated boxes at least as wide as drawn ones).
  static let advance = 0.64

  /// Shown views that take space: every view but guides and camera frames (nil id: a part of
  /// the device), with its ancestors.
  private let blocks: [(id: ByteKey?, frame: SnapshotRect)]
  private let ancestors: [ByteKey: Set<ByteKey>]
  private let bounds: SnapshotRect
  /// The picture's size.
  var width: Double { bounds.width }
  var height: Double { bounds.height }
  /// Boxes of everything placed so far.
  private(set) var placed: [SnapshotRect] = []

  /// With `device`, the device's masked corners and camera island take space too
  /// (`SVGRenderer.deviceFrame`).
  init(_ layout: LayoutState, device: Bool) {
    blocks = layout.nodes.filter {
      $0.kind != .guide && !SVGRenderer.isCamera($0) && !$0.isHidden && $0.alpha >= 0.01
    }.map { (ByteKey($0.id), $0.frame) }
      + (device ? Self.deviceParts(layout).map { (nil, $0) } : [])
    var parents: [ByteKey: ByteKey] = [:]
    for node in layout.nodes { parents[ByteKey(node.id)] = ByteKey(node.parent) }
    var chains: [ByteKey: Set<ByteKey>] = [:]
    for node in layout.nodes {
      let id = ByteKey(node.id)
      var chain: Set<ByteKey> = [id]
      var next = parents[id]
      while let parent = next, !chain.contains(parent) {
        chain.insert(parent)
        next = parents[parent]
      }
      chains[id] = chain
    }
    ancestors = chains
    bounds = SnapshotRect(x: 0, y: 0, width: layout.mapWidth, height: layout.mapHeight)
  }

  /// The device's corners (squares of the corner radius) and island, as `deviceFrame` draws them.
  static func deviceParts(_ layout: LayoutState) -> [SnapshotRect] {
    let w = layout.mapWidth, h = layout.mapHeight, insets = layout.safeArea
    let notched = max(insets.top, insets.leading, insets.trailing) >= 44
    guard notched else { return [] }
    let r = min(48, w / 4, h / 4)
    var parts = [(0, 0), (w - r, 0), (0, h - r), (w - r, h - r)].map {
      SnapshotRect(x: $0.0, y: $0.1, width: r, height: r)
    }
    if insets.top >= 44 {
      parts.append(SnapshotRect(x: w / 2 - 62, y: 11, width: 124, height: 36))
    } else {
      parts.append(SnapshotRect(x: insets.leading >= 44 ? 11 : w - 47, y: h / 2 - 62, width: 36, height: 124))
    }
    return parts
  }

  /// The box a one-line text of `size` takes with its baseline at `y`.
  static func textBox(_ text: String, x: Double, y: Double, size: Double) -> SnapshotRect {
    SnapshotRect(
      x: x - 1, y: y - size - 1, width: Double(text.count) * size * advance + 2, height: size * 1.35 + 2)
  }

  /// Whether `box` is free for something belonging to view `owner` (nil: to no view): inside
  /// the picture, over nothing placed, over no shown view but the owner's own and its
  /// ancestors'.
  func isFree(_ box: SnapshotRect, owner: String?) -> Bool {
    guard box.x >= bounds.x, box.y >= bounds.y, box.maxX <= bounds.maxX, box.maxY <= bounds.maxY
    else { return false }
    if placed.contains(where: { $0.intersects(box) }) { return false }
    let own = owner.flatMap { ancestors[ByteKey($0)] } ?? []
    return !blocks.contains { !($0.id.map(own.contains) ?? false) && $0.frame.intersects(box) }
  }

  /// Takes the first free box of `candidates`; nil when none is free.
  mutating func take(_ candidates: [SnapshotRect], owner: String?) -> SnapshotRect? {
    guard let box = candidates.first(where: { isFree($0, owner: owner) }) else { return nil }
    placed.append(box)
    return box
  }

  /// Reserves `box` whether free or not (a text that must stay where the device draws it).
  mutating func reserve(_ box: SnapshotRect) { placed.append(box) }
}

extension SnapshotRect {
  /// Whether the rectangles share more than a hairline.
  func intersects(_ other: SnapshotRect) -> Bool {
    min(maxX, other.maxX) - max(x, other.x) > 0.5 && min(maxY, other.maxY) - max(y, other.y) > 0.5
  }
}

extension SVGRenderer {
  /// The captions of the views in `captioned` (indices into the layout's nodes), placed:
  /// first app labels' texts where the device draws them, then names of shown views from the
  /// topmost down, then names of hidden views (shown only on demand).
  /// - Complexity: O(n²) in the number of nodes.
  static func captions(_ layout: LayoutState, captioned: [Int], placer: inout LabelPlacer)
    -> [Int: (x: Double, y: Double, text: String)]
  {
    let order = drawingOrder(layout)
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    let wanted = Set(captioned)
    let shown = { (i: Int) in !layout.nodes[i].isHidden && layout.nodes[i].alpha >= 0.01 }
    let texts = order.filter { wanted.contains($0) && layout.nodes[$0].text?.isEmpty == false }
    let names = order.reversed().filter { wanted.contains($0) && layout.nodes[$0].text?.isEmpty != false }
    let sequence = texts + names.filter(shown) + names.filter { !shown($0) }
    var out: [Int: (x: Double, y: Double, text: String)] = [:]
    for index in sequence where rank[index] != nil {
      let node = layout.nodes[index]
      guard let first = label(for: node, style: NodeStyle(node)) else { continue }
      let candidates = captionPositions(first, frame: node.frame)
      let boxes = candidates.map { LabelPlacer.textBox(first.text, x: $0.x, y: $0.y, size: fontSize) }
      if node.text?.isEmpty == false {
        // An app label's text stays where the label draws it unless it would cover another.
        if placer.take([boxes[0]], owner: node.id) != nil { out[index] = first }
      } else if let box = placer.take(boxes, owner: node.id),
        let at = boxes.firstIndex(where: { $0 == box })
      {
        out[index] = (candidates[at].x, candidates[at].y, first.text)
      }
    }
    return out
  }

  /// Node indices in the order they are drawn: the views, then the camera frames above them.
  static func drawingOrder(_ layout: LayoutState) -> [Int] {
    let indices = Array(layout.nodes.indices)
    return indices.filter { !isCamera(layout.nodes[$0]) } + indices.filter { isCamera(layout.nodes[$0]) }
  }

  /// Where a caption may go in its frame, best first: top leading (where `label(for:)` puts
  /// it), top trailing, top centre, bottom leading, bottom trailing, bottom centre, centre.
  static func captionPositions(_ first: (x: Double, y: Double, text: String), frame f: SnapshotRect)
    -> [(x: Double, y: Double)]
  {
    let width = Double(first.text.count) * fontSize * LabelPlacer.advance
    let right = f.maxX - 4 - width, centre = f.x + (f.width - width) / 2
    var out = [(first.x, first.y), (right, first.y), (centre, first.y)]
    let bottom = f.maxY - 5
    if bottom - fontSize > first.y + 2 {
      out += [(first.x, bottom), (right, bottom), (centre, bottom)]
      out.append((centre, f.y + f.height / 2 + fontSize * 0.35))
    }
    return out.map { (x: $0.0, y: $0.1) }
  }

  /// Where a finding's badge (radius 8) goes: beside the first of its views, on free map (at
  /// a corner, else up or down its sides), or else over its view's corner; without a view, at
  /// the picture's corner.
  static func badgeCentre(_ frame: SnapshotRect?, placer: inout LabelPlacer)
    -> (x: Double, y: Double)
  {
    // Centres are kept 9 pt inside the picture, so a view at its edge still has a column.
    let (width, height) = (placer.width, placer.height)
    let box = { (x: Double, y: Double) -> SnapshotRect in
      let cx = min(max(x, 9), width - 9), cy = min(max(y, 9), height - 9)
      return SnapshotRect(x: cx - 9, y: cy - 9, width: 18, height: 18)
    }
    guard let f = frame else {
      var y = 10.0
      while !placer.isFree(box(10, y), owner: nil) && y < 200 { y += 18 }
      placer.reserve(box(10, y))
      return (10, y)
    }
    let outside = [
      (f.x - 11, f.y + 8), (f.x + 8, f.y - 11), (f.maxX + 11, f.y + 8), (f.maxX - 8, f.y - 11),
      (f.x + 8, f.maxY + 11), (f.x - 11, f.maxY - 8), (f.maxX + 11, f.maxY - 8), (f.maxX - 8, f.maxY + 11),
    ]
    let inside = stride(from: 0.0, to: max(1, f.height - 8), by: 18).map { (f.x + 8, f.y + 8 + $0) }
    // Then up and down the view's sides, nearest first: a free column on the map.
    var column: [(Double, Double)] = []
    for step in stride(from: 18.0, through: placer.height, by: 18) {
      for y in [f.y + 8 - step, f.y + 8 + step] { column += [(f.x + 8, y), (f.maxX - 8, y)] }
    }
    let candidates = (outside + column).map { box($0.0, $0.1) }
    if let taken = placer.take(candidates, owner: nil) { return (taken.x + 9, taken.y + 9) }
    let own = inside.map { box($0.0, $0.1) }
    if let taken = own.first(where: { placed in !placer.placed.contains { $0.intersects(placed) } }) {
      placer.reserve(taken)
      return (taken.x + 9, taken.y + 9)
    }
    let last = box(f.x + 8, f.y + 8)
    placer.reserve(last)
    return (last.x + 9, last.y + 9)
  }
}
