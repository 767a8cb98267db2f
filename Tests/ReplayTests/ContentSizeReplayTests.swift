import Foundation
import Lint
import Replay
import SessionEvents
import Snapshots
import TestSupport
import Testing
import UIKit

/// A replay at another text size: the screen's Dynamic Type labels take that size's fonts
/// (Apple's table: body is 17 pt at large, 53 pt at accessibility XXXL) and the layout
/// follows, with no app code changed.
@MainActor
@Suite struct ContentSizeReplayTests {
  /// A label that takes the body style's font and follows the text size, pinned below the
  /// map's safe area.
  private func addBodyLabel(to mapView: UIView) -> UILabel {
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
    return made
  }

  private func bodyLabelHeight(_ contentSize: UIContentSizeCategory) throws -> (CGFloat, CGFloat) {
    let events = try ScreenReplayTests.events("city-commute")
    var label: UILabel?
    let replayer = try Replayer(
      delegate: nil, watchers: .layoutRules, contentSize: contentSize,
      screen: { mapView in
        let made = self.addBodyLabel(to: mapView)
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

  /// `ReplayJob.contentSize` (what `--content-size` sets) reaches the replay, and the stored
  /// run names it and the font text was measured with.
  @Test func aJobAtAnotherTextSizeStoresItAndTheFont() throws {
    let directory = TemporaryDirectory()
    let store = try SnapshotStore(path: directory.file("s.sqlite"), mode: .create)
    var label: UILabel?
    var job = ReplayJob(
      logPath: recording("city-commute"), screenName: "label",
      makeScreen: { mapView in
        let made = self.addBodyLabel(to: mapView)
        label = made
        return made
      }, watchers: .layoutRules)
    job.contentSize = .accessibilityExtraExtraExtraLarge
    job.direction = .rtl
    let summary = try job.run(store: store, label: "huge")
    #expect(label?.font.pointSize == 53)
    let run = try store.run(label: "huge")
    #expect(run.variants == "direction=rtl content-size=accessibility-extra-extra-extra-large")
    let font = try #require(run.font)
    #expect(try font == TextShaper.shared().fontIdentity())
    #expect(font.hasPrefix("Inter-Regular.otf revision "))
    #expect(summary.font == font)

    job.contentSize = nil
    _ = try job.run(store: store, label: "default")
    #expect(label?.font.pointSize == 17)
    #expect(try store.run(label: "default").variants == "direction=rtl")
  }
}
