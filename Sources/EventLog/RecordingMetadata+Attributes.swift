import TextBytes

// Attribute keys are texts a recording keeps byte for byte. `RecordingMetadata.attributes` is a
// `[String: String]`, and a `String` key equates texts that differ only in Unicode
// normalization ("caf\u{E9}", precomposed, and "cafe\u{301}"): a dictionary holds one of
// them. It keeps the bytes of the key it was given, so a key written out and read back keeps
// its bytes; what a reader could lose is the second of two such keys in a file, a log or the
// library, and every reader refuses those (`AttributeKeyClash`) rather than keep one value.
// Keys are listed in the order of their bytes wherever they are written or printed.

extension RecordingMetadata {
  /// The attribute keys in the order of their UTF-8 bytes (Unicode scalar order): the order
  /// logs store, exports write and `navsim log info` prints them in, whatever their
  /// normalization (`String`'s `<` orders texts by their canonical form instead).
  /// - Complexity: O(n log n) in the number of attributes.
  public var attributeKeys: [String] { attributes.keys.sorted(by: bytesPrecede) }

  /// Attributes read as key-value pairs from a log, the library or an import.
  /// - Parameter pairs: keys and values in the order read.
  /// - Throws: `AttributeKeyClash` naming the first key that is one `String` with an earlier
  ///   one (the same bytes, or the same text in another Unicode normalization): keeping both
  ///   in one dictionary would drop a value.
  package static func checkedAttributes(
    _ pairs: some Sequence<(key: String, value: String)>
  ) throws(AttributeKeyClash) -> [String: String] {
    var attributes: [String: String] = [:]
    for (key, value) in pairs {
      if let index = attributes.index(forKey: key) {
        throw AttributeKeyClash(first: attributes.keys[index], second: key)
      }
      attributes[key] = value
    }
    return attributes
  }
}

/// Two attribute keys of one recording that `RecordingMetadata.attributes` would hold as one.
package struct AttributeKeyClash: Error, CustomStringConvertible {
  /// The key read first.
  package let first: String
  /// The key read later, equal to `first` as a `String`.
  package let second: String

  /// The problem, for a one-line message: the keys are quoted with every character outside
  /// printable ASCII written `\u{…}` (`visiblyQuoted`), so two normalizations show their
  /// difference.
  package var description: String {
    if sameBytes(first, second) { return "attribute key \(first.visiblyQuoted) appears twice" }
    return "attribute keys \(first.visiblyQuoted) and \(second.visiblyQuoted) differ only in "
      + "Unicode normalization, which makes them one key: one value would be lost"
  }
}
