// SVG pictures as PNG images: librsvg parses and draws the SVG onto a cairo image surface,
// cairo encodes the PNG. Text is laid out by Pango with the system's fonts (fontconfig), so the
// output is byte-identical for the same SVG on machines with the same fonts (DejaVu on Debian).

import CRSVG

/// Why a picture could not be rasterised or encoded.
public struct RasterError: Error, Equatable, CustomStringConvertible {
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
    var error: UnsafeMutablePointer<GError>?
    let bytes = Array(svg.utf8)
    guard
      let handle = bytes.withUnsafeBufferPointer({
        rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
      })
    else { throw RasterError("SVG not readable: \(Self.consume(error))") }
    defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
    var svgWidth = 0.0, svgHeight = 0.0
    guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &svgWidth, &svgHeight) != 0 else {
      throw RasterError("SVG has no width and height to size the image by")
    }
    let width = Int((svgWidth * scale).rounded(.up))
    let height = Int((svgHeight * scale).rounded(.up))
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
      throw RasterError("image of \(width)x\(height) pixels is outside 1...\(Self.maximumSide)")
    }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    else { throw RasterError("cairo could not allocate \(width)x\(height) pixels") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RasterError("cairo: \(String(cString: cairo_status_to_string(status)))")
    }
    self.width = width
    self.height = height
    self.surface = surface
    let cr = cairo_create(surface)
    defer { cairo_destroy(cr) }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_scale(cr, scale, scale)
    var viewport = RsvgRectangle(x: 0, y: 0, width: svgWidth, height: svgHeight)
    guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
      throw RasterError("SVG not drawable: \(Self.consume(error))")
    }
    cairo_surface_flush(surface)
  }

  deinit { cairo_surface_destroy(surface) }

  /// The colour at a pixel, as `0xRRGGBB`.
  /// - Precondition: `x` in `0..<width`, `y` in `0..<height`.
  public func rgb(x: Int, y: Int) -> UInt32 {
    precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel \(x),\(y) outside")
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    // RGB24: one native-endian 32-bit word per pixel, 0x00RRGGBB.
    return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF
  }

  /// The image as a PNG file's bytes (cairo's encoder: no timestamps, byte-identical for the
  /// same pixels).
  /// - Throws: `RasterError` when cairo fails to encode.
  public func pngData() throws -> [UInt8] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    let status = cairo_surface_write_to_png_stream(
      surface,
      { closure, data, length in
        let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
      },
      Unmanaged.passUnretained(sink).toOpaque())
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RasterError("PNG encoding failed: \(String(cString: cairo_status_to_string(status)))")
    }
    return sink.bytes
  }

  /// A GError's message, freeing it.
  private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
  }
}
