// translatesAutoresizingMaskIntoConstraints: frames as required constraints, masks, and the
// conflict an app view with the flag left on runs into.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct AutoresizingTests {
  @Test func plainViewsTranslateTheirFrame() {
    let root = makeRoot()
    let view = UIView(frame: CGRect(10, 20, 30, 40))
    #expect(view.translatesAutoresizingMaskIntoConstraints)
    root.addSubview(view)
    let follower = makeView("follower", in: root)
    NSLayoutConstraint.activate([
      follower.leadingAnchor.constraint(equalTo: view.trailingAnchor, constant: 5),
      follower.topAnchor.constraint(equalTo: view.bottomAnchor),
      follower.widthAnchor.constraint(equalTo: view.widthAnchor),
      follower.heightAnchor.constraint(equalToConstant: 1),
    ])
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(10, 20, 30, 40))
    #expect(follower.frame == CGRect(45, 60, 30, 1))
    view.frame = CGRect(0, 0, 100, 10)
    root.layoutIfNeeded()
    #expect(follower.frame == CGRect(105, 10, 100, 1))
  }

  @Test func flagLeftOnConflictsWithOwnConstraintsAndBreaksOne() {
    let root = makeRoot()
    let auditor = RecordingAuditor()
    let badge = UIView()
    badge.accessibilityIdentifier = "badge"
    withAuditor(auditor) {
      root.addSubview(badge)
      NSLayoutConstraint.activate([
        badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        badge.widthAnchor.constraint(equalToConstant: 44),
        badge.heightAnchor.constraint(equalToConstant: 44),
      ])
      root.layoutIfNeeded()
    }
    #expect(auditor.broken.count == 4, "each constraint contradicts the zero frame")
    let (first, conflicting) = auditor.broken[0]
    #expect(first.firstAttribute == .leading)
    #expect(conflicting.contains { $0.layoutDescription.hasPrefix("autoresizing mask:") })
    #expect(badge.frame == .zero, "the frame's required constraints won")
  }

  @Test func flexibleWidthAndHeightFollowTheSuperview() {
    let root = makeRoot()
    let fill = UIView(frame: CGRect(0, 0, 400, 800))
    fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.addSubview(fill)
    let inset = UIView(frame: CGRect(10, 10, 380, 100))
    inset.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    root.addSubview(inset)
    root.layoutIfNeeded()
    root.frame = CGRect(0, 0, 600, 300)
    root.layoutIfNeeded()
    #expect(fill.frame == CGRect(0, 0, 600, 300))
    #expect(inset.frame == CGRect(10, 10, 580, 100))
  }

  @Test func flexibleMarginsShareGrowthInProportion() {
    let root = makeRoot(width: 400, height: 100)
    let centered = UIView(frame: CGRect(100, 0, 200, 50))
    centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
    root.addSubview(centered)
    root.layoutIfNeeded()
    root.frame = CGRect(0, 0, 600, 100)
    root.layoutIfNeeded()
    #expect(centered.frame == CGRect(200, 0, 200, 50))
  }

  @Test func turningTheFlagOffDropsTheFrameConstraints() {
    let root = makeRoot()
    let view = UIView(frame: CGRect(5, 5, 10, 10))
    root.addSubview(view)
    root.layoutIfNeeded()
    view.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
      view.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      view.bottomAnchor.constraint(equalTo: root.bottomAnchor),
      view.widthAnchor.constraint(equalToConstant: 20),
      view.heightAnchor.constraint(equalToConstant: 20),
    ])
    let auditor = RecordingAuditor()
    withAuditor(auditor) { root.layoutIfNeeded() }
    #expect(auditor.broken.isEmpty)
    #expect(view.frame == CGRect(380, 780, 20, 20))
  }
}
