// Fallback faces: characters the Inter faces have no glyph for (Arabic, Hebrew, Devanagari,
// Thai...) are shaped in the first fallback face that has them, as Core Text falls back from
// SF to the system's face for the script, character by character. Noto's UI faces (Debian's
// fonts-noto-ui-core) stand in for Apple's SF Arabic and the other script faces; DejaVu Sans
// (fonts-dejavu-core) for Hebrew and what else is left.

import Foundation

/// A face for characters the Inter faces lack.
public struct FallbackFont: Equatable, Sendable {
  /// The regular cut's file.
  public var regular: String
  /// The bold cut's file, for semibold and heavier text.
  public var bold: String
  /// Where the files come from, for the message when one is missing (`Debian: fonts-...`).
  public var origin: String

  public init(regular: String, bold: String? = nil, origin: String) {
    self.regular = regular
    self.bold = bold ?? regular
    self.origin = origin
  }

  /// `NAVSIM_FALLBACK_FONTS` (paths separated by `:`, tried in order) when set, else the
  /// Debian faces `tools/setup.sh` installs.
  public static var defaults: [FallbackFont] {
    if let paths = ProcessInfo.processInfo.environment["NAVSIM_FALLBACK_FONTS"] {
      return paths.split(separator: ":").map {
        FallbackFont(regular: String($0), origin: "named by NAVSIM_FALLBACK_FONTS")
      }
    }
    return debian
  }

  /// Noto's UI faces, then DejaVu Sans.
  public static let debian: [FallbackFont] = {
    let noto = "/usr/share/fonts/truetype/noto/NotoSans"
    let scripts = [
      "Arabic", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu",
      "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Khmer", "Myanmar",
    ]
    let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans"
    return scripts.map {
      FallbackFont(
        regular: noto + $0 + "UI-Regular.ttf", bold: noto + $0 + "UI-Bold.ttf",
        origin: "Debian: fonts-noto-ui-core")
    } + [
      FallbackFont(
        regular: dejavu + ".ttf", bold: dejavu + "-Bold.ttf", origin: "Debian: fonts-dejavu-core")
    ]
  }()
}

extension TextShaper {
  /// A stretch of text shaped in one face.
  struct ShapingRun {
    var text: String
    var face: Face
  }

  /// `text` cut into runs by face: each character in `primary` when it has a glyph for it,
  /// else in the first fallback face that has one, else in `primary` (its missing-glyph box);
  /// marks and invisible joiners stay with the character before them. Text the primary face
  /// covers is one run.
  /// - Throws: `TextMeasuringError` naming a fallback face that is missing.
  func runs(of text: String, primary: Face, bold: Bool) throws(TextMeasuringError)
    -> [ShapingRun]
  {
    let scalars = text.unicodeScalars
    // A loop, not `allSatisfy`: a main-actor closure handed to the standard library checks
    // its executor on every call (docs/replay-performance.md).
    var primaryCoversAll = true
    for scalar in scalars where !covers(primary, scalar) && !Self.staysWithItsBase(scalar) {
      primaryCoversAll = false
      break
    }
    if primaryCoversAll { return [ShapingRun(text: text, face: primary)] }
    var runs: [ShapingRun] = []
    for scalar in scalars {
      let face: Face
      if let current = runs.last?.face, Self.staysWithItsBase(scalar) {
        face = current
      } else if covers(primary, scalar) {
        face = primary
      } else {
        face = try fallbackFace(for: scalar, bold: bold) ?? primary
      }
      if let last = runs.indices.last, runs[last].face === face {
        runs[last].text.unicodeScalars.append(scalar)
      } else {
        runs.append(ShapingRun(text: String(scalar), face: face))
      }
    }
    return runs
  }

  /// The first fallback face with a glyph for `scalar`; nil when none has one.
  /// - Throws: `TextMeasuringError` naming the first fallback file that is missing.
  private func fallbackFace(for scalar: Unicode.Scalar, bold: Bool) throws(TextMeasuringError)
    -> Face?
  {
    for fallback in fallbackFonts {
      let path = bold ? fallback.bold : fallback.regular
      let face = try face(
        atPath: path,
        missing: "text measuring needs a fallback font for U+\(Self.hex(scalar)): \(path) is "
          + "missing (\(fallback.origin); run tools/setup.sh)")
      if covers(face, scalar) { return face }
    }
    return nil
  }

  /// Marks (Arabic vowel signs, accents) and invisible joiners: shaped with their base.
  static func staysWithItsBase(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: true
    default: false
    }
  }

  private static func hex(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
