// Selectors, target-action and selector observers: stored as UIKit keeps them, never invoked.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct TargetActionTests {
  final class Screen: NSObject {}

  @Test func targetActionPairsAreStoredMergedAndRemovedAsUIKitDoes() {
    let button = UIButton(type: .system)
    let screen = Screen()
    button.addTarget(screen, action: Selector("didTap:"), for: .touchUpInside)
    button.addTarget(screen, action: Selector("didTap:"), for: .touchDragInside)
    button.addTarget(nil, action: Selector("recenter"), for: .touchUpInside)
    #expect(button.actions(forTarget: screen, forControlEvent: .touchUpInside) == ["didTap:"])
    #expect(button.actions(forTarget: screen, forControlEvent: .touchDragInside) == ["didTap:"])
    // UIKit's documentation of actions(forTarget:forControlEvent:): "Specifying nil always
    // returns nil", even with a responder-chain action registered.
    #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside) == nil)
    #expect(button.allTargets.count == 2 && button.allTargets.contains(AnyHashable(screen)))
    #expect(button.allTargets.contains { $0.base is NSNull }, "NSNull: the responder chain")
    #expect(button.allControlEvents == [.touchUpInside, .touchDragInside])
    var closures = 0
    button.addAction(UIAction { _ in closures += 1 }, for: .touchUpInside)
    button.sendActions(for: .touchUpInside)  // runs the closure; selectors are not invoked
    #expect(closures == 1)
    button.removeTarget(screen, action: nil, for: .touchUpInside)
    #expect(button.actions(forTarget: screen, forControlEvent: .touchUpInside) == nil)
    #expect(button.actions(forTarget: screen, forControlEvent: .touchDragInside) == ["didTap:"])
    button.removeTarget(nil, action: nil, for: .allEvents)
    #expect(button.allTargets.isEmpty)
  }

  @Test func targetsAreNotRetained() {
    let button = UIButton(type: .system)
    var screen: Screen? = Screen()
    button.addTarget(screen, action: Selector("didTap:"), for: .touchUpInside)
    screen = nil
    #expect(button.allTargets.isEmpty)
  }

  #if !canImport(ObjectiveC)  // Apple's Foundation runs these on the Objective-C runtime
  @Test func selectorObserversAndPerformCallsAreRecordedNotRun() {
    let center = NotificationCenter()
    let screen = Screen()
    center.addObserver(
      screen, selector: Selector("keyboardWillShow:"),
      name: UIResponder.keyboardWillShowNotification, object: nil)
    center.addObserver(
      screen, selector: Selector("keyboardWillHide:"),
      name: UIResponder.keyboardWillHideNotification, object: nil)
    center.post(name: UIResponder.keyboardWillShowNotification, object: nil)
    #expect(
      center.selectorObservations(of: screen).map(\.selector.description) == [
        "keyboardWillShow:", "keyboardWillHide:",
      ])
    center.removeObserver(screen, name: UIResponder.keyboardWillShowNotification, object: nil)
    #expect(center.selectorObservations(of: screen).map(\.selector) == [Selector("keyboardWillHide:")])
    center.removeObserver(screen)
    #expect(center.selectorObservations(of: screen).isEmpty)
    #expect(!screen.responds(to: Selector("description")))
    screen.perform(Selector("refresh"))
    #expect(screen.performedSelectors == [Selector("refresh")])
  }
  #endif

  @Test func anEventCarriesTheTouchesATestGivesIt() {
    let view = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
    let touch = UITouch(at: CGPoint(x: 5, y: 6), in: view)
    let event = UIEvent(touches: [touch])
    #expect(event.allTouches?.count == 1)
    #expect(event.touches(for: view)?.first?.location(in: view) == CGPoint(x: 5, y: 6))
  }
}
