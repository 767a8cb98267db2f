import Foundation
import Replay
import SQLite

// Each distinct layout once, by content hash, in table `layouts`:
//
//   layouts(hash TEXT PRIMARY KEY, body TEXT, base TEXT, depth INTEGER)
//
// A keyframe (`base` NULL, `depth` 0) keeps the layout's canonical text; any other row keeps a
// `LayoutDelta` against the layout `base`, whose depth is one less. A writer stores a layout
// as a delta against the run's previous distinct layout when the delta is the smaller and the
// chain stays shorter than `keyframeInterval`: reading any layout reads at most that many rows.
// Schema 2 stores (before deltas) have no `base` and `depth`: all their layouts are keyframes,
// and the first run written into one adds the two columns (`upgradeToDeltas`).

extension SnapshotStore {
  /// The longest chain of rows behind one layout: a keyframe and up to 31 deltas. Each row of
  /// the delivery screen's store (labels changing on most ticks) costs about 180 bytes as a
  /// delta and 1.9 kB as a keyframe; 32 puts keyframes at about a quarter of the store, while
  /// reading any event's layout from nothing (`snapshot(of:seq:)`, a contact sheet's `--from`)
  /// reads at most 32 rows of about 0.2 kB. Halving it (16) grows that store by a fifth;
  /// doubling it (64) saves a tenth and doubles the worst read.
  public static let keyframeInterval = 32

  /// Whether the layouts table has the delta columns (schema 3).
  var storesDeltas: Bool { schema >= 3 }

  // MARK: - Writing

  /// The last layout a run writer stored or found, which the next one is a delta against.
  struct ChainLink {
    var hash: String
    var text: String
    var depth: Int
  }

  /// Stores the layout `text` under `hash` unless the store has it, as a delta against `base`
  /// when that is smaller and the chain short enough, else whole.
  /// - Returns: the link the run's next layout is a delta against.
  func storeLayout(
    text: String, hash: String, base: ChainLink?, insert: SQLiteStatement,
    depthOf: SQLiteStatement
  ) throws -> ChainLink {
    if let base, base.depth + 1 < Self.keyframeInterval,
      let delta = LayoutDelta.encode(text, base: base.text)
    {
      try insert.run([.text(hash), .text(delta), .text(base.hash), .integer(Int64(base.depth + 1))])
      if db.changes > 0 { return ChainLink(hash: hash, text: text, depth: base.depth + 1) }
    } else {
      try insert.run([.text(hash), .text(text), .null, .integer(0)])
      if db.changes > 0 { return ChainLink(hash: hash, text: text, depth: 0) }
    }
    // Another run stored it before: the next delta builds on its depth.
    try depthOf.bind(hash, at: 1)
    defer { depthOf.reset() }
    let depth = try depthOf.step() ? Int(depthOf.int64(at: 0)) : 0
    return ChainLink(hash: hash, text: text, depth: depth)
  }

  /// Adds the delta columns to a schema 2 store, inside the caller's write transaction (a run
  /// rolled back leaves the store as it was). Rows already there are keyframes.
  func upgradeToDeltas() throws {
    let version = try db.integerPragma("user_version")  // another NavSim may have done it
    if version < 3 {
      try db.execute(
        """
        ALTER TABLE layouts ADD COLUMN base TEXT;
        ALTER TABLE layouts ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
        PRAGMA user_version = 3;
        """)
    }
    schema = 3
    layoutStatement = nil
  }

  /// Deletes the layouts no run shows and no kept layout is a delta against.
  func deleteUnusedLayouts() throws {
    guard storesDeltas else {
      try db.execute("DELETE FROM layouts WHERE hash NOT IN (SELECT layout_hash FROM layout_changes)")
      return
    }
    try db.execute(
      """
      WITH RECURSIVE kept (hash) AS (
        SELECT layout_hash FROM layout_changes
        UNION SELECT l.base FROM layouts l JOIN kept k ON l.hash = k.hash WHERE l.base IS NOT NULL)
      DELETE FROM layouts WHERE hash NOT IN (SELECT hash FROM kept)
      """)
  }

  // MARK: - Reading

  /// The layout stored under `hash`.
  /// - Throws: `SnapshotStoreError.missingLayout` / `.badStoredText` / `.badLayoutDelta` for
  ///   a damaged store.
  public func layout(hash: String) throws -> LayoutState {
    try layout(hash: hash, seq: nil)
  }

  /// The layout stored under `hash`, shown at event `seq` (named when it cannot be read).
  /// - Complexity: one row when the layout or its base was the last one read, else at most
  ///   `keyframeInterval` rows.
  public func layout(hash: String, seq: Int64?) throws -> LayoutState {
    try parsedLayout(try layoutText(hash: hash, seq: seq), hash: hash)
  }

  /// The layout of the canonical `text` stored under `hash`, with its styles.
  func parsedLayout(_ text: String, hash: String) throws -> LayoutState {
    do {
      return try withStyles(try LayoutState(text: text), hash: hash)
    } catch let error as SnapshotStoreError {
      throw error
    } catch {
      throw SnapshotStoreError.badStoredText(path: path, detail: "layout \(hash): \(error)")
    }
  }

  /// The canonical text of the layout `hash`: its keyframe's text with the deltas of the
  /// chain up to it applied, starting from `near` (a reader's last layout) or one of
  /// `recentLayouts` when the chain passes through it.
  func layoutText(
    hash: String, seq: Int64?, near: (hash: String, text: String)? = nil
  ) throws -> String {
    if let near, near.hash == hash { return near.text }
    if let recent = recentLayouts.first(where: { $0.hash == hash }) { return recent.text }
    let select = try layoutSelect()
    defer { select.reset() }
    var chain: [(hash: String, delta: String)] = []
    var wanted = hash
    var text: String?
    while text == nil {
      if let near, near.hash == wanted {
        text = near.text
        break
      }
      if let recent = recentLayouts.first(where: { $0.hash == wanted }) {
        text = recent.text
        break
      }
      guard chain.count < Self.maxChainRead else {
        throw SnapshotStoreError.badLayoutDelta(
          path: path, seq: seq, hash: hash,
          problem: "its chain of deltas is longer than \(Self.maxChainRead) rows")
      }
      select.reset()
      try select.bind(wanted, at: 1)
      layoutRowsRead += 1
      guard try select.step(), let body = select.text(at: 0) else {
        if chain.isEmpty { throw SnapshotStoreError.missingLayout(path: path, hash: hash) }
        throw SnapshotStoreError.badLayoutDelta(
          path: path, seq: seq, hash: hash, problem: "its base \(wanted) is missing")
      }
      if let base = select.text(at: 1) {
        chain.append((wanted, body))
        wanted = base
      } else {
        text = body
      }
    }
    var rebuilt = text!
    for link in chain.reversed() {
      do {
        rebuilt = try LayoutDelta.apply(link.delta, to: rebuilt)
      } catch {
        throw SnapshotStoreError.badLayoutDelta(
          path: path, seq: seq, hash: hash, problem: "delta \(link.hash): \(error)")
      }
      guard contentHash(rebuilt) == link.hash else {
        throw SnapshotStoreError.badLayoutDelta(
          path: path, seq: seq, hash: hash,
          problem: "delta \(link.hash) rebuilds a layout of another hash")
      }
    }
    if recentLayouts.count == Self.recentLayoutCount { recentLayouts.removeFirst() }
    recentLayouts.append((hash, rebuilt))
    return rebuilt
  }

  /// How many rebuilt texts the store keeps: two runs read side by side each find their last.
  static let recentLayoutCount = 4

  /// A chain this long is damaged (a writer keeps them under `keyframeInterval`), or loops.
  static let maxChainRead = 4 * keyframeInterval

  private func layoutSelect() throws -> SQLiteStatement {
    if let layoutStatement { return layoutStatement }
    let statement = try db.prepare(
      storesDeltas
        ? "SELECT body, base FROM layouts WHERE hash = ?"
        : "SELECT body, NULL FROM layouts WHERE hash = ?")
    layoutStatement = statement
    return statement
  }
}
