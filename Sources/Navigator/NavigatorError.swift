import TextBytes

/// A problem with an input the navigator was given: a route file, a scenario, a name.
///
/// Its description is one line that names the offending thing, `file:line: key: problem`,
/// with whichever of line and key are known.
public struct NavigatorError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file path, or a name such as `builtin 'x'` when the input is not a file.
  public var source: String
  /// The 1-based line in `source`, when known.
  public var line: Int?
  /// The key path inside a JSON document (`events[3].rotate`), when known.
  public var key: String?
  public var message: String

  public init(source: String, line: Int? = nil, key: String? = nil, _ message: String) {
    self.source = source
    self.line = line
    self.key = key
    self.message = message
  }

  public var description: String {
    var text = source
    if let line { text += ":\(line)" }
    text += ": "
    if let key {
      // A path of printable ASCII as it is; one holding a key with any other character
      // (a newline would split the line) quoted with that character written `\u{…}`.
      let isPlain = key.unicodeScalars.allSatisfy { (" "..."~").contains($0) }
      text += (isPlain ? key : key.visiblyQuoted) + ": "
    }
    return text + message
  }

  /// The same error attributed to `source` when it had none of its own.
  func located(in source: String) -> NavigatorError {
    var copy = self
    if copy.source.isEmpty { copy.source = source }
    return copy
  }
}
