// The snapshot writer's path to a layout's text (`LayoutState.text(reusing:)`): consecutive
// layouts of a replay differ in a label's text and frame or two, so the text of the last one
// is kept in parts and only what changed is written again. The result is `LayoutState.text`,
// byte for byte (`LayoutTextCacheTests`).

import Foundation
import HeadlessUIKit
import TextBytes

/// The layout line, node lines (in parts) and style texts (`ViewStyle.text`) of the last
/// layout written through `LayoutState.text(reusing:)`: a store's writer keeps one per run.
public struct LayoutTextCache {
  var header: LayoutLineFacts?
  var headerLine = ""
  var nodes: [SnapshotNode] = []
  var lines: [String] = []
  var parts: [NodeLineParts] = []
  /// Each node's style text, nil for a node without a style.
  public internal(set) var styles: [String?] = []
  /// Moves whenever `styles` changes: a reader of `styles` re-derives what it built from
  /// them only then (the store's styles body), not for each new label text.
  public internal(set) var stylesRevision = 0
  /// The length of the last text, in UTF-8 bytes: the next one's likely size.
  var length = 0

  public init() {}
}

extension LayoutState {
  /// `text`, taking from `cache` the line of each node equal to the node at the same position
  /// in the cache's layout (and, for a node that changed, the parts of its line that did not:
  /// its kind, names and each frame number), its style text when its style is the same, and
  /// the layout line when its facts are the cache's; the cache then holds this layout's. With
  /// a fresh cache it is `text`.
  /// - Complexity: O(nodes) comparisons; text is formatted only for what changed.
  public func text(reusing cache: inout LayoutTextCache) -> String {
    let header = lineFacts
    if cache.header != header {
      cache.header = header
      cache.headerLine = headerLine
    }
    var out = cache.headerLine
    out.reserveCapacity(cache.length)
    let nodes = self.nodes
    let old = cache.nodes
    cache.nodes = nodes
    if cache.lines.count > nodes.count {
      let extra = cache.lines.count - nodes.count
      cache.lines.removeLast(extra)
      cache.parts.removeLast(extra)
      cache.styles.removeLast(extra)
      cache.stylesRevision &+= 1
    }
    // Compared in place, field by field: copying a node out of its array (which comparing
    // array elements with `==` did) and destroying the copy cost more than comparing it.
    nodes.withUnsafeBufferPointer { nodes in
      old.withUnsafeBufferPointer { old in
        guard let new = nodes.baseAddress else { return }
        for index in nodes.indices {
          let node = new + index
          guard index < old.count, let before = old.baseAddress.map({ $0 + index }) else {
            let parts = NodeLineParts(node.pointee)
            let line = parts.line(of: node.pointee)
            cache.lines.append(line)
            cache.parts.append(parts)
            cache.styles.append(node.pointee.styleRecord.style?.text)
            cache.stylesRevision &+= 1
            out += line
            continue
          }
          if !SnapshotNode.sameStyle(before, node) {
            cache.styles[index] = node.pointee.styleRecord.style?.text
            cache.stylesRevision &+= 1
          }
          if !SnapshotNode.sameLine(before, node) {
            cache.parts[index].update(from: before.pointee, to: node.pointee)
            cache.lines[index] = cache.parts[index].line(of: node.pointee)
          }
          out += cache.lines[index]
        }
      }
    }
    appendAnimationLines(to: &out)
    cache.length = out.utf8.count
    return out
  }
}

extension SnapshotNode {
  /// Whether `a` and `b` print the same line (`==`): every field of a node's line, texts
  /// compared byte for byte, read in place (copying a node out of its array, as comparing
  /// array elements with a synthesized `==` did, and destroying the copy cost more than
  /// comparing it).
  @inline(__always)
  static func sameLine(_ a: UnsafePointer<SnapshotNode>, _ b: UnsafePointer<SnapshotNode>) -> Bool {
    a.pointee.frame == b.pointee.frame && sameBytes(a.pointee.text, b.pointee.text)
      && sameBytes(a.pointee.id, b.pointee.id) && sameBytes(a.pointee.parent, b.pointee.parent)
      && a.pointee.kind == b.pointee.kind && a.pointee.isHidden == b.pointee.isHidden
      && a.pointee.alpha == b.pointee.alpha && sameBytes(a.pointee.state, b.pointee.state)
      && sameBytes(a.pointee.roundedCorners, b.pointee.roundedCorners)
  }

  /// Whether `a` and `b` are the same nodes (`==`, in place), in the same order.
  static func sameLines(_ a: [SnapshotNode], _ b: [SnapshotNode]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        guard let x = a.baseAddress, let y = b.baseAddress, x != y else { return true }
        for index in a.indices where !sameLine(x + index, y + index) { return false }
        return true
      }
    }
  }

  /// Whether `a` and `b` have the same style (`StyleRecord` leaves it out of `==`), read in
  /// place.
  static func sameStyle(_ a: UnsafePointer<SnapshotNode>, _ b: UnsafePointer<SnapshotNode>)
    -> Bool
  {
    guard let style = a.pointee.styleRecord.style else { return b.pointee.styleRecord.style == nil }
    guard let other = b.pointee.styleRecord.style else { return false }
    return style == other
  }
}

/// A node line's leading parts: `kind id parent=P frame=` and the frame's four numbers, kept
/// so that a node whose label text or one edge changed reformats only that.
struct NodeLineParts {
  var head: String
  var x: String
  var y: String
  var width: String
  var height: String

  init(_ node: SnapshotNode) {
    head = Self.head(of: node)
    x = pointText(node.frame.x)
    y = pointText(node.frame.y)
    width = pointText(node.frame.width)
    height = pointText(node.frame.height)
  }

  private static func head(of node: SnapshotNode) -> String {
    "\(node.kind.rawValue) \(escapeToken(node.id)) parent=\(escapeToken(node.parent)) frame="
  }

  /// The parts of `new`, reusing those `old` (the node these parts are of) shares with it.
  /// Equal numbers print alike (`pointText` of 0 and -0 is `0`; NaN is never equal, so it is
  /// printed again).
  mutating func update(from old: SnapshotNode, to new: SnapshotNode) {
    if old.kind != new.kind || !sameBytes(old.id, new.id) || !sameBytes(old.parent, new.parent) {
      head = Self.head(of: new)
    }
    if old.frame.x != new.frame.x { x = pointText(new.frame.x) }
    if old.frame.y != new.frame.y { y = pointText(new.frame.y) }
    if old.frame.width != new.frame.width { width = pointText(new.frame.width) }
    if old.frame.height != new.frame.height { height = pointText(new.frame.height) }
  }

  /// The line of `node` (whose parts these are), with its newline:
  /// `kind id parent=P frame=x,y,w,h [hidden] [alpha=A] [corners=...] [state=S] [text=T]`.
  func line(of node: SnapshotNode) -> String {
    var out = head
    out += x
    out += ","
    out += y
    out += ","
    out += width
    out += ","
    out += height
    if node.isHidden { out += " hidden" }
    if node.alpha != 1 { out += " alpha=" + pointText(node.alpha) }
    if !node.roundedCorners.isEmpty {
      out += " corners=" + node.roundedCorners.joined(separator: ",")
    }
    if let state = node.state { out += " state=" + escapeToken(state) }
    if let text = node.text { out += " text=" + escapeToken(text) }
    out += "\n"
    return out
  }
}
