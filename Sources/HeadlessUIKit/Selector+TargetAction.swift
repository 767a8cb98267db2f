// Selectors and target-action, stored and never invoked by name.
//
// Swift on Linux has no Objective-C runtime, so nothing can look a method up by its selector.
// NavSim keeps what an app registers - a control's targets and actions, selector-based
// notification observers, `perform(_:)` calls - so a test can read them, and never calls
// them: a replay sends no touches and posts no UIKit notifications. Closure-based actions
// (`UIAction`, `addAction(_:for:)`) do run when a test sends the control's events.

import Foundation

#if !canImport(ObjectiveC)
/// A method's Objective-C name (`"didTap:"`). On Linux only a name: see the file comment.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let name: String

  public init(_ name: String) { self.name = name }
  public init(stringLiteral name: String) { self.name = name }

  public var description: String { name }
}

public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

extension NSObject {
  /// Whether the object answers a selector: always false on Linux, where no method can be
  /// looked up by name (code guarded by it takes its fallback path).
  public func responds(to selector: Selector?) -> Bool { false }

  /// Records the call (`performedSelectors`) and invokes nothing; returns nil.
  @discardableResult
  public func perform(_ selector: Selector!) -> Unmanaged<AnyObject>! {
    PerformedSelectors.shared.record(selector, on: self)
    return nil
  }

  /// Records the call (`performedSelectors`) and invokes nothing; returns nil.
  @discardableResult
  public func perform(_ selector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! {
    perform(selector)
  }

  /// The selectors `perform(_:)` was called with on this object, in order.
  public var performedSelectors: [Selector] { PerformedSelectors.shared.selectors(of: self) }
}

/// `perform(_:)` calls, per object, behind a lock (objects of any isolation call it).
final class PerformedSelectors: @unchecked Sendable {
  static let shared = PerformedSelectors()
  private let lock = NSLock()
  private var calls: [(object: Weak, selector: Selector)] = []

  struct Weak { weak var object: AnyObject? }

  func record(_ selector: Selector?, on object: AnyObject) {
    guard let selector else { return }
    lock.lock()
    defer { lock.unlock() }
    calls.removeAll { $0.object.object == nil }
    calls.append((Weak(object: object), selector))
  }

  func selectors(of object: AnyObject) -> [Selector] {
    lock.lock()
    defer { lock.unlock() }
    return calls.filter { $0.object.object === object }.map(\.selector)
  }
}
#endif

// MARK: - Selector-based notification observers

// On Apple platforms Foundation has these, running on the Objective-C runtime.
#if !canImport(ObjectiveC)
extension NotificationCenter {
  /// Registers `observer` for `selector` (UIKit's keyboard and app-state observers). Stored,
  /// never called: posting a notification runs only block-based observers. The entry goes
  /// when the observer is removed or deallocated.
  public func addObserver(
    _ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?,
    object anObject: Any?
  ) {
    SelectorObservers.shared.add(center: self, observer: observer as AnyObject, aSelector, aName)
  }

  /// Removes every observation of `observer`: selector-based ones and block-based ones.
  public func removeObserver(_ observer: NSObject) {
    SelectorObservers.shared.remove(center: self, observer: observer, name: nil)
    removeObserver(observer as Any)
  }

  /// Removes `observer`'s observations of `aName` (all names when nil).
  public func removeObserver(_ observer: NSObject, name aName: NSNotification.Name?, object: Any?) {
    SelectorObservers.shared.remove(center: self, observer: observer, name: aName)
    removeObserver(observer as Any, name: aName, object: object)
  }

  /// The selector-based observations of `observer` in this center, in registration order.
  public func selectorObservations(of observer: AnyObject)
    -> [(selector: Selector, name: NSNotification.Name?)]
  {
    SelectorObservers.shared.entries(center: self, observer: observer)
  }
}

/// Selector-based observations of every notification center, behind a lock.
final class SelectorObservers: @unchecked Sendable {
  static let shared = SelectorObservers()
  private let lock = NSLock()
  private struct Entry {
    weak var center: NotificationCenter?
    weak var observer: AnyObject?
    let selector: Selector
    let name: NSNotification.Name?
  }
  private var entries: [Entry] = []

  func add(
    center: NotificationCenter, observer: AnyObject, _ selector: Selector,
    _ name: NSNotification.Name?
  ) {
    lock.lock()
    defer { lock.unlock() }
    entries.removeAll { $0.observer == nil || $0.center == nil }
    entries.append(Entry(center: center, observer: observer, selector: selector, name: name))
  }

  func remove(center: NotificationCenter, observer: AnyObject, name: NSNotification.Name?) {
    lock.lock()
    defer { lock.unlock() }
    entries.removeAll {
      $0.center === center && $0.observer === observer && (name == nil || $0.name == name)
    }
  }

  func entries(center: NotificationCenter, observer: AnyObject)
    -> [(selector: Selector, name: NSNotification.Name?)]
  {
    lock.lock()
    defer { lock.unlock() }
    return entries.filter { $0.center === center && $0.observer === observer }
      .map { ($0.selector, $0.name) }
  }
}

#endif

// MARK: - Control target-action

/// One target-action pair of a control: the target is held weakly (UIKit does not retain
/// targets); a nil target means the responder chain.
struct ControlTargetAction {
  weak var target: AnyObject?
  let targetsResponderChain: Bool
  let action: Selector
  var events: UIControl.Event
}

extension UIControl {
  /// Registers `target` / `action` for `controlEvents`. Adding the same pair again adds the
  /// events to it (UIKit: it is safe to add a pair more than once). Stored, never invoked
  /// by name: `sendActions(for:)` runs only closure actions.
  public func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
    let object = target.map { $0 as AnyObject }
    if let index = targetActions.firstIndex(where: {
      $0.action == action && $0.target === object && $0.targetsResponderChain == (object == nil)
    }) {
      targetActions[index].events.formUnion(controlEvents)
      return
    }
    targetActions.append(
      ControlTargetAction(
        target: object, targetsResponderChain: object == nil, action: action,
        events: controlEvents))
  }

  /// Removes `controlEvents` from the pairs of `target` (every target when nil) and `action`
  /// (every action when nil); a pair left with no event goes.
  public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
    let object = target.map { $0 as AnyObject }
    for index in targetActions.indices
    where (object == nil || targetActions[index].target === object)
      && (action == nil || targetActions[index].action == action)
    {
      targetActions[index].events.subtract(controlEvents)
    }
    targetActions.removeAll { $0.events.isEmpty || ($0.target == nil && !$0.targetsResponderChain) }
  }

  /// The targets with at least one action: `NSNull` stands for the responder chain.
  public var allTargets: Set<AnyHashable> {
    Set(
      targetActions.compactMap { entry -> AnyHashable? in
        if entry.targetsResponderChain { return AnyHashable(NSNull()) }
        return (entry.target as? NSObject).map { AnyHashable($0) }
      })
  }

  /// The events some target-action pair is registered for.
  public var allControlEvents: Event {
    targetActions.reduce(into: Event()) { $0.formUnion($1.events) }
  }

  /// The action names registered for `target` and any of `controlEvent`, in registration
  /// order; nil when there are none. A nil target always gives nil, as in UIKit ("Specifying
  /// nil always returns nil"): responder-chain actions are not listed this way.
  public func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
    guard let target else { return nil }
    let object = target as AnyObject
    let names = targetActions.filter {
      !$0.targetsResponderChain && $0.target === object
        && !$0.events.isDisjoint(with: controlEvent)
    }.map(\.action.description)
    return names.isEmpty ? nil : names
  }
}

// MARK: - Events

extension UIControl.Event {
  public static let touchDownRepeat = UIControl.Event(rawValue: 1 << 1)
  public static let touchDragInside = UIControl.Event(rawValue: 1 << 2)
  public static let touchDragOutside = UIControl.Event(rawValue: 1 << 3)
  public static let touchDragEnter = UIControl.Event(rawValue: 1 << 4)
  public static let touchDragExit = UIControl.Event(rawValue: 1 << 5)
  public static let touchUpOutside = UIControl.Event(rawValue: 1 << 7)
  public static let touchCancel = UIControl.Event(rawValue: 1 << 8)
  public static let editingDidBegin = UIControl.Event(rawValue: 1 << 16)
  public static let editingChanged = UIControl.Event(rawValue: 1 << 17)
  public static let editingDidEnd = UIControl.Event(rawValue: 1 << 18)
  public static let editingDidEndOnExit = UIControl.Event(rawValue: 1 << 19)
  public static let allTouchEvents = UIControl.Event(rawValue: 0x0000_0FFF)
  public static let allEditingEvents = UIControl.Event(rawValue: 0x000F_0000)
  public static let allEvents = UIControl.Event(rawValue: 0xFFFF_FFFF)
}

/// A touch. Headless there are none: a `UIEvent`'s touches are whatever a test gives it.
@preconcurrency @MainActor
open class UITouch: NSObject {
  open var view: UIView?
  open var tapCount = 1
  private let point: CGPoint

  /// A touch at `point` in `view`'s coordinates (NavSim's, for tests).
  public init(at point: CGPoint = .zero, in view: UIView? = nil) {
    self.point = point
    self.view = view
    super.init()
  }

  open func location(in view: UIView?) -> CGPoint {
    guard let own = self.view, let view, own !== view else { return point }
    return own.convert(point, to: view)
  }
}

/// An event delivered with an action (`@IBAction func drag(_ sender: UIButton, forEvent
/// event: UIEvent)`). Headless: made by tests.
@preconcurrency @MainActor
open class UIEvent: NSObject {
  open var allTouches: Set<UITouch>?

  public init(touches: Set<UITouch>? = nil) {
    allTouches = touches
    super.init()
  }

  open func touches(for view: UIView) -> Set<UITouch>? {
    allTouches?.filter { $0.view === view }
  }
}
