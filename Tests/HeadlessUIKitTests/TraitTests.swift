// Traits: first-layout delivery, overrides, child overrides, registrations.
//
// UIKit's behaviour, from public references:
// [A] Apple, UITraitEnvironment.traitCollectionDidChange(_:): "The system calls this method
//     when the iOS interface environment changes"; previousTraitCollection "may be nil" (the
//     first traits a view gets).
// [B] Apple, UIViewController.setOverrideTraitCollection(_:forChild:): "Changes the traits
//     assigned to the specified child view controller"; the child's traits are the parent's
//     with the override's specified traits in place.
// [C] Apple, UIView.traitOverrides / UIViewController.traitOverrides (iOS 17): overridden
//     traits apply to the object and everything below it in the hierarchy.
// [D] Apple, UITraitChangeObservable.registerForTraitChanges(_:handler:): the handler runs
//     when one of the given traits changes, with the previous trait collection.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct TraitTests {
  @Test func theFirstLayoutTellsViewsAndControllersTheirTraitsOnce() {
    let controller = TraitController()
    controller.view.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
    let child = TraitView()
    controller.view.addSubview(child)
    controller.view.layoutIfNeeded()
    // [A]: the first delivery has no previous traits.
    #expect(controller.changes == ["nil -> compact"])
    #expect(child.changes == ["nil -> compact"])
    controller.view.layoutIfNeeded()
    controller.view.setNeedsLayout()
    controller.view.layoutIfNeeded()
    #expect(controller.changes.count == 1)
    // Turning to a regular width is told with the old traits.
    controller.view.frame = CGRect(x: 0, y: 0, width: 932, height: 430)
    controller.view.layoutIfNeeded()
    #expect(controller.changes == ["nil -> compact", "compact -> regular"])
    #expect(child.changes == ["nil -> compact", "compact -> regular"])
  }

  @Test func aViewAddedLaterHearsOfItsTraitsAtTheNextPass() {
    let root = makeRoot()
    root.layoutIfNeeded()
    let late = TraitView()
    root.addSubview(late)
    #expect(late.changes.isEmpty)
    root.layoutIfNeeded()
    #expect(late.changes == ["nil -> compact"])
  }

  @Test func traitOverridesApplyToTheSubtreeAndAreToldAtTheNextPass() {
    let root = makeRoot()
    let card = TraitView()
    let inner = TraitView()
    root.addSubview(card)
    card.addSubview(inner)
    root.layoutIfNeeded()
    card.traitOverrides.preferredContentSizeCategory = .accessibilityLarge
    card.traitOverrides.userInterfaceStyle = .dark
    // [C]: the view and its subtree, at once; the root keeps its own.
    #expect(inner.traitCollection.preferredContentSizeCategory == .accessibilityLarge)
    #expect(inner.traitCollection.userInterfaceStyle == .dark)
    #expect(root.traitCollection.preferredContentSizeCategory == .large)
    #expect(card.traitOverrides.contains(UITraitPreferredContentSizeCategory.self))
    #expect(!card.traitOverrides.contains(UITraitHorizontalSizeClass.self))
    #expect(inner.changes.count == 1)
    root.layoutIfNeeded()
    #expect(inner.changes.count == 2)
    card.traitOverrides.remove(UITraitPreferredContentSizeCategory.self)
    #expect(inner.traitCollection.preferredContentSizeCategory == .large)
  }

  @Test func aParentsOverrideForAChildChangesOnlyTheChild() {
    // An iPad in landscape: regular width; the child is made compact, as split views do.
    let parent = UIViewController()
    parent.view.frame = CGRect(x: 0, y: 0, width: 1366, height: 1024)
    let child = TraitController()
    parent.addChild(child)
    child.view.frame = CGRect(x: 0, y: 0, width: 320, height: 1024)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    let content = makeView("content", in: child.view)
    NSLayoutConstraint.activate([
      content.leadingAnchor.constraint(equalTo: child.view.layoutMarginsGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: child.view.layoutMarginsGuide.trailingAnchor),
      content.topAnchor.constraint(equalTo: child.view.topAnchor),
      content.heightAnchor.constraint(equalToConstant: 10),
    ])
    parent.view.layoutIfNeeded()
    #expect(child.traitCollection.horizontalSizeClass == .regular)
    #expect(content.frame == CGRect(20, 0, 280, 10))
    parent.setOverrideTraitCollection(
      UITraitCollection(horizontalSizeClass: .compact), forChild: child)
    #expect(parent.overrideTraitCollection(forChild: child)?.horizontalSizeClass == .compact)
    parent.view.layoutIfNeeded()
    // [B]: the child alone turns compact, and its root view takes compact margins.
    #expect(child.traitCollection.horizontalSizeClass == .compact)
    #expect(child.traitCollection.verticalSizeClass == .regular)
    #expect(parent.traitCollection.horizontalSizeClass == .regular)
    #expect(child.changes.last == "regular -> compact")
    #expect(content.frame == CGRect(16, 0, 288, 10))
  }

  @Test func registeredHandlersRunWhenTheirTraitsChange() {
    let root = makeRoot(width: 393, height: 852)
    let view = TraitView()
    root.addSubview(view)
    var sizeChanges: [String] = []
    var styleChanges = 0
    let registration = view.registerForTraitChanges([UITraitHorizontalSizeClass.self]) {
      (changed: TraitView, previous: UITraitCollection) in
      sizeChanges.append(
        "\(previous.horizontalSizeClass) -> \(changed.traitCollection.horizontalSizeClass)")
    }
    view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) {
      (_: UIView, _: UITraitCollection) in styleChanges += 1
    }
    root.layoutIfNeeded()
    #expect(sizeChanges.isEmpty)  // not for the first traits
    root.frame = CGRect(x: 0, y: 0, width: 932, height: 430)
    root.layoutIfNeeded()
    // [D]
    #expect(sizeChanges == ["compact -> regular"])
    #expect(styleChanges == 0)
    view.unregisterForTraitChanges(registration)
    root.frame = CGRect(x: 0, y: 0, width: 393, height: 852)
    root.layoutIfNeeded()
    #expect(sizeChanges.count == 1)
  }
}

/// Records the trait changes it is told of as "previous -> current" horizontal size classes.
@MainActor
private final class TraitController: UIViewController {
  var changes: [String] = []
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    changes.append(describeChange(previousTraitCollection, traitCollection))
  }
}

@MainActor
private final class TraitView: UIView {
  var changes: [String] = []
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    changes.append(describeChange(previousTraitCollection, traitCollection))
  }
}

private func describeChange(_ previous: UITraitCollection?, _ current: UITraitCollection) -> String {
  func name(_ sizeClass: UIUserInterfaceSizeClass) -> String {
    switch sizeClass {
    case .compact: "compact"
    case .regular: "regular"
    case .unspecified: "unspecified"
    }
  }
  return "\(previous.map { name($0.horizontalSizeClass) } ?? "nil") -> "
    + name(current.horizontalSizeClass)
}
