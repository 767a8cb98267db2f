import Foundation
import HeadlessUIKit

extension GMSMapView {
  /// The map view's size in points and its safe-area insets, leading / trailing.
  public struct Geometry: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var safeTop: Double
    public var safeLeading: Double
    public var safeBottom: Double
    public var safeTrailing: Double

    public init(
      width: Double, height: Double, safeTop: Double = 0, safeLeading: Double = 0,
      safeBottom: Double = 0, safeTrailing: Double = 0
    ) {
      self.width = width
      self.height = height
      self.safeTop = safeTop
      self.safeLeading = safeLeading
      self.safeBottom = safeBottom
      self.safeTrailing = safeTrailing
    }
  }

  /// The map's size and safe area as last recorded (`mapResized`), in leading / trailing terms.
  public var mapGeometry: Geometry {
    let insets = safeAreaInsets.directional(for: effectiveUserInterfaceLayoutDirection)
    return Geometry(
      width: Double(bounds.width), height: Double(bounds.height), safeTop: Double(insets.top),
      safeLeading: Double(insets.leading), safeBottom: Double(insets.bottom),
      safeTrailing: Double(insets.trailing))
  }

  /// Resizes the map (rotation, split screen, container slider): frame, safe area, the cards'
  /// wide-mode sizes, then `sizeChanged` while navigation is enabled.
  /// - Throws: `LifecycleError` for a size that isn't positive and finite (nothing changes).
  @_spi(Replay) public func resize(to geometry: Geometry) throws(LifecycleError) {
    let values = [
      geometry.width, geometry.height, geometry.safeTop, geometry.safeLeading,
      geometry.safeBottom, geometry.safeTrailing,
    ]
    guard values.allSatisfy(\.isFinite), geometry.width > 0, geometry.height > 0,
      values.dropFirst(2).allSatisfy({ $0 >= 0 })
    else {
      throw LifecycleError(
        "map resized to \(geometry.width) x \(geometry.height) with safe area "
          + "\(values.dropFirst(2).map { String($0) }.joined(separator: ",")): not a valid size")
    }
    recordedSafeArea = NSDirectionalEdgeInsets(
      top: CGFloat(geometry.safeTop), leading: CGFloat(geometry.safeLeading),
      bottom: CGFloat(geometry.safeBottom), trailing: CGFloat(geometry.safeTrailing))
    let size = CGSize(width: CGFloat(geometry.width), height: CGFloat(geometry.height))
    // The controller whose view the map is hears of the new size first, as on a rotation.
    let transition = SizeTransitionCoordinator()
    let controller = size != bounds.size ? owningViewController : nil
    controller?.viewWillTransition(to: size, with: transition)
    frame = CGRect(origin: .zero, size: size)
    applyRecordedSafeArea()
    transition.runAlongside()
    defer { transition.complete() }
    // Relax, call back, tighten: the cards' old fixed width goes before `sizeChanged` and the
    // new one comes after it, so a delegate that adapts in `sizeChanged` never passes through
    // a conflict between its constraints and the SDK's.
    let wide = isWideMode
    sdkViews.applyWideMode(wide, standardWidth: standardCardWidth, step: .release)
    perform(lifecycle.sizeChanged())
    sdkViews.applyWideMode(wide, standardWidth: standardCardWidth, step: .apply)
  }

  /// The width the SDK gives the cards and prompts in standard mode: the map's width inside
  /// its safe area (as the built-in layout's header and footer).
  var standardCardWidth: CGFloat {
    bounds.width - recordedSafeArea.leading - recordedSafeArea.trailing
  }

  /// Sets the layout direction (`ltr` / `rtl`) and flips the recorded safe area with it.
  @_spi(Replay) public func setLayoutDirection(rightToLeft: Bool) {
    semanticContentAttribute = rightToLeft ? .forceRightToLeft : .forceLeftToRight
    applyRecordedSafeArea()
  }

  private func applyRecordedSafeArea() {
    additionalSafeAreaInsets = recordedSafeArea.absolute(for: effectiveUserInterfaceLayoutDirection)
  }
}
