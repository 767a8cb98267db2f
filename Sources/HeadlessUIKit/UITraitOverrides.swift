// iOS 17's trait overrides and trait-change registrations: `traitOverrides` on views and view
// controllers, the trait definition types `registerForTraitChanges` takes, and the values a
// hierarchy resolves its traits from.

import Foundation

// MARK: - Trait definitions

/// Which trait a definition type names (NavSim's; UIKit's types are opaque).
public enum UITraitKey: Int, Hashable, Sendable, CaseIterable {
  case horizontalSizeClass, verticalSizeClass, userInterfaceIdiom, userInterfaceStyle
  case layoutDirection, displayScale, preferredContentSizeCategory
}

/// A trait, as `registerForTraitChanges` and `UITraitOverrides.contains` name it
/// (`UITraitHorizontalSizeClass.self`).
public protocol UITraitDefinition {
  /// The trait this type stands for.
  static var traitKey: UITraitKey { get }
}

/// A trait definition type: `[UITrait]` lists them (`[UITraitVerticalSizeClass.self]`).
public typealias UITrait = any UITraitDefinition.Type

public enum UITraitHorizontalSizeClass: UITraitDefinition {
  public static var traitKey: UITraitKey { .horizontalSizeClass }
}
public enum UITraitVerticalSizeClass: UITraitDefinition {
  public static var traitKey: UITraitKey { .verticalSizeClass }
}
public enum UITraitUserInterfaceIdiom: UITraitDefinition {
  public static var traitKey: UITraitKey { .userInterfaceIdiom }
}
public enum UITraitUserInterfaceStyle: UITraitDefinition {
  public static var traitKey: UITraitKey { .userInterfaceStyle }
}
public enum UITraitLayoutDirection: UITraitDefinition {
  public static var traitKey: UITraitKey { .layoutDirection }
}
public enum UITraitDisplayScale: UITraitDefinition {
  public static var traitKey: UITraitKey { .displayScale }
}
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {
  public static var traitKey: UITraitKey { .preferredContentSizeCategory }
}

extension UITraitCollection {
  /// Whether this collection and `other` differ in the trait `key`.
  func differs(from other: UITraitCollection, in key: UITraitKey) -> Bool {
    switch key {
    case .horizontalSizeClass: horizontalSizeClass != other.horizontalSizeClass
    case .verticalSizeClass: verticalSizeClass != other.verticalSizeClass
    case .userInterfaceIdiom: userInterfaceIdiom != other.userInterfaceIdiom
    case .userInterfaceStyle: userInterfaceStyle != other.userInterfaceStyle
    case .layoutDirection: layoutDirection != other.layoutDirection
    case .displayScale: displayScale != other.displayScale
    case .preferredContentSizeCategory:
      preferredContentSizeCategory != other.preferredContentSizeCategory
    }
  }

  /// The collection with `overrides` applied (their specified traits win).
  func applying(_ overrides: UITraitOverrides) -> UITraitCollection {
    guard !overrides.isEmpty else { return self }
    return UITraitCollection(
      horizontal: overrides.values.horizontalSizeClass ?? horizontalSizeClass,
      vertical: overrides.values.verticalSizeClass ?? verticalSizeClass,
      idiom: overrides.values.userInterfaceIdiom ?? userInterfaceIdiom,
      style: overrides.values.userInterfaceStyle ?? userInterfaceStyle,
      direction: overrides.values.layoutDirection ?? layoutDirection,
      scale: overrides.values.displayScale ?? displayScale,
      contentSize: overrides.values.preferredContentSizeCategory ?? preferredContentSizeCategory)
  }
}

// MARK: - Overrides

/// Traits a view or view controller sets for itself and its subtree, as UIKit's
/// `traitOverrides` (iOS 17). Reading a trait that isn't overridden gives its unspecified
/// value. Changes reach `traitCollection` at once and the trait-change callbacks at the next
/// layout pass, as in UIKit.
public struct UITraitOverrides: Equatable, Sendable {
  struct Values: Equatable, Sendable {
    var horizontalSizeClass: UIUserInterfaceSizeClass?
    var verticalSizeClass: UIUserInterfaceSizeClass?
    var userInterfaceIdiom: UIUserInterfaceIdiom?
    var userInterfaceStyle: UIUserInterfaceStyle?
    var layoutDirection: UITraitEnvironmentLayoutDirection?
    var displayScale: CGFloat?
    var preferredContentSizeCategory: UIContentSizeCategory?
  }

  var values = Values()

  public init() {}

  var isEmpty: Bool { values == Values() }

  public var horizontalSizeClass: UIUserInterfaceSizeClass {
    get { values.horizontalSizeClass ?? .unspecified }
    set { values.horizontalSizeClass = newValue }
  }
  public var verticalSizeClass: UIUserInterfaceSizeClass {
    get { values.verticalSizeClass ?? .unspecified }
    set { values.verticalSizeClass = newValue }
  }
  public var userInterfaceIdiom: UIUserInterfaceIdiom {
    get { values.userInterfaceIdiom ?? .unspecified }
    set { values.userInterfaceIdiom = newValue }
  }
  public var userInterfaceStyle: UIUserInterfaceStyle {
    get { values.userInterfaceStyle ?? .unspecified }
    set { values.userInterfaceStyle = newValue }
  }
  public var layoutDirection: UITraitEnvironmentLayoutDirection {
    get { values.layoutDirection ?? .unspecified }
    set { values.layoutDirection = newValue }
  }
  public var displayScale: CGFloat {
    get { values.displayScale ?? 0 }
    set { values.displayScale = newValue }
  }
  public var preferredContentSizeCategory: UIContentSizeCategory {
    get { values.preferredContentSizeCategory ?? .unspecified }
    set { values.preferredContentSizeCategory = newValue }
  }

  /// Whether `trait` is overridden.
  public func contains(_ trait: UITrait) -> Bool {
    switch trait.traitKey {
    case .horizontalSizeClass: values.horizontalSizeClass != nil
    case .verticalSizeClass: values.verticalSizeClass != nil
    case .userInterfaceIdiom: values.userInterfaceIdiom != nil
    case .userInterfaceStyle: values.userInterfaceStyle != nil
    case .layoutDirection: values.layoutDirection != nil
    case .displayScale: values.displayScale != nil
    case .preferredContentSizeCategory: values.preferredContentSizeCategory != nil
    }
  }

  /// Stops overriding `trait`.
  public mutating func remove(_ trait: UITrait) {
    switch trait.traitKey {
    case .horizontalSizeClass: values.horizontalSizeClass = nil
    case .verticalSizeClass: values.verticalSizeClass = nil
    case .userInterfaceIdiom: values.userInterfaceIdiom = nil
    case .userInterfaceStyle: values.userInterfaceStyle = nil
    case .layoutDirection: values.layoutDirection = nil
    case .displayScale: values.displayScale = nil
    case .preferredContentSizeCategory: values.preferredContentSizeCategory = nil
    }
  }
}

// MARK: - Registrations

/// What `registerForTraitChanges` returns; pass it to `unregisterForTraitChanges`.
public protocol UITraitChangeRegistration: AnyObject {}

/// One registered handler and the traits it watches.
@MainActor
final class TraitChangeRegistration: UITraitChangeRegistration {
  let traits: [UITraitKey]
  let handler: (AnyObject, UITraitCollection) -> Void

  init(traits: [UITraitKey], handler: @escaping (AnyObject, UITraitCollection) -> Void) {
    self.traits = traits
    self.handler = handler
  }

  /// A registration for `registerForTraitChanges` on a view or a controller: `handler` hears
  /// the object as the `Environment` it was registered for.
  convenience init<Environment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
  ) {
    self.init(traits: traits.map { $0.traitKey }) { object, previous in
      if let environment = object as? Environment { handler(environment, previous) }
    }
  }

  /// Calls the handler on `environment` when a watched trait differs.
  func notify(
    _ environment: AnyObject, previous: UITraitCollection, current: UITraitCollection
  ) {
    guard traits.contains(where: { current.differs(from: previous, in: $0) }) else { return }
    handler(environment, previous)
  }
}
