// A small JSON reader and writer for event exports, `--json` output and imports. Hand-written
// so the hot paths stay cheap: the writer appends to one string, the reader scans UTF-8 bytes.

/// A parsed JSON value. Numbers keep their literal text, so integers and reals stay distinct
/// and parse exactly; objects keep their members in document order.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// The value of `key` in an object (the first, if repeated), else nil.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A short name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
  public var key: String
  public var value: JSONValue

  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// Malformed JSON: where (1-based line, and column in UTF-8 bytes within it) and what.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The 1-based line: always 1 for a one-line record.
  public var line: Int
  public var column: Int
  public var message: String

  public init(line: Int = 1, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "invalid JSON at column \(column): \(message)" }
}

// MARK: - Reading

extension JSONValue {
  /// Parses one complete JSON text (e.g. one line of a JSON Lines file).
  /// - Throws: `JSONSyntaxError` with the column of the first problem.
  /// - Complexity: O(n) in the text's length; nesting is limited to 64 levels.
  public init(parsing text: String) throws(JSONSyntaxError) {
    var text = text
    let result = text.withUTF8 { bytes in
      var parser = JSONParser<JSONValue>(bytes: bytes, maximumDepth: 64)
      return Result { () throws(JSONSyntaxError) -> JSONValue in
        try parser.parseDocument()
      }
    }
    self = try result.get()
  }
}

extension JSONValue: JSONParsedNode {
  static func makeMembers() -> [JSONMember] { [] }
  static func append(_ key: String, _ value: JSONValue, to members: inout [JSONMember]) {
    members.append(JSONMember(key, value))
  }
  static func makeObject(_ members: [JSONMember], line: Int) -> JSONValue { .object(members) }
  static func makeArray(_ elements: [JSONValue], line: Int) -> JSONValue { .array(elements) }
  static func makeScalar(_ scalar: JSONScalar, line: Int) -> JSONValue {
    switch scalar {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let text): .number(text)
    case .string(let text): .string(text)
    }
  }
}

/// A leaf of a JSON text, as the parser hands it to the tree it builds.
enum JSONScalar {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
}

/// A tree the parser can build: `JSONValue` for records, `JSONDocumentValue` (with the line of
/// every value) for whole documents. One parser serves both, so both accept and refuse the
/// same texts with the same messages.
protocol JSONParsedNode {
  associatedtype Members
  static func makeMembers() -> Members
  static func append(_ key: String, _ value: Self, to members: inout Members)
  static func makeObject(_ members: Members, line: Int) -> Self
  static func makeArray(_ elements: [Self], line: Int) -> Self
  static func makeScalar(_ scalar: JSONScalar, line: Int) -> Self
}

/// An RFC 8259 parser over UTF-8 bytes that counts lines as it goes.
struct JSONParser<Node: JSONParsedNode> {
  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  var index = 0
  var depth = 0
  var line = 1
  var lineStart = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  func fail(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> Node {
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count { throw fail("unexpected text after the value") }
    return value
  }

  mutating func skipWhitespace() {
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

  mutating func parseValue() throws(JSONSyntaxError) -> Node {
    skipWhitespace()
    guard index < bytes.count else { throw fail("unexpected end of text") }
    let line = self.line
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return Node.makeScalar(.string(try parseString()), line: line)
    case UInt8(ascii: "t"):
      try expectWord("true")
      return Node.makeScalar(.bool(true), line: line)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return Node.makeScalar(.bool(false), line: line)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return Node.makeScalar(.null, line: line)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return Node.makeScalar(.number(try parseNumber()), line: line)
    default: throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
    }
  }

  mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("expected '\(word)'") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw fail("expected '\(word)'")
    }
    index += count
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > maximumDepth { throw fail("nested too deeply") }
    index += 1
  }

  mutating func parseObject() throws(JSONSyntaxError) -> Node {
    let line = self.line
    try enter()
    var members = Node.makeMembers()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return Node.makeObject(members, line: line)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a quoted key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':' after key \"\(key)\"")
      }
      index += 1
      Node.append(key, try parseValue(), to: &members)
      skipWhitespace()
      guard index < bytes.count else { throw fail("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return Node.makeObject(members, line: line)
      } else {
        throw fail("expected ',' or '}'")
      }
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> Node {
    let line = self.line
    try enter()
    var elements: [Node] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return Node.makeArray(elements, line: line)
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw fail("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return Node.makeArray(elements, line: line)
      } else {
        throw fail("expected ',' or ']'")
      }
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.index
      while parser.index < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
      {
        parser.index += 1
      }
      return parser.index - from
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw fail("expected a digit") }
    if integerDigits > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)]
      == UInt8(ascii: "0")
    {
      throw fail("leading zero in a number")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw fail("expected a digit after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
    {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw fail("expected a digit in the exponent") }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
  }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]),
                          as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw fail("control character in a string") }
      index += 1
    }
    var scalars = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      }
      if byte < 0x20 { throw fail("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        scalars.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else { throw fail("unpaired surrogate in \\u escape") }
          index += 2
          let low = try parseHex4()
          guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
          throw fail("unpaired surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
      default: throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
      }
    }
    throw fail("unterminated string")
  }

  mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("invalid hex digit in \\u escape")
      }
      code = code << 4 | UInt32(digit)
      index += 1
    }
    return code
  }
}

// MARK: - Writing

/// Appends JSON to a UTF-8 buffer. Members are written in the order the caller gives them, so
/// output is deterministic.
public struct JSONWriter {
  /// The JSON written so far, as UTF-8 bytes.
  public private(set) var bytes: [UInt8]

  public init(capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The JSON written so far.
  public var output: String { String(decoding: bytes, as: UTF8.self) }

  /// Forgets what was written, keeping the buffer's capacity.
  public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

  /// Appends raw JSON text (punctuation or an already-encoded value).
  @inline(__always)
  public mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start,
                                                 count: text.utf8CodeUnitCount))
  }

  /// Appends raw JSON text held in a string.
  @inline(__always)
  public mutating func rawText(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// Appends `"key":`.
  @inline(__always)
  public mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
  }

  /// Appends a quoted, escaped string.
  public mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
        case 0..<0x20:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: [
            UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
            hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
          ])
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends an integer.
  @inline(__always)
  public mutating func integer(_ value: Int64) { bytes.append(contentsOf: String(value).utf8) }

  /// Appends a finite real in its shortest exact form (`1.5`, `12.0`, `1e-05`).
  @inline(__always)
  public mutating func real(_ value: Double) {
    precondition(value.isFinite, "JSON has no form for \(value)")
    bytes.append(contentsOf: value.description.utf8)
  }

  /// Appends `true` or `false`.
  @inline(__always)
  public mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

  /// Appends `null`.
  @inline(__always)
  public mutating func null() { raw("null") }

  /// Appends any parsed value, members in their order.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let text): rawText(text)
    case .string(let text): string(text)
    case .array(let elements):
      raw("[")
      for (offset, element) in elements.enumerated() {
        if offset > 0 { raw(",") }
        self.value(element)
      }
      raw("]")
    case .object(let members):
      raw("{")
      for (offset, member) in members.enumerated() {
        if offset > 0 { raw(",") }
        key(member.key)
        self.value(member.value)
      }
      raw("}")
    }
  }
}
