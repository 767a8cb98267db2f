// Text measured with real glyphs: HarfBuzz shapes text in Inter (Debian's fonts-inter), the
// open face closest to the system font's design, and the widths carry SF Pro's published
// tracking. Scripts Inter lacks are shaped in fallback faces (TextShaper+Fallback.swift). HarfBuzz (libharfbuzz0b) is loaded when the first text is measured, as libpq and
// librsvg are (SharedLibrary), with its own OpenType font functions: no FreeType needed.

import Foundation
import SharedLibrary
import TextBytes

/// Why text can't be measured: the font or HarfBuzz is missing. One line a user can act on.
public struct TextMeasuringError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// Shapes text with HarfBuzz in the Inter weights and reports advances in ems.
@MainActor
public final class TextShaper {
  /// Where Debian's fonts-inter puts the faces (NAVSIM_FONT_DIR overrides, for other
  /// systems).
  public static var defaultFontDirectory: String {
    ProcessInfo.processInfo.environment["NAVSIM_FONT_DIR"] ?? "/usr/share/fonts/opentype/inter"
  }

  // MARK: - HarfBuzz

  private typealias BlobFromFile = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
  private typealias BlobLength = @convention(c) (OpaquePointer?) -> UInt32
  private typealias FaceCreate = @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
  private typealias FaceUPEM = @convention(c) (OpaquePointer?) -> UInt32
  private typealias FontCreate = @convention(c) (OpaquePointer?) -> OpaquePointer?
  private typealias BufferCreate = @convention(c) () -> OpaquePointer?
  private typealias BufferAddUTF8 = @convention(c) (
    OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32
  ) -> Void
  private typealias BufferFunction = @convention(c) (OpaquePointer?) -> Void
  private typealias Shape = @convention(c) (
    OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UInt32
  ) -> Void
  /// Returns `hb_glyph_position_t`s: x_advance, y_advance, x_offset, y_offset, var (5 x 4
  /// bytes each).
  private typealias GlyphPositions = @convention(c) (
    OpaquePointer?, UnsafeMutablePointer<UInt32>?
  ) -> UnsafeMutableRawPointer?
  private static let positionStride = 20
  private typealias VersionString = @convention(c) () -> UnsafePointer<CChar>?
  private typealias NominalGlyph = @convention(c) (
    OpaquePointer?, UInt32, UnsafeMutablePointer<UInt32>?
  ) -> Int32

  private let bufferCreate: BufferCreate
  private let bufferAddUTF8: BufferAddUTF8
  private let bufferGuess: BufferFunction
  private let bufferClear: BufferFunction
  private let shape: Shape
  private let glyphPositions: GlyphPositions
  private let buffer: OpaquePointer
  private let nominalGlyph: NominalGlyph

  /// One face: its HarfBuzz font (scaled in font units), units per em, and which characters
  /// it has glyphs for (filled as they are asked about).
  final class Face {
    let font: OpaquePointer
    let unitsPerEm: Double
    var covers: [UInt32: Bool] = [:]
    /// `covers` of the ASCII characters, by value: 0 not asked yet, 1 a glyph, 2 none (a
    /// dictionary lookup a character was most of the cost of splitting a text into runs).
    var asciiCoverage = [UInt8](repeating: 0, count: 128)

    init(font: OpaquePointer, unitsPerEm: Double) {
      self.font = font
      self.unitsPerEm = unitsPerEm
    }
  }
  /// By path.
  private var faces: [String: Face] = [:]
  /// Faces for characters the Inter faces lack, tried in order.
  public let fallbackFonts: [FallbackFont]
  private let blobFromFile: BlobFromFile
  private let blobLength: BlobLength
  private let faceCreate: FaceCreate
  private let faceUPEM: FaceUPEM
  private let fontCreate: FontCreate
  /// Advances already measured, by face (`FontFace.index`) and text, the texts told apart by
  /// their bytes: two forms of one text, equal `String`s, can shape to other advances
  /// ("\u{AC00}" is one missing-glyph box in Inter, its jamo "\u{1100}\u{1161}" two; U+2000
  /// EN QUAD is 1 536 units wide, U+2002 EN SPACE, its normal form, 1 408:
  /// TextBytesWidthTests).
  private var cache = [[ByteKey: Double]](repeating: [:], count: FontFace.allCases.count)
  /// HarfBuzz's version (`hb_version_string`).
  public let harfBuzzVersion: String

  /// The shaper of this process, made at first use.
  /// - Throws: `TextMeasuringError` when HarfBuzz or the regular face is missing.
  public static func shared() throws(TextMeasuringError) -> TextShaper {
    if let made = sharedShaper { return made }
    let made = try TextShaper(fontDirectory: defaultFontDirectory)
    sharedShaper = made
    return made
  }
  private static var sharedShaper: TextShaper?

  /// The directory the faces are read from.
  public let fontDirectory: String

  /// A shaper reading the Inter faces from `fontDirectory`, and `fallbackFonts` for the
  /// characters Inter has no glyph for.
  /// - Throws: `TextMeasuringError` when HarfBuzz or the regular face is missing.
  init(
    fontDirectory: String, fallbackFonts: [FallbackFont] = FallbackFont.defaults
  ) throws(TextMeasuringError) {
    self.fontDirectory = fontDirectory
    self.fallbackFonts = fallbackFonts
    let library: SharedLibrary
    do {
      library = try SharedLibrary(
        firstOf: [
          "libharfbuzz.so.0", "libharfbuzz.0.dylib", "/opt/homebrew/lib/libharfbuzz.0.dylib",
        ])
    } catch {
      throw TextMeasuringError(
        message: "text measuring needs HarfBuzz (Debian: libharfbuzz0b; run tools/setup.sh): "
          + error.message)
    }
    func look<F>(_ name: String, _ type: F.Type) -> F? { library.function(name, as: type) }
    guard let bufferCreate = look("hb_buffer_create", BufferCreate.self),
      let bufferAddUTF8 = look("hb_buffer_add_utf8", BufferAddUTF8.self),
      let bufferGuess = look("hb_buffer_guess_segment_properties", BufferFunction.self),
      let bufferClear = look("hb_buffer_clear_contents", BufferFunction.self),
      let shape = look("hb_shape", Shape.self),
      let glyphPositions = look("hb_buffer_get_glyph_positions", GlyphPositions.self),
      let blobFromFile = look("hb_blob_create_from_file", BlobFromFile.self),
      let blobLength = look("hb_blob_get_length", BlobLength.self),
      let faceCreate = look("hb_face_create", FaceCreate.self),
      let faceUPEM = look("hb_face_get_upem", FaceUPEM.self),
      let fontCreate = look("hb_font_create", FontCreate.self),
      let version = look("hb_version_string", VersionString.self),
      let nominalGlyph = look("hb_font_get_nominal_glyph", NominalGlyph.self),
      let buffer = bufferCreate()
    else {
      throw TextMeasuringError(
        message: "HarfBuzz lacks \(library.missing.joined(separator: ", ")) (need 2.0 or later)")
    }
    self.bufferCreate = bufferCreate
    self.bufferAddUTF8 = bufferAddUTF8
    self.bufferGuess = bufferGuess
    self.bufferClear = bufferClear
    self.shape = shape
    self.glyphPositions = glyphPositions
    self.blobFromFile = blobFromFile
    self.blobLength = blobLength
    self.faceCreate = faceCreate
    self.faceUPEM = faceUPEM
    self.fontCreate = fontCreate
    self.buffer = buffer
    self.nominalGlyph = nominalGlyph
    harfBuzzVersion = version().map { String(cString: $0) } ?? "unknown"
    _ = try face(named: FontFace.regular.fileName)
  }

  /// The face in `fileName` under `fontDirectory`, loaded on first use.
  private func face(named fileName: String) throws(TextMeasuringError) -> Face {
    let path = fontDirectory + "/" + fileName
    return try face(
      atPath: path,
      missing: "text measuring needs the Inter font: \(path) is missing "
        + "(Debian: fonts-inter; run tools/setup.sh)")
  }

  /// The face in the file at `path`, loaded on first use.
  /// - Throws: `TextMeasuringError` with `missing` when the file can't be read as a font.
  func face(atPath path: String, missing: @autoclosure () -> String)
    throws(TextMeasuringError) -> Face
  {
    if let face = faces[path] { return face }
    guard let blob = blobFromFile(path), blobLength(blob) > 0,
      let hbFace = faceCreate(blob, 0), let font = fontCreate(hbFace)
    else {
      throw TextMeasuringError(message: missing())
    }
    let face = Face(font: font, unitsPerEm: Double(max(faceUPEM(hbFace), 1)))
    faces[path] = face
    return face
  }

  /// Whether `face` has a glyph for `scalar` (HarfBuzz's nominal glyph).
  func covers(_ face: Face, _ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 128 {
      let known = face.asciiCoverage[Int(value)]
      if known != 0 { return known == 1 }
      let has = hasGlyph(face, value)
      face.asciiCoverage[Int(value)] = has ? 1 : 2
      return has
    }
    if let known = face.covers[value] { return known }
    let has = hasGlyph(face, value)
    face.covers[value] = has
    return has
  }

  private func hasGlyph(_ face: Face, _ value: UInt32) -> Bool {
    var glyph: UInt32 = 0
    return nominalGlyph(face.font, value, &glyph) != 0
  }

  /// The advance of `text` shaped in `face`, in ems (kerning, ligatures and the script's
  /// shaping included; no tracking). Runs of characters the Inter face has no glyph for are
  /// shaped in the first fallback face that has them (`fallbackFonts`), in their own ems.
  /// - Throws: `TextMeasuringError` when a face it needs is missing.
  public func advance(of text: String, in face: FontFace) throws(TextMeasuringError) -> Double {
    let key = ByteKey(text)
    if let known = cache[face.index][key] { return known }
    let primary = try self.face(named: face.fileName)
    var ems = 0.0
    for run in try runs(of: text, primary: primary, bold: face.isBold) {
      ems += shapedAdvance(run.text, in: run.face)
    }
    cache[face.index][key] = ems
    return ems
  }

  /// The advance of `text` shaped in one face, in ems.
  private func shapedAdvance(_ text: String, in shaped: Face) -> Double {
    bufferClear(buffer)
    var utf8 = text
    utf8.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        bufferAddUTF8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
      }
    }
    bufferGuess(buffer)
    shape(shaped.font, buffer, nil, 0)
    var count: UInt32 = 0
    var units: Int64 = 0
    if let positions = glyphPositions(buffer, &count) {
      for index in 0..<Int(count) {
        units += Int64(
          positions.load(fromByteOffset: index * Self.positionStride, as: Int32.self))
      }
    }
    return Double(units) / shaped.unitsPerEm
  }

  /// Name, version and hash of the regular face, and of the first fallback face (Arabic)
  /// when it is there: what a run records of the fonts it measured with
  /// ("Inter-Regular.otf revision 3.019 fnv1a64 ... + NotoSansArabicUI-Regular.ttf revision
  /// ... harfbuzz 6.0.0").
  public func fontIdentity() -> String {
    let path = fontDirectory + "/" + FontFace.regular.fileName
    guard let inter = Self.describeFont(atPath: path) else { return "missing \(path)" }
    let fallback = fallbackFonts.first.flatMap { Self.describeFont(atPath: $0.regular) }
    return inter + (fallback.map { " + " + $0 } ?? "") + " harfbuzz \(harfBuzzVersion)"
  }

  /// `NAME revision R fnv1a64 HASH` of the font file at `path`; nil when it can't be read.
  private static func describeFont(atPath path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let name = (path as NSString).lastPathComponent
    return "\(name) revision \(fontRevision(data)) fnv1a64 \(fnv1a64(data))"
  }

  /// The `head` table's fontRevision (16.16 fixed), as three decimals.
  static func fontRevision(_ data: Data) -> String {
    let bytes = [UInt8](data)
    func u16(_ at: Int) -> Int {
      at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : 0
    }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    let tables = u16(4)
    for index in 0..<tables {
      let record = 12 + index * 16
      guard record + 16 <= bytes.count else { break }
      if bytes[record..<record + 4].elementsEqual("head".utf8) {
        let offset = u32(record + 8)
        let fixed = Double(u32(offset + 4)) / 65536
        return String(format: "%.3f", fixed)
      }
    }
    return "unknown"
  }

  /// 64-bit FNV-1a of the file, 16 hex digits.
  static func fnv1a64(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    // Over the raw bytes: `Data`'s iterator costs ~60 instructions a byte, 30 M for the
    // regular face at every process start.
    data.withUnsafeBytes { bytes in
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

/// The Inter face standing in for each system font weight.
public enum FontFace: String, Sendable, CaseIterable {
  case thin = "Inter-Thin.otf"
  case extraLight = "Inter-ExtraLight.otf"
  case light = "Inter-Light.otf"
  case regular = "Inter-Regular.otf"
  case medium = "Inter-Medium.otf"
  case semibold = "Inter-SemiBold.otf"
  case bold = "Inter-Bold.otf"
  case extraBold = "Inter-ExtraBold.otf"
  case black = "Inter-Black.otf"

  var fileName: String { rawValue }

  /// Its place in `allCases`, for tables by face (no `String` hashed to find one).
  var index: Int {
    switch self {
    case .thin: 0
    case .extraLight: 1
    case .light: 2
    case .regular: 3
    case .medium: 4
    case .semibold: 5
    case .bold: 6
    case .extraBold: 7
    case .black: 8
    }
  }

  /// Whether a fallback face's bold cut stands for it (semibold and heavier).
  var isBold: Bool {
    switch self {
    case .semibold, .bold, .extraBold, .black: true
    default: false
    }
  }

  /// The face nearest `weight` (UIKit's raw values: -0.8 ultra light ... 0.62 black).
  init(weight: UIFont.Weight) {
    // The first of the nearest, as `min(by:)` picks it; a loop over a table made once (the
    // array and the closure cost a few hundred instructions a measured text).
    var best = Self.steps[0]
    for step in Self.steps.dropFirst()
    where abs(step.weight - weight.rawValue) < abs(best.weight - weight.rawValue) {
      best = step
    }
    self = best.face
  }

  private static let steps: [(weight: CGFloat, face: FontFace)] = [
    (-0.8, .extraLight), (-0.6, .thin), (-0.4, .light), (0, .regular), (0.23, .medium),
    (0.3, .semibold), (0.4, .bold), (0.56, .extraBold), (0.62, .black),
  ]
}
