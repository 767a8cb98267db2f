// The drawing-side properties delegate code sets (corner radius, masked corners, transforms).
// Nothing is drawn: the values are stored so findings and snapshots can read them.

import Foundation

// MARK: - CALayer

/// A view's layer: its drawing properties.
@preconcurrency @MainActor
public final class CALayer {
  public var cornerRadius: CGFloat = 0
  /// Which corners `cornerRadius` rounds; all four by default.
  public var maskedCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ] {
    didSet { UIView.noteVisibleChange() }
  }
  public var masksToBounds = false
  public var borderWidth: CGFloat = 0
  public var borderColor: CGColor?
  public var shadowColor: CGColor?
  public var shadowOpacity: Float = 0
  public var shadowRadius: CGFloat = 3
  public var shadowOffset = CGSize(width: 0, height: -3)
  public var opacity: Float = 1
  public var zPosition: CGFloat = 0

  init() {}
}

// MARK: - CGAffineTransform

/// A 2-D affine transform (`[a b 0; c d 0; tx ty 1]`), as Core Graphics defines it; provided here
/// because Foundation on Linux has none.
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: CGFloat
  public var b: CGFloat
  public var c: CGFloat
  public var d: CGFloat
  public var tx: CGFloat
  public var ty: CGFloat

  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public init() {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  }

  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  public init(rotationAngle angle: CGFloat) {
    let cosine = CGFloat(cos(Double(angle)))
    let sine = CGFloat(sin(Double(angle)))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  public static let identity = CGAffineTransform()

  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `t2`.
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
  }

  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }

  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }

  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  public var description: String {
    "[\(a.layoutText), \(b.layoutText), \(c.layoutText), \(d.layoutText), "
      + "\(tx.layoutText), \(ty.layoutText)]"
  }
}
