import Findings
import Foundation
import JSON
import SessionEvents

// A small, deterministic JSON writer: keys in the order written (callers write them sorted),
// points as UIKit prints them (`point`), times with fixed decimals. Output that reaches users
// never depends on hash order.

/// Builds JSON values as text.
package enum JSONText {
  /// A JSON string literal: SessionEvents' escaping (RFC 8259), plus `<` as `\u003c` so the
  /// text can sit inside an HTML `<script>` element. (Escapes never produce a `<`, so every
  /// `<` left is the string's own.) U+2028 and U+2029 stay as they are: JavaScript reads them
  /// inside a string since ES2019; the report's payload escapes them too (`scriptSafe`).
  package static func quote(_ string: String) -> String {
    var writer = JSONWriter()
    writer.string(string)
    return scriptSafe(writer.output)
  }

  /// `json` with every `<` written `\u003c` and, with `lineSeparators`, U+2028 and U+2029 as
  /// `\u2028` and `\u2029`: escapes that mean the same characters inside a JSON string, so
  /// the text can sit inside a `<script>` element. Found in the bytes: a `<` followed by a
  /// combining mark (`<` U+0338 is canonically "≮") is one `Character` with it, which a
  /// `String` search passes over.
  /// - Complexity: O(bytes of `json`).
  package static func scriptSafe(_ json: String, lineSeparators: Bool = false) -> String {
    guard json.utf8.contains(where: { $0 == 0x3C || (lineSeparators && $0 == 0xE2) }) else {
      return json
    }
    let bytes = Array(json.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x3C {
        out += Array("\\u003c".utf8)
        i += 1
      } else if lineSeparators, bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80,
        bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
      {
        // U+2028 is E2 80 A8, U+2029 E2 80 A9.
        out += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// An object from already-encoded values, in the given key order.
  package static func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  package static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

  /// `value` with exactly `decimals` decimals; `null` when not finite.
  package static func number(_ value: Double, decimals: Int) -> String {
    value.isFinite ? formatFixed(value, decimals) : "null"
  }

  /// A point value (frame, map size, safe area, alpha) as the snapshot text prints it
  /// (`pointText`: `375`, `388.667`, `20.3333`), a valid JSON number; `null` when not finite.
  package static func point(_ value: Double) -> String {
    value.isFinite ? pointText(value) : "null"
  }

  package static func bool(_ value: Bool) -> String { value ? "true" : "false" }
}

// MARK: - Snapshots as JSON

extension SnapshotRect {
  package var json: String {
    JSONText.object([
      ("height", JSONText.point(height)), ("width", JSONText.point(width)),
      ("x", JSONText.point(x)), ("y", JSONText.point(y)),
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
        ("alpha", JSONText.point(node.alpha)),
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
      ("mapHeight", JSONText.point(mapHeight)), ("mapWidth", JSONText.point(mapWidth)),
      ("nodes", JSONText.array(nodes)),
      ("safeArea", JSONText.object([
        ("bottom", JSONText.point(safeArea.bottom)), ("leading", JSONText.point(safeArea.leading)),
        ("top", JSONText.point(safeArea.top)), ("trailing", JSONText.point(safeArea.trailing)),
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
