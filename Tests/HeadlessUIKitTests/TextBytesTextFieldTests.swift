import Foundation
import Testing
@testable import HeadlessUIKit

/// A text field given another form of its text (an equal `String` of other bytes) is sized
/// anew, as a label is: the forms can measure differently (`TextBytesWidthTests`).
@MainActor
@Suite struct TextBytesTextFieldTests {
  @Test func aTextFieldGivenTheOtherFormTakesItsWidth() throws {
    let composed = "\u{D55C}\u{AE00}"  // "한글": two missing-glyph boxes in Inter
    let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"  // its jamo: six
    #expect(composed == decomposed)
    let root = makeRoot()
    let field = UITextField()
    field.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(field)
    NSLayoutConstraint.activate([
      field.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      field.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    field.text = composed
    root.layoutIfNeeded()
    let before = field.frame.width
    field.text = decomposed
    root.layoutIfNeeded()
    let alone = UITextField()
    alone.text = decomposed
    #expect(field.frame.width == alone.intrinsicContentSize.width)
    // HarfBuzz with Inter and NavSim's fallback faces, none of which has Hangul: two boxes
    // against six. Core Text, with a Hangul face, may shape both forms alike.
    if try TextMeasurers.shared() is TextShaper {
      #expect(field.frame.width > before + 60, "\(before) -> \(field.frame.width)")
    }
  }
}
