import Testing
import TextBytes

/// The byte-exact text helpers themselves: `String` equates and orders canonically equivalent
/// texts, these tell them apart by their UTF-8 bytes.
@Suite struct TextBytesTests {
  /// "café" precomposed (U+00E9) and decomposed (e, U+0301): one `String`, other bytes.
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test func sameBytesTellsNormalizationsApart() {
    #expect(Self.composed == Self.decomposed)
    #expect(!sameBytes(Self.composed, Self.decomposed))
    #expect(sameBytes(Self.decomposed, "caf" + "e\u{301}"))
    #expect(sameBytes("", ""))
    #expect(!sameBytes("a", "ab"))
    #expect(!sameBytes("ab", "ac"))
  }

  @Test func sameBytesOfOptionalsAndArrays() {
    #expect(sameBytes(nil as String?, nil))
    #expect(!sameBytes(Self.composed as String?, nil))
    #expect(!sameBytes(nil, Self.composed as String?))
    #expect(!sameBytes(Self.composed as String?, Self.decomposed as String?))
    let texts = [Self.composed, "x"]
    #expect(sameBytes(texts, texts))
    #expect(sameBytes(texts, [Self.composed, "x"]))
    #expect(!sameBytes(texts, [Self.decomposed, "x"]))
    #expect(!sameBytes(texts, [Self.composed]))
    #expect(sameBytes([String](), []))
  }

  @Test func bytesPrecedeIsTheOrderOfTheBytes() {
    // `String` puts "éa" before "éz" whatever their forms; by bytes "e\u{301}z" (65 CC 81 7A)
    // comes before "\u{E9}a" (C3 A9 61).
    let keys = ["\u{E9}a", "e\u{301}z", "b", "B"]
    #expect(keys.sorted() == ["B", "b", "\u{E9}a", "e\u{301}z"])
    #expect(
      keys.sorted(by: bytesPrecede).map { Array($0.utf8) }
        == ["B", "b", "e\u{301}z", "\u{E9}a"].map { Array($0.utf8) })
    // A total order: of two forms of one text, exactly one comes first.
    #expect(bytesPrecede(Self.decomposed, Self.composed))
    #expect(!bytesPrecede(Self.composed, Self.decomposed))
    #expect(!bytesPrecede(Self.composed, Self.composed))
  }

  @Test func byteKeysKeepNormalizationsApart() {
    #expect(Set([Self.composed, Self.decomposed]).count == 1)
    let keys = Set([ByteKey(Self.composed), ByteKey(Self.decomposed), ByteKey(Self.composed)])
    #expect(keys.count == 2)
    #expect(keys.contains(ByteKey("caf" + "\u{E9}")))
    #expect(ByteKey(Self.composed) != ByteKey(Self.decomposed))
  }
}
