// Buttons and images: intrinsic sizes from the documented models, actions sent by code.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct UIButtonTests {
  @Test func buttonSizeComesFromTitleImageAndInsets() {
    let button = UIButton(type: .system)
    #expect(button.intrinsicContentSize == CGSize(width: 0, height: 30))
    button.setTitle("Call", for: .normal)
    let title = button.intrinsicContentSize
    // The title measured at 15 pt, rounded up to the pixel (one line: 17.9 -> 18 at 3x).
    #expect(title.width == TextModel.pixelCeiling(
      TextModel.width(of: "Call", font: .systemFont(ofSize: 15)), scale: 3))
    #expect(title.height == 18)
    button.setImage(UIImage(systemName: "phone"), for: .normal)
    button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    #expect(button.intrinsicContentSize == CGSize(width: title.width + 24 + 16, height: 32))
    #expect(button.title(for: .highlighted) == "Call", "falls back to the normal state")
  }

  @Test func actionsRunWhenSentAndButtonsLayOutByIntrinsicSize() {
    let root = makeRoot()
    var taps = 0
    let button = UIButton(primaryAction: UIAction(title: "Recenter") { _ in taps += 1 })
    button.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(button)
    NSLayoutConstraint.activate([
      button.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
      button.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
    ])
    root.layoutIfNeeded()
    let size = button.intrinsicContentSize
    #expect(button.frame == CGRect(390 - size.width, 10, size.width, 18))
    button.sendActions(for: .touchUpInside)
    button.isEnabled = false
    button.sendActions(for: .touchUpInside)
    #expect(taps == 1)
    let image = UIImageView(image: UIImage(size: CGSize(width: 12, height: 40)))
    #expect(image.intrinsicContentSize == CGSize(width: 12, height: 40))
    #expect(image.frame.size == CGSize(width: 12, height: 40))
  }
}
