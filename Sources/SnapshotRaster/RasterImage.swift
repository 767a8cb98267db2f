// SVG pictures as PNG images: librsvg parses and draws the SVG onto a cairo image surface,
// cairo encodes the PNG. Text is laid out by Pango with the system's fonts (fontconfig), so the
// output is byte-identical for the same SVG on machines with the same fonts (DejaVu on Debian).
// The libraries are loaded with the first picture (`RSVGLibrary`).

/// Why a picture could not be rasterised or encoded.
public struct RasterError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

/// A drawn picture: an opaque RGB image owned as a cairo image surface.
///
/// Not `Sendable`: one owner reads pixels and encodes it.
public final class RasterImage {
  /// Size in pixels.
  public let width: Int
  public let height: Int
  private let surface: OpaquePointer
  private let library: RSVGLibrary

  /// The largest side accepted, in pixels (a 16k square is 1 GiB of pixels).
  public static let maximumSide = 16_384

  /// Draws an SVG document on a white ground.
  ///
  /// The image is the SVG's intrinsic size (its `width`/`height`, in CSS pixels) times
  /// `scale`, rounded up to whole pixels.
  /// - Parameters:
  ///   - svg: a complete SVG document.
  ///   - scale: pixels per SVG unit (1 to 8; 2 for a sharp picture on a high-density screen).
  /// - Throws: `RasterError` when librsvg rejects the document, it has no intrinsic size, or
  ///   the image would be larger than `maximumSide`.
  public init(svg: String, scale: Double = 1) throws {
    guard scale >= 1, scale <= 8 else {
      throw RasterError("scale \(scale) is outside 1...8")
    }
    let library = try RSVGLibrary.shared.get()
    var error: UnsafeMutableRawPointer?
    let bytes = Array(svg.utf8)
    guard
      let handle = bytes.withUnsafeBufferPointer({
        library.newFromData($0.baseAddress, $0.count, &error)
      })
    else { throw RasterError("SVG not readable: \(library.consume(error))") }
    defer { library.objectUnref(UnsafeMutableRawPointer(handle)) }
    var svgWidth = 0.0, svgHeight = 0.0
    guard library.intrinsicSize(handle, &svgWidth, &svgHeight) != 0 else {
      throw RasterError("SVG has no width and height to size the image by")
    }
    let width = Int((svgWidth * scale).rounded(.up))
    let height = Int((svgHeight * scale).rounded(.up))
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
      throw RasterError("image of \(width)x\(height) pixels is outside 1...\(Self.maximumSide)")
    }
    guard
      let surface = library.surfaceCreate(RSVGLibrary.formatRGB24, Int32(width), Int32(height))
    else { throw RasterError("cairo could not allocate \(width)x\(height) pixels") }
    let status = library.surfaceStatus(surface)
    guard status == RSVGLibrary.success else {
      library.surfaceDestroy(surface)
      throw RasterError("cairo: \(library.describe(status))")
    }
    self.width = width
    self.height = height
    self.surface = surface
    self.library = library
    let cr = library.create(surface)
    defer { library.destroy(cr) }
    library.setSourceRGB(cr, 1, 1, 1)
    library.paint(cr)
    library.scale(cr, scale, scale)
    var viewport: RSVGLibrary.Viewport = (0, 0, svgWidth, svgHeight)
    let drawn = withUnsafePointer(to: &viewport) {
      library.renderDocument(handle, cr, UnsafeRawPointer($0), &error)
    }
    guard drawn != 0 else {
      throw RasterError("SVG not drawable: \(library.consume(error))")
    }
    library.surfaceFlush(surface)
  }

  deinit { library.surfaceDestroy(surface) }

  /// The colour at a pixel, as `0xRRGGBB`.
  /// - Precondition: `x` in `0..<width`, `y` in `0..<height`.
  public func rgb(x: Int, y: Int) -> UInt32 {
    precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel \(x),\(y) outside")
    let stride = Int(library.stride(surface))
    let data = UnsafeRawPointer(library.data(surface)!)
    // RGB24: one native-endian 32-bit word per pixel, 0x00RRGGBB.
    return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF
  }

  /// The image as a PNG file's bytes (cairo's encoder: no timestamps, byte-identical for the
  /// same pixels).
  /// - Throws: `RasterError` when cairo fails to encode.
  public func pngData() throws -> [UInt8] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    let status = library.writeToPNGStream(
      surface,
      { closure, data, length in
        let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return RSVGLibrary.success
      },
      Unmanaged.passUnretained(sink).toOpaque())
    guard status == RSVGLibrary.success else {
      throw RasterError("PNG encoding failed: \(library.describe(status))")
    }
    return sink.bytes
  }
}
