// Layout margins, the safe area, layout guides and the layout direction of a view.

import Foundation

extension UIView {
  // MARK: - Layout margins

  /// The margins in leading / trailing terms: 8 points all round by default. A view
  /// controller's root view reads the controller's `systemMinimumLayoutMargins` until the app
  /// sets its own, and then, while `viewRespectsSystemMinimumLayoutMargins`, the larger of the
  /// two per edge (as UIKit's documentation of `systemMinimumLayoutMargins` says).
  public var directionalLayoutMargins: NSDirectionalEdgeInsets {
    get { effectiveDirectionalMargins }
    set {
      let old = effectiveDirectionalMargins
      storedDirectionalMargins = newValue
      marginsSetByApp = true
      marginsMayHaveChanged(from: old)
    }
  }

  /// The margins in left / right terms for the current layout direction.
  public var layoutMargins: UIEdgeInsets {
    get { effectiveDirectionalMargins.absolute(for: effectiveUserInterfaceLayoutDirection) }
    set {
      directionalLayoutMargins = newValue.directional(for: effectiveUserInterfaceLayoutDirection)
    }
  }

  /// The margins in force: the app's (or the 8 pt default), or for a view controller's root
  /// view the system minimum combined with the app's.
  var effectiveDirectionalMargins: NSDirectionalEdgeInsets {
    guard let controller = owningViewController else { return storedDirectionalMargins }
    return effectiveDirectionalMargins(
      respecting: controller.viewRespectsSystemMinimumLayoutMargins,
      sizeClass: controller.traitCollection.horizontalSizeClass)
  }

  /// The margins in force were `viewRespectsSystemMinimumLayoutMargins` `respecting` and the
  /// horizontal size class `sizeClass`.
  func effectiveDirectionalMargins(
    respecting: Bool, sizeClass: UIUserInterfaceSizeClass
  ) -> NSDirectionalEdgeInsets {
    guard owningViewController != nil else { return storedDirectionalMargins }
    let minimum = UIViewController.systemMinimumLayoutMargins(for: sizeClass)
    guard marginsSetByApp else { return minimum }
    guard respecting else {
      return storedDirectionalMargins
    }
    let own = storedDirectionalMargins
    return NSDirectionalEdgeInsets(
      top: max(own.top, minimum.top), leading: max(own.leading, minimum.leading),
      bottom: max(own.bottom, minimum.bottom), trailing: max(own.trailing, minimum.trailing))
  }

  /// Moves the margins guide and tells the view and its controller when the margins in force
  /// are no longer `old` (the app set them, the view became a controller's root view, its
  /// size class changed).
  func marginsMayHaveChanged(from old: NSDirectionalEdgeInsets) {
    guard effectiveDirectionalMargins != old else { return }
    refreshGuideConstants()
    layoutMarginsDidChange()
    owningViewController?.viewLayoutMarginsDidChange()
  }

  /// Whether the margins guide sits inside the safe area (margins add to the safe area
  /// insets); true by default.
  public var insetsLayoutMarginsFromSafeArea: Bool {
    get { storedInsetsMarginsFromSafeArea }
    set {
      guard newValue != storedInsetsMarginsFromSafeArea else { return }
      storedInsetsMarginsFromSafeArea = newValue
      refreshGuideConstants()
    }
  }

  /// The bounds inset by the layout margins (and by the safe area, see
  /// `insetsLayoutMarginsFromSafeArea`). Not listed in `layoutGuides`.
  public var layoutMarginsGuide: UILayoutGuide {
    if let marginsGuide { return marginsGuide }
    let guide = UILayoutGuide(role: .layoutMargins, owningView: self)
    marginsGuide = guide
    systemConstraints.margins = makeGuideConstraints(guide, kind: .layoutMargins)
    refreshGuideConstants()
    return guide
  }

  // MARK: - Safe area

  /// Extra insets this view adds to the safe area it passes to its subtree.
  ///
  /// UIKit keeps this on view controllers; NavSim keeps it on views. On the layout root it is
  /// the device's safe area (notch, home indicator) the replayer sets.
  public var additionalSafeAreaInsets: UIEdgeInsets {
    get { storedAdditionalSafeAreaInsets }
    set {
      guard newValue != storedAdditionalSafeAreaInsets else { return }
      storedAdditionalSafeAreaInsets = newValue
      setNeedsLayout()
      if storedSuperview == nil { updateSafeAreaInsets(safeAreaAddition) }
    }
  }

  /// What this view adds to the safe area it is given: the app's `additionalSafeAreaInsets`
  /// and the height of a navigation bar shown over it.
  var safeAreaAddition: UIEdgeInsets {
    var insets = storedAdditionalSafeAreaInsets
    insets.top += navigationBarInset
    return insets
  }

  /// How far the safe area lies inside the bounds, as of the last layout pass: the part of the
  /// superview's safe area insets the view overlaps, plus `additionalSafeAreaInsets`.
  public var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets }

  /// The bounds inset by `safeAreaInsets`. Not listed in `layoutGuides`.
  public var safeAreaLayoutGuide: UILayoutGuide {
    if let safeAreaGuide { return safeAreaGuide }
    let guide = UILayoutGuide(role: .safeArea, owningView: self)
    safeAreaGuide = guide
    systemConstraints.safeArea = makeGuideConstraints(guide, kind: .safeArea)
    refreshGuideConstants()
    return guide
  }

  /// Stores newly computed safe area insets and moves the guides that depend on them.
  func updateSafeAreaInsets(_ insets: UIEdgeInsets) {
    guard insets != computedSafeAreaInsets else { return }
    computedSafeAreaInsets = insets
    refreshGuideConstants()
    safeAreaInsetsDidChange()
    owningViewController?.viewSafeAreaInsetsDidChange()
  }

  // MARK: - Guide constraints

  /// Required constraints placing a system guide at the bounds inset by constants that
  /// `refreshGuideConstants` keeps current: left, right, top, bottom.
  private func makeGuideConstraints(
    _ guide: UILayoutGuide, kind: NSLayoutConstraint.Kind
  ) -> [NSLayoutConstraint] {
    let made = [
      NSLayoutConstraint.Attribute.left, .right, .top, .bottom,
    ].map { attribute in
      let constraint = NSLayoutConstraint(
        first: guide, attribute, .equal, second: self, attribute, kind: kind)
      constraint.container = self
      return constraint
    }
    for constraint in made { LayoutEngine.systemConstraint(constraint, wanted: true) }
    return made
  }

  /// Recomputes the constants of the margins and safe area guides' constraints from the
  /// margins, the safe area and the layout direction.
  func refreshGuideConstants() {
    let safe = computedSafeAreaInsets
    if systemConstraints.safeArea.count == 4 {
      setEdgeConstants(systemConstraints.safeArea, safe)
    }
    if systemConstraints.margins.count == 4 {
      var insets = layoutMargins
      if storedInsetsMarginsFromSafeArea {
        insets.top += safe.top
        insets.left += safe.left
        insets.bottom += safe.bottom
        insets.right += safe.right
      }
      setEdgeConstants(systemConstraints.margins, insets)
    }
  }

  private func setEdgeConstants(_ constraints: [NSLayoutConstraint], _ insets: UIEdgeInsets) {
    constraints[0].constant = insets.left
    constraints[1].constant = -insets.right
    constraints[2].constant = insets.top
    constraints[3].constant = -insets.bottom
  }

  // MARK: - App layout guides

  /// The guides app code added, in the order added.
  public var layoutGuides: [UILayoutGuide] { appLayoutGuides }

  /// Makes this view the guide's owning view (taking it from its previous owner). `file` and
  /// `line` (the caller's) become `guide.addedAt`.
  public func addLayoutGuide(
    _ guide: UILayoutGuide, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard guide.role == .app, guide.owningView !== self else { return }
    guide.addedAt = CallSite(file: file, line: line)
    guide.owningView?.removeLayoutGuide(guide)
    guide.owningView = self
    appLayoutGuides.append(guide)
    LayoutAudit.current?.layoutGuideAdded(guide, to: self)
  }

  /// Removes the guide, deactivating the app constraints that use it.
  public func removeLayoutGuide(_ guide: UILayoutGuide) {
    guard guide.owningView === self, guide.role == .app else { return }
    LayoutEngine.deactivateConstraints(using: guide)
    appLayoutGuides.removeAll { $0 === guide }
    guide.owningView = nil
    LayoutAudit.current?.layoutGuideRemoved(guide, from: self)
  }

  // MARK: - Layout direction

  /// How the view's content relates to the layout direction; `.unspecified` by default.
  public var semanticContentAttribute: UISemanticContentAttribute {
    get { storedSemanticContentAttribute }
    set {
      guard newValue != storedSemanticContentAttribute else { return }
      storedSemanticContentAttribute = newValue
      LayoutEngine.layoutDirectionDidChange(in: self)
    }
  }

  /// The direction of the app's language the hierarchy is laid out for. Only the layout
  /// root's value counts: every other view inherits its direction from its superview.
  public var baseLayoutDirection: UIUserInterfaceLayoutDirection {
    get { storedBaseLayoutDirection }
    set {
      guard newValue != storedBaseLayoutDirection else { return }
      storedBaseLayoutDirection = newValue
      if storedSuperview == nil { LayoutEngine.layoutDirectionDidChange(in: self) }
    }
  }

  /// The direction leading / trailing resolve to for this view: forced by its own
  /// `semanticContentAttribute`, left to right for playback and spatial content, else
  /// inherited (an ancestor's forced direction, or the root's `baseLayoutDirection`).
  public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    switch storedSemanticContentAttribute {
    case .forceLeftToRight, .playback, .spatial: .leftToRight
    case .forceRightToLeft: .rightToLeft
    case .unspecified: storedSuperview?.inheritedLayoutDirection ?? storedBaseLayoutDirection
    }
  }

  /// The direction this view passes to subviews with unspecified content.
  var inheritedLayoutDirection: UIUserInterfaceLayoutDirection {
    switch storedSemanticContentAttribute {
    case .forceLeftToRight: .leftToRight
    case .forceRightToLeft: .rightToLeft
    case .unspecified, .playback, .spatial:
      storedSuperview?.inheritedLayoutDirection ?? storedBaseLayoutDirection
    }
  }

  /// The direction content with `attribute` uses in an app whose language runs left to right:
  /// right to left only when forced.
  public static func userInterfaceLayoutDirection(
    for attribute: UISemanticContentAttribute
  ) -> UIUserInterfaceLayoutDirection {
    attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
  }
}
