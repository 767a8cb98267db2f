import TextBytes

// Attribute keys are texts a recording keeps byte for byte. `RecordingMetadata.attributes` is a
// `[String: String]`, and a `String` key equates texts that differ only in Unicode
// normalization ("caf\u{E9}", precomposed, and "cafe\u{301}"): a dictionary holds one of
// them. It keeps the bytes of the key it was given, so a key written out and read back keeps
// its bytes; what a reader could lose is the second of two such keys in a file, a log or the
// library, and every reader refuses those (`BadAttributeKey.clash`) rather than keep one
// value. Keys are listed in the order of their bytes wherever they are written or printed.

extension RecordingMetadata {
  /// The attribute keys in the order of their UTF-8 bytes (Unicode scalar order): the order
  /// logs store, exports write and `navsim log info` prints them in, whatever their
  /// normalization (`String`'s `<` orders texts by their canonical form instead).
  /// - Complexity: O(n log n) in the number of attributes.
  public var attributeKeys: [String] { attributes.keys.sorted(by: bytesPrecede) }

  /// Attributes read as key-value pairs from a log, the library or an import.
  /// - Parameter pairs: keys and values in the order read.
  /// - Throws: `BadAttributeKey.empty` for an empty key (a log's table refuses one; the
  ///   library's and a JSON Lines header do not), `.clash` naming the first key that is one
  ///   `String` with an earlier one (the same bytes, or the same text in another Unicode
  ///   normalization): keeping both in one dictionary would drop a value.
  package static func checkedAttributes(
    _ pairs: some Sequence<(key: String, value: String)>
  ) throws(BadAttributeKey) -> [String: String] {
    var attributes: [String: String] = [:]
    for (key, value) in pairs {
      if key.isEmpty { throw .empty }
      if let index = attributes.index(forKey: key) {
        throw .clash(first: attributes.keys[index], second: key)
      }
      attributes[key] = value
    }
    return attributes
  }
}

/// An attribute key a recording cannot hold: an empty one, or two that
/// `RecordingMetadata.attributes` would hold as one.
package enum BadAttributeKey: Error, Equatable, CustomStringConvertible {
  /// A key with no character.
  case empty
  /// Two keys, `first` read first and `second` later, equal as `String`s.
  case clash(first: String, second: String)

  /// The problem, for a one-line message: keys are quoted with every character outside
  /// printable ASCII written `\u{…}` (`visiblyQuoted`), so two normalizations show their
  /// difference.
  package var description: String {
    switch self {
    case .empty: "an attribute has an empty key"
    case .clash(let first, let second) where sameBytes(first, second):
      "attribute key \(first.visiblyQuoted) appears twice"
    case .clash(let first, let second):
      "attribute keys \(first.visiblyQuoted) and \(second.visiblyQuoted) differ only in "
        + "Unicode normalization, which makes them one key: one value would be lost"
    }
  }

  /// How to read a stored recording holding the key again (docs/event-log.md shows the SQL).
  package var mend: String {
    switch self {
    case .empty: "delete its row to read it"
    case .clash: "delete one key's row to read it"
    }
  }
}
