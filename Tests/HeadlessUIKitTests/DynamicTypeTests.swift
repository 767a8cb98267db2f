// Dynamic Type: preferred fonts per content size category, UIFontMetrics, labels that adjust.
//
// The numbers are UIKit's, from public references:
// [A] Apple, Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes": size and
//     leading of every text style at xSmall ... xxxLarge and AX1 ... AX5 (Large: body 17/22,
//     large title 34/41, caption 2 11/13; AX5: body 53/62, large title 60/70).
// [B] gist zacwest/916d31da5d03405809c4: `UIFont.preferredFont(forTextStyle:)` printed at the
//     default size (largeTitle 34, title1 28, title2 22, title3 20, headline 17 semibold,
//     callout 16, subheadline 15, body 17, footnote 13, caption1 12, caption2 11).
// [C] gist alexisakers (iOS 8.4 simulator), preferred font sizes per category: headline 14 15
//     16 17 19 21 23 from XS to XXXL; body 28 33 40 47 53 at the five accessibility sizes;
//     footnote 12 12 12 13 15 17 19; caption2 11 11 11 11 13 15 17.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct DynamicTypeTests {
  private func size(
    _ style: UIFont.TextStyle, _ category: UIContentSizeCategory
  ) -> CGFloat {
    UIFont.preferredFont(
      forTextStyle: style,
      compatibleWith: UITraitCollection(preferredContentSizeCategory: category)
    ).pointSize
  }

  @Test func preferredFontsAtTheDefaultSize() {
    let expected: [(UIFont.TextStyle, CGFloat)] = [
      (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17),
      (.callout, 16), (.subheadline, 15), (.body, 17), (.footnote, 13), (.caption1, 12),
      (.caption2, 11),
    ]
    for (style, points) in expected {
      #expect(UIFont.preferredFont(forTextStyle: style).pointSize == points)  // [B]
    }
    #expect(UIFont.preferredFont(forTextStyle: .headline).weight == .semibold)  // [B]
  }

  @Test func preferredFontsFollowTheContentSizeCategory() {
    let standard = Array(UIContentSizeCategory.allSizes.prefix(7))
    #expect(standard.map { size(.headline, $0) } == [14, 15, 16, 17, 19, 21, 23])  // [C]
    #expect(standard.map { size(.footnote, $0) } == [12, 12, 12, 13, 15, 17, 19])  // [C]
    #expect(standard.map { size(.caption2, $0) } == [11, 11, 11, 11, 13, 15, 17])  // [C]
    let accessibility = Array(UIContentSizeCategory.allSizes.suffix(5))
    #expect(accessibility.map { size(.body, $0) } == [28, 33, 40, 47, 53])  // [C]
    #expect(size(.largeTitle, .accessibilityExtraExtraExtraLarge) == 60)  // [A]
    #expect(DynamicTypeTable.entry(.body, .large).leading == 22)  // [A]
    #expect(DynamicTypeTable.entry(.largeTitle, .accessibilityExtraExtraExtraLarge).leading == 70)
    #expect(DynamicTypeTable.entry(.caption2, .large).leading == 13)  // [A]
  }

  @Test func fontsWithoutTraitsUseTheAppsSetting() {
    DynamicTypeSetting.with(.extraLarge) {
      #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 19)  // [C]
      #expect(UIApplication.shared.preferredContentSizeCategory == .extraLarge)
      #expect(makeRoot().traitCollection.preferredContentSizeCategory == .extraLarge)
    }
    #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
  }

  /// A category by NavSim's name or by UIKit's raw value (`UIContentSizeCategory.large
  /// .rawValue` is "UICTContentSizeCategoryL" in UIKit's headers).
  @Test func categoriesAreFoundByNameOrByUIKitsRawValue() {
    #expect(UIContentSizeCategory(name: "large") == .large)
    #expect(UIContentSizeCategory(name: "UICTContentSizeCategoryL") == .large)
    #expect(UIContentSizeCategory(name: "UICTContentSizeCategoryAccessibilityXXXL")
      == .accessibilityExtraExtraExtraLarge)
    #expect(UIContentSizeCategory(name: "_UICTContentSizeCategoryUnspecified") == nil)
    #expect(UIContentSizeCategory(name: "huge") == nil)
    #expect(UIContentSizeCategory(name: "UICTContentSizeCategoryXS")?.name == "extra-small")
  }

  /// The bound context's setting is the one source: changed while bound, fonts follow it;
  /// `with` puts a size in force without touching any context (the unbound one is the
  /// process's), and a context bound inside it has its own.
  @Test func theBoundContextIsTheOneSourceOfTheTextSize() {
    let context = LayoutContext()
    context.run {
      context.contentSizeCategory = .extraLarge
      #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 19)  // [C]
      DynamicTypeSetting.with(.small) {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 15)  // [C]
        #expect(LayoutContext.current === context)
      }
      #expect(DynamicTypeSetting.current == .extraLarge)
    }
    DynamicTypeSetting.with(.extraSmall) {
      #expect(LayoutContext.unbound.contentSizeCategory == .large)
      #expect(context.run { DynamicTypeSetting.current } == .extraLarge)
      #expect(DynamicTypeSetting.current == .extraSmall)
    }
  }

  @Test func eachLayoutContextCarriesItsOwnContentSize() {
    let large = LayoutContext()
    let accessible = LayoutContext()
    accessible.contentSizeCategory = .accessibilityMedium
    let sizes = [accessible, large, accessible].map { context in
      context.run { UIFont.preferredFont(forTextStyle: .body).pointSize }
    }
    #expect(sizes == [28, 17, 28])  // [C]
    let root = accessible.run { () -> UIView in
      let root = makeRoot()
      root.layoutIfNeeded()
      return root
    }
    #expect(accessible.run { root.traitCollection.preferredContentSizeCategory }
      == .accessibilityMedium)
  }

  @Test func fontMetricsScaleAsTheirTextStyle() {
    let xxxLarge = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
    let metrics = UIFontMetrics(forTextStyle: .body)
    // Body is 17 at large and 23 at xxxLarge [C]: a 34 pt value doubles that ratio.
    #expect(metrics.scaledValue(for: 34, compatibleWith: xxxLarge) == 46)
    let custom = UIFont.systemFont(ofSize: 17, weight: .medium)
    let scaled = metrics.scaledFont(for: custom, compatibleWith: xxxLarge)
    #expect(scaled.pointSize == 23)
    #expect(scaled.weight == .medium)
    let capped = metrics.scaledFont(for: custom, maximumPointSize: 20, compatibleWith: xxxLarge)
    #expect(capped.pointSize == 20)
    #expect(UIFontMetrics.default.scaledValue(for: 10) == 10)
  }

  @Test func labelsThatAdjustFollowTheirContentSizeCategory() {
    let root = makeRoot(width: 393, height: 852)
    let adjusting = UILabel()
    adjusting.font = .preferredFont(forTextStyle: .body)
    adjusting.adjustsFontForContentSizeCategory = true
    adjusting.text = "Next stop"
    let fixed = UILabel()
    fixed.font = .preferredFont(forTextStyle: .body)
    fixed.text = "Next stop"
    let scaled = UILabel()
    scaled.font = UIFontMetrics(forTextStyle: .title2).scaledFont(for: .systemFont(ofSize: 22))
    scaled.adjustsFontForContentSizeCategory = true
    for label in [adjusting, fixed, scaled] { root.addSubview(label) }
    root.layoutIfNeeded()
    root.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
    root.layoutIfNeeded()
    #expect(adjusting.font.pointSize == 53)  // [A], [C]
    #expect(fixed.font.pointSize == 17)
    #expect(scaled.font.pointSize == 56)  // title 2 is 22 at large, 56 at AX5 [A]
    #expect(adjusting.intrinsicContentSize.height > fixed.intrinsicContentSize.height)
  }

  @Test func categoriesHaveNamesAndAnOrder() {
    #expect(UIContentSizeCategory(name: "accessibility-extra-extra-extra-large")
      == .accessibilityExtraExtraExtraLarge)
    #expect(UIContentSizeCategory.large.name == "large")
    #expect(UIContentSizeCategory(name: "huge") == nil)
    #expect(UIContentSizeCategory.large < .extraLarge)
    #expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
    #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
    #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
  }
}
