// A view controller's root view takes the system minimum layout margins; other views keep 8 pt.
//
// The numbers are UIKit's, from public references:
// [A] Apple, UIView.layoutMargins: "If the view is a view controller's root view, the system
//     sets and manages the margins. The top and bottom margins are set to zero points. The side
//     margins vary depending on the current size class, but can be either 16 or 20 points."
//     "The default margins are eight points on each side."
// [B] Apple, UIViewController.systemMinimumLayoutMargins: the root view's margins are "either
//     your custom values or the minimum values defined by this property, whichever values are
//     greater. For example, if the value for one system minimum margin is 20 points and you
//     specify a value of 10 for the same margin on the view, the view uses the value 20."
// [C] Apple, UIViewController.viewRespectsSystemMinimumLayoutMargins: false "causes the view to
//     obtain its margins solely from its directionalLayoutMargins property".
// [D] useyourloaf.com, "Changing Root View Layout Margins": "16 points for compact width and 20
//     points for regular"; "on an iPhone device in portrait the label ends up 16 points from
//     the leading edge of the screen".

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct RootViewMarginsTests {
  /// A controller whose root view is an iPhone 15 in portrait (393 x 852, 59 / 34 safe area).
  private func makeController(
    width: CGFloat = 393, height: CGFloat = 852
  ) -> (UIViewController, UIView) {
    let controller = MarginsController()
    let root = controller.view!
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.additionalSafeAreaInsets = UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
    let content = makeView("content", in: root)
    NSLayoutConstraint.activate([
      content.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
      content.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
      content.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
    ])
    return (controller, content)
  }

  @Test func rootViewOfACompactWidthPhoneHas16PointSideMarginsAndNoneTopOrBottom() {
    let (controller, content) = makeController()
    controller.view.layoutIfNeeded()
    // [A], [D]: 16 pt from the leading edge; top and bottom only the safe area.
    #expect(controller.systemMinimumLayoutMargins
      == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
    #expect(controller.view.directionalLayoutMargins
      == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
    #expect(content.frame == CGRect(16, 59, 361, 759))
  }

  @Test func subviewsKeepTheEightPointDefault() {
    let (controller, content) = makeController()
    let inner = makeView("inner", in: content)
    NSLayoutConstraint.activate([
      inner.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor),
      inner.topAnchor.constraint(equalTo: content.layoutMarginsGuide.topAnchor),
      inner.widthAnchor.constraint(equalToConstant: 10),
      inner.heightAnchor.constraint(equalToConstant: 10),
    ])
    controller.view.layoutIfNeeded()
    // [A]: "The default margins are eight points on each side."
    #expect(content.directionalLayoutMargins
      == NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
    #expect(inner.frame == CGRect(8, 8, 10, 10))
  }

  @Test func regularWidthRootViewHas20PointSideMargins() {
    // An iPad in portrait (1024 x 1366): regular width.
    let (controller, content) = makeController(width: 1024, height: 1366)
    controller.view.additionalSafeAreaInsets = UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
    controller.view.layoutIfNeeded()
    #expect(controller.traitCollection.horizontalSizeClass == .regular)
    // [A], [D]: 20 pt in a regular-width environment.
    #expect(content.frame == CGRect(20, 24, 984, 1322))
  }

  @Test func marginsTheAppSetsAreRaisedToTheSystemMinimum() {
    let (controller, content) = makeController()
    controller.view.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 10, leading: 10, bottom: 4, trailing: 30)
    controller.view.layoutIfNeeded()
    // [B]: the greater of the app's value and the minimum, per edge.
    #expect(controller.view.directionalLayoutMargins
      == NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 4, trailing: 30))
    #expect(content.frame == CGRect(16, 69, 347, 745))
  }

  @Test func aControllerThatDoesNotRespectTheMinimumUsesTheAppsMargins() {
    let (controller, content) = makeController()
    controller.viewRespectsSystemMinimumLayoutMargins = false
    controller.view.insetsLayoutMarginsFromSafeArea = false
    controller.view.layoutMargins = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
    controller.view.layoutIfNeeded()
    // [C]: solely the view's own margins (and, not inset from the safe area, from the edges).
    #expect(content.frame == CGRect(5, 5, 383, 842))
    controller.viewRespectsSystemMinimumLayoutMargins = true
    controller.view.layoutIfNeeded()
    #expect(content.frame == CGRect(16, 5, 361, 842))
  }

  @Test func rightToLeftRootViewRaisesTheLeadingEdgeOnTheRight() {
    let (controller, content) = makeController()
    controller.view.baseLayoutDirection = .rightToLeft
    controller.view.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 0, leading: 40, bottom: 0, trailing: 0)
    controller.view.layoutIfNeeded()
    // Leading is the right edge: 40 there, the 16 pt minimum on the left (trailing).
    #expect(controller.view.layoutMargins == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 40))
    #expect(content.frame == CGRect(16, 59, 337, 759))
  }

  @Test func turningToARegularWidthMovesTheMarginsAndTellsTheController() {
    // An iPhone 15 Pro Max (430 x 932): compact in portrait, regular wide in landscape.
    let (controller, content) = makeController(width: 430, height: 932)
    controller.view.layoutIfNeeded()
    #expect(content.frame.minX == 16)
    let marginsController = controller as! MarginsController
    #expect(marginsController.marginChanges == 0)
    controller.view.frame = CGRect(x: 0, y: 0, width: 932, height: 430)
    controller.view.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59)
    controller.view.layoutIfNeeded()
    #expect(controller.traitCollection.horizontalSizeClass == .regular)
    // 59 pt of safe area plus the 20 pt minimum on each side.
    #expect(content.frame == CGRect(79, 0, 774, 409))
    #expect(marginsController.marginChanges == 1)
  }

  @Test func aViewThatStopsBeingTheRootViewGoesBackToItsOwnMargins() {
    let (controller, content) = makeController()
    let root = controller.view!
    root.layoutIfNeeded()
    controller.view = UIView(frame: root.frame)
    root.layoutIfNeeded()
    #expect(content.frame == CGRect(8, 67, 377, 743))
  }
}

/// Counts the margin changes UIKit reports to a controller.
@MainActor
private final class MarginsController: UIViewController {
  var marginChanges = 0
  override func viewLayoutMarginsDidChange() { marginChanges += 1 }
}
