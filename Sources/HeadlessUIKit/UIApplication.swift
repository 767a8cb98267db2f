// The app lifecycle types, so an `AppDelegate` / `SceneDelegate` written for iOS compiles and
// a test can drive it (docs/uikit-model.md, "App lifecycle"). A replay does not launch an app:
// it builds the screen under test directly; nothing here calls a delegate by itself.

import Foundation

/// What responds to events. Headless there are no events; app delegates subclass it.
@preconcurrency @MainActor
open class UIResponder: NSObject {
  override public init() { super.init() }
  open var next: UIResponder? { nil }
  open var canBecomeFirstResponder: Bool { false }
  open var isFirstResponder: Bool { false }
  @discardableResult open func becomeFirstResponder() -> Bool { false }
  @discardableResult open func resignFirstResponder() -> Bool { true }
}

/// The running app: one shared instance, its delegate and its connected scenes.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
  /// The app (created on first use): one per replay - its `LayoutContext`'s - and one for code
  /// outside any replay.
  public class var shared: UIApplication { LayoutContext.current.application }

  /// Keys of `application(_:didFinishLaunchingWithOptions:)`'s dictionary.
  public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
    public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    public static let remoteNotification = LaunchOptionsKey(
      rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
  }

  public enum State: Int, Sendable {
    case active = 0
    case inactive = 1
    case background = 2
  }

  public weak var delegate: (any UIApplicationDelegate)?
  /// `.active` once a scene became active (`UIScene.activate()`), else `.inactive`.
  public var applicationState: State {
    connectedScenes.contains { $0.activationState == .foregroundActive } ? .active : .inactive
  }
  public var isIdleTimerDisabled = false
  /// The scenes connected with `UIScene.connect`, in the order they were connected.
  public internal(set) var connectedScenes: [UIScene] = []
  /// The windows of the connected window scenes.
  public var windows: [UIWindow] {
    connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
  }
}

/// The app's delegate. Every method has a default (UIKit's are optional).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
  func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions) -> UISceneConfiguration
  func application(
    _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
  func applicationDidBecomeActive(_ application: UIApplication)
  func applicationWillResignActive(_ application: UIApplication)
  func applicationDidEnterBackground(_ application: UIApplication)
  func applicationWillEnterForeground(_ application: UIApplication)
  func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
  public func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration { connectingSceneSession.configuration }
  public func application(
    _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>
  ) {}
  public func applicationDidBecomeActive(_ application: UIApplication) {}
  public func applicationWillResignActive(_ application: UIApplication) {}
  public func applicationDidEnterBackground(_ application: UIApplication) {}
  public func applicationWillEnterForeground(_ application: UIApplication) {}
  public func applicationWillTerminate(_ application: UIApplication) {}
}

/// A scene's lasting identity and its configuration.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
  /// The kind of scene.
  public struct Role: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
  }

  public let role: Role
  public let persistentIdentifier: String
  public internal(set) var configuration: UISceneConfiguration
  public weak internal(set) var scene: UIScene?
  public var userInfo: [String: Any]?

  /// A session; `persistentIdentifier` is given by the caller (no random identifiers).
  public init(role: Role = .windowApplication, persistentIdentifier: String = "scene-1") {
    self.role = role
    self.persistentIdentifier = persistentIdentifier
    configuration = UISceneConfiguration(name: nil, sessionRole: role)
    super.init()
  }
}

/// Which delegate class a scene of a role gets.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
  public let name: String?
  public let role: UISceneSession.Role
  public var delegateClass: AnyClass?
  public var sceneClass: AnyClass?

  public init(name: String?, sessionRole: UISceneSession.Role) {
    self.name = name
    role = sessionRole
    super.init()
  }
}

/// One instance of the app's UI.
@preconcurrency @MainActor
open class UIScene: UIResponder {
  /// What the system hands over when connecting a scene (nothing, headless).
  @preconcurrency @MainActor
  public final class ConnectionOptions: NSObject {
    public let urlContexts: Set<URL> = []
    public let shortcutItem: String? = nil
    override public init() { super.init() }
  }

  public enum ActivationState: Int, Sendable {
    case unattached = -1
    case foregroundActive = 0
    case foregroundInactive = 1
    case background = 2
  }

  public let session: UISceneSession
  /// Held strongly, as UIKit does.
  public var delegate: (any UISceneDelegate)?
  public internal(set) var activationState = ActivationState.unattached
  public var title: String?

  public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
    self.session = session
    super.init()
    session.scene = self
  }

  /// Connects this scene to `application` (NavSim's: the system does it on iOS): calls its
  /// delegate's `scene(_:willConnectTo:options:)` and then makes it foreground-active
  /// (`sceneWillEnterForeground`, `sceneDidBecomeActive`).
  public func connect(to application: UIApplication = .shared, options: ConnectionOptions = .init()) {
    guard !application.connectedScenes.contains(where: { $0 === self }) else { return }
    application.connectedScenes.append(self)
    delegate?.scene(self, willConnectTo: session, options: options)
    activationState = .foregroundInactive
    delegate?.sceneWillEnterForeground(self)
    activationState = .foregroundActive
    delegate?.sceneDidBecomeActive(self)
  }
}

/// Hears of a scene's lifecycle. Every method has a default (UIKit's are optional).
@preconcurrency @MainActor
public protocol UISceneDelegate: NSObjectProtocol {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
  func sceneDidDisconnect(_ scene: UIScene)
  func sceneDidBecomeActive(_ scene: UIScene)
  func sceneWillResignActive(_ scene: UIScene)
  func sceneWillEnterForeground(_ scene: UIScene)
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func sceneDidDisconnect(_ scene: UIScene) {}
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  public func sceneWillResignActive(_ scene: UIScene) {}
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A scene's delegate that manages a window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {}

/// A scene with windows on a screen.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
  public var screen: UIScreen = .main
  /// Its windows, in the order they were made.
  public internal(set) var windows: [UIWindow] = []
  public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
}

/// The root of a view hierarchy on a screen: shows its root view controller's view.
@preconcurrency @MainActor
open class UIWindow: UIView {
  public internal(set) weak var windowScene: UIWindowScene?
  public private(set) var isKeyWindow = false

  override public init(frame: CGRect) {
    super.init(frame: frame)
    isHidden = true
  }

  /// A window the size of the scene's screen, hidden until `makeKeyAndVisible()`.
  public convenience init(windowScene: UIWindowScene) {
    self.init(frame: windowScene.screen.bounds)
    self.windowScene = windowScene
    windowScene.windows.append(self)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// The controller whose view fills the window; setting one replaces the previous view.
  open var rootViewController: UIViewController? {
    didSet {
      guard rootViewController !== oldValue else { return }
      oldValue?.viewIfLoaded?.removeFromSuperview()
      guard let root = rootViewController else { return }
      let rootView: UIView = root.view
      rootView.frame = bounds
      rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      addSubview(rootView)
    }
  }

  /// Shows the window and makes it the key one of its scene; the root view controller
  /// appears (`viewWillAppear`, `viewDidAppear`) the first time.
  open func makeKeyAndVisible() {
    for other in windowScene?.windows ?? [] where other !== self { other.isKeyWindow = false }
    isKeyWindow = true
    guard isHidden else { return }
    isHidden = false
    rootViewController?.beginAppearanceTransition(true, animated: false)
    rootViewController?.endAppearanceTransition()
  }
}
