import Foundation
import Lint
import Replay
import SessionEvents
import Testing
import UIKit

/// A replay at another text size: the screen's Dynamic Type labels take that size's fonts
/// (Apple's table: body is 17 pt at large, 53 pt at accessibility XXXL) and the layout
/// follows, with no app code changed.
@MainActor
@Suite struct ContentSizeReplayTests {
  private func bodyLabelHeight(_ contentSize: UIContentSizeCategory) throws -> (CGFloat, CGFloat) {
    let events = try ScreenReplayTests.events("city-commute")
    var label: UILabel?
    let replayer = try Replayer(
      delegate: nil, watchers: .layoutRules, contentSize: contentSize,
      screen: { mapView in
        let made = UILabel()
        made.font = .preferredFont(forTextStyle: .body)
        made.adjustsFontForContentSizeCategory = true
        made.text = "Next stop"
        made.accessibilityIdentifier = "nextStop"
        made.translatesAutoresizingMaskIntoConstraints = false
        mapView.addSubview(made)
        NSLayoutConstraint.activate([
          made.topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor),
          made.leadingAnchor.constraint(equalTo: mapView.leadingAnchor, constant: 16),
        ])
        label = made
        return made
      })
    for event in events.prefix(3) { _ = replayer.apply(ReplayTick(event)) }
    let shown = try #require(label)
    return (shown.font.pointSize, shown.frame.height)
  }

  @Test func aReplayAtAnAccessibilitySizeUsesThatSizesFonts() throws {
    let large = try bodyLabelHeight(.large)
    let huge = try bodyLabelHeight(.accessibilityExtraExtraExtraLarge)
    #expect(large.0 == 17)
    #expect(huge.0 == 53)
    #expect(large.1 == 61.0 / 3)  // one 17 pt line, 20.333 at 3x
    #expect(huge.1 > 3 * large.1)
  }
}
