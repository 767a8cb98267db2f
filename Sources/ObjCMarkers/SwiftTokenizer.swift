// A Swift tokenizer just precise enough to find attributes and `#selector` in real source:
// it knows comments (nested block comments included), string literals (single-line,
// multi-line, raw with any number of `#`, interpolations with nested strings and
// parentheses), identifiers, `@` / `#` words and punctuation. Everything else is one
// punctuation token per character.

/// One token of Swift source, as a byte range of the UTF-8 text.
public struct SwiftToken: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// Spaces, tabs and newlines.
    case whitespace
    /// `// ...` or `/* ... */` (nested).
    case comment
    /// A string literal, interpolations included.
    case string
    /// An identifier or keyword (backticked ones included).
    case identifier
    /// `@` followed by a word: `@objc`, `@IBOutlet`, `@MainActor`.
    case attribute
    /// `#` followed by a word: `#selector`, `#if`, `#available`.
    case poundWord
    /// A number literal.
    case number
    /// Any other character: `(`, `)`, `:`, `.`, operators.
    case punctuation
  }

  public let kind: Kind
  /// Byte offsets into the UTF-8 source: `start..<end`.
  public let start: Int
  public let end: Int
  /// 1-based line and column (in bytes) of the first byte.
  public let line: Int
  public let column: Int
}

/// Why a Swift source could not be tokenized or rewritten (`SwiftTokenizer`,
/// `ObjCMarkerRemoval`), with the place.
public struct SwiftSourceError: Error, Equatable, CustomStringConvertible {
  public let line: Int
  public let column: Int
  public let message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "line \(line), column \(column): \(message)" }
}

/// Splits Swift source into tokens.
public struct SwiftTokenizer {
  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var lineStart = 0

  public init(source: String) {
    bytes = Array(source.utf8)
  }

  /// All tokens of the source, in order; their ranges cover it exactly.
  /// - Throws: `SwiftSourceError` for an unterminated comment or string.
  public static func tokens(of source: String) throws -> [SwiftToken] {
    var tokenizer = SwiftTokenizer(source: source)
    var out: [SwiftToken] = []
    while let token = try tokenizer.next() { out.append(token) }
    return out
  }

  /// The next token, or nil at the end.
  public mutating func next() throws -> SwiftToken? {
    guard offset < bytes.count else { return nil }
    let start = offset, startLine = line, column = offset - lineStart + 1
    let kind = try scanToken()
    return SwiftToken(kind: kind, start: start, end: offset, line: startLine, column: column)
  }

  // MARK: - Scanning

  private func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }

  private mutating func advance(_ count: Int = 1) {
    for _ in 0..<count where offset < bytes.count {
      if bytes[offset] == UInt8(ascii: "\n") {
        line += 1
        lineStart = offset + 1
      }
      offset += 1
    }
  }

  private func failure(_ message: String, line: Int, column: Int) -> SwiftSourceError {
    SwiftSourceError(line: line, column: column, message: message)
  }

  private static func isIdentifierHead(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b >= 0x80
  }

  private static func isIdentifierBody(_ b: UInt8) -> Bool {
    isIdentifierHead(b) || (b >= 0x30 && b <= 0x39)
  }

  private mutating func scanToken() throws -> SwiftToken.Kind {
    let b = bytes[offset]
    switch b {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      while let c = byte(offset),
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n")
          || c == UInt8(ascii: "\r")
      {
        advance()
      }
      return .whitespace
    case UInt8(ascii: "/") where byte(offset + 1) == UInt8(ascii: "/"):
      while let c = byte(offset), c != UInt8(ascii: "\n") { advance() }
      return .comment
    case UInt8(ascii: "/") where byte(offset + 1) == UInt8(ascii: "*"):
      try scanBlockComment()
      return .comment
    case UInt8(ascii: "\""):
      try scanString(hashes: 0)
      return .string
    case UInt8(ascii: "#"):
      var hashes = 0
      while byte(offset + hashes) == UInt8(ascii: "#") { hashes += 1 }
      if byte(offset + hashes) == UInt8(ascii: "\"") {
        try scanString(hashes: hashes)
        return .string
      }
      if let c = byte(offset + 1), Self.isIdentifierHead(c) {
        advance()
        scanWord()
        return .poundWord
      }
      advance()
      return .punctuation
    case UInt8(ascii: "@"):
      if let c = byte(offset + 1), Self.isIdentifierHead(c) {
        advance()
        scanWord()
        return .attribute
      }
      advance()
      return .punctuation
    case UInt8(ascii: "`"):
      advance()
      while let c = byte(offset), c != UInt8(ascii: "`"), c != UInt8(ascii: "\n") { advance() }
      if byte(offset) == UInt8(ascii: "`") { advance() }
      return .identifier
    case UInt8(ascii: "$") where byte(offset + 1).map(Self.isIdentifierBody) ?? false:
      advance()
      scanWord()
      return .identifier
    case _ where Self.isIdentifierHead(b):
      scanWord()
      return .identifier
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      while let c = byte(offset), Self.isIdentifierBody(c) || c == UInt8(ascii: ".")
        && (byte(offset + 1).map { $0 >= 0x30 && $0 <= 0x39 } ?? false)
      {
        advance()
      }
      return .number
    default:
      advance()
      return .punctuation
    }
  }

  private mutating func scanWord() {
    while let c = byte(offset), Self.isIdentifierBody(c) { advance() }
  }

  private mutating func scanBlockComment() throws {
    let startLine = line, column = offset - lineStart + 1
    var depth = 0
    repeat {
      guard offset < bytes.count else {
        throw failure("unterminated block comment", line: startLine, column: column)
      }
      if byte(offset) == UInt8(ascii: "/"), byte(offset + 1) == UInt8(ascii: "*") {
        depth += 1
        advance(2)
      } else if byte(offset) == UInt8(ascii: "*"), byte(offset + 1) == UInt8(ascii: "/") {
        depth -= 1
        advance(2)
      } else {
        advance()
      }
    } while depth > 0
  }

  /// A string literal from its opening `#...#"` (or `"`), through its interpolations.
  private mutating func scanString(hashes: Int) throws {
    let startLine = line, column = offset - lineStart + 1
    advance(hashes)
    let multiLine =
      byte(offset) == UInt8(ascii: "\"") && byte(offset + 1) == UInt8(ascii: "\"")
      && byte(offset + 2) == UInt8(ascii: "\"")
    advance(multiLine ? 3 : 1)
    while true {
      guard let c = byte(offset), multiLine || c != UInt8(ascii: "\n") else {
        throw failure("unterminated string literal", line: startLine, column: column)
      }
      if c == UInt8(ascii: "\\") && hashesFollow(offset + 1, hashes) {
        let afterHashes = offset + 1 + hashes
        if byte(afterHashes) == UInt8(ascii: "(") {
          advance(1 + hashes)
          try scanInterpolation()
        } else {
          advance(2 + hashes)  // an escape: `\"`, `\\`, `\#n`...
        }
        continue
      }
      if c == UInt8(ascii: "\"") {
        let quotes = multiLine ? 3 : 1
        let closes =
          (0..<quotes).allSatisfy { byte(offset + $0) == UInt8(ascii: "\"") }
          && hashesFollow(offset + quotes, hashes)
        if closes {
          advance(quotes + hashes)
          return
        }
      }
      advance()
    }
  }

  private func hashesFollow(_ at: Int, _ count: Int) -> Bool {
    (0..<count).allSatisfy { byte(at + $0) == UInt8(ascii: "#") }
  }

  /// `( ... )` of an interpolation: tokens until the matching `)`.
  private mutating func scanInterpolation() throws {
    let startLine = line, column = offset - lineStart + 1
    advance()  // (
    var depth = 1
    while depth > 0 {
      guard offset < bytes.count else {
        throw failure("unterminated string interpolation", line: startLine, column: column)
      }
      let before = offset
      let kind = try scanToken()
      if kind == .punctuation {
        if bytes[before] == UInt8(ascii: "(") { depth += 1 }
        if bytes[before] == UInt8(ascii: ")") { depth -= 1 }
      }
    }
  }
}
