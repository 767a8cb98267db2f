// Images as data and the begin / end image context.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct ImageDataTests {
  @Test func aPNGRoundTripsItsPixelSize() throws {
    let image = UIImage(size: CGSize(width: 27, height: 43), scale: 2)
    let png = try #require(image.pngData())
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(PNGWriter.crc32(Array("IEND".utf8)) == 0xAE42_6082)  // the PNG spec's IEND CRC
    let decoded = try #require(UIImage(data: png, scale: 2))
    #expect(decoded.size == CGSize(width: 27, height: 43))
    #expect(UIImage(data: png)?.size == CGSize(width: 54, height: 86))
    #expect(image.cgImage?.width == 54 && image.imageOrientation == .up)
    #expect(UIImage(data: Data("not an image".utf8)) == nil)
  }

  @Test func aJPEGsSizeComesFromItsFrameHeader() {
    // SOI, an APP0 segment of length 4, then SOF0 with height 0x0102 and width 0x0304.
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,
                     0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x02, 0x03, 0x04, 0x03])
    #expect(UIImage(data: jpeg)?.size == CGSize(width: 0x0304, height: 0x0102))
  }

  @Test func anImageContextRecordsDrawingAndGivesItsSizedImage() {
    #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 30, height: 30), false, 0)
    let icon = UIImage(systemName: "car")!
    icon.draw(in: CGRect(x: 3, y: 3, width: 24, height: 24))
    UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30)).stroke()
    let context = UIGraphicsImageRendererContext.drawing
    let image = UIGraphicsGetImageFromCurrentImageContext()
    UIGraphicsEndImageContext()
    #expect(image?.size == CGSize(width: 30, height: 30) && image?.scale == 3)
    #expect(context?.drawnImages.map(\.rect) == [CGRect(x: 3, y: 3, width: 24, height: 24)])
    #expect(context?.drawnPaths.count == 1)
    #expect(UIGraphicsImageRendererContext.drawing == nil)
  }

  @Test func coreGraphicsCallsAreRecordedInTheCurrentImageContext() throws {
    #expect(UIGraphicsGetCurrentContext() == nil)
    let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { renderer in
      let context = UIGraphicsGetCurrentContext()!
      #expect(context === renderer.cgContext)
      context.setFillColor(UIColor.systemBlue.cgColor)
      context.saveGState()
      context.setLineWidth(3)
      context.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
      context.drawPath(using: .fillStroke)
      context.restoreGState()
      #expect(context.graphicsState.lineWidth == 1)
      context.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
      #expect(renderer.drawnPaths.map(\.kind) == [.fill, .stroke])
      #expect(renderer.drawnPaths.last?.lineWidth == 3)
      #expect(renderer.drawnPaths.last?.bounds == CGRect(x: 0, y: 0, width: 40, height: 40))
      #expect(renderer.filledRects == [CGRect(x: 10, y: 10, width: 20, height: 20)])
    }
    #expect(image.size == CGSize(width: 40, height: 40))
  }

  @Test func dynamicColoursResolveByTraitsAndFontsByName() {
    let color = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
    #expect(color == .white)
    #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .black)
    #expect(CGColor(gray: 0.5, alpha: 1).color == UIColor(white: 0.5, alpha: 1))
    #expect(UIFont(name: "Roboto-Medium", size: 14)?.weight == .medium)
    #expect(UIFont(name: "Helvetica", size: 14)?.weight == .regular)
  }
}
