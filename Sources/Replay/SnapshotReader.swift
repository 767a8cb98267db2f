import Foundation
import HeadlessUIKit
import TextBytes
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
  /// `UIView.treeRevision` and the map view when `identity` named the tree: the names hold
  /// until the tree or a name in it changes (frames, texts and visibility don't rename).
  private var namedAt: (tree: UInt64, map: ObjectIdentifier)?
  /// `UIView.visibleRevision`, `UIView.geometryRevision`, `UIView.paintedGeometryRevision`
  /// and the map's state when `reuse` was read.
  private var readAt: (
    revision: UInt64, geometry: UInt64, painted: UInt64, state: NavigationState, wide: Bool
  )?
  /// The app views of the last full read, by node index: what a read after changes to texts
  /// and bare views' frames alone reads again (`readAppViews`).
  private var appViews: [(index: Int, view: WeakView)] = []
  struct WeakView { weak var view: UIView? }
  /// Whether app labels' and buttons' texts are read (replays of screens).
  var recordsText = false

  /// Reads `mapView`. When the result equals `reuse`, `reuse` is returned and `changed` is
  /// false; when nothing visible changed since `reuse` was read (`UIView.visibleRevision`),
  /// the tree is not walked again, and when only texts changed (`UIView.geometryRevision`
  /// did not move), only the app views' texts and styles are read again; their frames too
  /// when only bare views moved besides (`UIView.paintedGeometryRevision` did not move: a
  /// label whose new text changed its width).
  mutating func read(_ mapView: GMSMapView, reuse: LayoutState?) -> (layout: LayoutState, changed: Bool) {
    let stamp = (
      UIView.visibleRevision, UIView.geometryRevision, UIView.paintedGeometryRevision,
      mapView.navigationState, mapView.isWideMode)
    let content = mapView.builtInMapContent
    let overlays = mapView.overlaySnapshot
    // The map's context forcing a full pass: the tree is walked even when nothing changed.
    if !mapView.layoutContext.forcesFullPass, let reuse, let readAt, readAt.painted == stamp.2,
      readAt.state == stamp.3, readAt.wide == stamp.4, reuse.animations.isEmpty,
      sameBytes(reuse.mapContent, content), sameBytes(reuse.overlays, overlays),
      !mapView.layoutContext.isAnimating
    {
      if readAt.revision == stamp.0 { return (reuse, false) }
      // Only texts and bare views' frames changed: the tree, its names and every other frame
      // are as `reuse` has them.
      if let state = readAppViews(mapView, reuse: reuse, frames: readAt.geometry != stamp.1) {
        self.readAt = stamp
        return reuse == state ? (reuse, false) : (state, true)
      }
    }
    defer {
      readAt = (
        UIView.visibleRevision, UIView.geometryRevision, UIView.paintedGeometryRevision,
        mapView.navigationState, mapView.isWideMode)
    }
    nodes.removeAll(keepingCapacity: true)
    appViews.removeAll(keepingCapacity: true)
    // A forced full pass names the tree again too, so the equivalence tests check the reuse.
    let named = (tree: UIView.treeRevision, map: ObjectIdentifier(mapView))
    if mapView.layoutContext.forcesFullPass || identity == nil || namedAt?.tree != named.tree
      || namedAt?.map != named.map
    {
      identity = ViewIdentity(mapView: mapView)
      namedAt = named
    }
    readGuides(of: mapView, parentID: "map", root: mapView)
    for subview in mapView.subviews { readView(subview, parentID: "map", root: mapView) }
    let header = Self.lineFacts(mapView, content: content, overlays: overlays)
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
        start: Self.rounded(record.start + record.delay, 1000),
        duration: Self.rounded(record.duration, 1000))
    }
    let state = LayoutState(line: header, nodes: nodes, animations: animations)
    if let reuse, reuse == state { return (reuse, false) }
    return (state, true)
  }

  /// The layout line's facts of `mapView` now.
  private static func lineFacts(
    _ mapView: GMSMapView, content: [String], overlays: [String]
  ) -> LayoutLineFacts {
    let insets = mapView.safeAreaInsets
    let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
    return LayoutLineFacts(
      state: mapView.navigationState.rawValue, wideMode: mapView.isWideMode,
      mapWidth: rounded(mapView.bounds.width), mapHeight: rounded(mapView.bounds.height),
      safeArea: SnapshotInsets(
        top: rounded(insets.top), leading: rounded(rtl ? insets.right : insets.left),
        bottom: rounded(insets.bottom), trailing: rounded(rtl ? insets.left : insets.right)),
      direction: rtl ? "rtl" : "ltr", mapContent: content, overlays: overlays)
  }

  /// `reuse` with the texts and styles of its app views read again, and with `frames` their
  /// frames: what a full read gives when nothing but texts changed since `reuse` was read
  /// (`UIView.geometryRevision`), or texts and the frames of bare views
  /// (`UIView.paintedGeometryRevision`: views with no subviews, no layout guides and no
  /// background, never the SDK's, so no other node moves with them). Every other fact of a
  /// node comes from other frames, the hierarchy, visibility or names. Nil when a view of the
  /// last full read is gone or the layout line changed (then the tree is read).
  private func readAppViews(_ mapView: GMSMapView, reuse: LayoutState, frames: Bool)
    -> LayoutState?
  {
    let facts = Self.lineFacts(mapView, content: reuse.mapContent, overlays: reuse.overlays)
    guard facts == reuse.lineFacts else { return nil }
    var state = reuse
    for (index, reference) in appViews {
      guard let view = reference.view else { return nil }
      if frames { state.nodes[index].frame = rect(view.convert(view.bounds, to: mapView)) }
      if recordsText { state.nodes[index].text = shownText(view) }
      state.nodes[index].style = ViewStyle(view)
    }
    return state
  }

  private mutating func readView(_ view: UIView, parentID: String, root: UIView) {
    let id = identity!.name(of: view)
    let isSDKView = view is SDKView
    let corners = (view as? any NavigationRoundedCornerView).map { cornerNames($0.roundedCorners) }
    nodes.append(
      SnapshotNode(
        id: id, kind: isSDKView ? .sdkView : .appView, parent: parentID,
        frame: rect(view.convert(view.bounds, to: root)), isHidden: view.isHidden,
        alpha: Self.rounded(view.alpha), roundedCorners: corners ?? [],
        state: (view as? SDKView)?.displayDetail,
        text: recordsText && !isSDKView ? shownText(view) : nil))
    if !isSDKView {
      nodes[nodes.count - 1].style = ViewStyle(view)
      appViews.append((nodes.count - 1, WeakView(view: view)))
    }
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
      x: Self.rounded(r.origin.x), y: Self.rounded(r.origin.y), width: Self.rounded(r.size.width),
      height: Self.rounded(r.size.height))
  }

  /// A point value (frame, map size, safe area, alpha) with the six significant digits its
  /// text carries (`pointValue`).
  nonisolated private static func rounded(_ value: CGFloat) -> Double {
    pointValue(Double(value))
  }

  /// A time in seconds, to `scale` (1000: milliseconds).
  nonisolated private static func rounded(_ value: CGFloat, _ scale: Double) -> Double {
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
