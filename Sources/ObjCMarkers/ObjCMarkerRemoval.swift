// The "compiles with Objective-C markers removed" tier: a copy of a Swift file without the
// markers that need the Objective-C runtime, which no Swift on Linux has. `@objc`,
// `@objc(name)`, `@objcMembers` and the Interface Builder attributes are removed;
// `#selector(...)` becomes `Selector("name")` with the Objective-C name the compiler would
// give. Line numbers are kept (a removed span's newlines stay), so compiler errors in the
// copy point at the user's lines.

/// One marker taken out of a file.
public struct RemovedMarker: Equatable, Sendable {
  /// What was there: `@objc`, `@objc(name)`, `@IBOutlet`, `#selector(didTap(_:))`...
  public let text: String
  /// What replaced it: "" for an attribute, `Selector("didTap:")` for a selector.
  public let replacement: String
  public let line: Int
  public let column: Int
}

/// A file with its Objective-C markers removed, and what was removed where.
public struct ObjCMarkerRemoval: Sendable {
  /// The rewritten source.
  public let source: String
  /// The markers removed, in source order.
  public let removed: [RemovedMarker]

  /// The attributes removed: they only expose a declaration to the Objective-C runtime (or to
  /// Interface Builder), so without them the declaration means the same to Swift.
  public static let removableAttributes: Set<String> = [
    "@objc", "@objcMembers", "@IBOutlet", "@IBAction", "@IBInspectable", "@IBDesignable",
    "@IBSegueAction", "@GKInspectable",
  ]

  /// Rewrites `source`.
  /// - Throws: `SwiftSourceError` with the place: a source that cannot be tokenized, or a
  ///   `#selector(` without its `)`.
  public init(source: String) throws {
    let tokens = try SwiftTokenizer.tokens(of: source)
    let bytes = Array(source.utf8)
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    let explicitNames = Self.explicitObjCNames(tokens, bytes)
    let declarations = Self.functionDeclarations(tokens, bytes)
    var out: [UInt8] = []
    var removed: [RemovedMarker] = []
    var index = 0, copied = 0
    while index < tokens.count {
      let token = tokens[index]
      let word = text(token.start..<token.end)
      var end: Int?  // byte offset where the replaced span ends
      var replacement = ""
      var lastToken = index
      if token.kind == .attribute, Self.removableAttributes.contains(word) {
        lastToken = index
        if index + 1 < tokens.count, tokens[index + 1].kind == .punctuation,
          bytes[tokens[index + 1].start] == UInt8(ascii: "("),
          let close = Self.matchingParen(tokens, bytes, from: index + 1)
        {
          lastToken = close
        }
        end = tokens[lastToken].end
        // The whitespace after an attribute goes with it, unless it holds a newline.
        if lastToken + 1 < tokens.count, tokens[lastToken + 1].kind == .whitespace,
          !bytes[tokens[lastToken + 1].start..<tokens[lastToken + 1].end]
            .contains(UInt8(ascii: "\n"))
        {
          lastToken += 1
          end = tokens[lastToken].end
        }
      } else if token.kind == .poundWord, word == "#selector" {
        var open = index + 1
        while open < tokens.count, tokens[open].kind == .whitespace
          || tokens[open].kind == .comment
        {
          open += 1
        }
        guard open < tokens.count, bytes[tokens[open].start] == UInt8(ascii: "("),
          let close = Self.matchingParen(tokens, bytes, from: open)
        else {
          throw SwiftSourceError(
            line: token.line, column: token.column, message: "#selector without its ( ... )")
        }
        let inner = tokens[(open + 1)..<close].filter {
          $0.kind != .whitespace && $0.kind != .comment
        }.map { text($0.start..<$0.end) }
        let name = Self.objcSelectorName(
          inner, explicitNames: explicitNames, declarations: declarations)
        replacement = "Selector(\"\(name)\")"
        lastToken = close
        end = tokens[close].end
      }
      guard let end else {
        index += 1
        continue
      }
      out += bytes[copied..<token.start]
      let span = bytes[token.start..<end]
      out += Array(replacement.utf8)
      out += span.filter { $0 == UInt8(ascii: "\n") }  // keep line numbers
      removed.append(
        RemovedMarker(
          text: text(token.start..<tokens[lastToken].end).collapsingWhitespace,
          replacement: replacement, line: token.line, column: token.column))
      copied = end
      index = lastToken + 1
    }
    out += bytes[copied...]
    self.source = String(decoding: out, as: UTF8.self)
    self.removed = removed
  }

  /// The index of the `)` closing the `(` at `from`, counting nested parentheses.
  static func matchingParen(_ tokens: [SwiftToken], _ bytes: [UInt8], from: Int) -> Int? {
    var depth = 0
    for index in from..<tokens.count where tokens[index].kind == .punctuation {
      switch bytes[tokens[index].start] {
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }

  /// The names `@objc(name) func f(...)` gives methods of this file, by base name (`f`).
  static func explicitObjCNames(_ tokens: [SwiftToken], _ bytes: [UInt8]) -> [String: String] {
    func text(_ token: SwiftToken) -> String {
      String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }
    let code = tokens.filter { $0.kind != .whitespace && $0.kind != .comment }
    var names: [String: String] = [:]
    for (index, token) in code.enumerated() where token.kind == .attribute && text(token) == "@objc" {
      guard index + 1 < code.count, text(code[index + 1]) == "(" else { continue }
      var close = index + 1
      while close < code.count, text(code[close]) != ")" { close += 1 }
      let name = code[(index + 2)..<min(close, code.count)].map(text).joined()
      // The declaration after the attribute and its modifiers: `func NAME`.
      var next = close + 1
      while next < code.count, code[next].kind == .identifier || code[next].kind == .attribute,
        text(code[next]) != "func", text(code[next]) != "var", text(code[next]) != "init"
      {
        next += 1
      }
      if next + 1 < code.count, text(code[next]) == "func" {
        names[text(code[next + 1])] = name
      }
    }
    return names
  }

  /// The Objective-C selector Swift gives a `#selector` expression's tokens: the method's base
  /// name, then one `label:` per argument (`selector(base:labels:throwing:)`); `getter: x` is
  /// `x`, `setter: x` is `setX:`. A type prefix (`Self.`, `Screen.`) and a trailing `as` type
  /// are dropped. A method of the same file declared `@objc(name)` has that name
  /// (`explicitNames`, by base name); a bare name (`#selector(keyboardWillShow)`) takes its
  /// labels from the file's one `func` of that name (`declarations`), which also say whether
  /// it throws.
  public static func objcSelectorName(
    _ tokens: [String], explicitNames: [String: String] = [:],
    declarations: [FunctionDeclaration] = []
  ) -> String {
    var words = tokens
    if let cast = words.firstIndex(of: "as") { words = Array(words[..<cast]) }
    if words.count >= 2, words[0] == "getter" || words[0] == "setter", words[1] == ":" {
      let property = words.dropFirst(2).split(separator: ".").last?.joined() ?? ""
      guard words[0] == "setter", let first = property.first else { return property }
      return "set" + first.uppercased() + property.dropFirst() + ":"
    }
    // The last `.`-separated component at depth 0: `self.map.didTap(_:)` -> `didTap(_:)`.
    var start = 0, depth = 0
    for (index, word) in words.enumerated() {
      if word == "(" { depth += 1 }
      if word == ")" { depth -= 1 }
      if word == ".", depth == 0 { start = index + 1 }
    }
    let member = Array(words[start...])
    let base = member.prefix { $0 != "(" }.joined()
    if let explicit = explicitNames[base] { return explicit }
    let named = declarations.filter { $0.baseName == base }
    guard let open = member.firstIndex(of: "(") else {
      // A bare name: the file's one method of that name, if there is just one.
      guard named.count == 1, let only = named.first else { return base }
      return selector(base: base, labels: only.labels, throwing: only.throwing)
    }
    let labels = member[(open + 1)...].filter { $0 != ")" }.split(separator: ":").map {
      $0.joined()
    }
    let throwing = named.contains { $0.labels == labels && $0.throwing }
    return selector(base: base, labels: labels, throwing: throwing)
  }
}

extension String {
  /// One line: each run of spaces, tabs and line breaks is one space; none at the end.
  fileprivate var collapsingWhitespace: String {
    var text = ""
    var pendingSpace = false
    for character in self {
      if character == " " || character == "\t" || character.isNewline {
        pendingSpace = !text.isEmpty
      } else {
        if pendingSpace { text.append(" ") }
        pendingSpace = false
        text.append(character)
      }
    }
    return text
  }
}
