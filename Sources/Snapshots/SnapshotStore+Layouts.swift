import Foundation
import Replay
import SQLite

// Each distinct layout once, by content hash, in table `layouts`:
//
//   layouts(hash TEXT PRIMARY KEY, body TEXT, base TEXT, depth INTEGER, styles TEXT)
//
// A keyframe (`base` NULL, `depth` 0) keeps the layout's canonical text; any other row keeps a
// `LayoutDelta` against the layout `base`, whose depth is one less. `styles` are the views'
// styles (`SnapshotStore+Styles.swift`): NULL in a delta when they are its base's. A writer
// stores a layout
// as a delta against the run's previous distinct layout when the delta is the smaller and the
// chain stays shorter than `keyframeInterval`: reading any layout reads at most that many rows.
// Schema 2 stores (before deltas) have no `base`, `depth` or `styles`: all their layouts are
// keyframes, their styles in `layout_styles`, and the first run written into one adds the
// three columns (`upgradeToDeltas`). New stores make `layouts` a rowid table: rows are appended
// in the order runs write them, so its pages fill, and a keyframe (1-2 kB) stays on its page.

extension SnapshotStore {
  /// The longest chain of rows behind one layout: a keyframe and up to 31 deltas. In the
  /// delivery screen's store (labels changing on most ticks, 12 886 layouts on the 10-hour
  /// trip) a delta is about 110 bytes and a keyframe about 1 kB: 32 makes keyframes a sixth of
  /// the layouts' bytes (3.3 MB in all), while reading any event's layout from nothing
  /// (`snapshot(of:seq:)`, a contact sheet's `--from`) reads at most 32 rows. 16 would grow
  /// the store by a tenth; 64 would save a twentieth and double the worst read.
  /// (docs/replay-and-diff.md, "The store's format".)
  public static let keyframeInterval = 32

  /// Whether the layouts table has the delta columns (schema 3).
  var storesDeltas: Bool { schema >= 3 }

  // MARK: - Writing

  /// The last layout a run writer stored or found, which the next one is a delta against.
  struct ChainLink {
    var hash: String
    var layout: StoredLayoutText
    var depth: Int
    /// False when another run stored the layout, maybe with other styles.
    var stylesKnown: Bool
  }

  /// Stores `layout` under `hash` unless the store has it, as a delta against `base` when
  /// that is smaller and the chain short enough, else whole.
  /// - Returns: the link the run's next layout is a delta against.
  func storeLayout(
    _ layout: StoredLayoutText, hash: String, base: ChainLink?, insert: SQLiteStatement,
    depthOf: SQLiteStatement
  ) throws -> ChainLink {
    if let base, base.depth + 1 < Self.keyframeInterval,
      let delta = LayoutDelta.encode(layout.text, base: base.layout.text)
    {
      let styles: SQLiteValue =
        base.stylesKnown && base.layout.styles == layout.styles ? .null : .text(layout.styles)
      try insert.run([
        .text(hash), .text(delta), .text(base.hash), .integer(Int64(base.depth + 1)), styles,
      ])
      if db.changes > 0 {
        return ChainLink(hash: hash, layout: layout, depth: base.depth + 1, stylesKnown: true)
      }
    } else {
      try insert.run([
        .text(hash), .text(layout.text), .null, .integer(0),
        layout.styles.isEmpty ? .null : .text(layout.styles),
      ])
      if db.changes > 0 { return ChainLink(hash: hash, layout: layout, depth: 0, stylesKnown: true) }
    }
    // Another run stored it before: the next delta builds on its depth.
    try depthOf.bind(hash, at: 1)
    defer { depthOf.reset() }
    let depth = try depthOf.step() ? Int(depthOf.int64(at: 0)) : 0
    return ChainLink(hash: hash, layout: layout, depth: depth, stylesKnown: false)
  }

  /// Adds the delta columns to a schema 2 store, inside the caller's write transaction (a run
  /// rolled back leaves the store as it was, `schemaRolledBack()`). Rows already there are
  /// keyframes. Does nothing to a schema 3 store.
  func upgradeToDeltas() throws {
    // Read each time: another NavSim may have upgraded it, or a run rolled the upgrade back.
    let version = try db.integerPragma("user_version")
    if version < 3 {
      try db.execute(
        """
        ALTER TABLE layouts ADD COLUMN base TEXT;
        ALTER TABLE layouts ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE layouts ADD COLUMN styles TEXT;
        PRAGMA user_version = 3;
        """)
    }
    schema = 3
    layoutStatement = nil
  }

  /// After a rolled back write: the schema the file has again (a run's upgrade is undone).
  func schemaRolledBack() {
    guard let version = try? db.integerPragma("user_version"), version != schema else { return }
    schema = version
    layoutStatement = nil
  }

  /// Deletes the layouts no run shows and no kept layout is a delta against.
  func deleteUnusedLayouts() throws {
    if storesDeltas {
      try db.execute(
        """
        WITH RECURSIVE kept (hash) AS (
          SELECT layout_hash FROM layout_changes
          UNION SELECT l.base FROM layouts l JOIN kept k ON l.hash = k.hash WHERE l.base IS NOT NULL)
        DELETE FROM layouts WHERE hash NOT IN (SELECT hash FROM kept)
        """)
    } else {
      try db.execute("DELETE FROM layouts WHERE hash NOT IN (SELECT layout_hash FROM layout_changes)")
    }
    // A layout stored again later must not find a deleted one's styles in an old store's
    // table (its own row says NULL for "no styles", and the reader then asks that table).
    if try legacyStylesTableExists() {
      try db.execute("DELETE FROM layout_styles WHERE hash NOT IN (SELECT hash FROM layouts)")
    }
    recentLayouts.removeAll()
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

  /// The layout of `stored`, kept under `hash`, with its styles.
  func parsedLayout(_ stored: StoredLayoutText, hash: String) throws -> LayoutState {
    let layout: LayoutState
    do {
      layout = try LayoutState(text: stored.text)
    } catch {
      throw SnapshotStoreError.badStoredText(path: path, detail: "layout \(hash): \(error)")
    }
    return try withStyles(layout, body: stored.styles, hash: hash)
  }

  /// The text and styles of the layout `hash`: its keyframe's text with the deltas of the
  /// chain up to it applied, starting from `near` (a reader's last layout) or one of
  /// `recentLayouts` when the chain passes through it.
  func layoutText(
    hash: String, seq: Int64?, near: (hash: String, layout: StoredLayoutText)? = nil
  ) throws -> StoredLayoutText {
    if let near, near.hash == hash { return near.layout }
    if let recent = recentLayouts.first(where: { $0.hash == hash }) { return recent.layout }
    let select = try layoutSelect()
    defer { select.reset() }
    var chain: [(hash: String, delta: String)] = []
    var styles: String?  // the first found from `hash` toward its keyframe
    var wanted = hash
    var start: StoredLayoutText?
    while start == nil {
      if let near, near.hash == wanted {
        start = near.layout
      } else if let recent = recentLayouts.first(where: { $0.hash == wanted }) {
        start = recent.layout
      } else {
        guard chain.count < Self.maxChainRead else {
          throw SnapshotStoreError.badLayoutDelta(
            path: path, seq: seq, hash: hash,
            problem: "its chain of deltas is longer than \(Self.maxChainRead) rows")
        }
        select.reset()
        try select.bind(wanted, at: 1)
        layoutRowsRead += 1
        guard try select.step(), let body = select.text(at: 0) else {
          if chain.isEmpty {
            throw SnapshotStoreError.missingLayout(path: path, seq: seq, hash: hash)
          }
          throw SnapshotStoreError.badLayoutDelta(
            path: path, seq: seq, hash: hash, problem: "its base \(wanted) is missing")
        }
        let rowStyles = select.text(at: 2)
        if styles == nil { styles = rowStyles }
        if let base = select.text(at: 1) {
          chain.append((wanted, body))
          wanted = base
        } else {
          // A keyframe without styles: none, or a store before schema 3 kept them aside.
          let legacy = rowStyles == nil ? try legacyStyles(hash: wanted) : nil
          start = StoredLayoutText(text: body, styles: rowStyles ?? legacy ?? "")
        }
      }
    }
    var text = start!.text
    for link in chain.reversed() {
      do {
        text = try LayoutDelta.apply(link.delta, to: text)
      } catch {
        throw SnapshotStoreError.badLayoutDelta(
          path: path, seq: seq, hash: hash, problem: "delta \(link.hash): \(error)")
      }
      guard contentHash(text) == link.hash else {
        throw SnapshotStoreError.badLayoutDelta(
          path: path, seq: seq, hash: hash,
          problem: "delta \(link.hash) rebuilds a layout of another hash")
      }
    }
    let layout = StoredLayoutText(text: text, styles: styles ?? start!.styles)
    if recentLayouts.count == Self.recentLayoutCount { recentLayouts.removeFirst() }
    recentLayouts.append((hash, layout))
    return layout
  }

  /// How many rebuilt texts the store keeps: two runs read side by side each find their last.
  static let recentLayoutCount = 4

  /// A chain this long is damaged (a writer keeps them under `keyframeInterval`), or loops.
  static let maxChainRead = 4 * keyframeInterval

  private func layoutSelect() throws -> SQLiteStatement {
    if let layoutStatement { return layoutStatement }
    let statement = try db.prepare(
      storesDeltas
        ? "SELECT body, base, styles FROM layouts WHERE hash = ?"
        : "SELECT body, NULL, NULL FROM layouts WHERE hash = ?")
    layoutStatement = statement
    return statement
  }
}

/// A layout as the store keeps it: its canonical text and its views' styles
/// (`SnapshotStore.stylesBody`, empty when none is styled).
struct StoredLayoutText: Equatable {
  var text: String
  var styles: String
}
