import Replay
@testable import Report
import Testing

// The report's data sits in a `<script>` element: every `<` and line separator of its texts
// is written as an escape, found in the bytes. A `String` search passes over one followed by
// a combining mark, with which it is one `Character` ("<" and U+0338 is canonically "≮").

@Suite struct ReportScriptSafeTests {
  /// Whether `text`'s bytes hold `part` anywhere.
  static func holds(_ text: String, _ part: [UInt8]) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count >= part.count else { return false }
    return (0...(bytes.count - part.count)).contains {
      Array(bytes[$0..<($0 + part.count)]) == part
    }
  }

  static let lessThan: [UInt8] = [0x3C]
  static let lineSeparator: [UInt8] = [0xE2, 0x80, 0xA8]
  static let paragraphSeparator: [UInt8] = [0xE2, 0x80, 0xA9]

  @Test func aStringsLessThanBeforeACombiningMarkIsEscaped() {
    let quoted = JSONText.quote("a<\u{338}/b <c")
    #expect(!Self.holds(quoted, Self.lessThan), "\(quoted)")
    #expect(quoted == #""a\u003c\#u{338}/b \u003cc""#)
  }

  @Test func aPayloadsLessThanAndSeparatorsBeforeACombiningMarkAreEscaped() {
    let data = ReportData(layouts: [:])
    let detail = "{\"road\":\"a<\u{338}b\u{2028}\u{301}c\u{2029}\u{301}d<e\"}"
    let payload = data.payload(detail)
    #expect(!Self.holds(payload, Self.lessThan), "\(payload)")
    #expect(!Self.holds(payload, Self.lineSeparator), "\(payload)")
    #expect(!Self.holds(payload, Self.paragraphSeparator), "\(payload)")
    #expect(payload == "[0,\"a\\u003c\u{338}b\\u2028\u{301}c\\u2029\u{301}d\\u003ce\"]")
    // Not an object: the text as one JSON string, escaped alike.
    let text = data.payload("x<\u{338}y")
    #expect(!Self.holds(text, Self.lessThan), "\(text)")
  }
}
