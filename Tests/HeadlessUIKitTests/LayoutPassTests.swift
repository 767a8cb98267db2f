// The layout pass: frames from typical constraint sets, constant and priority changes,
// intrinsic sizes with hugging and compression resistance.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct LayoutPassTests {
  // MARK: - Typical constraint sets

  @Test func pinnedEdgesAndFixedHeightGiveFrame() {
    let root = makeRoot()
    let card = makeView("card", in: root)
    NSLayoutConstraint.activate([
      card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
      card.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
      card.heightAnchor.constraint(equalToConstant: 120),
    ])
    root.layoutIfNeeded()
    #expect(card.frame == CGRect(16, 20, 368, 120))
  }

  @Test func nestedViewsGetFramesRelativeToTheirSuperview() {
    let root = makeRoot()
    let container = makeView("container", in: root)
    let label = makeView("inner", in: container)
    NSLayoutConstraint.activate([
      container.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
      container.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
      container.widthAnchor.constraint(equalToConstant: 200),
      container.heightAnchor.constraint(equalToConstant: 100),
      label.centerXAnchor.constraint(equalTo: container.centerXAnchor),
      label.centerYAnchor.constraint(equalTo: container.centerYAnchor),
      label.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
      label.heightAnchor.constraint(equalToConstant: 20),
    ])
    root.layoutIfNeeded()
    #expect(container.frame == CGRect(10, 100, 200, 100))
    #expect(label.frame == CGRect(50, 40, 100, 20))
    #expect(label.frameInRoot == CGRect(60, 140, 100, 20))
    #expect(label.convert(CGPoint(x: 1, y: 2), to: root) == CGPoint(x: 61, y: 142))
    #expect(root.convert(CGRect(60, 140, 1, 1), to: label) == CGRect(0, 0, 1, 1))
  }

  @Test func layoutIfNeededOnAnyViewLaysOutTheWholeHierarchy() {
    let root = makeRoot()
    let a = makeView("a", in: root)
    let b = makeView("b", in: a)
    NSLayoutConstraint.activate([
      a.topAnchor.constraint(equalTo: root.topAnchor),
      a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      a.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      a.bottomAnchor.constraint(equalTo: root.bottomAnchor),
      b.topAnchor.constraint(equalTo: a.topAnchor, constant: 5),
      b.leadingAnchor.constraint(equalTo: a.leadingAnchor, constant: 5),
      b.widthAnchor.constraint(equalToConstant: 10),
      b.heightAnchor.constraint(equalToConstant: 10),
    ])
    b.layoutIfNeeded()
    #expect(a.frame == CGRect(0, 0, 400, 800))
    #expect(b.frame == CGRect(5, 5, 10, 10))
  }

  @Test func rootResizeMovesConstrainedViews() {
    let root = makeRoot()
    let bar = makeView("bar", in: root)
    NSLayoutConstraint.activate([
      bar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      bar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      bar.bottomAnchor.constraint(equalTo: root.bottomAnchor),
      bar.heightAnchor.constraint(equalToConstant: 50),
    ])
    root.layoutIfNeeded()
    #expect(bar.frame == CGRect(0, 750, 400, 50))
    root.frame = CGRect(0, 0, 800, 400)
    root.layoutIfNeeded()
    #expect(bar.frame == CGRect(0, 350, 800, 50))
  }

  @Test func itemInitialiserFormMatchesAnchors() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    NSLayoutConstraint.activate([
      NSLayoutConstraint(
        item: view, attribute: .leading, relatedBy: .equal, toItem: root,
        attribute: .leading, multiplier: 1, constant: 30),
      NSLayoutConstraint(
        item: view, attribute: .top, relatedBy: .equal, toItem: root,
        attribute: .centerY, multiplier: 1, constant: 0),
      NSLayoutConstraint(
        item: view, attribute: .width, relatedBy: .equal, toItem: nil,
        attribute: .notAnAttribute, multiplier: 1, constant: 40),
      NSLayoutConstraint(
        item: view, attribute: .height, relatedBy: .equal, toItem: view,
        attribute: .width, multiplier: 0.5, constant: 0),
    ])
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(30, 400, 40, 20))
  }

  // MARK: - Changes between passes

  @Test func constantChangesMoveViewsOnTheNextPass() {
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
    #expect(prompt.frame.minY == 800)
    bottom.constant = 0
    #expect(prompt.frame.minY == 800, "frames change only in a layout pass")
    root.layoutIfNeeded()
    #expect(prompt.frame.minY == 700)
    bottom.constant = -20
    root.layoutIfNeeded()
    #expect(prompt.frame.minY == 680)
  }

  @Test func deactivatingAndReplacingConstraintsRelayouts() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    let size = [
      view.widthAnchor.constraint(equalToConstant: 50),
      view.heightAnchor.constraint(equalToConstant: 50),
    ]
    let atTop = view.topAnchor.constraint(equalTo: root.topAnchor)
    let atBottom = view.bottomAnchor.constraint(equalTo: root.bottomAnchor)
    NSLayoutConstraint.activate(size + [atTop, view.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(0, 0, 50, 50))
    atTop.isActive = false
    atBottom.isActive = true
    root.layoutIfNeeded()
    #expect(view.frame == CGRect(0, 750, 50, 50))
    #expect(root.constraints.contains(atBottom))
    #expect(!root.constraints.contains(atTop))
  }

  // MARK: - Priorities

  @Test func higherPriorityWinsAndChangingPriorityFlipsTheOutcome() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    let narrow = view.widthAnchor.constraint(equalToConstant: 100)
    let wide = view.widthAnchor.constraint(equalToConstant: 300)
    narrow.priority = .defaultHigh
    wide.priority = .defaultLow
    NSLayoutConstraint.activate([
      narrow, wide,
      view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      view.topAnchor.constraint(equalTo: root.topAnchor),
      view.heightAnchor.constraint(equalToConstant: 10),
    ])
    root.layoutIfNeeded()
    #expect(view.frame.width == 100)
    wide.priority = UILayoutPriority(999)
    root.layoutIfNeeded()
    #expect(view.frame.width == 300)
  }

  @Test func oneHigherPriorityOutweighsManyLowerOnes() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    let high = view.widthAnchor.constraint(equalToConstant: 100)
    high.priority = .defaultHigh
    var lows: [NSLayoutConstraint] = []
    for _ in 0..<50 {
      let low = view.widthAnchor.constraint(equalToConstant: 300)
      low.priority = .defaultLow
      lows.append(low)
    }
    NSLayoutConstraint.activate(lows + [
      high,
      view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      view.topAnchor.constraint(equalTo: root.topAnchor),
      view.heightAnchor.constraint(equalToConstant: 10),
    ])
    root.layoutIfNeeded()
    #expect(view.frame.width == 100)
  }

  @Test func requiredToOptionalChangeWhileActiveIsIgnoredAndReported() {
    let root = makeRoot()
    let view = makeView("v", in: root)
    let width = view.widthAnchor.constraint(equalToConstant: 10)
    width.isActive = true
    let auditor = RecordingAuditor()
    withAuditor(auditor) { width.priority = .defaultHigh }
    #expect(width.priority == .required)
    #expect(auditor.events.count == 1)
    #expect(auditor.events.first?.hasPrefix("misuse priority of an active constraint") == true)
    width.isActive = false
    width.priority = .defaultHigh
    #expect(width.priority == .defaultHigh)
  }

  // MARK: - Intrinsic size

  @Test func intrinsicSizeGivesSizeWhenNothingElseDoes() {
    let root = makeRoot()
    let box = FixedSizeView(CGSize(width: 60, height: 30))
    box.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(box)
    NSLayoutConstraint.activate([
      box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
      box.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
    ])
    root.layoutIfNeeded()
    #expect(box.frame == CGRect(5, 5, 60, 30))
    box.size = CGSize(width: 80, height: 40)
    box.invalidateIntrinsicContentSize()
    root.layoutIfNeeded()
    #expect(box.frame == CGRect(5, 5, 80, 40))
  }

  @Test func lowerHuggingViewStretches() {
    let root = makeRoot()
    let left = FixedSizeView(CGSize(width: 50, height: 20))
    let right = FixedSizeView(CGSize(width: 50, height: 20))
    for view in [left, right] {
      view.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(view)
    }
    right.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
    NSLayoutConstraint.activate([
      left.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
      right.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      left.topAnchor.constraint(equalTo: root.topAnchor),
      right.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    root.layoutIfNeeded()
    #expect(right.frame.width == 50)
    #expect(left.frame.width == 350)
    right.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
    root.layoutIfNeeded()
    #expect(left.frame.width == 50)
    #expect(right.frame.width == 350)
  }

  @Test func lowerCompressionResistanceViewShrinks() {
    let root = makeRoot(width: 100)
    let first = FixedSizeView(CGSize(width: 80, height: 20))
    let second = FixedSizeView(CGSize(width: 80, height: 20))
    for view in [first, second] {
      view.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(view)
    }
    first.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
    NSLayoutConstraint.activate([
      first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      second.leadingAnchor.constraint(equalTo: first.trailingAnchor),
      second.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      first.topAnchor.constraint(equalTo: root.topAnchor),
      second.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    root.layoutIfNeeded()
    #expect(second.frame.width == 80)
    #expect(first.frame.width == 20)
  }

  @Test func systemLayoutSizeFittingUsesTheSubtreeAlone() {
    let card = UIView()
    card.translatesAutoresizingMaskIntoConstraints = false
    let content = FixedSizeView(CGSize(width: 120, height: 40))
    content.translatesAutoresizingMaskIntoConstraints = false
    card.addSubview(content)
    NSLayoutConstraint.activate([
      content.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
      content.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
      content.topAnchor.constraint(equalTo: card.topAnchor, constant: 4),
      content.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -4),
    ])
    #expect(card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
      == CGSize(width: 136, height: 48))
  }

  // MARK: - layoutSubviews

  @Test func layoutSubviewsRunsAfterFramesAndCanChangeConstraints() {
    let root = makeRoot()
    let host = ManualLayoutView()
    host.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(host)
    NSLayoutConstraint.activate([
      host.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      host.topAnchor.constraint(equalTo: root.topAnchor),
      host.widthAnchor.constraint(equalToConstant: 200),
      host.heightAnchor.constraint(equalToConstant: 100),
    ])
    root.layoutIfNeeded()
    #expect(host.seenWidths == [200])
    #expect(host.child.frame == CGRect(0, 0, 100, 100), "manual child frame from layoutSubviews")
    host.widthConstraintOfChild.constant = 50
    root.layoutIfNeeded()
    #expect(host.child.frame.width == 50)
  }
}

// MARK: - Test views

/// A view with a settable intrinsic size.
@MainActor
final class FixedSizeView: UIView {
  var size: CGSize

  init(_ size: CGSize) {
    self.size = size
    super.init(frame: .zero)
  }

  required init?(coder: NSCoder) { fatalError("unused") }

  override var intrinsicContentSize: CGSize { size }
}

/// A view that positions a child in `layoutSubviews` through a constraint it owns.
@MainActor
final class ManualLayoutView: UIView {
  let child = UIView()
  var seenWidths: [CGFloat] = []
  lazy var widthConstraintOfChild = child.widthAnchor.constraint(equalToConstant: 0)

  override init(frame: CGRect) {
    super.init(frame: frame)
    child.translatesAutoresizingMaskIntoConstraints = false
    addSubview(child)
    NSLayoutConstraint.activate([
      child.leadingAnchor.constraint(equalTo: leadingAnchor),
      child.topAnchor.constraint(equalTo: topAnchor),
      child.heightAnchor.constraint(equalTo: heightAnchor),
      widthConstraintOfChild,
    ])
  }

  required init?(coder: NSCoder) { fatalError("unused") }

  override func layoutSubviews() {
    super.layoutSubviews()
    seenWidths.append(bounds.width)
    if widthConstraintOfChild.constant == 0 { widthConstraintOfChild.constant = bounds.width / 2 }
  }
}
