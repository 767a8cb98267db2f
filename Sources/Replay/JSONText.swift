import Findings
import Foundation
import JSON
import SessionEvents

// A small, deterministic JSON writer: keys in the order written (callers write them sorted),
// numbers with fixed decimals. Output that reaches users never depends on hash order.

/// Builds JSON values as text.
package enum JSONText {
  /// A JSON string literal: SessionEvents' escaping (RFC 8259), plus `<` as `\u003c` so the
  /// text can sit inside an HTML `<script>` element. (Escapes never produce a `<`, so every
  /// `<` left is the string's own.)
  package static func quote(_ string: String) -> String {
    var writer = JSONWriter()
    writer.string(string)
    let quoted = writer.output
    return quoted.contains("<") ? quoted.replacingOccurrences(of: "<", with: "\\u003c") : quoted
  }

  /// An object from already-encoded values, in the given key order.
  package static func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  package static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

  package static func number(_ value: Double, decimals: Int = 2) -> String {
    value.isFinite ? formatFixed(value, decimals) : "null"
  }

  package static func bool(_ value: Bool) -> String { value ? "true" : "false" }
}

// MARK: - Snapshots as JSON

extension SnapshotRect {
  package var json: String {
    JSONText.object([
      ("height", JSONText.number(height)), ("width", JSONText.number(width)),
      ("x", JSONText.number(x)), ("y", JSONText.number(y)),
    ])
  }
}

extension Finding {
  /// The finding as a JSON object with sorted keys.
  public var json: String {
    var members = [
      ("message", JSONText.quote(message)), ("rule", JSONText.quote(ruleID)),
      ("severity", JSONText.quote(severity.rawValue)),
    ]
    if let source { members.append(("source", JSONText.quote(source.description))) }
    members.append(("views", JSONText.array(views.map(JSONText.quote))))
    return JSONText.object(members)
  }
}

extension LayoutState {
  /// The layout as a JSON object with sorted keys.
  public var json: String {
    let nodes = self.nodes.map { node in
      JSONText.object([
        ("alpha", JSONText.number(node.alpha)),
        ("corners", JSONText.array(node.roundedCorners.map(JSONText.quote))),
        ("frame", node.frame.json), ("hidden", JSONText.bool(node.isHidden)),
        ("id", JSONText.quote(node.id)), ("kind", JSONText.quote(node.kind.rawValue)),
        ("parent", JSONText.quote(node.parent)),
      ])
    }
    let animations = self.animations.map { animation in
      JSONText.object([
        ("duration", JSONText.number(animation.duration, decimals: 3)),
        ("properties", JSONText.array(animation.properties.map(JSONText.quote))),
        ("start", JSONText.number(animation.start, decimals: 3)),
        ("views", JSONText.array(animation.views.map(JSONText.quote))),
      ])
    }
    return JSONText.object([
      ("animations", JSONText.array(animations)), ("direction", JSONText.quote(direction)),
      ("mapHeight", JSONText.number(mapHeight)), ("mapWidth", JSONText.number(mapWidth)),
      ("nodes", JSONText.array(nodes)),
      ("safeArea", JSONText.object([
        ("bottom", JSONText.number(safeArea.bottom)), ("leading", JSONText.number(safeArea.leading)),
        ("top", JSONText.number(safeArea.top)), ("trailing", JSONText.number(safeArea.trailing)),
      ])),
      ("state", JSONText.quote(state)), ("wideMode", JSONText.bool(wideMode)),
    ])
  }
}

extension LayoutSnapshot {
  /// The snapshot as one JSON object with sorted keys (one line).
  public var json: String {
    JSONText.object([
      ("event", JSONText.quote(event)), ("findings", JSONText.array(findings.map(\.json))),
      ("layout", layout.json), ("seq", String(seq)), ("t", String(t)),
    ])
  }
}
