// UIView.animate on the virtual clock: final values at once, recorded changes, completions in
// a deterministic order when time passes their end.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct AnimationTests {
  @Test func finalValuesApplyAtOnceAndChangesAreRecorded() {
    UIAnimationClock.current = UIAnimationClock()
    let view = UIView(frame: CGRect(0, 0, 10, 10))
    UIView.animate(withDuration: 0.3) {
      view.alpha = 0
      view.alpha = 0.5
      view.frame = CGRect(5, 5, 10, 10)
    }
    #expect(view.alpha == 0.5)
    let clock = UIAnimationClock.current
    #expect(clock.inFlight.count == 1)
    let record = clock.inFlight[0]
    #expect(record.start == 0)
    #expect(record.duration == 0.3)
    #expect(record.views == [view])
    #expect(record.changes.map { "\($0.property) \($0.from) -> \($0.to)" } == [
      "alpha 1 -> 0.5",
      "frame (0, 0, 10, 10) -> (5, 5, 10, 10)",
    ])
    view.alpha = 1
    #expect(clock.inFlight[0].changes.count == 2, "changes outside the block aren't recorded")
  }

  @Test func completionsRunWhenTheClockPassesTheirEndInOrder() {
    UIAnimationClock.current = UIAnimationClock()
    let clock = UIAnimationClock.current
    var log: [String] = []
    let view = UIView()
    UIView.animate(withDuration: 0.5, animations: { view.alpha = 0 }) { finished in
      log.append("slow \(finished) at \(clock.now)")
    }
    UIView.animate(
      withDuration: 0.2, delay: 0.3, options: [.curveEaseOut], animations: { view.alpha = 1 }
    ) { _ in
      log.append("delayed at \(clock.now)")
    }
    UIView.animate(withDuration: 0.1, animations: { view.alpha = 0.5 }) { _ in
      log.append("fast at \(clock.now)")
      UIView.animate(withDuration: 0.1, animations: {}) { _ in log.append("chained at \(clock.now)") }
    }
    clock.advance(to: 0.05)
    #expect(log.isEmpty)
    clock.advance(to: 1)
    #expect(log == [
      "fast at 0.1", "chained at 0.2", "slow true at 0.5", "delayed at 0.5",
    ])
    #expect(clock.now == 1)
    #expect(clock.inFlight.isEmpty)
  }

  @Test func animatedConstraintChangeRecordsTheFramesOfTheLayoutPass() {
    UIAnimationClock.current = UIAnimationClock()
    let root = makeRoot()
    let prompt = makeView("prompt", in: root)
    let bottom = prompt.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: 100)
    NSLayoutConstraint.activate([
      bottom,
      prompt.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      prompt.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      prompt.heightAnchor.constraint(equalToConstant: 100),
    ])
    root.layoutIfNeeded()
    var removed = false
    bottom.constant = 0
    UIView.animate(withDuration: 0.25, animations: { root.layoutIfNeeded() }) { _ in
      prompt.removeFromSuperview()
      removed = true
    }
    #expect(prompt.frame.minY == 700)
    let changes = UIAnimationClock.current.inFlight[0].changes
    #expect(changes.count == 1)
    #expect(changes[0].view === prompt)
    #expect(changes[0].from == .rect(CGRect(0, 800, 400, 100)))
    #expect(changes[0].to == .rect(CGRect(0, 700, 400, 100)))
    UIAnimationClock.current.advance(by: 0.2)
    #expect(!removed)
    UIAnimationClock.current.advance(by: 0.05)
    #expect(removed)
    #expect(prompt.superview == nil)
  }

  @Test func startedAnimationsCanBeTakenAndResetForgetsEverything() {
    UIAnimationClock.current = UIAnimationClock()
    let clock = UIAnimationClock.current
    let view = UIView()
    var ran = false
    clock.advance(to: 2)
    UIView.animate(withDuration: 1, animations: { view.backgroundColor = .red }) { _ in ran = true }
    UIView.performWithoutAnimation {
      UIView.animate(withDuration: 1) { view.alpha = 0.2 }
    }
    let started = clock.takeStartedAnimations()
    #expect(started.count == 2)
    #expect(started[0].start == 2)
    #expect(started[0].changes.first?.to == .color(.red))
    #expect(started[1].changes.isEmpty, "performWithoutAnimation suppresses recording")
    #expect(clock.takeStartedAnimations().isEmpty)
    clock.reset()
    #expect(clock.now == 0)
    #expect(clock.inFlight.isEmpty)
    clock.advance(to: 10)
    #expect(!ran)
  }

  @Test func aClockThatKeepsNoStartedAnimationsLetsAnimatedViewsGo() {
    UIAnimationClock.current = UIAnimationClock()
    let clock = UIAnimationClock.current
    clock.keepsStartedAnimations = false
    weak var freed: UIView?
    do {
      let view = UIView()
      freed = view
      UIView.animate(withDuration: 1) { view.alpha = 0 }
      #expect(clock.inFlight.first?.changes.first?.view === view, "in flight, it is held")
    }
    clock.advance(by: 1)
    #expect(freed == nil, "finished and not kept, nothing holds the view")
    #expect(clock.takeStartedAnimations().isEmpty)
  }
}
