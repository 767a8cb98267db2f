import Foundation
import HeadlessUIKit
import Replay
import TextBytes

// Event payloads in a report. Most events of a trip are progress ticks whose payloads share
// their keys, so a payload object is stored as its values after the index of its key list:
// `{"distanceRemaining":2796.1,"roadName":"Hauptstrasse"}` becomes `[0,2796.1,"Hauptstrasse"]`
// with `["distanceRemaining","roadName"]` stored once. Values keep their exact JSON text.

extension ReportData {
  /// The payload as it goes into the report's data: `[schema, values...]` for a JSON object,
  /// a JSON string holding the text for anything else. `<` is written `\u003c` throughout.
  /// - Complexity: O(length of `detail`).
  func payload(_ detail: String) -> String {
    let trimmed = detail.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix("{"),
      (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) is [String: Any],
      let members = Self.topLevelMembers(of: trimmed)
    else { return JSONText.quote(detail) }
    let schema = "[" + members.map(\.key).joined(separator: ",") + "]"
    let index = payloadSchemaIndex[ByteKey(schema)] ?? {
      payloadSchemas.append(Self.scriptSafe(schema))
      payloadSchemaIndex[ByteKey(schema)] = payloadSchemas.count - 1
      return payloadSchemas.count - 1
    }()
    return Self.scriptSafe("[\(index)" + members.map { "," + $0.value }.joined() + "]")
  }

  /// JSON text that can sit in a `<script>` element: `<` (only ever inside strings) and the
  /// two line separators as escapes that mean the same characters, found in the bytes
  /// (`JSONText.scriptSafe`: one followed by a combining mark is escaped too).
  static func scriptSafe(_ json: String) -> String {
    JSONText.scriptSafe(json, lineSeparators: true)
  }

  /// The members of a valid JSON object text, each key and value as its raw JSON text, in
  /// order; nil when the text is not one object.
  static func topLevelMembers(of text: String) -> [(key: String, value: String)]? {
    let bytes = Array(text.utf8)
    var index = 0
    func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    /// Moves past the JSON value (or string) starting at `index`; returns its text.
    func value() -> String? {
      let start = index
      var depth = 0
      var inString = false
      while index < bytes.count {
        let byte = bytes[index]
        if inString {
          if byte == 0x5C { index += 1 } else if byte == 0x22 { inString = false }
        } else if byte == 0x22 {
          inString = true
        } else if byte == 0x7B || byte == 0x5B {
          depth += 1
        } else if byte == 0x7D || byte == 0x5D {
          if depth == 0 { break }
          depth -= 1
        } else if byte == 0x2C, depth == 0 {
          break
        } else if depth == 0, [0x20, 0x09, 0x0A, 0x0D, 0x3A].contains(byte) {
          break
        }
        index += 1
        if depth == 0, !inString, bytes[start] == 0x22 || bytes[start] == 0x7B || bytes[start] == 0x5B {
          break  // a string, object or array just closed
        }
      }
      guard index > start else { return nil }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
    skipSpace()
    guard index < bytes.count, bytes[index] == 0x7B else { return nil }
    index += 1
    var members: [(key: String, value: String)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == 0x7D { return members }
    while index < bytes.count {
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x22, let key = value() else { return nil }
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x3A else { return nil }
      index += 1
      skipSpace()
      guard let item = value() else { return nil }
      members.append((key, item))
      skipSpace()
      guard index < bytes.count else { return nil }
      if bytes[index] == 0x7D { return members }
      guard bytes[index] == 0x2C else { return nil }
      index += 1
    }
    return nil
  }
}
