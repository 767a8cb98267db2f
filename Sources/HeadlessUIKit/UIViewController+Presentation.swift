// Modal presentation, headless: `present(_:animated:completion:)` lays the presented
// controller's view over the presenter's (a subview of it, so it is in every snapshot), and
// `dismiss(animated:completion:)` takes it away (docs/uikit-model.md, "Presentation").

import Foundation

/// How a presented controller is shown; UIKit's cases and raw values.
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case none = -1
  case automatic = -2

  /// Whether the style is a sheet: on a phone, a card that leaves the top of the screen
  /// (the presenter's top safe-area inset and 10 points more) uncovered.
  var isSheet: Bool {
    switch self {
    case .automatic, .pageSheet, .formSheet, .popover: return true
    case .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext, .none:
      return false
    }
  }
}

extension UIViewController {
  /// The gap a sheet leaves above itself, below the presenter's top safe-area inset.
  static let sheetTopGap: CGFloat = 10

  /// Shows `viewControllerToPresent` over this controller: its view becomes the top subview of
  /// this controller's view, covering it (sheets leave the top uncovered, see
  /// `UIModalPresentationStyle`) and resizing with it; it hears `viewWillAppear` /
  /// `viewDidAppear`, then `completion` runs. There are no animations: `animated` is passed
  /// on to the callbacks. As in UIKit, a controller already presenting another presents
  /// nothing (and `completion` does not run), and a controller already presented elsewhere
  /// is not presented again.
  public func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil,
      viewControllerToPresent !== self
    else { return }
    let host: UIView = view
    let presented = viewControllerToPresent
    presentedViewController = presented
    presented.presentingViewController = self
    presented.loadViewIfNeeded()
    let presentedView: UIView = presented.view
    var frame = host.bounds
    if presented.modalPresentationStyle.isSheet {
      let top = min(host.safeAreaInsets.top + UIViewController.sheetTopGap, frame.height)
      frame.origin.y += top
      frame.size.height -= top
    }
    presentedView.frame = frame
    presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    presented.beginAppearanceTransition(true, animated: flag)
    host.addSubview(presentedView)
    presented.endAppearanceTransition()
    completion?()
  }

  /// Dismisses the controller this one presents or, when it presents none, this controller
  /// itself (asking its presenter): the presented view is removed from the presenter's, the
  /// presented controller hears `viewWillDisappear` / `viewDidDisappear`, then `completion`
  /// runs. With nothing to dismiss, `completion` runs at once.
  public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController {
      presented.dismissNested(animated: flag)
      presented.beginAppearanceTransition(false, animated: flag)
      presented.viewIfLoaded?.removeFromSuperview()
      presentedViewController = nil
      presented.presentingViewController = nil
      presented.endAppearanceTransition()
      completion?()
    } else if let presenter = presentingViewController {
      presenter.dismiss(animated: flag, completion: completion)
    } else {
      completion?()
    }
  }

  /// Dismisses whatever this controller presents before this controller goes itself.
  private func dismissNested(animated flag: Bool) {
    guard presentedViewController != nil else { return }
    dismiss(animated: flag, completion: nil)
  }
}
