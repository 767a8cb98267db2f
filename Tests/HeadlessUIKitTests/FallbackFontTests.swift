// Scripts Inter has no glyphs for are shaped in fallback faces (Noto's UI faces, DejaVu Sans),
// as Core Text falls back from SF character by character. No public UIKit figure for an
// Arabic width was found, so these tests pin what the fallback must do, not UIKit's numbers:
// Arabic letters join (a word is not the sum of its letters alone), Latin text is untouched,
// and a missing fallback face is one clear error.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct FallbackFontTests {
  /// "Exit" in Arabic (مخرج), and its letters one by one.
  private let word = "\u{645}\u{62E}\u{631}\u{62C}"
  private let letters = ["\u{645}", "\u{62E}", "\u{631}", "\u{62C}"]

  private func interOnly() throws -> TextShaper {
    try TextShaper(fontDirectory: TextShaper.defaultFontDirectory, fallbackFonts: [])
  }

  @Test func arabicIsShapedInTheFallbackFaceWithItsJoiningForms() throws {
    let shaper = try TextShaper.shared()
    let joined = try shaper.advance(of: word, in: .regular)
    let alone = try letters.map { try shaper.advance(of: $0, in: .regular) }.reduce(0, +)
    // Shaped as a word, the letters take their joining forms (initial, medial, final), whose
    // advances differ from the isolated forms': in Noto Sans Arabic UI this word is 2.257 em,
    // its letters alone 2.129 em.
    #expect(abs(joined - alone) > 0.05, "joined \(joined) em, letters alone \(alone) em")
    // Inter alone draws four missing-glyph boxes, all the same width.
    let boxes = try interOnly().advance(of: word, in: .regular)
    let box = try interOnly().advance(of: letters[0], in: .regular)
    #expect(abs(boxes - 4 * box) < 1e-9)
    #expect(abs(joined - boxes) > 0.2, "fallback \(joined) em against boxes \(boxes) em")
  }

  @Test func latinTextAndTheLatinPartOfMixedTextStayInInter() throws {
    let shaper = try TextShaper.shared()
    let plain = try interOnly()
    for text in ["Route 66", "AVAVA", "Exit"] {
      #expect(try shaper.advance(of: text, in: .regular) == plain.advance(of: text, in: .regular))
    }
    // "Exit 12 مخرج": Inter for "Exit 12 " (its space too), the fallback for the word.
    let mixed = try shaper.advance(of: "Exit 12 " + word, in: .regular)
    let parts = try plain.advance(of: "Exit 12 ", in: .regular) + shaper.advance(of: word, in: .regular)
    #expect(abs(mixed - parts) < 1e-9)
    #expect(try shaper.advance(of: word, in: .bold) > shaper.advance(of: word, in: .regular))
  }

  @Test func hebrewFallsThroughToDejaVuSans() throws {
    let shalom = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
    let shaper = try TextShaper.shared()
    let dejavuOnly = try TextShaper(
      fontDirectory: TextShaper.defaultFontDirectory,
      fallbackFonts: [FallbackFont.debian.last!])
    #expect(try shaper.advance(of: shalom, in: .regular) == dejavuOnly.advance(of: shalom, in: .regular))
    #expect(try interOnly().advance(of: shalom, in: .regular) != shaper.advance(of: shalom, in: .regular))
  }

  @Test func aLabelOfArabicTextIsSizedFromTheFallbackFace() {
    let label = UILabel()
    label.font = .systemFont(ofSize: 17)
    label.text = word
    let size = label.intrinsicContentSize
    #expect(size.height == 61.0 / 3)  // one line keeps the system font's height
    #expect(size.width > 17 && size.width < 4 * 17, "\(size.width)")
  }

  @Test func aMissingFallbackFaceIsOneClearError() throws {
    let shaper = try TextShaper(
      fontDirectory: TextShaper.defaultFontDirectory,
      fallbackFonts: [FallbackFont(regular: "/nonexistent/Arabic.ttf", origin: "Debian: fonts-x")])
    #expect(try shaper.advance(of: "Exit", in: .regular) > 0)  // Latin never needs it
    do {
      _ = try shaper.advance(of: word, in: .regular)
      Issue.record("measured Arabic without its face")
    } catch {
      #expect(error.message == "text measuring needs a fallback font for U+0645: "
        + "/nonexistent/Arabic.ttf is missing (Debian: fonts-x; run tools/setup.sh)")
    }
  }
}
