// Two forms of one text - equal `String`s, other bytes - can measure differently, so the
// measurers' caches tell texts apart by their bytes (`ByteKey`).
//
// The figures are HarfBuzz's (6.0.0, Debian's libharfbuzz0b) shaping Inter Regular (Debian's
// fonts-inter 4.0~beta7, face revision 3.019, 2 816 units per em), measured on the project's
// machine:
// * "Café", "é": composed (U+00E9) and decomposed ("e" U+0301) measure alike (6 228 and 1 640
//   units): HarfBuzz composes the mark with its base where the face has the composed glyph;
// * "가" composed (U+AC00) is one missing-glyph box, 2 800 units; decomposed (the jamo U+1100
//   U+1161) two, 5 600: neither Inter nor a fallback face has Hangul, and nothing composes
//   the jamo into a glyph the face lacks;
// * canonical singletons, which normalize to another character: U+2000 EN QUAD 1 536 units,
//   U+2002 EN SPACE (its normal form) 1 408; U+037E GREEK QUESTION MARK 776, ";" 788: Inter
//   has glyphs for both of each pair, of other widths.
// Swift's `String ==` equates each pair. A font change that moves a figure fails here.

import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct TextBytesWidthTests {
  static let units = 2816.0

  /// Pairs of canonically equivalent texts (equal `String`s) and their advances in Inter
  /// Regular, in font units.
  static let pairs: [(a: String, b: String, unitsA: Double, unitsB: Double)] = [
    ("Caf\u{E9}", "Cafe\u{301}", 6228, 6228),
    ("\u{AC00}", "\u{1100}\u{1161}", 2800, 5600),
    ("\u{2000}", "\u{2002}", 1536, 1408),
    ("\u{37E}", ";", 776, 788),
  ]

  private func fresh() throws -> TextShaper {
    try TextShaper(fontDirectory: TextShaper.defaultFontDirectory)
  }

  /// Whether the regular face is the one the figures were measured with: another Inter (a
  /// later fonts-inter, `NAVSIM_FONT_DIR`) has other advances, even other units per em.
  static var measuredFace: Bool {
    (try? TextShaper(fontDirectory: TextShaper.defaultFontDirectory).fontIdentity())?
      .hasPrefix("Inter-Regular.otf revision 3.019 ") == true
  }

  @Test(
    .enabled("the figures are Inter Regular revision 3.019's; this machine's face is another") {
      await MainActor.run { measuredFace }
    })
  func equivalentTextsMeasureAsTheirBytesShape() throws {
    for pair in Self.pairs {
      #expect(pair.a == pair.b)  // one `String`, two byte sequences
      #expect(Array(pair.a.utf8) != Array(pair.b.utf8))
      #expect(try fresh().advance(of: pair.a, in: .regular) == pair.unitsA / Self.units)
      #expect(try fresh().advance(of: pair.b, in: .regular) == pair.unitsB / Self.units)
    }
  }

  /// What holds in any face without Hangul: the jamo are two boxes where the syllable is one,
  /// so a cache that gave both forms one width would be wrong whatever the figures.
  @Test func theJamoMeasureWiderThanTheirSyllable() throws {
    #expect(
      try fresh().advance(of: "\u{1100}\u{1161}", in: .regular)
        > fresh().advance(of: "\u{AC00}", in: .regular))
  }

  /// One shaper measuring both forms, in either order, gives each the width it gets alone.
  @Test func eachFormGetsItsOwnWidthFromTheCache() throws {
    for pair in Self.pairs {
      for (first, second) in [(pair.a, pair.b), (pair.b, pair.a)] {
        let shaper = try fresh()
        _ = try shaper.advance(of: first, in: .regular)
        _ = try shaper.width(of: first, size: 17, weight: .regular)
        #expect(
          try shaper.advance(of: second, in: .regular) == fresh().advance(of: second, in: .regular))
        #expect(try shaper.width(of: second, size: 17, weight: .regular)
          == fresh().width(of: second, size: 17, weight: .regular))
      }
    }
  }

  /// The shaper's cache is a table by face: each face has its own place.
  @Test func eachFaceHasItsOwnPlaceInTheCache() {
    #expect(FontFace.allCases.map(\.index) == Array(FontFace.allCases.indices))
  }

  /// A label whose text changes to the other form of the same `String` takes the new form's
  /// width (with HarfBuzz: three times as wide; Core Text may shape both forms alike).
  @Test func aLabelGivenTheOtherFormTakesItsWidth() throws {
    let composed = "\u{D55C}\u{AE00}"  // "한글": two boxes in Inter
    let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"  // its jamo: six
    let label = UILabel()
    label.text = composed
    let before = label.intrinsicContentSize.width
    label.text = decomposed
    let after = label.intrinsicContentSize.width
    if try TextMeasurers.shared() is TextShaper {
      #expect(after > 2.5 * before, "\(before) -> \(after)")
    }
    let alone = UILabel()
    alone.text = decomposed
    #expect(after == alone.intrinsicContentSize.width)
    label.text = composed
    #expect(label.intrinsicContentSize.width == before)
  }

  #if canImport(CoreText)
    /// Core Text's cache keeps the forms apart too: each measures as it does alone.
    @Test func coreTextGivesEachFormItsOwnWidth() throws {
      for pair in Self.pairs {
        let measurer = CoreTextMeasurer()
        _ = try measurer.width(of: pair.a, size: 17, weight: .regular)
        #expect(try measurer.width(of: pair.b, size: 17, weight: .regular)
          == CoreTextMeasurer().width(of: pair.b, size: 17, weight: .regular))
      }
    }
  #endif
}
