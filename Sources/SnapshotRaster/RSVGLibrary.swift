// librsvg, cairo and GLib, loaded when the first picture is drawn, not when navsim starts.
//
// Linked, they made every navsim process load about 30 more shared libraries (Pango, X11,
// fontconfig...), about 6 ms of each start-up on the 2-core machine (measured with dlopen),
// paid by every `check --jobs` and `explore --jobs` worker that never draws. The few
// functions NavSim calls are looked up here by name, with the C signatures of their headers
// (librsvg 2.52+, cairo 1.x, GLib 2.x).

import Foundation
import SharedLibrary

/// The librsvg, cairo and GLib functions `RasterImage` calls.
struct RSVGLibrary: @unchecked Sendable {  // C function pointers, never changed
  // Handles and cairo objects are opaque; a GError is read for its message only.
  typealias NewFromData = @convention(c) (
    UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
  ) -> OpaquePointer?
  typealias IntrinsicSize = @convention(c) (
    OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?
  ) -> Int32
  typealias RenderDocument = @convention(c) (
    OpaquePointer?, OpaquePointer?, UnsafeRawPointer?,
    UnsafeMutablePointer<UnsafeMutableRawPointer?>?
  ) -> Int32
  typealias ObjectFunction = @convention(c) (OpaquePointer?) -> Void
  typealias RawFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias SurfaceCreate = @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
  typealias StatusOf = @convention(c) (OpaquePointer?) -> Int32
  typealias StatusText = @convention(c) (Int32) -> UnsafePointer<CChar>?
  typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
  typealias SetRGB = @convention(c) (OpaquePointer?, Double, Double, Double) -> Void
  typealias Scale = @convention(c) (OpaquePointer?, Double, Double) -> Void
  typealias Stride = @convention(c) (OpaquePointer?) -> Int32
  typealias Data = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
  /// cairo's write callback: closure, bytes, length; returns a cairo status.
  typealias WriteFunction = @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32
  ) -> Int32
  typealias WriteToPNGStream = @convention(c) (
    OpaquePointer?, WriteFunction?, UnsafeMutableRawPointer?
  ) -> Int32

  /// `RsvgRectangle`: x, y, width, height (four doubles, as a tuple lays them out).
  typealias Viewport = (Double, Double, Double, Double)

  /// `CAIRO_FORMAT_RGB24`, `CAIRO_STATUS_SUCCESS`.
  static let formatRGB24: Int32 = 1
  static let success: Int32 = 0

  let newFromData: NewFromData
  let intrinsicSize: IntrinsicSize
  let renderDocument: RenderDocument
  let objectUnref: RawFunction
  let errorFree: RawFunction
  let surfaceCreate: SurfaceCreate
  let surfaceStatus: StatusOf
  let surfaceDestroy: ObjectFunction
  let surfaceFlush: ObjectFunction
  let statusText: StatusText
  let create: Create
  let destroy: ObjectFunction
  let setSourceRGB: SetRGB
  let paint: ObjectFunction
  let scale: Scale
  let stride: Stride
  let data: Data
  let writeToPNGStream: WriteToPNGStream

  /// The loaded libraries, or why they could not be loaded.
  static let shared: Result<RSVGLibrary, RasterError> = load()

  /// A GError's message (`GError.message`, after its 32-bit domain and code), freeing it.
  func consume(_ error: UnsafeMutableRawPointer?) -> String {
    guard let error else { return "unknown error" }
    defer { errorFree(error) }
    let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self)
    return message.map { String(cString: $0) } ?? "unknown error"
  }

  /// A cairo status's text.
  func describe(_ status: Int32) -> String {
    statusText(status).map { String(cString: $0) } ?? "status \(status)"
  }

  // MARK: - Loading

  #if canImport(Darwin)
    private static let candidates = [
      "librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib",
      "/usr/local/lib/librsvg-2.2.dylib",
    ]
  #else
    private static let candidates = ["librsvg-2.so.2"]
  #endif

  private static func load() -> Result<RSVGLibrary, RasterError> {
    // librsvg links cairo and GLib: once it is loaded, their symbols resolve through it.
    let shared: SharedLibrary
    do {
      shared = try SharedLibrary(firstOf: candidates)
    } catch {
      return .failure(
        RasterError(
          "PNG output needs librsvg (Debian: apt-get install librsvg2-2; Homebrew: brew "
            + "install librsvg): \(error.message)"))
    }
    let library = (
      shared.function("rsvg_handle_new_from_data", as: NewFromData.self),
      shared.function("rsvg_handle_get_intrinsic_size_in_pixels", as: IntrinsicSize.self),
      shared.function("rsvg_handle_render_document", as: RenderDocument.self),
      shared.function("g_object_unref", as: RawFunction.self),
      shared.function("g_error_free", as: RawFunction.self),
      shared.function("cairo_image_surface_create", as: SurfaceCreate.self),
      shared.function("cairo_surface_status", as: StatusOf.self),
      shared.function("cairo_surface_destroy", as: ObjectFunction.self),
      shared.function("cairo_surface_flush", as: ObjectFunction.self),
      shared.function("cairo_status_to_string", as: StatusText.self),
      shared.function("cairo_create", as: Create.self),
      shared.function("cairo_destroy", as: ObjectFunction.self),
      shared.function("cairo_set_source_rgb", as: SetRGB.self),
      shared.function("cairo_paint", as: ObjectFunction.self),
      shared.function("cairo_scale", as: Scale.self),
      shared.function("cairo_image_surface_get_stride", as: Stride.self),
      shared.function("cairo_image_surface_get_data", as: Data.self),
      shared.function("cairo_surface_write_to_png_stream", as: WriteToPNGStream.self))
    guard shared.missing.isEmpty, let newFromData = library.0, let intrinsicSize = library.1,
      let renderDocument = library.2, let objectUnref = library.3, let errorFree = library.4,
      let surfaceCreate = library.5, let surfaceStatus = library.6, let surfaceDestroy = library.7,
      let surfaceFlush = library.8, let statusText = library.9, let create = library.10,
      let destroy = library.11, let setSourceRGB = library.12, let paint = library.13,
      let scale = library.14, let stride = library.15, let data = library.16,
      let writeToPNGStream = library.17
    else {
      return .failure(
        RasterError(
          "PNG output needs librsvg 2.52 or later: missing "
            + shared.missing.joined(separator: ", ")))
    }
    return .success(
      RSVGLibrary(
        newFromData: newFromData, intrinsicSize: intrinsicSize, renderDocument: renderDocument,
        objectUnref: objectUnref, errorFree: errorFree, surfaceCreate: surfaceCreate,
        surfaceStatus: surfaceStatus, surfaceDestroy: surfaceDestroy, surfaceFlush: surfaceFlush,
        statusText: statusText, create: create, destroy: destroy, setSourceRGB: setSourceRGB,
        paint: paint, scale: scale, stride: stride, data: data,
        writeToPNGStream: writeToPNGStream))
  }
}
