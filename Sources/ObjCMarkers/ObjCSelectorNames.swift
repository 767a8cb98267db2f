// How Swift names a method for Objective-C, for the selectors `#selector` becomes: the base
// name, then the first argument's label joined with "With" unless that label starts with a
// preposition or the base name ends with one (`move(to:)` is `moveTo:`, `show(sheet:)` is
// `showWithSheet:`); a throwing method's error parameter is `AndReturnError:` (no other
// argument) or a last `error:` piece. The rule and its prepositions are the Swift compiler's
// (swiftlang/swift, lib/AST/Decl.cpp `getObjCSelector`; include/swift/Basic/PartsOfSpeech.def).

/// A `func` declared in the file, as far as its Objective-C name goes.
public struct FunctionDeclaration: Equatable, Sendable {
  public var baseName: String
  /// The argument labels, `_` for none.
  public var labels: [String]
  public var throwing: Bool

  public init(baseName: String, labels: [String], throwing: Bool) {
    self.baseName = baseName
    self.labels = labels
    self.throwing = throwing
  }
}

extension ObjCMarkerRemoval {
  /// The English prepositions the Swift compiler knows (PartsOfSpeech.def).
  static let prepositions: Set<String> = [
    "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following",
    "for", "from", "given", "in", "including", "inside", "into", "matching", "of", "on",
    "passing", "preceding", "since", "to", "until", "using", "via", "when", "with", "within",
  ]

  /// The first camel-case word of `name`: `toIndex` -> `to`.
  static func firstWord(_ name: String) -> String {
    String(name.prefix { !$0.isUppercase }).lowercased()
  }

  /// The last camel-case word of `name`: `moveTo` -> `to`.
  static func lastWord(_ name: String) -> String {
    guard let start = name.lastIndex(where: { $0.isUppercase }) else { return name.lowercased() }
    return name[start...].lowercased()
  }

  /// The selector of a method named `base` with argument `labels` (`_` for none).
  static func selector(base: String, labels: [String], throwing: Bool) -> String {
    guard !labels.isEmpty else { return throwing ? base + "AndReturnError:" : base }
    var name = base
    for (index, label) in labels.enumerated() {
      if index == 0 {
        if label != "_", let first = label.first {
          if !prepositions.contains(firstWord(label)), !prepositions.contains(lastWord(base)) {
            name += "With"
          }
          name += first.uppercased() + label.dropFirst()
        }
      } else {
        name += label == "_" ? "" : label
      }
      name += ":"
    }
    return throwing ? name + "error:" : name
  }

  /// The `func` declarations of a file's tokens: base name, labels, whether it throws.
  static func functionDeclarations(_ tokens: [SwiftToken], _ bytes: [UInt8])
    -> [FunctionDeclaration]
  {
    func text(_ token: SwiftToken) -> String {
      String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }
    let code = tokens.filter { $0.kind != .whitespace && $0.kind != .comment }.map(text)
    var declarations: [FunctionDeclaration] = []
    var index = 0
    while index + 2 < code.count {
      defer { index += 1 }
      guard code[index] == "func" else { continue }
      let base = code[index + 1]
      var open = index + 2
      if code[open] == "<" {  // generic parameters
        var depth = 0
        while open < code.count {
          if code[open] == "<" { depth += 1 }
          if code[open] == ">" { depth -= 1 }
          open += 1
          if depth == 0 { break }
        }
      }
      guard open < code.count, code[open] == "(" else { continue }
      var labels: [String] = []
      var depth = 0, position = open, parameterStart = open + 1, close = open
      while position < code.count {
        let word = code[position]
        if word == "(" || word == "[" || word == "<" { depth += 1 }
        if word == ")" || word == "]" || (word == ">" && code[position - 1] != "-") {
          depth -= 1
        }
        let ends = depth == 0 || (depth == 1 && word == ",")
        if ends {
          if position > parameterStart, code[parameterStart] != ")" {
            labels.append(code[parameterStart])
          }
          parameterStart = position + 1
        }
        if depth == 0 { close = position; break }
        position += 1
      }
      var after = close + 1
      while after < code.count, code[after] == "async" { after += 1 }
      let throwing = after < code.count && (code[after] == "throws" || code[after] == "rethrows")
      declarations.append(FunctionDeclaration(baseName: base, labels: labels, throwing: throwing))
    }
    return declarations
  }
}
