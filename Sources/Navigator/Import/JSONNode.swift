// Typed reads of a JSON document that fail with one line naming file, line and key path.

import JSON
import SessionEvents
import TextBytes

/// A JSON value with where it is: the file and the key path (`events[3].at`).
struct JSONNode {
  let value: JSONDocumentValue
  /// The key path from the root; empty for the root itself.
  let path: String
  /// The file (or other source) the document came from.
  let source: String

  /// The root of the document in `bytes`.
  /// - Throws: `NavigatorError` naming `source`, line and column for a syntax error.
  static func parse(_ bytes: [UInt8], source: String) throws -> JSONNode {
    do {
      return JSONNode(value: try JSONDocumentValue(parsing: bytes), path: "", source: source)
    } catch {
      throw NavigatorError(
        source: source, line: error.line,
        "malformed JSON at column \(error.column): \(error.message)")
    }
  }

  /// An error about this value.
  func error(_ message: String) -> NavigatorError {
    NavigatorError(source: source, line: value.line, key: path.isEmpty ? nil : path, message)
  }

  // MARK: - Structure

  /// The member `key`, or nil when absent (or null).
  func member(_ key: String) -> JSONNode? {
    guard let child = value[key] else { return nil }
    if case .null = child.kind { return nil }
    return JSONNode(value: child, path: path.isEmpty ? key : "\(path).\(key)", source: source)
  }

  /// The member `key`. - Throws: when it is missing.
  func required(_ key: String) throws -> JSONNode {
    guard let child = member(key) else {
      guard value.objectMembers != nil else {
        throw error("expected an object, found \(value.typeName)")
      }
      throw error("missing key '\(key)'")
    }
    return child
  }

  /// The elements of an array. - Throws: when this is not an array.
  func elements() throws -> [JSONNode] {
    guard let values = value.arrayValues else {
      throw error("expected an array, found \(value.typeName)")
    }
    return values.enumerated().map { offset, element in
      JSONNode(value: element, path: "\(path)[\(offset)]", source: source)
    }
  }

  /// The members of an object in document order. - Throws: when this is not an object.
  func members() throws -> [(key: String, node: JSONNode)] {
    guard let members = value.objectMembers else {
      throw error("expected an object, found \(value.typeName)")
    }
    return members.map { member in
      (
        member.key,
        JSONNode(
          value: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)",
          source: source)
      )
    }
  }

  /// Checks that this is an object whose keys are all in `allowed`.
  /// - Throws: naming the first unknown key and its line, with the known keys.
  func expectKeys(_ allowed: [String]) throws {
    for (key, node) in try members() where !allowed.contains(key) {
      throw NavigatorError(
        source: source, line: node.value.line, key: node.path,
        "unknown key \(key.visiblyQuoted) (known: \(allowed.joined(separator: ", ")))")
    }
  }

  // MARK: - Scalars

  func string() throws -> String {
    guard let text = value.stringValue else {
      throw error("expected a string, found \(value.typeName)")
    }
    return text
  }

  func bool() throws -> Bool {
    guard let flag = value.boolValue else {
      throw error("expected true or false, found \(value.typeName)")
    }
    return flag
  }

  /// A finite number in `range`.
  func double(
    in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  )
    throws -> Double
  {
    guard let number = value.doubleValue else {
      throw error("expected a number, found \(value.typeName)")
    }
    guard range.contains(number) else {
      throw error("\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
    }
    return number
  }

  /// An integer in `range`.
  func int(in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int {
    guard case .number(let text) = value.kind, let number = Int(text) else {
      throw error("expected an integer, found \(describe())")
    }
    guard range.contains(number) else {
      throw error("\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
    }
    return number
  }

  /// An unsigned 64-bit integer, exact (for seeds).
  func uint64() throws -> UInt64 {
    guard case .number(let text) = value.kind, let number = UInt64(text) else {
      throw error("expected an integer in 0...\(UInt64.max), found \(describe())")
    }
    return number
  }

  private func describe() -> String {
    if case .number(let text) = value.kind { return text }
    return value.typeName
  }
}
