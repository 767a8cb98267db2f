// A view's traits, resolved from its hierarchy's window traits and the overrides on the way
// down (view controllers' and views' `traitOverrides`, a parent's override for a child
// controller, `overrideUserInterfaceStyle`), and trait-change registrations.

import Foundation

extension UIView: UITraitEnvironment {
  /// The view's traits: those of a full-screen window the size of its hierarchy's root
  /// (docs/uikit-model.md, "Trait collections"), with this view's own layout direction and
  /// the overrides of its ancestors, their controllers and itself applied from the root down.
  public var traitCollection: UITraitCollection {
    var chain: [UIView] = []
    var node: UIView? = self
    while let current = node {
      chain.append(current)
      node = current.storedSuperview
    }
    let root = chain.last!
    var traits = UITraitCollection.window(
      size: root.storedFrame.size, idiom: root.interfaceIdiom,
      direction: effectiveUserInterfaceLayoutDirection, scale: root.displayScale)
    for view in chain.reversed() { traits = view.applyingOwnOverrides(to: traits) }
    return traits
  }

  /// `traits` with what this view (and the controller whose view it is) overrides.
  private func applyingOwnOverrides(to traits: UITraitCollection) -> UITraitCollection {
    var traits = traits
    if let controller = owningViewController {
      if let parent = controller.parent,
        let override = parent.overrideTraitCollection(forChild: controller)
      {
        traits = UITraitCollection(traitsFrom: [traits, override])
      }
      traits = traits.applying(controller.traitOverrides)
      if controller.overrideUserInterfaceStyle != .unspecified {
        traits = UITraitCollection(traitsFrom: [
          traits, UITraitCollection(userInterfaceStyle: controller.overrideUserInterfaceStyle),
        ])
      }
    }
    traits = traits.applying(storedTraitOverrides)
    if overrideUserInterfaceStyle != .unspecified {
      traits = UITraitCollection(traitsFrom: [
        traits, UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle),
      ])
    }
    return traits
  }

  /// Traits this view and its subviews use instead of the inherited ones (iOS 17).
  public var traitOverrides: UITraitOverrides {
    get { storedTraitOverrides }
    set {
      guard newValue != storedTraitOverrides else { return }
      storedTraitOverrides = newValue
      LayoutEngine.traitsDidChange(in: self)
    }
  }

  /// Calls `handler` with the view and its previous traits when one of `traits` changes
  /// (delivered at layout passes, as `traitCollectionDidChange(_:)`; not for the first traits
  /// a view gets).
  @discardableResult
  public func registerForTraitChanges<Environment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration {
    let registration = TraitChangeRegistration(traits, handler: handler)
    traitRegistrations.append(registration)
    return registration
  }

  /// Stops a registration made by `registerForTraitChanges`.
  public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
    traitRegistrations.removeAll { $0 === registration }
  }

  /// Pixels per point of the screen the hierarchy rooted here is shown on: `hostScale` when
  /// the host set it, else 2 for an iPad and for a root the size of a 2x iPhone's screen (320
  /// x 568, 375 x 667, either way up), else the main screen's (3). Layout places frames on
  /// this pixel grid.
  var displayScale: CGFloat {
    if hostScale > 0 { return hostScale }
    if interfaceIdiom == .pad { return 2 }
    let size = storedFrame.size
    let sides = (min(size.width, size.height), max(size.width, size.height))
    let twoTimesPhones: [(CGFloat, CGFloat)] = [(320, 568), (375, 667)]
    if twoTimesPhones.contains(where: { $0 == sides }) { return 2 }
    return UIScreen.main.scale
  }

  /// The device kind the hierarchy rooted here stands for: `hostIdiom` when the host set it,
  /// else an iPad for a root at least 1000 points long on either side, else a phone.
  var interfaceIdiom: UIUserInterfaceIdiom {
    if hostIdiom != .unspecified { return hostIdiom }
    return max(storedFrame.width, storedFrame.height) >= 1000 ? .pad : .phone
  }
}
