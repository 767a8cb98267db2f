// Images as data and the begin / end image context: what map plugins do to make marker icons
// (decode a PNG the app ships, scale it into a context, read the image back, encode it).
// Headless images have a size and a scale but no pixels: decoding reads the size from the
// file's header; encoding writes a valid, fully transparent PNG of the image's pixel size.

import Foundation

// MARK: - Decoding and encoding

/// A bitmap's pixel dimensions (Core Graphics' image, reduced to its size).
public final class CGImage: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public var bitsPerComponent: Int { 8 }
  public var bitsPerPixel: Int { 32 }

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public static func == (lhs: CGImage, rhs: CGImage) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
  }
}

extension UIImage {
  /// Which way up the pixels are: headless images are always `.up`.
  public enum Orientation: Int, Sendable {
    case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
  }

  public var imageOrientation: Orientation { .up }

  /// An image of a PNG, JPEG or GIF file's size at `scale` pixels per point; nil for data in
  /// no such format.
  public convenience init?(data: Data, scale: CGFloat = 1) {
    guard let pixels = ImageHeader.pixelSize(of: data), scale > 0 else { return nil }
    self.init(
      size: CGSize(width: CGFloat(pixels.width) / scale, height: CGFloat(pixels.height) / scale),
      name: nil, scale: scale)
  }

  public convenience init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
    self.init(
      size: CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale),
      name: nil, scale: scale)
  }

  /// The image's pixels: size times scale, rounded up.
  public var cgImage: CGImage? {
    CGImage(
      width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
  }

  /// A PNG of the image's pixel size, every pixel transparent (headless images have no
  /// pixels); `UIImage(data:)` reads the size back.
  public func pngData() -> Data? {
    guard let pixels = cgImage, pixels.width > 0, pixels.height > 0 else { return nil }
    return PNGWriter.transparentPNG(width: pixels.width, height: pixels.height)
  }

  /// Draws the image into the current image context (recorded there, nothing is painted).
  public func draw(in rect: CGRect) {
    UIGraphicsImageRendererContext.drawing?.recordImage(self, in: rect)
  }

  public func draw(at point: CGPoint) {
    draw(in: CGRect(origin: point, size: size))
  }
}

/// Reads pixel dimensions from image file headers.
enum ImageHeader {
  static func pixelSize(of data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    func be32(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    // PNG: signature, then the IHDR chunk's width and height.
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return (be32(16), be32(20))
    }
    // GIF: "GIF8", then little-endian width and height.
    if bytes.count >= 10, bytes.starts(with: [0x47, 0x49, 0x46, 0x38]) {
      return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }
    // JPEG: walk the segments to the first start-of-frame (SOF0...SOF15 but DHT, JPG, DAC).
    if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
      var at = 2
      while at + 9 < bytes.count, bytes[at] == 0xFF {
        let marker = bytes[at + 1]
        let length = be16(at + 2)
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
          return (be16(at + 7), be16(at + 5))
        }
        at += 2 + length
      }
    }
    return nil
  }
}

/// Writes PNG files without compression (stored deflate blocks), per RFC 1950/1951 and the
/// PNG specification.
enum PNGWriter {
  static func transparentPNG(width: Int, height: Int) -> Data {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header += be32(width) + be32(height)
    header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
    png += chunk("IHDR", header)
    // Each row: filter byte 0, then width RGBA pixels of zero.
    let raw = [UInt8](repeating: 0, count: height * (1 + width * 4))
    png += chunk("IDAT", zlibStored(raw))
    png += chunk("IEND", [])
    return Data(png)
  }

  private static func be32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
     UInt8(value & 0xFF)]
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return be32(data.count) + typeBytes + data + be32(Int(crc32(typeBytes + data)))
  }

  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, data.count - offset)
      let final: UInt8 = offset + count == data.count ? 1 : 0
      out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF),
              UInt8(~count >> 8 & 0xFF)]
      out += data[offset..<offset + count]
      offset += count
    } while offset < data.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + be32(Int(b << 16 | a))
  }

  private static let crcTable: [UInt32] = (0..<256).map { n in
    (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
  }
}

// MARK: - The begin / end image context

/// The contexts `UIGraphicsBeginImageContextWithOptions` opened, innermost last (one stack per
/// process, behind a lock; UIKit keeps one per thread).
final class ImageContextStack: @unchecked Sendable {
  static let shared = ImageContextStack()
  private let lock = NSLock()
  private var contexts: [(context: UIGraphicsImageRendererContext, size: CGSize)] = []

  func push(_ context: UIGraphicsImageRendererContext, size: CGSize) {
    lock.lock()
    defer { lock.unlock() }
    contexts.append((context, size))
  }

  func pop() {
    lock.lock()
    defer { lock.unlock() }
    _ = contexts.popLast()
  }

  var top: (context: UIGraphicsImageRendererContext, size: CGSize)? {
    lock.lock()
    defer { lock.unlock() }
    return contexts.last
  }
}

extension UIGraphicsImageRendererContext {
  /// Where drawing goes now: the renderer block's context, else the innermost begun context.
  static var drawing: UIGraphicsImageRendererContext? {
    current ?? ImageContextStack.shared.top?.context
  }
}

/// Opens an image context of `size`; `scale` 0 means the main screen's (3).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
  let format = UIGraphicsImageRendererFormat()
  format.opaque = opaque
  if scale > 0 { format.scale = scale }
  ImageContextStack.shared.push(UIGraphicsImageRendererContext(format: format), size: size)
}

/// Opens an image context of `size` at scale 1, not opaque.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
  UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// An image of the innermost context's size and scale; nil when none is open.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let top = ImageContextStack.shared.top else { return nil }
  return UIImage(size: top.size, name: nil, scale: top.context.format.scale)
}

/// Closes the innermost image context.
public func UIGraphicsEndImageContext() {
  ImageContextStack.shared.pop()
}
