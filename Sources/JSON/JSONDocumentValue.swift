// Whole JSON documents (scenarios, route responses) whose errors must name a line: the same
// parser as `JSONValue`, building a tree that keeps the line of every value.

/// A JSON value and the 1-based line it starts on. Numbers keep their text, so a 64-bit seed
/// stays exact; objects keep their members in document order.
public struct JSONDocumentValue: Sendable {
  public enum Kind: Sendable {
    case null
    case bool(Bool)
    /// The number's text, exactly as written.
    case number(String)
    case string(String)
    case array([JSONDocumentValue])
    /// Members in document order.
    case object([(key: String, value: JSONDocumentValue)])
  }

  public var kind: Kind
  /// The 1-based line where the value starts.
  public var line: Int

  public init(kind: Kind, line: Int) {
    self.kind = kind
    self.line = line
  }

  /// Parses a UTF-8 JSON document (RFC 8259; a leading byte-order mark is allowed).
  /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
  /// - Complexity: O(n); nesting is limited to 512 levels.
  public init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
    let result = bytes.withUnsafeBufferPointer { buffer in
      let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var parser = JSONParser<JSONDocumentValue>(
        bytes: UnsafeBufferPointer(rebasing: buffer[start...]), maximumDepth: 512)
      return Result { () throws(JSONSyntaxError) -> JSONDocumentValue in
        try parser.parseDocument()
      }
    }
    self = try result.get()
  }

  /// The member `key` of an object (the last one if repeated, as JavaScript reads it), nil
  /// otherwise.
  public subscript(key: String) -> JSONDocumentValue? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.key == key }?.value
  }

  public var objectMembers: [(key: String, value: JSONDocumentValue)]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  public var arrayValues: [JSONDocumentValue]? {
    if case .array(let values) = kind { return values }
    return nil
  }

  public var stringValue: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }

  /// A finite number, nil for anything else.
  public var doubleValue: Double? {
    guard case .number(let text) = kind, let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }

  /// What the value is, for messages (`a string`, `an array`...).
  public var typeName: String {
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

extension JSONDocumentValue: JSONParsedNode {
  static func makeMembers() -> [(key: String, value: JSONDocumentValue)] { [] }
  static func append(
    _ key: String, _ value: JSONDocumentValue,
    to members: inout [(key: String, value: JSONDocumentValue)]
  ) {
    members.append((key, value))
  }
  static func makeObject(
    _ members: [(key: String, value: JSONDocumentValue)], line: Int
  ) -> JSONDocumentValue {
    JSONDocumentValue(kind: .object(members), line: line)
  }
  static func makeArray(_ elements: [JSONDocumentValue], line: Int) -> JSONDocumentValue {
    JSONDocumentValue(kind: .array(elements), line: line)
  }
  static func makeScalar(_ scalar: JSONScalar, line: Int) -> JSONDocumentValue {
    switch scalar {
    case .null: JSONDocumentValue(kind: .null, line: line)
    case .bool(let value): JSONDocumentValue(kind: .bool(value), line: line)
    case .number(let text): JSONDocumentValue(kind: .number(text), line: line)
    case .string(let text): JSONDocumentValue(kind: .string(text), line: line)
    }
  }
}
