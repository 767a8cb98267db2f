import Findings
import HeadlessUIKit
import Replay
import TextBytes

// Comparing two layouts of the same event, and two runs of the same recording.

/// How one view (or guide) differs between layout A and layout B.
public struct ViewChange: Equatable, Sendable {
  public enum Change: Equatable, Sendable {
    /// In B only.
    case appeared(SnapshotRect)
    /// In A only.
    case disappeared(SnapshotRect)
    /// Frame differs beyond the tolerance.
    case frame(from: SnapshotRect, to: SnapshotRect)
    case hidden(from: Bool, to: Bool)
    case alpha(from: Double, to: Double)
    case parent(from: String, to: String)
    /// Index among its siblings, back to front.
    case zOrder(from: Int, to: Int)
    case corners(from: [String], to: [String])
    /// The text a label or button shows.
    case text(from: String?, to: String?)
    /// The node's kind: an SDK view, an app view or a layout guide.
    case kind(from: SnapshotNode.Kind, to: SnapshotNode.Kind)
    /// How the built-in layout styles an SDK view (`state=`, the speed widget's `both/major`);
    /// nil when it has none.
    case state(from: String?, to: String?)
  }

  /// The view's id.
  public var view: String
  public var change: Change
  /// `occurrence`, kept in the change's tail padding: a diff of a long trip holds millions of
  /// changes, and an `Int` beside them made each 8 bytes larger.
  private var storedOccurrence: UInt32

  /// Which node of that id it is, 1 for the first in z-order. Ids are meant to be unique, but
  /// two views can share one (an `accessibilityIdentifier` given twice): the n-th node of an
  /// id in A is compared with the n-th in B, one that only one side has appears or disappears.
  public var occurrence: Int {
    get { Int(storedOccurrence) }
    set { storedOccurrence = UInt32(clamping: newValue) }
  }

  public init(view: String, occurrence: Int = 1, change: Change) {
    self.view = view
    self.change = change
    storedOccurrence = UInt32(clamping: occurrence)
  }

  /// The view as reports name it: its id, followed by `(2nd)`, `(3rd)`... for a later node of
  /// a repeated id.
  public var name: String { viewName(view, occurrence: occurrence) }
}

/// `id`, or `id (2nd)`... for the n-th node of a repeated id.
func viewName(_ id: String, occurrence: Int) -> String {
  occurrence == 1 ? id : id + " (" + ordinal(occurrence) + ")"
}

/// `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `12th`, `13th`, `21st`.
func ordinal(_ n: Int) -> String {
  let suffix: String
  switch (n % 10, n % 100) {
  case (_, 11...13): suffix = "th"
  case (1, _): suffix = "st"
  case (2, _): suffix = "nd"
  case (3, _): suffix = "rd"
  default: suffix = "th"
  }
  return String(n) + suffix
}

/// How the screen-level facts differ: `state`, `wideMode`, `map` (size), `safeArea`,
/// `direction`, `mapContent`, `overlays`, and running animations (`animation views=… props=…`).
public struct StateChange: Equatable, Sendable {
  public var field: String
  public var from: String
  public var to: String
}

/// Everything that differs on one event.
public struct EventDifference: Equatable, Sendable {
  public var seq: Int64
  public var t: Int64
  public var event: String
  public var stateChanges: [StateChange]
  public var viewChanges: [ViewChange]
  public var findingsIntroduced: [Finding]
  public var findingsFixed: [Finding]
  /// True when one run has no snapshot for this seq.
  public var missingIn: String?

  public var isEmpty: Bool {
    stateChanges.isEmpty && viewChanges.isEmpty && findingsIntroduced.isEmpty
      && findingsFixed.isEmpty && missingIn == nil
  }
}

extension LayoutState {
  /// What changes from `self` (A) to `other` (B): every fact of the layout line and the
  /// running animations (`animationChanges`), then the views. `tolerance` is in points and
  /// applies to every point measure: frames and the safe area (each edge) and the map's size
  /// (each side) within it (plus the stored rounding, `SnapshotRect.storedRounding`) are no
  /// change. Tokens (map content, overlays, names, states) compare exactly, an alpha within
  /// 0.005, animation times as stored. Views are reported in B's z-order, then those only in A.
  /// Texts (names, states, a label's text) are compared byte for byte, as the stored layouts'
  /// texts and hashes are (`sameBytes`): a text whose normalization alone changes is a change.
  /// - Complexity: O(n) in the number of nodes.
  public func changes(to other: LayoutState, tolerance: Double = 0) -> (
    state: [StateChange], views: [ViewChange]
  ) {
    var stateChanges: [StateChange] = []
    func compare(_ field: String, _ a: String, _ b: String) {
      if !sameBytes(a, b) { stateChanges.append(StateChange(field: field, from: a, to: b)) }
    }
    compare("state", state, other.state)
    compare("wideMode", wideMode ? "yes" : "no", other.wideMode ? "yes" : "no")
    let limit = tolerance + SnapshotRect.storedRounding
    if abs(mapWidth - other.mapWidth) > limit || abs(mapHeight - other.mapHeight) > limit {
      stateChanges.append(
        StateChange(
          field: "map", from: pointText(mapWidth) + "x" + pointText(mapHeight),
          to: pointText(other.mapWidth) + "x" + pointText(other.mapHeight)))
    }
    if !safeArea.isClose(to: other.safeArea, tolerance: tolerance) {
      stateChanges.append(
        StateChange(field: "safeArea", from: safeArea.text, to: other.safeArea.text))
    }
    compare("direction", direction, other.direction)
    if !sameBytes(mapContent, other.mapContent) {
      let (from, to) = (listText(mapContent), listText(other.mapContent))
      stateChanges.append(StateChange(field: "mapContent", from: from, to: to))
    }
    if !sameBytes(overlays, other.overlays) {
      stateChanges.append(
        StateChange(field: "overlays", from: listText(overlays), to: listText(other.overlays)))
    }
    stateChanges += animationChanges(to: other)

    let mine = NodeIndex(nodes), theirs = NodeIndex(other.nodes)
    let pairs = NodePairs(mine, theirs, nodes: other.nodes)
    var changes: [ViewChange] = []
    for (index, node) in other.nodes.enumerated() {
      let occurrence = theirs.entries[index].occurrence
      func add(_ change: ViewChange.Change) {
        changes.append(ViewChange(view: node.id, occurrence: occurrence, change: change))
      }
      let oldIndex = pairs.partnerOfB[index]
      guard oldIndex >= 0 else {
        add(.appeared(node.frame))
        continue
      }
      let old = nodes[oldIndex]
      let oldZ = mine.entries[oldIndex].z, newZ = theirs.entries[index].z
      if old.kind != node.kind { add(.kind(from: old.kind, to: node.kind)) }
      if !old.frame.isClose(to: node.frame, tolerance: tolerance) {
        add(.frame(from: old.frame, to: node.frame))
      }
      if old.isHidden != node.isHidden { add(.hidden(from: old.isHidden, to: node.isHidden)) }
      if abs(old.alpha - node.alpha) > 0.005 { add(.alpha(from: old.alpha, to: node.alpha)) }
      if !sameBytes(old.parent, node.parent) {
        add(.parent(from: old.parent, to: node.parent))
      } else if oldZ != newZ {
        add(.zOrder(from: oldZ, to: newZ))
      }
      if !sameBytes(old.roundedCorners, node.roundedCorners) {
        add(.corners(from: old.roundedCorners, to: node.roundedCorners))
      }
      if !sameBytes(old.state, node.state) { add(.state(from: old.state, to: node.state)) }
      if !sameBytes(old.text, node.text) { add(.text(from: old.text, to: node.text)) }
    }
    for (index, node) in nodes.enumerated() where pairs.partnerOfA[index] < 0 {
      changes.append(
        ViewChange(
          view: node.id, occurrence: mine.entries[index].occurrence,
          change: .disappeared(node.frame)))
    }
    return (stateChanges, changes)
  }
}

/// A layout's nodes by id (its bytes) and occurrence, each with its z-order.
struct NodeIndex {
  struct Entry {
    /// The node's index among its siblings (the nodes of its parent node), back to front.
    var z: Int
    /// 1 for the first node of its id, 2 for the second...
    var occurrence: Int
    /// The index of the next node of its id, -1 for none.
    var next: Int
  }

  /// One per node, in the layout's order.
  var entries: [Entry]
  /// Per id (and per parent that is no node, such as the map): its first and latest node.
  var ids: [ByteKey: Chain]

  struct Chain {
    /// The id's first and latest node so far, -1 for none.
    var first = -1, last = -1
    /// For a parent that is no node: how many children it has had.
    var rootChildren = 0
  }

  /// - Complexity: O(n) in the number of nodes.
  init(_ nodes: [SnapshotNode]) {
    entries = []
    entries.reserveCapacity(nodes.count)
    ids = Dictionary(minimumCapacity: nodes.count)
    // In depth-first order a node's parent is the latest node of its parent's id. Siblings
    // are counted per parent node (two rows of one id each count their own children), or
    // per parent id for a parent that is no node (the map).
    var childCount = [Int](repeating: 0, count: nodes.count)
    for (index, node) in nodes.enumerated() {
      let parent = ByteKey(node.parent)
      let z: Int
      if let parentNode = ids[parent]?.last, parentNode >= 0 {
        z = childCount[parentNode]
        childCount[parentNode] = z + 1
      } else {
        z = Self.countChild(&ids[parent, default: Chain()])
      }
      let occurrence = Self.append(index, to: &ids[ByteKey(node.id), default: Chain()], &entries)
      entries.append(Entry(z: z, occurrence: occurrence, next: -1))
    }
  }

  /// The parent's child count before this child.
  private static func countChild(_ chain: inout Chain) -> Int {
    defer { chain.rootChildren += 1 }
    return chain.rootChildren
  }

  /// Links node `index` after its id's latest node; returns its occurrence.
  private static func append(_ index: Int, to chain: inout Chain, _ entries: inout [Entry]) -> Int {
    defer { chain.last = index }
    guard chain.last >= 0 else {
      chain.first = index
      return 1
    }
    entries[chain.last].next = index
    return entries[chain.last].occurrence + 1
  }
}

/// The nodes of two layouts paired: the n-th node of an id in A with the n-th in B. Each id's
/// two chains are walked together once, from B's first node of the id, so pairing costs O(n)
/// however often an id repeats; the partners are arrays by position, no dictionary order
/// reaches the output.
struct NodePairs {
  /// For each node of A, the index of its partner in B, -1 for none.
  var partnerOfA: [Int]
  /// For each node of B, the index of its partner in A, -1 for none.
  var partnerOfB: [Int]
  /// Chain links followed: at most the smaller layout's node count (tests check it).
  var steps = 0

  /// - Parameter nodes: B's nodes, whose index `b` is.
  init(_ a: NodeIndex, _ b: NodeIndex, nodes: [SnapshotNode]) {
    partnerOfA = [Int](repeating: -1, count: a.entries.count)
    partnerOfB = [Int](repeating: -1, count: b.entries.count)
    for (first, entry) in b.entries.enumerated() where entry.occurrence == 1 {
      guard var mine = a.ids[ByteKey(nodes[first].id)]?.first, mine >= 0 else { continue }
      var theirs = first
      while mine >= 0 && theirs >= 0 {
        partnerOfA[mine] = theirs
        partnerOfB[theirs] = mine
        steps += 1
        mine = a.entries[mine].next
        theirs = b.entries[theirs].next
      }
    }
  }
}

extension SnapshotRect {
  /// How far two stored values of one point measure may be apart with no change: stored text
  /// carries six significant digits (under 0.0005 pt a value below 1000 pt), older stores two
  /// decimals (under 0.005 pt); a far edge adds the origin's and the size's rounding. 0.011 pt
  /// covers an old run against a new one, far below a pixel (0.333 pt).
  static let storedRounding = 0.011

  /// True when every edge is within `tolerance` points.
  public func isClose(to other: SnapshotRect, tolerance: Double) -> Bool {
    let limit = tolerance + Self.storedRounding
    return abs(x - other.x) <= limit && abs(y - other.y) <= limit
      && abs(maxX - other.maxX) <= limit && abs(maxY - other.maxY) <= limit
  }
}

/// Compares the snapshots of one event in two runs.
/// - Parameters:
///   - a: the snapshot in run A, nil when A has none for this seq.
///   - b: the snapshot in run B, nil when B has none for this seq.
public func compareSnapshots(
  _ a: LayoutSnapshot?, _ b: LayoutSnapshot?, labels: (String, String), tolerance: Double = 0
) -> EventDifference {
  let header = (b ?? a)!
  guard let a, let b else {
    return EventDifference(
      seq: header.seq, t: header.t, event: header.event, stateChanges: [], viewChanges: [],
      findingsIntroduced: [], findingsFixed: [], missingIn: a == nil ? labels.0 : labels.1)
  }
  let (state, views) = a.layout.changes(to: b.layout, tolerance: tolerance)
  // Keys by bytes: findings whose views (or divergence messages) differ only in normalization
  // are stored as other lines, so they are other findings.
  let keysA = Set(a.findings.map { ByteKey($0.key) })
  let keysB = Set(b.findings.map { ByteKey($0.key) })
  return EventDifference(
    seq: b.seq, t: b.t, event: b.event, stateChanges: state, viewChanges: views,
    findingsIntroduced: b.findings.filter { !keysA.contains(ByteKey($0.key)) },
    findingsFixed: a.findings.filter { !keysB.contains(ByteKey($0.key)) }, missingIn: nil)
}
