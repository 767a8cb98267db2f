// `import UserNotifications` on Linux: the calls a navigation app makes at start-up (asking
// for permission, setting the delegate, scheduling and removing local notifications), kept in
// memory so a test can read them, per replay. Nothing is shown. Linux only (Apple's framework
// elsewhere).
// Authorization answers from `UNUserNotificationCenter.authorizationAnswer` (default: granted),
// at once and on the caller's thread.

import Foundation
import HeadlessUIKit

/// What an app asks permission for.
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
  public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
  public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
  public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
  public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
  public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

public enum UNAuthorizationStatus: Int, Sendable {
  case notDetermined = 0
  case denied = 1
  case authorized = 2
  case provisional = 3
  case ephemeral = 4
}

/// How a notification shown while the app is in front is presented.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
  public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
  public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
  public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

public class UNNotificationSound: NSObject, @unchecked Sendable {
  public static let `default` = UNNotificationSound()
}

/// A notification's text.
open class UNNotificationContent: NSObject, @unchecked Sendable {
  open internal(set) var title = ""
  open internal(set) var subtitle = ""
  open internal(set) var body = ""
  open internal(set) var sound: UNNotificationSound?
  open internal(set) var userInfo: [AnyHashable: Any] = [:]
}

open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
  override open var title: String {
    get { super.title }
    set { super.title = newValue }
  }
  override open var subtitle: String {
    get { super.subtitle }
    set { super.subtitle = newValue }
  }
  override open var body: String {
    get { super.body }
    set { super.body = newValue }
  }
  override open var sound: UNNotificationSound? {
    get { super.sound }
    set { super.sound = newValue }
  }
  override open var userInfo: [AnyHashable: Any] {
    get { super.userInfo }
    set { super.userInfo = newValue }
  }
}

/// When a notification fires.
open class UNNotificationTrigger: NSObject, @unchecked Sendable {
  public let repeats: Bool
  init(repeats: Bool) {
    self.repeats = repeats
    super.init()
  }
}

open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  public let timeInterval: TimeInterval
  public init(timeInterval: TimeInterval, repeats: Bool) {
    self.timeInterval = timeInterval
    super.init(repeats: repeats)
  }
}

/// A notification to schedule: identifier, content, trigger (nil: at once).
open class UNNotificationRequest: NSObject, @unchecked Sendable {
  public let identifier: String
  public let content: UNNotificationContent
  public let trigger: UNNotificationTrigger?

  public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
    self.identifier = identifier
    self.content = content.copyContent()
    self.trigger = trigger
    super.init()
  }
}

extension UNNotificationContent {
  /// A snapshot of the content (UIKit copies it into the request).
  func copyContent() -> UNNotificationContent {
    let copy = UNNotificationContent()
    copy.title = title
    copy.subtitle = subtitle
    copy.body = body
    copy.sound = sound
    copy.userInfo = userInfo
    return copy
  }
}

public class UNNotificationSettings: NSObject, @unchecked Sendable {
  public let authorizationStatus: UNAuthorizationStatus
  init(authorizationStatus: UNAuthorizationStatus) {
    self.authorizationStatus = authorizationStatus
    super.init()
  }
}

public class UNNotification: NSObject, @unchecked Sendable {
  public let request: UNNotificationRequest
  public let date: Date
  init(request: UNNotificationRequest, date: Date) {
    self.request = request
    self.date = date
    super.init()
  }
}

/// Hears of notifications. Both methods have defaults (UIKit's are optional).
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
}

extension UNUserNotificationCenterDelegate {
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
  ) { completionHandler([]) }
}

/// The app's notification center: permission, delegate, pending requests. One per replay
/// (each replay is an app of its own: its `LayoutContext` keeps it), one for code outside any
/// replay.
public final class UNUserNotificationCenter: NSObject, @unchecked Sendable {
  private let lock = NSLock()
  private var status = UNAuthorizationStatus.notDetermined
  private var requests: [UNNotificationRequest] = []
  private weak var delegateStorage: (any UNUserNotificationCenterDelegate)?

  /// Whether `requestAuthorization` grants (NavSim's: a test sets it to try the denied path).
  nonisolated(unsafe) public static var authorizationAnswer = true

  /// The running replay's center (the bound context's), made on first use.
  public class func current() -> UNUserNotificationCenter {
    LayoutContext.currentEnvironment.value(UNUserNotificationCenter.self) {
      UNUserNotificationCenter()
    }
  }

  /// Held weakly, as in UIKit.
  public var delegate: (any UNUserNotificationCenterDelegate)? {
    get { lock.withLock { delegateStorage } }
    set { lock.withLock { delegateStorage = newValue } }
  }

  /// Grants or denies per `authorizationAnswer` the first time, then repeats that answer.
  public func requestAuthorization(
    options: UNAuthorizationOptions = [],
    completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let granted = lock.withLock { () -> Bool in
      if status == .notDetermined {
        status = UNUserNotificationCenter.authorizationAnswer ? .authorized : .denied
      }
      return status == .authorized
    }
    completionHandler(granted, nil)
  }

  public func getNotificationSettings(
    completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void
  ) {
    completionHandler(UNNotificationSettings(authorizationStatus: lock.withLock { status }))
  }

  /// Schedules `request` (replacing one with the same identifier).
  public func add(
    _ request: UNNotificationRequest,
    withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    lock.withLock {
      requests.removeAll { $0.identifier == request.identifier }
      requests.append(request)
    }
    completionHandler?(nil)
  }

  /// The scheduled requests, in the order they were added.
  public func getPendingNotificationRequests(
    completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void
  ) {
    completionHandler(lock.withLock { requests })
  }

  public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
    lock.withLock { requests.removeAll { identifiers.contains($0.identifier) } }
  }

  public func removeAllPendingNotificationRequests() {
    lock.withLock { requests.removeAll() }
  }
}
