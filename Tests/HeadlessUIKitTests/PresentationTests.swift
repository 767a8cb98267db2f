// Modal presentation, the interface-style override and the app lifecycle types (issue 25):
// what a screen that presents a sheet, or an app's scene delegate, relies on.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct PresentationTests {
  /// Records the appearance callbacks it hears.
  final class Sheet: UIViewController {
    var calls: [String] = []
    override func viewWillAppear(_ animated: Bool) { calls.append("willAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { calls.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { calls.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { calls.append("didDisappear") }
  }

  private func presenter() -> UIViewController {
    let presenter = UIViewController()
    presenter.view.frame = CGRect(0, 0, 393, 852)
    return presenter
  }

  @Test func presentedViewCoversThePresenterAndDismissalRemovesIt() {
    let presenter = presenter()
    let sheet = Sheet()
    sheet.modalPresentationStyle = .fullScreen
    var completed = 0
    presenter.present(sheet, animated: true) { completed += 1 }
    #expect(presenter.presentedViewController === sheet)
    #expect(sheet.presentingViewController === presenter)
    #expect(sheet.view.superview === presenter.view)
    #expect(presenter.view.subviews.last === sheet.view)
    #expect(sheet.view.frame == CGRect(0, 0, 393, 852))
    #expect(sheet.calls == ["willAppear(true)", "didAppear"])
    #expect(completed == 1)

    // The presented controller dismissing itself goes through its presenter.
    sheet.dismiss(animated: false) { completed += 1 }
    #expect(sheet.view.superview == nil)
    #expect(presenter.presentedViewController == nil)
    #expect(sheet.presentingViewController == nil)
    #expect(sheet.calls.suffix(2) == ["willDisappear", "didDisappear"])
    #expect(completed == 2)
  }

  @Test func sheetsLeaveTheTopOfThePresenterUncovered() {
    let presenter = presenter()
    let sheet = Sheet()
    #expect(sheet.modalPresentationStyle == .automatic)
    presenter.present(sheet, animated: false)
    #expect(sheet.view.frame == CGRect(0, 10, 393, 842))
    // Resizing the presenter resizes the sheet with it.
    presenter.view.frame = CGRect(0, 0, 852, 393)
    presenter.view.layoutIfNeeded()
    #expect(sheet.view.frame.size == CGSize(width: 852, height: 383))
  }

  @Test func presentingWhileAlreadyPresentingDoesNothing() {
    let presenter = presenter()
    let first = Sheet(), second = Sheet()
    presenter.present(first, animated: false)
    var ran = false
    presenter.present(second, animated: false) { ran = true }
    #expect(!ran)
    #expect(presenter.presentedViewController === first)
    #expect(second.presentingViewController == nil)
    #expect(!second.isViewLoaded)
  }

  @Test func dismissWithNothingPresentedStillCompletes() {
    var ran = false
    presenter().dismiss(animated: true) { ran = true }
    #expect(ran)
  }

  @Test func interfaceStyleOverrideReachesSubviewsTraits() {
    let controller = presenter()
    let child = UIView()
    controller.view.addSubview(child)
    #expect(child.traitCollection.userInterfaceStyle != .dark)
    controller.overrideUserInterfaceStyle = .dark
    #expect(child.traitCollection.userInterfaceStyle == .dark)
    child.overrideUserInterfaceStyle = .light
    #expect(child.traitCollection.userInterfaceStyle == .light)
    #expect(controller.view.traitCollection.userInterfaceStyle == .dark)
  }

  final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var events: [String] = []
    func scene(
      _ scene: UIScene, willConnectTo session: UISceneSession,
      options connectionOptions: UIScene.ConnectionOptions
    ) {
      events.append("connect")
      guard let windowScene = scene as? UIWindowScene else { return }
      let window = UIWindow(windowScene: windowScene)
      window.rootViewController = Sheet()
      window.makeKeyAndVisible()
      self.window = window
    }
    func sceneDidBecomeActive(_ scene: UIScene) { events.append("active") }
  }

  @Test func sceneDelegateBuildsAKeyWindowShowingItsRootController() {
    let application = UIApplication()
    let scene = UIWindowScene(session: UISceneSession(), connectionOptions: .init())
    let delegate = SceneDelegate()
    scene.delegate = delegate
    #expect(application.applicationState == .inactive)
    scene.connect(to: application)
    #expect(delegate.events == ["connect", "active"])
    #expect(application.applicationState == .active)
    let window = try! #require(delegate.window)
    #expect(window.isKeyWindow && !window.isHidden)
    #expect(window.frame == UIScreen.main.bounds)
    #expect(application.windows.first === window)
    let root = try! #require(window.rootViewController as? Sheet)
    #expect(root.view.superview === window)
    #expect(root.view.frame == window.bounds)
    #expect(root.calls == ["willAppear(false)", "didAppear"])
  }
}

@Suite struct ImageRendererTests {
  @Test func renderedImagesHaveTheRendererSizeAndTheFormatScale() {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 30))
    var ran = 0
    let image = renderer.image { context in
      ran += 1
      context.fill(CGRect(x: 0, y: 0, width: 20, height: 30))
    }
    #expect(ran == 1)
    #expect(image.size == CGSize(width: 20, height: 30))
    #expect(image.scale == 3)
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    #expect(UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: format)
      .image { _ in }.scale == 1)
    #expect(UIImage(size: CGSize(width: 1, height: 1)).scale == 1)
  }
}
