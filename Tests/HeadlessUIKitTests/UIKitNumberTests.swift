// How UIKit prints a CGFloat in a view's description, which NavSim's snapshots, diffs,
// reports and lint messages follow. The numbers are real UIKit output that public projects
// commit:
// [A] getsentry/sentry-cocoa, Tests/SentryTests/ViewCapture/
//     SentryUIRedactBuilderTests+Common.swift, view hierarchies printed on a 3x simulator:
//     `<UISwitch: ...; frame = (10 40; 51 31)>`, `<UIImageView: ...; frame = (38.6667 16; 0 0)>`,
//     `<UITextFieldLabel: ...; frame = (0 5; 30 20.3333); text = 'Edit Me'>`.
// [B] getsentry/sentry, static/app/components/events/mockViewHierarchyData.tsx, a 2x
//     simulator's window: `frame = (0 0; 375 667)`, `<UIStackView: ...; frame = (8 73; 359
//     585.5)>`, `<UIButtonLabel: ...; frame = (24.5 6; 114.5 18)>`.
// [C] C's printf `%g` (ISO C 7.21.6.1), which those match: six significant digits, trailing
//     zeros removed, exponent form below 1e-4 and from 1e6.

import Testing
@testable import HeadlessUIKit

@Suite struct UIKitNumberTests {
  @Test func pixelEdgesAtThreeTimesPrintSixSignificantDigits() {
    #expect(uikitNumber(116.0 / 3) == "38.6667")  // [A]
    #expect(uikitNumber(61.0 / 3) == "20.3333")  // [A]: one 17 pt line at 3x
    #expect(uikitNumber(1166.0 / 3) == "388.667")  // [C], issue 41's 388.5 -> 388.667
    #expect(uikitNumber(1.0 / 3) == "0.333333")  // [C]: six digits, not four decimals
  }

  @Test func halfPointsAndWholePointsPrintWithoutTrailingZeros() {
    #expect(uikitNumber(585.5) == "585.5")  // [B]
    #expect(uikitNumber(24.5) == "24.5")  // [B]
    #expect(uikitNumber(375) == "375")  // [B]
    #expect(uikitNumber(51) == "51")  // [A]
    #expect(uikitNumber(-6) == "-6")  // [A] `frame = (-6 -3; 43 43)`
  }

  @Test func extremesFollowPercentG() {
    #expect(uikitNumber(999_999) == "999999")  // [C]
    #expect(uikitNumber(1_000_000) == "1e+06")  // [C]
    #expect(uikitNumber(1234.5678) == "1234.57")  // [C]
    #expect(uikitNumber(0.00001) == "1e-05")  // [C]
    #expect(uikitNumber(-0.0) == "0")  // NavSim's choice: no "-0" in stable text
    #expect(uikitNumber(.infinity) == "inf" && uikitNumber(.nan) == "nan")
  }

  /// A label laid out at 3x prints its frame as UIKit's recursiveDescription does [A].
  @MainActor @Test func aLaidOutLabelPrintsAsUIKitWould() {
    let root = makeRoot(width: 390, height: 844)
    root.hostScale = 3
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.font = .systemFont(ofSize: 17)
    label.text = "Edit Me"
    root.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      label.topAnchor.constraint(equalTo: root.topAnchor, constant: 100.4),
    ])
    root.layoutIfNeeded()
    #expect(uikitNumber(label.frame.height) == "20.3333")  // [A]
    #expect(uikitNumber(label.frame.minY) == "100.333")  // 100.4 on the 1/3 pt grid
  }
}
