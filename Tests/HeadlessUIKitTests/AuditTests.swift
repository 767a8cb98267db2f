// What the layout system reports to LayoutAudit: hierarchy and constraint changes, broken
// constraints, ambiguity, absolute-direction constraints, misuse.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct AuditTests {
  @Test func unsatisfiableConstraintIsBrokenReportedAndLayoutContinues() {
    let root = makeRoot()
    let card = makeView("card", in: root)
    let other = makeView("other", in: root)
    let tooWide = card.widthAnchor.constraint(equalToConstant: 500)
    tooWide.identifier = "tooWide"
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      NSLayoutConstraint.activate([
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        card.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        card.topAnchor.constraint(equalTo: root.topAnchor),
        card.heightAnchor.constraint(equalToConstant: 10),
        tooWide,
        other.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 4),
        other.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        other.widthAnchor.constraint(equalToConstant: 10),
        other.heightAnchor.constraint(equalToConstant: 10),
      ])
      root.layoutIfNeeded()
    }
    #expect(auditor.broken.count == 1)
    let (brokenConstraint, conflicting) = auditor.broken[0]
    #expect(brokenConstraint === tooWide)
    let names = conflicting.map(\.layoutDescription)
    #expect(names.contains("UIView('card').leading == UIView('root').leading"))
    #expect(names.contains("UIView('card').trailing == UIView('root').trailing"))
    #expect(names.contains("root frame: UIView('root').width == 400"))
    #expect(card.frame == CGRect(0, 0, 400, 10))
    #expect(other.frame == CGRect(0, 14, 10, 10), "layout went on after the break")
    #expect(tooWide.isActive, "a broken constraint stays active, as in UIKit")

    // Reported once, not on every pass; and it comes back once the conflict goes away.
    auditor.broken = []
    withAuditor(auditor) {
      card.constraints.first { $0.firstAttribute == .leading }?.constant = 1
      root.layoutIfNeeded()
    }
    #expect(auditor.broken.isEmpty)
    root.constraints.first { $0.firstAttribute == .trailing && $0.firstItem === card }?
      .isActive = false
    root.layoutIfNeeded()
    #expect(card.frame.width == 500)
  }

  /// A constant change that contradicts the required constraints (a fixed width changed
  /// past what the app's other constraints allow, as a resize does) is broken and reported
  /// like a conflicting add, never a crash, and comes back once it fits again.
  @Test func aConstantChangeThatConflictsIsBrokenReportedAndLayoutContinues() {
    let root = makeRoot()
    let card = makeView("card", in: root)
    let width = card.widthAnchor.constraint(equalToConstant: 300)
    width.identifier = "width"
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      NSLayoutConstraint.activate([
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        card.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
        card.topAnchor.constraint(equalTo: root.topAnchor),
        card.heightAnchor.constraint(equalToConstant: 10),
        width,
      ])
      root.layoutIfNeeded()
      #expect(card.frame == CGRect(0, 0, 300, 10))
      width.constant = 450  // wider than the 400-point root allows
      root.layoutIfNeeded()
    }
    #expect(auditor.broken.count == 1)
    #expect(auditor.broken.first?.0 === width)
    #expect(
      auditor.broken.first?.1.map(\.layoutDescription)
        .contains("UIView('card').trailing <= UIView('root').trailing") == true)
    #expect(card.frame.height == 10, "layout went on after the break")
    #expect(width.isActive, "a broken constraint stays active, as in UIKit")
    auditor.broken = []
    withAuditor(auditor) {
      width.constant = 350
      root.layoutIfNeeded()
    }
    #expect(auditor.broken.isEmpty)
    #expect(card.frame == CGRect(0, 0, 350, 10), "back in force once it fits")
  }

  @Test func ambiguousViewsAreReportedPerAxis() {
    let root = makeRoot()
    let floating = makeView("floating", in: root)
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      NSLayoutConstraint.activate([
        floating.topAnchor.constraint(equalTo: root.topAnchor),
        floating.heightAnchor.constraint(equalToConstant: 10),
        floating.widthAnchor.constraint(equalToConstant: 10),
      ])
      root.layoutIfNeeded()
    }
    #expect(auditor.events.filter { $0.hasPrefix("ambiguous") } == [
      "ambiguous UIView('floating') horizontal"
    ])
    #expect(floating.hasAmbiguousLayout)
    withAuditor(auditor) {
      floating.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
      auditor.events = []
      root.layoutIfNeeded()
    }
    #expect(!auditor.events.contains { $0.hasPrefix("ambiguous") })
    #expect(!floating.hasAmbiguousLayout)
  }

  @Test func freeLayoutGuideIsNotReportedButAViewHangingOnItIs() {
    let root = makeRoot()
    let guide = UILayoutGuide()
    guide.identifier = "spacer"
    root.addLayoutGuide(guide)
    let view = makeView("view", in: root)
    let pinned = view.leadingAnchor.constraint(equalTo: root.leadingAnchor)
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      NSLayoutConstraint.activate([
        guide.topAnchor.constraint(equalTo: root.topAnchor),
        guide.heightAnchor.constraint(equalToConstant: 50),
        view.topAnchor.constraint(equalTo: guide.bottomAnchor),
        pinned,
        view.widthAnchor.constraint(equalToConstant: 10),
        view.heightAnchor.constraint(equalToConstant: 10),
      ])
      root.layoutIfNeeded()
    }
    #expect(!auditor.events.contains { $0.hasPrefix("ambiguous") }, "guide free along x only")
    #expect(view.frame == CGRect(0, 50, 10, 10))
    withAuditor(auditor) {
      pinned.isActive = false
      view.leadingAnchor.constraint(equalTo: guide.leadingAnchor).isActive = true
      root.layoutIfNeeded()
    }
    #expect(auditor.events.filter { $0.hasPrefix("ambiguous") } == [
      "ambiguous UIView('view') horizontal"
    ])
  }

  @Test func hierarchyAndConstraintChangesAreReportedInOrder() {
    let root = makeRoot()
    let auditor = RecordingAuditor()
    let card = UIView()
    card.accessibilityIdentifier = "card"
    card.translatesAutoresizingMaskIntoConstraints = false
    withAuditor(auditor) {
      root.addSubview(card)
      card.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
      card.isHidden = true
      card.isHidden = true
      card.removeFromSuperview()
    }
    #expect(auditor.events == [
      "added UIView('card') to UIView('root')",
      "activated UIView('card').top == UIView('root').top",
      "hidden UIView('card') true",
      "deactivated UIView('card').top == UIView('root').top",
      "removed UIView('card') from UIView('root')",
    ])
  }

  @Test func removingAViewDeactivatesOnlyConstraintsThatCrossItsSubtree() {
    let root = makeRoot()
    let container = makeView("container", in: root)
    let child = makeView("child", in: container)
    let inside = child.topAnchor.constraint(equalTo: container.topAnchor)
    let crossing = child.leadingAnchor.constraint(equalTo: root.leadingAnchor)
    NSLayoutConstraint.activate([inside, crossing])
    #expect(container.constraints == [inside])
    #expect(root.constraints == [crossing])
    container.removeFromSuperview()
    #expect(inside.isActive)
    #expect(!crossing.isActive)
  }

  @Test func layoutGuidesAndAbsoluteDirectionsAreReported() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    let guide = UILayoutGuide()
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      root.addLayoutGuide(guide)
      let left = view.leftAnchor.constraint(equalTo: guide.leftAnchor)
      _ = view.leadingAnchor.constraint(equalTo: guide.leadingAnchor)
      _ = NSLayoutConstraint(
        item: view, attribute: .rightMargin, relatedBy: .equal, toItem: root,
        attribute: .right, multiplier: 1, constant: 0)
      left.isActive = true
      root.removeLayoutGuide(guide)
    }
    #expect(auditor.events == [
      "guide added UILayoutGuide to UIView('root')",
      "absolute UIView('v').left == UILayoutGuide.left",
      "absolute UIView('v').rightMargin == UIView('root').right",
      "activated UIView('v').left == UILayoutGuide.left",
      "deactivated UIView('v').left == UILayoutGuide.left",
      "guide removed UILayoutGuide from UIView('root')",
    ])
  }

  @Test func misuseIsReportedInsteadOfCrashing() {
    let root = makeRoot()
    let stranger = UIView()
    stranger.accessibilityIdentifier = "stranger"
    let view = makeView("v", in: root)
    let auditor = RecordingAuditor()
    withAuditor(auditor) {
      let orphan = view.topAnchor.constraint(equalTo: stranger.topAnchor)
      orphan.isActive = true
      #expect(!orphan.isActive)
      let mixed = NSLayoutConstraint(
        item: view, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .top,
        multiplier: 1, constant: 0)
      mixed.isActive = true
      #expect(!mixed.isActive)
      view.addSubview(root)
      let crossed = view.leadingAnchor.constraint(equalTo: root.leftAnchor)
      crossed.isActive = true
      #expect(!crossed.isActive)
    }
    #expect(auditor.events == [
      "misuse constraint's items have no common ancestor: "
        + "UIView('v').top == UIView('stranger').top",
      "misuse invalid constraint (leading and top lie on different axes): "
        + "UIView('v').leading == UIView('root').top",
      "misuse UIView('root') can't become a subview of its own descendant UIView('v')",
      "absolute UIView('v').leading == UIView('root').left",
      "misuse invalid constraint (leading / trailing can't be related to left / right "
        + "(leading, left)): UIView('v').leading == UIView('root').left",
    ])
    #expect(root.superview == nil)
  }

  @Test func layoutFeedbackLoopIsCutOffAndReported() {
    let root = makeRoot()
    let restless = RestlessView()
    restless.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(restless)
    let auditor = RecordingAuditor()
    NSLayoutConstraint.activate([
      restless.width, restless.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      restless.topAnchor.constraint(equalTo: root.topAnchor),
      restless.heightAnchor.constraint(equalToConstant: 10),
    ])
    withAuditor(auditor) { root.layoutIfNeeded() }
    #expect(auditor.events == [
      "misuse layout of UIView('root')'s hierarchy still changing after 8 rounds "
        + "(layout feedback loop)"
    ])
    #expect(restless.calls == 8)
  }

  @Test func reMeasuringThatDoesNotSettleIsNotAFeedbackLoop() {
    // A two-line label whose width follows its height: one line makes it narrow, which wraps
    // it to two lines, which makes it wide, which fits one line... No app code invalidates
    // layout (only the label's own measuring does), so UIKit raises nothing: NavSim stops
    // re-measuring after a bounded number of rounds and reports nothing either.
    let root = makeRoot()
    let label = UILabel()
    label.numberOfLines = 2
    label.text = String(repeating: "x", count: 30)  // about 270 pt on one line at 17 pt
    label.translatesAutoresizingMaskIntoConstraints = false
    label.setContentHuggingPriority(UILayoutPriority(1), for: .horizontal)
    label.setContentCompressionResistancePriority(UILayoutPriority(1), for: .horizontal)
    label.setContentHuggingPriority(UILayoutPriority(999), for: .vertical)
    label.setContentCompressionResistancePriority(UILayoutPriority(999), for: .vertical)
    root.addSubview(label)
    let auditor = RecordingAuditor()
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      label.bottomAnchor.constraint(equalTo: root.bottomAnchor),
      label.widthAnchor.constraint(equalTo: label.heightAnchor, multiplier: 8),
    ])
    withAuditor(auditor) {
      UIView.animate(withDuration: 0.3) { root.layoutIfNeeded() }
    }
    #expect(auditor.events.filter { $0.hasPrefix("misuse") }.isEmpty, "\(auditor.events)")
    // One or two lines tall (rounded up to the pixel at 3x), eight times as wide.
    let line = UIFont.systemFont(ofSize: 17).lineHeight
    let heights = [line, 2 * line].map { TextModel.pixelCeiling($0, scale: 3) }
    #expect(heights.map { $0 * 8 }.contains(label.frame.width), "\(label.frame)")
  }

  @Test func noAuditorMeansNoWorkAndNoCrash() {
    LayoutAudit.current = nil
    let root = makeRoot()
    let view = makeView("v", in: root)
    view.widthAnchor.constraint(equalToConstant: 10).isActive = true
    view.widthAnchor.constraint(equalToConstant: 20).isActive = true
    root.layoutIfNeeded()
    #expect(view.frame.width == 10)
  }
}

/// A view whose `layoutSubviews` always changes its own width: a layout feedback loop.
@MainActor
private final class RestlessView: UIView {
  var calls = 0
  lazy var width = widthAnchor.constraint(equalToConstant: 0)

  override func layoutSubviews() {
    calls += 1
    width.constant += 1
  }
}
