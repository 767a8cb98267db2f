// Frame, bounds, centre and coordinate conversion. Frames are relative to the superview;
// bounds always have a zero origin (no scrolling in a headless hierarchy); transforms are
// recorded but don't move frames.

import Foundation

extension UIView {
  // MARK: - Frame, bounds, centre

  /// The view's frame in the layout root's coordinates (the root's own frame origin ignored).
  public var frameInRoot: CGRect { convert(bounds, to: nil) }

  /// Sets the frame, recording the change for a running animation and telling the layout
  /// engine what it needs to know.
  func setFrame(_ frame: CGRect, byLayout: Bool) {
    let old = storedFrame
    guard frame != old else {
      if !byLayout { LayoutEngine.frameWasSet(self) }
      return
    }
    storedFrame = frame
    UIAnimationClock.recordChange(self, .frame, from: .rect(old), to: .rect(frame))
    if frame.size != old.size {
      setNeedsLayout()
      boundsSizeDidChange()
    }
    if !byLayout { LayoutEngine.frameWasSet(self) }
  }

  // MARK: - Coordinate conversion

  /// `point` in this view's coordinates converted to `view`'s (or to the layout root's when
  /// `view` is nil).
  public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    let inRoot = offsetInRoot
    let target = view?.offsetInRoot ?? .zero
    return CGPoint(x: point.x + inRoot.x - target.x, y: point.y + inRoot.y - target.y)
  }

  /// `point` in `view`'s coordinates (the layout root's when nil) converted to this view's.
  public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    let inRoot = offsetInRoot
    let source = view?.offsetInRoot ?? .zero
    return CGPoint(x: point.x + source.x - inRoot.x, y: point.y + source.y - inRoot.y)
  }

  /// `rect` in this view's coordinates converted to `view`'s (the layout root's when nil).
  public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  /// `rect` in `view`'s coordinates (the layout root's when nil) converted to this view's.
  public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, from: view), size: rect.size)
  }

  /// Where this view's bounds origin lies in the layout root's coordinates.
  var offsetInRoot: CGPoint {
    var x: CGFloat = 0
    var y: CGFloat = 0
    var node = self
    while let parent = node.storedSuperview {
      x += node.storedFrame.minX
      y += node.storedFrame.minY
      node = parent
    }
    return CGPoint(x: x, y: y)
  }
}
