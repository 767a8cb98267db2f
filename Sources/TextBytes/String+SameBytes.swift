import Foundation

// Texts compared as bytes: `String`'s `==` also equates canonically equivalent texts (an "é"
// precomposed, U+00E9, and an "e" followed by U+0301), which are other bytes. UIKit compares
// an `NSString` by its UTF-16 code units (`isEqualToString:`), so a label given the other
// form changes; a layout's text prints bytes. Where either decides whether something
// changed, it compares bytes. A recording's attribute keys are stored as bytes too (the event
// log, `RecordingMetadata+Attributes.swift`).

/// Whether `a` and `b` are the same UTF-8 bytes: compared in place with `memcmp` (a generic
/// `elementsEqual` of the two views cost 370 instructions an event of the delivery screen).
@inlinable @inline(__always) package func sameBytes(_ a: String, _ b: String) -> Bool {
  let count = a.utf8.count
  guard count == b.utf8.count else { return false }
  if let same = a.utf8.withContiguousStorageIfAvailable({ x in
    b.utf8.withContiguousStorageIfAvailable { y in
      count == 0 || memcmp(x.baseAddress!, y.baseAddress!, count) == 0
    }
  }), let same {
    return same
  }
  return a.utf8.elementsEqual(b.utf8)
}

/// Whether `a` and `b` are both nil or the same UTF-8 bytes.
@inlinable @inline(__always) package func sameBytes(_ a: String?, _ b: String?) -> Bool {
  guard let a else { return b == nil }
  guard let b else { return false }
  return sameBytes(a, b)
}

/// Whether `a` and `b` hold the same texts, byte for byte, in the same order. Empty arrays and
/// two copies of one array (the same buffer) answer here, as `Array ==` does; others compare
/// their texts out of line.
@inlinable @inline(__always) package func sameBytes(_ a: [String], _ b: [String]) -> Bool {
  guard a.count == b.count else { return false }
  if a.isEmpty { return true }
  return sameTexts(a, b)
}

/// `sameBytes(_:_:)` of two arrays of one count, not empty.
@usableFromInline package func sameTexts(_ a: [String], _ b: [String]) -> Bool {
  let shared = a.withUnsafeBufferPointer { x in
    b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
  }
  if shared { return true }
  for index in a.indices where !sameBytes(a[index], b[index]) { return false }
  return true
}

/// Whether `a` comes before `b` in the order of their UTF-8 bytes (Unicode scalar order): a total
/// order, where `String`'s `<` ties texts that differ only in normalization.
@inlinable package func bytesPrecede(_ a: String, _ b: String) -> Bool {
  a.utf8.lexicographicallyPrecedes(b.utf8)
}

/// A text as a key of a `Dictionary` or `Set` that tells texts apart by their bytes: `String`
/// keys equate canonically equivalent texts, so two views or findings whose names differ only
/// in normalization would share one entry.
package struct ByteKey: Hashable, Sendable {
  package let text: String

  @inlinable package init(_ text: String) { self.text = text }

  @inlinable package static func == (a: ByteKey, b: ByteKey) -> Bool { sameBytes(a.text, b.text) }

  /// `String`'s hash: texts of the same bytes are equal `String`s, so they hash alike.
  @inlinable package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
