import Foundation
import Lint
import Replay
import SessionEvents
import Testing
import UIKit

/// A screen that is a view controller, written as the SDK's guides write one: the replay
/// loads and shows it, tells it of each size change before it happens, and of size-class
/// changes; its own constraints follow its traits.
@MainActor
@Suite struct ViewControllerScreenTests {
  @Test func aViewControllerScreenHearsItsLifecycleTransitionsAndTraitChanges() throws {
    let events = try ScreenReplayTests.events("rotations-wide")
    let stops = ScreenReplayTests.stops(events)
    let replayer = try Replayer(
      delegate: nil, watchers: .layoutRules,
      screen: { NavigationViewController(mapView: $0, destinations: stops) })
    let controller = try #require(replayer.screen as? NavigationViewController)
    #expect(controller.lifecycle == ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear"])
    #expect(controller.view === replayer.mapView)

    var expectedTransitions: [String] = []
    var size = replayer.mapView.bounds.size
    var pillWidths: [Double: CGFloat] = [:]  // by the map's width
    for event in events {
      if case .mapResized(let geometry) = event.payload {
        let next = CGSize(width: geometry.width, height: geometry.height)
        if next != size { expectedTransitions.append("transition(\(Int(next.width))x\(Int(next.height)))") }
        size = next
      }
      _ = replayer.apply(ReplayTick(event))
      if case .mapResized(let geometry) = event.payload {
        pillWidths[geometry.width] = controller.etaPill.frame.width
      }
    }
    #expect(controller.lifecycle.filter { $0.hasPrefix("transition(") } == expectedTransitions)
    // The replay's map is a phone's (compact, told at the first layout as UIKit does) until
    // the recording's first size, the iPad's full screen (regular); the 375-point 1/3 split
    // panes (portrait and landscape) are compact, 683 regular.
    #expect(controller.lifecycle.filter { $0.hasPrefix("traits(") } == [
      "traits(compact)", "traits(regular)", "traits(compact)", "traits(regular)",
    ])
    // Compact: the pill spans the safe area, 16 points in; regular: 240 points wide.
    #expect(pillWidths[375].map { abs($0 - 343) < 0.01 } == true, "\(pillWidths[375] ?? -1)")
    #expect(pillWidths[683].map { abs($0 - 240) < 0.01 } == true, "\(pillWidths[683] ?? -1)")
    #expect(controller.etaPill.text == "Arrived" || controller.etaPill.text?.hasSuffix(" min") == true)
  }

  @Test func traitsFollowTheWindowSizeAndDevice() {
    func traits(_ width: CGFloat, _ height: CGFloat) -> (UIUserInterfaceSizeClass, UIUserInterfaceSizeClass, UIUserInterfaceIdiom) {
      let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
      let t = root.traitCollection
      return (t.horizontalSizeClass, t.verticalSizeClass, t.userInterfaceIdiom)
    }
    #expect(traits(393, 852) == (.compact, .regular, .phone))  // iPhone 15 portrait
    #expect(traits(852, 393) == (.compact, .compact, .phone))  // iPhone 15 landscape
    #expect(traits(932, 430) == (.regular, .compact, .phone))  // iPhone 15 Pro Max landscape
    #expect(traits(1032, 1376) == (.regular, .regular, .pad))  // iPad Pro 13 portrait
    #expect(traits(455, 1032) == (.compact, .regular, .pad))  // a split-screen pane
    #expect(traits(683, 1032) == (.regular, .regular, .pad))
  }

  @Test func aControllerLoadsItsViewOnceAndManagesChildren() {
    final class Child: UIViewController {
      var moves: [String] = []
      override func willMove(toParent parent: UIViewController?) { moves.append("will(\(parent != nil))") }
      override func didMove(toParent parent: UIViewController?) { moves.append("did(\(parent != nil))") }
    }
    let parent = UIViewController()
    #expect(!parent.isViewLoaded && parent.viewIfLoaded == nil)
    let view = parent.view
    #expect(parent.isViewLoaded && parent.view === view && view?.bounds == UIScreen.main.bounds)
    let child = Child()
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    #expect(parent.children.first === child && child.parent === parent)
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
    #expect(parent.children.isEmpty && child.parent == nil)
    #expect(child.moves == ["will(true)", "did(true)", "will(false)", "did(false)"])
  }
}
