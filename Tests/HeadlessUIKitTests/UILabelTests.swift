// UILabel's deterministic text model and its intrinsic size in layout.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct UILabelTests {
  @Test func singleLineSizeFollowsTheModel() {
    let label = UILabel()
    label.text = "Turn left"
    label.font = .systemFont(ofSize: 20)
    #expect(label.intrinsicContentSize == CGSize(width: 90, height: 24))
    label.font = .boldSystemFont(ofSize: 20)
    #expect(label.intrinsicContentSize == CGSize(width: 99, height: 24))
    label.text = ""
    #expect(label.intrinsicContentSize == .zero)
    label.text = nil
    #expect(label.intrinsicContentSize == .zero)
  }

  @Test func multiLineWrapsAtPreferredWidthAndLimitsLines() {
    let label = UILabel()
    label.font = .systemFont(ofSize: 10)
    label.text = "Your order is on its way to you"
    label.numberOfLines = 0
    label.preferredMaxLayoutWidth = 60
    #expect(label.textLines == ["Your order", "is on its", "way to you"])
    #expect(label.intrinsicContentSize == CGSize(width: 50, height: 36))
    label.numberOfLines = 2
    #expect(label.intrinsicContentSize == CGSize(width: 50, height: 24))
    label.text = "Supercalifragilistic"
    label.numberOfLines = 0
    #expect(label.textLines == ["Supercalifra", "gilistic"])
    label.text = "a\nb"
    label.preferredMaxLayoutWidth = 0
    #expect(label.textLines == ["a", "b"])
    #expect(label.sizeThatFits(CGSize(width: 100, height: 100)) == CGSize(width: 5, height: 24))
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
    // 180 points fit 36 characters: "word" x 7 per line (34 chars), 20 words -> 3 lines.
    #expect(label.frame == CGRect(10, 0, 170, 36))
    #expect(below.frame.minY == 36)
    label.text = "Short"
    root.layoutIfNeeded()
    #expect(label.frame == CGRect(10, 0, 25, 12))
  }

  /// Snapshots show texts; the layout rules read geometry only. A new text of the same size
  /// moves `visibleRevision` alone; one that resizes the label moves `geometryRevision` too,
  /// through the frame the next pass writes.
  @Test func textChangesMoveTheVisibleRevisionAndResizesTheGeometryRevision() {
    let root = makeRoot()
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.text = "12 min"
    root.addSubview(label)
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: root.topAnchor),
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    ])
    root.layoutIfNeeded()
    var visible = UIView.visibleRevision, geometry = UIView.geometryRevision
    label.text = "11 min"
    root.layoutIfNeeded()
    #expect(UIView.visibleRevision != visible)
    #expect(UIView.geometryRevision == geometry)
    visible = UIView.visibleRevision
    label.text = "11 min"
    #expect(UIView.visibleRevision == visible, "the same text again changes nothing")
    label.text = "9 min"
    root.layoutIfNeeded()
    #expect(label.frame.width == 43)
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
