// The layout the screen had after one event: what replay records, diffs and reports.

import Findings
import HeadlessUIKit
import TextBytes

/// A rectangle in map-view coordinates (points).
public struct SnapshotRect: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// The overlapping part of two rectangles, nil when they don't overlap by a positive area.
  public func intersection(_ other: SnapshotRect) -> SnapshotRect? {
    let left = max(x, other.x), top = max(y, other.y)
    let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return nil }
    return SnapshotRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}

/// Safe-area insets, by direction-independent edge names.
public struct SnapshotInsets: Equatable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  public static let zero = SnapshotInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// One view or layout guide of the map view's tree.
///
/// A new field shown in a node's line must be compared by `SnapshotNode.sameLine` too (`==`,
/// which the store's writer uses in place, `LayoutSnapshot+TextCache.swift`).
public struct SnapshotNode: Equatable, Sendable {
  public enum Kind: String, Sendable {
    /// A view the SDK owns (turn card, prompt...).
    case sdkView = "sdk"
    /// A view the app (the delegate) created.
    case appView = "view"
    /// A layout guide.
    case guide = "guide"
  }

  /// Stable identity: SDK role (`turnCard`, `prompt.incident#3`), the app's
  /// `accessibilityIdentifier`, or type name and ordinal (`UIView#2`).
  public var id: String
  public var kind: Kind
  /// The parent's identity; `map` for direct children of the map view.
  public var parent: String
  public var frame: SnapshotRect
  public var isHidden: Bool
  public var alpha: Double
  /// Prompts' rounded corners, as `CACornerMask` names (`minXminY`...), empty for others.
  public var roundedCorners: [String]
  /// How the built-in layout styles an SDK view (`SDKView.displayDetail`: the speed widget's
  /// `both/major`, the turn card's header colours); nil for everything else.
  public var state: String?
  /// The text an app label or button shows (`UILabel.text`, the button's current title),
  /// recorded when replaying a screen; nil otherwise.
  public var text: String?
  /// How the app styled the view (`ViewStyle`), beside the snapshot: not in its text or equality.
  public var styleRecord = StyleRecord()

  public init(
    id: String, kind: Kind, parent: String, frame: SnapshotRect, isHidden: Bool = false,
    alpha: Double = 1, roundedCorners: [String] = [], state: String? = nil, text: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.parent = parent
    self.frame = frame
    self.isHidden = isHidden
    self.alpha = alpha
    self.roundedCorners = roundedCorners
    self.state = state
    self.text = text
  }

  /// Whether `a` and `b` show the same: every field of a node's line, texts compared byte for
  /// byte (`sameBytes`: `String ==` equates canonically equivalent texts, which are other
  /// bytes in the layout's text and the store). The style is beside the node (`StyleRecord`).
  public static func == (a: SnapshotNode, b: SnapshotNode) -> Bool {
    withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in sameLine(a, b) } }
  }
}

/// An animation still running at the snapshot's time.
public struct SnapshotAnimation: Equatable, Sendable {
  public var views: [String]
  public var properties: [String]
  /// Virtual start time and duration, seconds.
  public var start: Double
  public var duration: Double

  public init(views: [String], properties: [String], start: Double, duration: Double) {
    self.views = views
    self.properties = properties
    self.start = start
    self.duration = duration
  }

  /// Whether `a` and `b` are the same animation, names compared byte for byte.
  public static func == (a: SnapshotAnimation, b: SnapshotAnimation) -> Bool {
    a.start == b.start && a.duration == b.duration && sameBytes(a.views, b.views)
      && sameBytes(a.properties, b.properties)
  }
}

/// What a layout's first line says: everything but its nodes and animations.
struct LayoutLineFacts: Equatable, Sendable {
  var state: String
  var wideMode: Bool
  var mapWidth: Double
  var mapHeight: Double
  var safeArea: SnapshotInsets
  var direction: String
  var mapContent: [String]
  var overlays: [String]

  /// Whether `a` and `b` print the same layout line: texts compared byte for byte.
  static func == (a: LayoutLineFacts, b: LayoutLineFacts) -> Bool {
    a.wideMode == b.wideMode && a.mapWidth == b.mapWidth && a.mapHeight == b.mapHeight
      && a.safeArea == b.safeArea && sameBytes(a.state, b.state)
      && sameBytes(a.direction, b.direction) && sameBytes(a.mapContent, b.mapContent)
      && sameBytes(a.overlays, b.overlays)
  }
}

/// The screen's layout: everything of a snapshot that doesn't name the event.
/// Identical layouts (most events change none) are stored once, by `hash`. Two layouts are
/// `==` when their texts are the same bytes (texts are compared as bytes, not as `String ==`
/// does) and their nodes' styles aside.
public struct LayoutState: Equatable, Sendable {
  /// `nonNavigation`, `navigationReady` or `activeGuidance`.
  public var state: String {
    get { storage.fields.line.state }
    _modify { makeUnique(); yield &storage.fields.line.state }
  }
  public var wideMode: Bool {
    get { storage.fields.line.wideMode }
    _modify { makeUnique(); yield &storage.fields.line.wideMode }
  }
  public var mapWidth: Double {
    get { storage.fields.line.mapWidth }
    _modify { makeUnique(); yield &storage.fields.line.mapWidth }
  }
  public var mapHeight: Double {
    get { storage.fields.line.mapHeight }
    _modify { makeUnique(); yield &storage.fields.line.mapHeight }
  }
  public var safeArea: SnapshotInsets {
    get { storage.fields.line.safeArea }
    _modify { makeUnique(); yield &storage.fields.line.safeArea }
  }
  /// `ltr` or `rtl`.
  public var direction: String {
    get { storage.fields.line.direction }
    _modify { makeUnique(); yield &storage.fields.line.direction }
  }
  /// Every view and guide, depth first in z-order (back to front).
  public var nodes: [SnapshotNode] {
    get { storage.fields.nodes }
    _modify { makeUnique(); yield &storage.fields.nodes }
  }
  public var animations: [SnapshotAnimation] {
    get { storage.fields.animations }
    _modify { makeUnique(); yield &storage.fields.animations }
  }
  /// What the built-in layout draws on the map besides views (`GMSMapView.builtInMapContent`:
  /// `alternates:2`, `destinationMarkers`, `stopSigns`, `trafficLights`); empty with a custom
  /// delegate.
  public var mapContent: [String] {
    get { storage.fields.line.mapContent }
    _modify { makeUnique(); yield &storage.fields.line.mapContent }
  }
  /// The app's overlays on the map (`GMSMapView.overlaySnapshot`: markers, polylines,
  /// polygons, circles), in the order they were added; empty without any.
  public var overlays: [String] {
    get { storage.fields.line.overlays }
    _modify { makeUnique(); yield &storage.fields.line.overlays }
  }

  public init(
    state: String, wideMode: Bool, mapWidth: Double, mapHeight: Double,
    safeArea: SnapshotInsets, direction: String, nodes: [SnapshotNode],
    animations: [SnapshotAnimation], mapContent: [String] = [], overlays: [String] = []
  ) {
    self.init(
      line: LayoutLineFacts(
        state: state, wideMode: wideMode, mapWidth: mapWidth, mapHeight: mapHeight,
        safeArea: safeArea, direction: direction, mapContent: mapContent, overlays: overlays),
      nodes: nodes, animations: animations)
  }

  /// A layout of `line`'s facts, `nodes` and `animations`.
  init(line: LayoutLineFacts, nodes: [SnapshotNode], animations: [SnapshotAnimation]) {
    storage = Storage(Fields(line: line, nodes: nodes, animations: animations))
  }

  /// The layout line's facts: everything but the nodes and animations.
  var lineFacts: LayoutLineFacts { storage.fields.line }

  public static func == (lhs: LayoutState, rhs: LayoutState) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  // MARK: - Storage

  // The fields live in one shared box, copied on write: a replay copies the layout into every
  // event's snapshot (most events keep the last layout), and copying one reference costs a
  // retain where copying the fields cost one for each of six strings and arrays, and compares
  // a reused layout by identity.
  private var storage: Storage

  private struct Fields: Equatable {
    var line: LayoutLineFacts
    var nodes: [SnapshotNode]
    var animations: [SnapshotAnimation]

    static func == (a: Fields, b: Fields) -> Bool {
      a.line == b.line && SnapshotNode.sameLines(a.nodes, b.nodes) && a.animations == b.animations
    }
  }

  // `@unchecked Sendable`: a box is never mutated while shared (`makeUnique` copies it first).
  private final class Storage: @unchecked Sendable {
    // Unchecked: read on every replayed event; copy on write keeps accesses from overlapping.
    @exclusivity(unchecked) var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }

  /// The first node whose id is `id`'s bytes: a view whose name differs only in Unicode
  /// normalization is another view, as the layout's text tells them apart.
  public func node(_ id: String) -> SnapshotNode? { nodes.first { sameBytes($0.id, id) } }
}

/// The layout after one event, with the findings that event raised.
public struct LayoutSnapshot: Equatable, Sendable {
  public var seq: Int64
  /// Milliseconds since the recording started.
  public var t: Int64
  /// The event's kind name (`progress`, `mapResized`...).
  public var event: String
  public var layout: LayoutState
  public var findings: [Finding]

  public init(
    seq: Int64, t: Int64, event: String, layout: LayoutState, findings: [Finding]
  ) {
    self.seq = seq
    self.t = t
    self.event = event
    self.layout = layout
    self.findings = findings
  }
}
