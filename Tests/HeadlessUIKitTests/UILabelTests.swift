// UILabel's text model (measured text) and its intrinsic size in layout. The reference numbers
// UIKit gives are pinned in TextMeasuringTests; these tests check the behaviour around them.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct UILabelTests {
  /// The size the model gives `text` on one line at 3x.
  private func measured(_ text: String, _ font: UIFont) -> CGSize {
    CGSize(
      width: TextModel.pixelCeiling(TextModel.width(of: text, font: font), scale: 3),
      height: TextModel.pixelCeiling(font.lineHeight, scale: 3))
  }

  @Test func singleLineSizeIsTheMeasuredTextRoundedUpToThePixel() {
    let label = UILabel()
    label.text = "Turn left"
    label.font = .systemFont(ofSize: 20)
    let regular = label.intrinsicContentSize
    #expect(regular == measured("Turn left", .systemFont(ofSize: 20)))
    #expect(regular.height == 24)  // 23.87 rounded up at 3x
    label.font = .boldSystemFont(ofSize: 20)
    #expect(label.intrinsicContentSize.width > regular.width, "bold is wider")
    label.text = "Turn left\nnow"
    #expect(label.intrinsicContentSize.height == 24, "one line: the newline is a space")
    label.text = ""
    #expect(label.intrinsicContentSize == .zero)
    label.text = nil
    #expect(label.intrinsicContentSize == .zero)
  }

  @Test func multiLineWrapsBetweenWordsAtThePreferredWidthAndLimitsLines() {
    let label = UILabel()
    let font = UIFont.systemFont(ofSize: 10)
    label.font = font
    label.text = "Your order is on its way to you"
    label.numberOfLines = 0
    label.preferredMaxLayoutWidth = 60
    let lines = label.textLines
    #expect(lines.count == 3)
    #expect(lines.joined(separator: " ") == "Your order is on its way to you")
    for (index, line) in lines.enumerated() {
      #expect(TextModel.width(of: line, font: font) <= 60)
      // Greedy: the next line's first word would not have fitted on this one.
      if index + 1 < lines.count {
        let next = lines[index + 1].split(separator: " ")[0]
        #expect(TextModel.width(of: line + " " + next, font: font) > 60)
      }
    }
    let widest = lines.map { measured($0, font).width }.max()!
    #expect(label.intrinsicContentSize == CGSize(width: widest, height: 36))  // 3 x 11.93
    label.numberOfLines = 2
    #expect(label.intrinsicContentSize.height == 24)
    label.text = "Supercalifragilistic"
    label.numberOfLines = 0
    #expect(label.textLines.count == 2)
    #expect(label.textLines.joined() == "Supercalifragilistic")
    #expect(TextModel.width(of: label.textLines[0], font: font) <= 60)
    label.text = "a\nb"
    label.preferredMaxLayoutWidth = 0
    #expect(label.textLines == ["a", "b"])
    #expect(label.sizeThatFits(CGSize(width: 100, height: 100)).height == 24)
  }

  @Test func textThatDoesNotFitIsTruncatedWithAnEllipsis() {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 20))
    label.font = .systemFont(ofSize: 17)
    label.text = "Continue on Market Street"
    let shown = label.textLines
    #expect(shown.count == 1)
    #expect(shown[0].hasSuffix("…"))
    #expect(TextModel.width(of: shown[0], font: label.font) <= 60)
    #expect("Continue on Market Street".hasPrefix(shown[0].dropLast()))
    label.numberOfLines = 2
    label.text = "Continue on Market Street toward the bridge"
    label.frame = CGRect(x: 0, y: 0, width: 120, height: 41)
    let two = label.textLines
    #expect(two.count == 2)
    #expect(two[1].hasSuffix("…"), "the third line is cut off")
    label.text = "Go"
    #expect(label.textLines == ["Go"])
  }

  @Test func labelSizesItselfInLayoutAndRewrapsToItsWidth() {
    let root = makeRoot(width: 200)
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.font = .systemFont(ofSize: 10)
    label.numberOfLines = 0
    label.text = String(repeating: "word ", count: 20).trimmingCharacters(in: .whitespaces)
    root.addSubview(label)
    let below = makeView("below", in: root)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
      label.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -10),
      label.topAnchor.constraint(equalTo: root.topAnchor),
      below.topAnchor.constraint(equalTo: label.bottomAnchor),
      below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      below.widthAnchor.constraint(equalToConstant: 1),
      below.heightAnchor.constraint(equalToConstant: 1),
    ])
    root.layoutIfNeeded()
    // Wrapped at the 180 points left between the insets.
    let lines = label.textLines
    #expect(lines.count > 1)
    #expect(label.frame.width <= 180)
    #expect(label.frame.height == TextModel.pixelCeiling(CGFloat(lines.count) * label.font.lineHeight, scale: 3))
    #expect(below.frame.minY == label.frame.maxY)
    label.text = "Short"
    root.layoutIfNeeded()
    #expect(label.frame == CGRect(origin: CGPoint(x: 10, y: 0), size: measured("Short", label.font)))
  }

  /// Snapshots show texts; the layout rules read geometry only. A new text of the same size
  /// moves `visibleRevision` alone; one that resizes the label moves `geometryRevision` too,
  /// through the frame the next pass writes.
  @Test func textChangesMoveTheVisibleRevisionAndResizesTheGeometryRevision() {
    let root = makeRoot()
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.text = "10 min"
    root.addSubview(label)
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: root.topAnchor),
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    ])
    root.layoutIfNeeded()
    var visible = UIView.visibleRevision, geometry = UIView.geometryRevision
    label.text = "01 min"  // the same glyphs: the same width
    root.layoutIfNeeded()
    #expect(UIView.visibleRevision != visible)
    #expect(UIView.geometryRevision == geometry)
    visible = UIView.visibleRevision
    label.text = "01 min"
    #expect(UIView.visibleRevision == visible, "the same text again changes nothing")
    label.text = "9 min"
    root.layoutIfNeeded()
    #expect(label.frame.width == measured("9 min", label.font).width)
    #expect(UIView.geometryRevision != geometry)
  }

  @Test func baselinesComeFromTheFont() {
    let root = makeRoot()
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.font = .systemFont(ofSize: 20)
    label.text = "ETA"
    root.addSubview(label)
    let mark = makeView("mark", in: root)
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      mark.bottomAnchor.constraint(equalTo: label.firstBaselineAnchor),
      mark.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      mark.widthAnchor.constraint(equalToConstant: 1),
      mark.heightAnchor.constraint(equalToConstant: 1),
    ])
    root.layoutIfNeeded()
    #expect(mark.frame.maxY == 119)
    label.font = .systemFont(ofSize: 40)
    root.layoutIfNeeded()
    #expect(mark.frame.maxY == 138)
  }
}
