import Foundation
import NavigationSDK

/// Reads a map view's tree into a `LayoutState`: every view and layout guide in z-order,
/// with stable identities and frames in map coordinates.
///
/// Identities: SDK views by role (`turnCard`, `prompt.incident#3`); app views by
/// `accessibilityIdentifier`, else type name and an ordinal in traversal order
/// (`OrderSheetView#1`); layout guides by `identifier`, else `UILayoutGuide#n`. A repeated
/// identity gets a `~2`, `~3` suffix. The internal subviews of SDK views are the SDK's and
/// are not listed.
@MainActor
struct SnapshotReader {
  private var nodes: [SnapshotNode] = []
  private var ordinals: [String: Int] = [:]
  private var used: Set<String> = []

  /// Reads `mapView`. When the result equals `reuse`, `reuse` is returned (cheap equality
  /// check first: most events change nothing).
  mutating func read(_ mapView: GMSMapView, session: NavigationSession, reuse: LayoutState?)
    -> LayoutState
  {
    nodes.removeAll(keepingCapacity: true)
    ordinals.removeAll(keepingCapacity: true)
    used.removeAll(keepingCapacity: true)
    identities.removeAll(keepingCapacity: true)
    readGuides(of: mapView, parentID: "map", root: mapView)
    for subview in mapView.subviews { readView(subview, parentID: "map", root: mapView) }
    let insets = mapView.safeAreaInsets
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    let animations = UIAnimationClock.current.inFlight.map { animation in
      SnapshotAnimation(
        views: animation.views.map { identity(of: $0) }, properties: animation.properties,
        start: animation.start, duration: animation.duration)
    }
    let state = LayoutState(
      state: mapView.navigationState.snapshotName, wideMode: mapView.isWideMode,
      mapWidth: Double(mapView.bounds.width), mapHeight: Double(mapView.bounds.height),
      safeArea: SnapshotInsets(
        top: Double(insets.top), leading: Double(rtl ? insets.right : insets.left),
        bottom: Double(insets.bottom), trailing: Double(rtl ? insets.left : insets.right)),
      direction: rtl ? "rtl" : "ltr", nodes: nodes, animations: animations)
    if let reuse, reuse == state { return reuse }
    return state
  }

  private mutating func readView(_ view: UIView, parentID: String, root: UIView) {
    let id = assignIdentity(to: view)
    let sdkView = view as? SDKView
    nodes.append(
      SnapshotNode(
        id: id, kind: sdkView == nil ? .appView : .sdkView, parent: parentID,
        frame: rect(view.convert(view.bounds, to: root)), isHidden: view.isHidden,
        alpha: Double(view.alpha),
        roundedCorners: (view as? any NavigationRoundedCornerView).map { cornerNames($0.roundedCorners) } ?? []))
    readGuides(of: view, parentID: id, root: root)
    if sdkView != nil && !(view is GMSNavigationHidingStackView) { return }
    for subview in view.subviews { readView(subview, parentID: id, root: root) }
  }

  private mutating func readGuides(of view: UIView, parentID: String, root: UIView) {
    for guide in view.layoutGuides {
      let base = guide.identifier.isEmpty ? nextOrdinal("UILayoutGuide") : guide.identifier
      let id = unique(base)
      nodes.append(
        SnapshotNode(
          id: id, kind: .guide, parent: parentID, frame: rect(view.convert(guide.layoutFrame, to: root))))
    }
  }

  private var identities: [ObjectIdentifier: String] = [:]

  private mutating func assignIdentity(to view: UIView) -> String {
    let base: String
    if let sdkView = view as? SDKView {
      base = sdkView.sdkRole
    } else if let identifier = view.accessibilityIdentifier, !identifier.isEmpty {
      base = identifier
    } else {
      base = nextOrdinal(String(describing: type(of: view)))
    }
    let id = unique(base)
    identities[ObjectIdentifier(view)] = id
    return id
  }

  private func identity(of view: UIView) -> String {
    identities[ObjectIdentifier(view)] ?? String(describing: type(of: view))
  }

  private mutating func nextOrdinal(_ typeName: String) -> String {
    let next = ordinals[typeName, default: 0] + 1
    ordinals[typeName] = next
    return "\(typeName)#\(next)"
  }

  private mutating func unique(_ base: String) -> String {
    if used.insert(base).inserted { return base }
    var suffix = 2
    while !used.insert("\(base)~\(suffix)").inserted { suffix += 1 }
    return "\(base)~\(suffix)"
  }

  private func rect(_ r: CGRect) -> SnapshotRect {
    SnapshotRect(
      x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width),
      height: Double(r.size.height))
  }

  private func cornerNames(_ mask: CACornerMask) -> [String] {
    var names: [String] = []
    if mask.contains(.layerMinXMinYCorner) { names.append("minXminY") }
    if mask.contains(.layerMaxXMinYCorner) { names.append("maxXminY") }
    if mask.contains(.layerMinXMaxYCorner) { names.append("minXmaxY") }
    if mask.contains(.layerMaxXMaxYCorner) { names.append("maxXmaxY") }
    return names
  }
}
