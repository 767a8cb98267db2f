import Foundation
import HeadlessUIKit
import TextBytes

/// Stable names for the views and layout guides of a map view's tree, as findings and layout
/// snapshots show them.
///
/// SDK views by `sdkRole` (`turnCard`, `prompt.incident#3`); app views by
/// `accessibilityIdentifier`, else type name and an ordinal in traversal order (`UIView#2`);
/// layout guides by `identifier`, else `UILayoutGuide#n`; a repeated name gets `~2`, `~3`.
/// Traversal: the map's guides, then its subviews depth first, back to front, each view's
/// guides before its subviews; the insides of SDK views are not visited. Names are told apart
/// by their bytes, as UIKit's identifiers are (`NSString` equality compares UTF-16 units):
/// "Café" precomposed and "Café" with a combining accent are two names, neither with `~2`.
@MainActor
public struct ViewIdentity {
  private var names: [ObjectIdentifier: String] = [:]
  private var ordinals: [ByteKey: Int] = [:]
  private var used: Set<ByteKey> = []

  /// Names every view and guide of `mapView`'s tree.
  public init(mapView: UIView) {
    nameGuides(of: mapView)
    for subview in mapView.subviews { nameView(subview) }
  }

  /// The name of a view or guide; objects outside the tree get their base name (role,
  /// identifier or type name).
  public func name(of object: AnyObject) -> String {
    if let name = names[ObjectIdentifier(object)] { return name }
    return Self.baseName(of: object)
  }

  /// Role, identifier or type name: a name that doesn't depend on the tree.
  public static func baseName(of object: AnyObject) -> String {
    if let sdkView = object as? SDKView { return sdkView.sdkRole }
    if let view = object as? UIView {
      if let identifier = view.accessibilityIdentifier, !identifier.isEmpty { return identifier }
      return String(describing: type(of: view))
    }
    if let guide = object as? UILayoutGuide {
      return guide.identifier.isEmpty ? "UILayoutGuide" : guide.identifier
    }
    return String(describing: type(of: object))
  }

  private mutating func nameView(_ view: UIView) {
    let base: String
    if let sdkView = view as? SDKView {
      base = sdkView.sdkRole
    } else if let identifier = view.accessibilityIdentifier, !identifier.isEmpty {
      base = identifier
    } else {
      base = nextOrdinal(String(describing: type(of: view)))
    }
    names[ObjectIdentifier(view)] = unique(base)
    nameGuides(of: view)
    if view is SDKView { return }
    for subview in view.subviews { nameView(subview) }
  }

  private mutating func nameGuides(of view: UIView) {
    for guide in view.layoutGuides {
      let base = guide.identifier.isEmpty ? nextOrdinal("UILayoutGuide") : guide.identifier
      names[ObjectIdentifier(guide)] = unique(base)
    }
  }

  private mutating func nextOrdinal(_ typeName: String) -> String {
    let next = ordinals[ByteKey(typeName), default: 0] + 1
    ordinals[ByteKey(typeName)] = next
    return "\(typeName)#\(next)"
  }

  private mutating func unique(_ base: String) -> String {
    if used.insert(ByteKey(base)).inserted { return base }
    var suffix = 2
    while !used.insert(ByteKey("\(base)~\(suffix)")).inserted { suffix += 1 }
    return "\(base)~\(suffix)"
  }
}
