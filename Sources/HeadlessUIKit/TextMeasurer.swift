// The one interface labels and buttons measure text through, and the process's choice of
// implementation: HarfBuzz shaping Inter with SF Pro's tracking (TextShaper, every platform,
// the numbers Linux and CI give) or, on macOS, Core Text with the real system font
// (CoreTextMeasurer).

import Foundation

/// Measures one line of system-font text.
@MainActor
public protocol TextMeasurer: AnyObject {
  /// The width of `text` on one line, in points, in the system font of `weight` at `size`
  /// points: glyph advances with kerning and the script's shaping, plus the font's tracking
  /// at that size.
  /// - Throws: `TextMeasuringError` when a font or library it needs is missing.
  func width(of text: String, size: Double, weight: UIFont.Weight)
    throws(TextMeasuringError) -> Double

  /// What a run records of the fonts it measured with (name, version, hash where known).
  func fontIdentity() -> String
}

/// The process's text measurer.
@MainActor
public enum TextMeasurers {
  /// The environment variable choosing the measurer: `harfbuzz` (Inter, Linux's numbers) or
  /// `coretext` (macOS only: the real system font). Unset: Core Text on macOS, else HarfBuzz.
  public static let variable = "NAVSIM_TEXT_MEASURER"

  /// The measurer of this process, made at first use.
  /// - Throws: `TextMeasuringError` when the chosen one can't work here (HarfBuzz or Inter
  ///   missing, Core Text asked for off macOS, an unknown name).
  public static func shared() throws(TextMeasuringError) -> any TextMeasurer {
    if let made { return made }
    let chosen: any TextMeasurer
    switch ProcessInfo.processInfo.environment[variable] ?? "" {
    case "harfbuzz": chosen = try TextShaper.shared()
    case "coretext": chosen = try coreText()
    case "": chosen = try platformDefault()
    case let other:
      throw TextMeasuringError(
        message: "\(variable)=\(other) is not a text measurer (harfbuzz or coretext)")
    }
    made = chosen
    return chosen
  }
  private static var made: (any TextMeasurer)?

  private static func platformDefault() throws(TextMeasuringError) -> any TextMeasurer {
    #if canImport(CoreText)
      return CoreTextMeasurer()
    #else
      return try TextShaper.shared()
    #endif
  }

  private static func coreText() throws(TextMeasuringError) -> any TextMeasurer {
    #if canImport(CoreText)
      return CoreTextMeasurer()
    #else
      throw TextMeasuringError(
        message: "\(variable)=coretext needs macOS (Core Text); use harfbuzz or leave it unset")
    #endif
  }
}

extension TextShaper: TextMeasurer {
  /// Inter's shaped advance at `size`, plus SF Pro's published tracking per character
  /// (`SystemFontMetrics`), as Core Text applies the system font's tracking table.
  public func width(of text: String, size: Double, weight: UIFont.Weight)
    throws(TextMeasuringError) -> Double
  {
    let ems = try advance(of: text, in: FontFace(weight: weight))
    return ems * size + SystemFontMetrics.tracking(atSize: size) * Double(text.count)
  }
}
