// Text measured on macOS with Core Text and the real system font (SF Pro and the faces the
// system falls back to for other scripts), behind the same interface as the HarfBuzz
// measurer. Not compiled or run on the Linux machines NavSim is built on: see
// docs/navsim-and-uikit.md.

#if canImport(CoreText)
  import CoreText
  import Foundation
  import TextBytes

  /// Measures lines with Core Text in the system UI font at the label's size and weight.
  /// Core Text applies the system font's own tracking and picks fallback faces itself, so
  /// the width is the line's typographic width as it comes.
  @MainActor
  final class CoreTextMeasurer: TextMeasurer {
    private struct Key: Hashable {
      var size: Double
      var weight: Double
    }
    private var fonts: [Key: CTFont] = [:]
    /// Widths already measured, by font and text, the texts told apart by their bytes (two
    /// forms of one text can measure differently, as in `TextShaper`'s cache).
    private var cache: [Key: [ByteKey: Double]] = [:]

    func width(of text: String, size: Double, weight: UIFont.Weight)
      throws(TextMeasuringError) -> Double
    {
      let key = Key(size: size, weight: Double(weight.rawValue))
      let textKey = ByteKey(text)
      if let known = cache[key]?[textKey] { return known }
      let font = try systemFont(key)
      let attributes = [kCTFontAttributeName as String: font] as CFDictionary
      guard let string = CFAttributedStringCreate(nil, text as CFString, attributes) else {
        throw TextMeasuringError(message: "Core Text could not lay out '\(text)'")
      }
      let line = CTLineCreateWithAttributedString(string)
      let width = Double(CTLineGetTypographicBounds(line, nil, nil, nil))
      cache[key, default: [:]][textKey] = width
      return width
    }

    /// The system UI font at the key's size, with the weight trait UIKit's weights name.
    private func systemFont(_ key: Key) throws(TextMeasuringError) -> CTFont {
      if let font = fonts[key] { return font }
      guard let base = CTFontCreateUIFontForLanguage(.system, CGFloat(key.size), nil) else {
        throw TextMeasuringError(message: "Core Text has no system UI font")
      }
      // A copy of the system font's descriptor with the weight trait: Core Text matches it
      // to the face of that weight (copying the font with the attribute keeps the face).
      let traits = [kCTFontWeightTrait as String: key.weight] as CFDictionary
      let descriptor = CTFontDescriptorCreateCopyWithAttributes(
        CTFontCopyFontDescriptor(base), [kCTFontTraitsAttribute as String: traits] as CFDictionary)
      let font = CTFontCreateWithFontDescriptor(descriptor, CGFloat(key.size), nil)
      fonts[key] = font
      return font
    }

    /// `SFNS-Regular version ... coretext`: the system font's PostScript name and version.
    func fontIdentity() -> String {
      guard let font = CTFontCreateUIFontForLanguage(.system, 17, nil) else {
        return "missing system UI font coretext"
      }
      let name = CTFontCopyPostScriptName(font) as String
      let version = (CTFontCopyName(font, kCTFontVersionNameKey) as String?) ?? "unknown"
      return "\(name) \(version) coretext"
    }
  }
#endif
