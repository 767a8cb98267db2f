import Findings
import Foundation
import HeadlessUIKit

// The canonical text form of snapshots: stable order, one fact a line, so it reads well in a
// terminal and diffs well in git. It is also the storage form, and the content hash is taken
// over it. Points (map size, safe area, frames, alpha) print as UIKit's `recursiveDescription`
// prints them (`pointText`: 375, 388.667, 20.3333); times with three decimals.
//
//   layout activeGuidance wide=no map=393x852 safe=59,0,34,0 dir=ltr
//   sdk turnCard parent=map frame=0,59,393,120
//   sdk speedWidget parent=map frame=0,600,64,132 state=both/major
//   view OrderSheet parent=map frame=16,652.333,361,200 alpha=0.5
//   sdk prompt.incident#3 parent=map frame=0,700,393,152 corners=minXminY,maxXminY
//   guide UILayoutGuide#1 parent=map frame=0,0,393,852 hidden
//   anim views=prompt.incident#3 props=frame start=12.000 duration=0.300
//
// Older text printed points with two fixed decimals (`map=393.00x852.00`, `388.67`); it still
// reads, and `isTwoDecimalText` recognises it.
//
// A snapshot adds a header line and its findings:
//   event 12 t=12.000 progress
//   finding error missing-viewport views=viewport The viewport is not in the view tree.
//
// The built-in layout adds `content=alternates:2,destinationMarkers,...` to the layout line
// and `state=` to SDK views it styles; both are left out when empty, so layouts of custom
// delegates read as they always did. Replays of screens add `text=` to app labels and buttons
// (the text they show, escaped; an empty text reads `text=%00`).
//
// Identities are escaped (space, '%', ',', '=' and control characters as %XX) so every
// field stays one token.

// MARK: - Writing

extension LayoutState {
  /// The canonical text, one line per fact, ending with a newline.
  public var text: String {
    var out = headerLine
    for node in nodes { out += NodeLineParts(node).line(of: node) }
    appendAnimationLines(to: &out)
    return out
  }

  var headerLine: String {
    var out = "layout \(state) wide=\(wideMode ? "yes" : "no") map="
    out += pointText(mapWidth) + "x" + pointText(mapHeight)
    out += " safe=" + [safeArea.top, safeArea.leading, safeArea.bottom, safeArea.trailing]
      .map(pointText).joined(separator: ",")
    out += " dir=\(direction)"
    if !mapContent.isEmpty { out += " content=" + mapContent.map(escapeToken).joined(separator: ",") }
    if !overlays.isEmpty { out += " overlays=" + overlays.map(escapeToken).joined(separator: ",") }
    out += "\n"
    return out
  }

  func appendAnimationLines(to out: inout String) {
    for animation in animations {
      out += "anim views=" + animation.views.map(escapeToken).joined(separator: ",")
      out += " props=" + animation.properties.map(escapeToken).joined(separator: ",")
      out += " start=" + formatFixed(animation.start, 3)
      out += " duration=" + formatFixed(animation.duration, 3) + "\n"
    }
  }

  /// A 64-bit FNV-1a hash of `text`, as 16 hex digits: the layout's storage key.
  public var hash: String { contentHash(text) }
}

extension Finding {
  /// `finding <severity> <rule> views=<a,b> [at=<path:line>] <message>` (message escaped for
  /// newlines only; `at=` only when the source is known).
  public var textLine: String {
    let message = self.message.replacingOccurrences(of: "\n", with: " ")
    return "finding \(severity.rawValue) \(escapeToken(ruleID)) views="
      + views.map(escapeToken).joined(separator: ",")
      + (source.map { " at=" + escapeToken($0.description) } ?? "") + " " + message
  }
}

extension LayoutSnapshot {
  /// Header line, layout, findings.
  public var text: String {
    var out = "event \(seq) t=\(formatFixed(Double(t) / 1000, 3)) \(event)\n"
    out += layout.text
    for finding in findings { out += finding.textLine + "\n" }
    return out
  }
}

// MARK: - Reading

/// A line of stored snapshot text NavSim cannot read.
public struct SnapshotTextError: Error, CustomStringConvertible, Equatable {
  public var line: Int
  public var problem: String
  public var description: String { "snapshot text line \(line): \(problem)" }
}

extension LayoutState {
  /// Parses the canonical text `text` produces.
  /// - Throws: `SnapshotTextError` naming the line and the problem.
  public init(text: String) throws {
    var state: LayoutState?
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
      lineNumber += 1
      let tokens = rawLine.split(separator: " ").map(String.init)
      guard let head = tokens.first else { continue }
      let fields = keyedFields(tokens.dropFirst())
      func need(_ key: String) throws -> String {
        guard let value = fields[key] else {
          throw SnapshotTextError(line: lineNumber, problem: "missing '\(key)=' in '\(rawLine)'")
        }
        return value
      }
      func numbers(_ key: String, count: Int, separator: Character = ",") throws -> [Double] {
        let values = try need(key).split(separator: separator).compactMap { Double($0) }
        guard values.count == count else {
          throw SnapshotTextError(line: lineNumber, problem: "bad '\(key)=' in '\(rawLine)'")
        }
        return values
      }
      switch head {
      case "layout":
        guard tokens.count >= 2 else {
          throw SnapshotTextError(line: lineNumber, problem: "layout line without a state")
        }
        let map = try numbers("map", count: 2, separator: "x")
        let safe = try numbers("safe", count: 4)
        state = LayoutState(
          state: tokens[1], wideMode: try need("wide") == "yes", mapWidth: map[0],
          mapHeight: map[1],
          safeArea: SnapshotInsets(top: safe[0], leading: safe[1], bottom: safe[2], trailing: safe[3]),
          direction: try need("dir"), nodes: [], animations: [],
          mapContent: fields["content"].map {
            $0.split(separator: ",").map { unescapeToken(String($0)) }
          } ?? [],
          overlays: fields["overlays"].map {
            $0.split(separator: ",").map { unescapeToken(String($0)) }
          } ?? [])
      case "sdk", "view", "guide":
        guard state != nil, tokens.count >= 2, let kind = SnapshotNode.Kind(rawValue: head) else {
          throw SnapshotTextError(line: lineNumber, problem: "node before the layout line")
        }
        let frame = try numbers("frame", count: 4)
        let corners = fields["corners"].map { $0.split(separator: ",").map(String.init) } ?? []
        state!.nodes.append(
          SnapshotNode(
            id: unescapeToken(tokens[1]), kind: kind, parent: unescapeToken(try need("parent")),
            frame: SnapshotRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]),
            isHidden: tokens.contains("hidden"), alpha: Double(fields["alpha"] ?? "1") ?? 1,
            roundedCorners: corners, state: fields["state"].map(unescapeToken),
            text: fields["text"].map(unescapeToken)))
      case "anim":
        guard state != nil else {
          throw SnapshotTextError(line: lineNumber, problem: "animation before the layout line")
        }
        state!.animations.append(
          SnapshotAnimation(
            views: try need("views").split(separator: ",").map { unescapeToken(String($0)) },
            properties: try need("props").split(separator: ",").map { unescapeToken(String($0)) },
            start: Double(try need("start")) ?? 0, duration: Double(try need("duration")) ?? 0))
      default:
        throw SnapshotTextError(line: lineNumber, problem: "unknown line '\(head)'")
      }
    }
    guard let state else { throw SnapshotTextError(line: 1, problem: "no layout line") }
    self = state
  }
}

extension Finding {
  /// Parses `textLine`. - Throws: `SnapshotTextError` when the line is not a finding.
  public init(textLine: String) throws {
    let parts = textLine.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count >= 4, parts[0] == "finding",
      let severity = Severity(rawValue: String(parts[1])), parts[3].hasPrefix("views=")
    else { throw SnapshotTextError(line: 1, problem: "not a finding: '\(textLine)'") }
    let views = parts[3].dropFirst("views=".count).split(separator: ",")
      .map { unescapeToken(String($0)) }
    var message = parts.count > 4 ? String(parts[4]) : ""
    var source: FindingSource?
    if message.hasPrefix("at=") {
      let rest = message.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
      guard let parsed = FindingSource(text: unescapeToken(String(rest[0].dropFirst(3)))) else {
        throw SnapshotTextError(line: 1, problem: "bad source in finding: '\(textLine)'")
      }
      source = parsed
      message = rest.count > 1 ? String(rest[1]) : ""
    }
    self.init(
      ruleID: unescapeToken(String(parts[2])), severity: severity, views: views,
      message: message, source: source)
  }
}

// MARK: - Tokens and numbers

private func keyedFields(_ tokens: ArraySlice<String>) -> [String: String] {
  var fields: [String: String] = [:]
  for token in tokens {
    guard let equals = token.firstIndex(of: "=") else { continue }
    fields[String(token[..<equals])] = String(token[token.index(after: equals)...])
  }
  return fields
}

/// Escapes the characters that would split a token: space, '%', ',', '=' and control
/// characters, as `%XX`; the empty string becomes `%00`.
package func escapeToken(_ token: String) -> String {
  if token.isEmpty { return "%00" }
  var token = token
  // Over the contiguous bytes, written once into the result: building a byte array and a
  // radix string for each escaped byte cost about 5 k instructions a label's text.
  return token.withUTF8 { bytes in
    var escapes = 0
    for byte in bytes where needsEscape(byte) { escapes += 1 }
    if escapes == 0 { return nil }
    return String(unsafeUninitializedCapacity: bytes.count + 2 * escapes) { buffer in
      var at = 0
      for byte in bytes {
        if needsEscape(byte) {
          buffer[at] = 0x25
          buffer[at + 1] = upperHexDigit(byte >> 4)
          buffer[at + 2] = upperHexDigit(byte & 15)
          at += 3
        } else {
          buffer[at] = byte
          at += 1
        }
      }
      return at
    }
  } ?? token
}

/// The uppercase hexadecimal digit of `value` (0...15).
private func upperHexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 48 + value : 55 + value }

private func needsEscape(_ byte: UInt8) -> Bool {
  byte <= 0x20 || byte == 0x25 || byte == 0x2C || byte == 0x3D || byte == 0x7F
}

/// Reverses `escapeToken`.
func unescapeToken(_ token: String) -> String {
  if token == "%00" { return "" }
  guard token.contains("%") else { return token }
  var bytes: [UInt8] = []
  var utf8 = Array(token.utf8)[...]
  while let byte = utf8.popFirst() {
    if byte == 0x25, utf8.count >= 2,
      let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
    {
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    } else {
      bytes.append(byte)
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// `value` with exactly `decimals` decimals (rounded half away from zero), never `-0.00`.
package func formatFixed(_ value: Double, _ decimals: Int) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
  var scale: Double = 1
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
  guard scaled < 9e15 else { return String(value) }
  let units = Int64(scaled)
  let divisor = Int64(scale)
  let whole = units / divisor
  var fraction = String(units % divisor)
  while fraction.count < decimals { fraction = "0" + fraction }
  let sign = (value < 0 && units != 0) ? "-" : ""
  return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
}

/// 64-bit FNV-1a over the UTF-8 bytes, 16 lowercase hex digits.
package func contentHash(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  var text = text
  text.withUTF8 { bytes in  // contiguous bytes: a plain loop, not the string's iterator
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
  }
  let hex = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}

/// A point value (frame edge or size, map size, safe area, alpha) as UIKit's
/// `recursiveDescription` prints it: `%g`, six significant digits (`375`, `388.667`,
/// `20.3333`, `0.5`), never `-0`. See HeadlessUIKit's `uikitNumber` for the sources.
package func pointText(_ value: Double) -> String { uikitNumber(value) }

/// `value` rounded to the six significant digits `pointText` prints, so a snapshot read back
/// from its text equals the one taken (`388.6666…` is kept as `388.667`). Whole values below
/// a million are kept as they are; never `-0`.
package func pointValue(_ value: Double) -> Double {
  guard value.isFinite, value != 0 else { return value == 0 ? 0 : value }
  if value.rounded(.towardZero) == value, abs(value) < 1e6 { return value }
  let digits = 5 - Int(log10(abs(value)).rounded(.down))  // decimals that keep six digits
  var power: Double = 1
  for _ in 0..<abs(digits) { power *= 10 }
  let scaled = digits >= 0 ? value * power : value / power
  // Near a half the scaled product's own rounding can decide the digit `%g` takes from the
  // exact binary value (327.1275 prints 327.127): there the printed text is the answer.
  if abs(abs(scaled - scaled.rounded(.towardZero)) - 0.5) < 1e-6 {
    return Double(uikitNumber(value)) ?? value
  }
  let result = digits >= 0 ? scaled.rounded() / power : scaled.rounded() * power
  return result == 0 ? 0 : result
}

/// True when `text` (snapshot or golden text) has a layout line whose map size has two fixed
/// decimals (`map=393.00x852.00`): text written before points printed as UIKit prints them.
/// `pointText` never prints a trailing zero after the point, so new text never matches.
package func isTwoDecimalText(_ text: String) -> Bool {
  var rest = text[...]
  while let range = rest.range(of: " map=") {
    let field = rest[range.upperBound...].prefix { $0 != " " && $0 != "\n" }
    let sizes = field.split(separator: "x", omittingEmptySubsequences: false)
    if sizes.count == 2, sizes.contains(where: hasTwoFixedDecimals) { return true }
    rest = rest[range.upperBound...]
  }
  return false
}

private func hasTwoFixedDecimals(_ number: Substring) -> Bool {
  guard let point = number.firstIndex(of: ".") else { return false }
  let decimals = number[number.index(after: point)...]
  return decimals.count == 2 && decimals.allSatisfy(\.isNumber) && decimals.hasSuffix("0")
}

/// A coordinate with at most two decimals and no trailing zeros (`59`, `0.33`, `-12.5`).
package func num(_ value: Double) -> String {
  var text = formatFixed(value, 2)
  guard text.contains(".") else { return text }
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}
