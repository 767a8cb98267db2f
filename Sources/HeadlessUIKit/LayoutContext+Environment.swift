import Foundation

/// What modules above HeadlessUIKit keep per replay, in its `LayoutContext`: the SDK's
/// services state and profile (NavigationSDK), the app's location permission (CoreLocation),
/// its notification center (UserNotifications). One value per type, made on first use.
///
/// Readable from any isolation, as the APIs that read it are (`CLLocationManager`,
/// `UNUserNotificationCenter.current()`, `NavigationStyleValues`): a lock guards the table.
/// Values are looked up by their type, never iterated, so no output depends on its order.
public final class ContextEnvironment: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [ObjectIdentifier: AnyObject] = [:]

  public init() {}

  /// The environment's `Value`, made by `make` the first time it is asked for.
  public func value<Value: AnyObject & Sendable>(
    _ type: Value.Type, orMake make: () -> Value
  ) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let value = values[ObjectIdentifier(type)] { return unsafeDowncast(value, to: type) }
    let value = make()
    values[ObjectIdentifier(type)] = value
    return value
  }

  /// The environment's `Value` if one was made or set, else nil.
  public func existing<Value: AnyObject & Sendable>(_ type: Value.Type) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return values[ObjectIdentifier(type)].map { unsafeDowncast($0, to: type) }
  }

  /// Makes `value` the environment's `Value`, replacing one made or set before.
  public func set<Value: AnyObject & Sendable>(_ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    values[ObjectIdentifier(Value.self)] = value
  }
}
