// A JSON reader for whole documents (route responses, scenarios) that keeps what their errors
// need: the line of every value and the order of object keys. Numbers keep their text, so a
// 64-bit seed is exact. (SessionEvents' `JSONValue` reads one-line JSON Lines records and
// reports columns only; a scenario error must name its line.)

/// Parsed JSON documents whose values know their lines.
enum JSONDocument {}

extension JSONDocument {
  /// A JSON value and the line it starts on.
  struct Value: Sendable {
    enum Kind: Sendable {
      case null
      case bool(Bool)
      /// The number's text, exactly as written.
      case number(String)
      case string(String)
      case array([Value])
      /// Members in document order.
      case object([(key: String, value: Value)])
    }

    var kind: Kind
    /// The 1-based line where the value starts.
    var line: Int

    /// The member `key` of an object (the last one if repeated), nil otherwise.
    subscript(key: String) -> JSONDocument.Value? {
      guard case .object(let members) = kind else { return nil }
      return members.last { $0.key == key }?.value
    }

    var objectMembers: [(key: String, value: JSONDocument.Value)]? {
      if case .object(let members) = kind { return members }
      return nil
    }

    var arrayValues: [JSONDocument.Value]? {
      if case .array(let values) = kind { return values }
      return nil
    }

    var stringValue: String? {
      if case .string(let text) = kind { return text }
      return nil
    }

    var boolValue: Bool? {
      if case .bool(let value) = kind { return value }
      return nil
    }

    /// A finite number, nil for anything else.
    var doubleValue: Double? {
      guard case .number(let text) = kind, let value = Double(text), value.isFinite else {
        return nil
      }
      return value
    }

    /// What the value is, for messages (`a string`, `an array`...).
    var typeName: String {
      switch kind {
      case .null: "null"
      case .bool: "a boolean"
      case .number: "a number"
      case .string: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }
}

extension JSONDocument {
  /// A syntax error in a JSON document.
  struct SyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
  }
}

// MARK: - Reader

/// Parses a UTF-8 JSON document (RFC 8259; a leading byte-order mark is allowed).
struct JSONDocumentReader {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var depth = 0

  /// The deepest nesting accepted, so a hostile file cannot exhaust the stack.
  static let maximumDepth = 512

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// The document's single top-level value.
  /// - Throws: `JSONDocument.SyntaxError` with line and column.
  /// - Complexity: O(n).
  static func parse(_ bytes: [UInt8]) throws -> JSONDocument.Value {
    var reader = JSONDocumentReader(bytes)
    reader.skipWhitespace()
    guard reader.index < bytes.count else { throw reader.fail("the document is empty") }
    let value = try reader.value()
    reader.skipWhitespace()
    guard reader.index == bytes.count else { throw reader.fail("unexpected text after the value") }
    return value
  }

  private mutating func value() throws -> JSONDocument.Value {
    guard index < bytes.count else { throw fail("unexpected end of the document") }
    let line = self.line
    switch bytes[index] {
    case UInt8(ascii: "{"): return JSONDocument.Value(kind: try object(), line: line)
    case UInt8(ascii: "["): return JSONDocument.Value(kind: try array(), line: line)
    case UInt8(ascii: "\""): return JSONDocument.Value(kind: .string(try string()), line: line)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONDocument.Value(kind: .bool(true), line: line)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONDocument.Value(kind: .bool(false), line: line)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONDocument.Value(kind: .null, line: line)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONDocument.Value(kind: .number(try number()), line: line)
    default:
      throw fail("unexpected character '\(Unicode.Scalar(bytes[index]))'")
    }
  }

  private mutating func object() throws -> JSONDocument.Value.Kind {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [(key: String, value: JSONDocument.Value)] = []
    skipWhitespace()
    if try consume(UInt8(ascii: "}")) { return .object(members) }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a key in quotes")
      }
      let key = try string()
      skipWhitespace()
      guard try consume(UInt8(ascii: ":")) else { throw fail("expected ':' after key \"\(key)\"") }
      skipWhitespace()
      members.append((key, try value()))
      skipWhitespace()
      if try consume(UInt8(ascii: "}")) { return .object(members) }
      guard try consume(UInt8(ascii: ",")) else { throw fail("expected ',' or '}' in an object") }
    }
  }

  private mutating func array() throws -> JSONDocument.Value.Kind {
    try enter()
    defer { depth -= 1 }
    index += 1
    var values: [JSONDocument.Value] = []
    skipWhitespace()
    if try consume(UInt8(ascii: "]")) { return .array(values) }
    while true {
      skipWhitespace()
      values.append(try value())
      skipWhitespace()
      if try consume(UInt8(ascii: "]")) { return .array(values) }
      guard try consume(UInt8(ascii: ",")) else { throw fail("expected ',' or ']' in an array") }
    }
  }

  private mutating func string() throws -> String {
    index += 1  // opening quote
    var utf8: [UInt8] = []
    while true {
      guard index < bytes.count else { throw fail("unterminated string") }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw fail("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8 += try unicodeEscape()
        default: throw fail("invalid escape '\\\(Unicode.Scalar(escape))'")
        }
      case 0x00..<0x20:
        throw fail("control character in a string")
      default:
        utf8.append(byte)
      }
    }
  }

  private mutating func unicodeEscape() throws -> [UInt8] {
    var code = try hex4()
    if (0xD800..<0xDC00).contains(code) {
      guard bytes[index...].starts(with: Array("\\u".utf8)) else { throw fail("lone surrogate") }
      index += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
    return Array(String(Character(scalar)).utf8)
  }

  private mutating func hex4() throws -> UInt32 {
    guard index + 4 <= bytes.count,
      let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
    else { throw fail("invalid \\u escape") }
    index += 4
    return code
  }

  private mutating func number() throws -> String {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - first
    }
    _ = try consume(UInt8(ascii: "-"))
    guard digits() > 0 else { throw fail("invalid number") }
    if try consume(UInt8(ascii: ".")) { guard digits() > 0 else { throw fail("invalid number") } }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw fail("invalid number") }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  // MARK: - Lexical helpers

  private mutating func literal(_ word: String) throws {
    guard bytes[index...].starts(with: word.utf8) else { throw fail("invalid literal") }
    index += word.utf8.count
  }

  private mutating func consume(_ byte: UInt8) throws -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func enter() throws {
    depth += 1
    guard depth <= JSONDocumentReader.maximumDepth else { throw fail("nesting is too deep") }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private func fail(_ message: String) -> JSONDocument.SyntaxError {
    JSONDocument.SyntaxError(line: line, column: index - lineStart + 1, message: message)
  }
}
