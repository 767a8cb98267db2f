import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK

/// Reads a map view's tree into a `LayoutState`: every view and layout guide in z-order,
/// named by `ViewIdentity` (the names findings use too), with frames in map coordinates
/// rounded to 1/100 pt (the precision snapshots keep).
///
/// Traversal: the map's guides, then its subviews depth first, back to front, each view's
/// guides before its subviews; the insides of SDK views are the SDK's and are not listed.
@MainActor
struct SnapshotReader {
  private var nodes: [SnapshotNode] = []
  private var identity: ViewIdentity?
  /// `UIView.visibleRevision` and the map's state when `reuse` was read.
  private var readAt: (revision: UInt64, state: NavigationState, wide: Bool)?
  /// Whether app labels' and buttons' texts are read (replays of screens).
  var recordsText = false
  /// Walks the tree on every read, even when nothing visible changed (`Replayer.forcesFullPass`).
  var forcesFullRead = false

  /// Reads `mapView`. When the result equals `reuse`, `reuse` is returned and `changed` is
  /// false; when nothing visible changed since `reuse` was read (`UIView.visibleRevision`),
  /// the tree is not walked again.
  mutating func read(_ mapView: GMSMapView, reuse: LayoutState?) -> (layout: LayoutState, changed: Bool) {
    let stamp = (UIView.visibleRevision, mapView.navigationState, mapView.isWideMode)
    let content = mapView.builtInMapContent
    let overlays = mapView.overlaySnapshot
    if !forcesFullRead, let reuse, let readAt, readAt == stamp, reuse.animations.isEmpty,
      reuse.mapContent == content, reuse.overlays == overlays,
      !mapView.layoutContext.isAnimating
    {
      return (reuse, false)
    }
    defer { readAt = (UIView.visibleRevision, mapView.navigationState, mapView.isWideMode) }
    nodes.removeAll(keepingCapacity: true)
    identity = ViewIdentity(mapView: mapView)
    readGuides(of: mapView, parentID: "map", root: mapView)
    for subview in mapView.subviews { readView(subview, parentID: "map", root: mapView) }
    let insets = mapView.safeAreaInsets
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    let clock = mapView.layoutContext.clock
    let now = clock.now
    let animations = clock.inFlight.filter { $0.end > now }.map { record in
      var properties: [String] = []
      for change in record.changes {
        let name = "\(change.property)"
        if !properties.contains(name) { properties.append(name) }
      }
      return SnapshotAnimation(
        views: record.views.map { identity!.name(of: $0) }, properties: properties,
        start: rounded(record.start + record.delay, 1000), duration: rounded(record.duration, 1000))
    }
    let state = LayoutState(
      state: mapView.navigationState.rawValue, wideMode: mapView.isWideMode,
      mapWidth: rounded(mapView.bounds.width), mapHeight: rounded(mapView.bounds.height),
      safeArea: SnapshotInsets(
        top: rounded(insets.top), leading: rounded(rtl ? insets.right : insets.left),
        bottom: rounded(insets.bottom), trailing: rounded(rtl ? insets.left : insets.right)),
      direction: rtl ? "rtl" : "ltr", nodes: nodes, animations: animations, mapContent: content,
      overlays: overlays)
    if let reuse, reuse == state { return (reuse, false) }
    return (state, true)
  }

  private mutating func readView(_ view: UIView, parentID: String, root: UIView) {
    let id = identity!.name(of: view)
    let isSDKView = view is SDKView
    let corners = (view as? any NavigationRoundedCornerView).map { cornerNames($0.roundedCorners) }
    nodes.append(
      SnapshotNode(
        id: id, kind: isSDKView ? .sdkView : .appView, parent: parentID,
        frame: rect(view.convert(view.bounds, to: root)), isHidden: view.isHidden,
        alpha: rounded(view.alpha), roundedCorners: corners ?? [],
        state: (view as? SDKView)?.displayDetail,
        text: recordsText && !isSDKView ? shownText(view) : nil))
    if !isSDKView { nodes[nodes.count - 1].style = ViewStyle(view) }
    readGuides(of: view, parentID: id, root: root)
    if isSDKView { return }
    for subview in view.subviews { readView(subview, parentID: id, root: root) }
  }

  private mutating func readGuides(of view: UIView, parentID: String, root: UIView) {
    for guide in view.layoutGuides {
      nodes.append(
        SnapshotNode(
          id: identity!.name(of: guide), kind: .guide, parent: parentID,
          frame: rect(view.convert(guide.layoutFrame, to: root))))
    }
  }

  /// A label's text or a button's current title ("" when unset); nil for other views.
  private func shownText(_ view: UIView) -> String? {
    if let label = view as? UILabel { return label.text ?? "" }
    if let button = view as? UIButton { return button.currentTitle ?? "" }
    return nil
  }

  private func rect(_ r: CGRect) -> SnapshotRect {
    SnapshotRect(
      x: rounded(r.origin.x), y: rounded(r.origin.y), width: rounded(r.size.width),
      height: rounded(r.size.height))
  }

  private func rounded(_ value: CGFloat, _ scale: Double = 100) -> Double {
    let result = (Double(value) * scale).rounded() / scale
    return result == 0 ? 0 : result  // no -0
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
