// The app's view styles (`ViewStyle`) beside the layouts: table `layout_styles`, one row per
// layout hash that has a styled view, created by the first run that records one. A store
// without the table (written before styles were recorded) reads as "no styles", and its
// layouts, runs and goldens are unchanged.
//
//   layout_styles(hash TEXT PRIMARY KEY, body TEXT)   body: "node-index style-text" lines
//
// Styles are not part of a layout's text or hash: the first run that stores a layout hash
// decides the styles recorded with it.

import Replay
import SQLite

extension SnapshotStore {
  /// Stores a layout's styles under `hash`, given each node's style text (nil: no style),
  /// when any of its views is styled and the hash has none yet. `insert` is the statement a
  /// writer keeps between layouts, prepared (with the table) at first use.
  func storeStyles(_ styles: [String?], hash: String, insert: inout SQLiteStatement?) throws {
    let lines = styles.enumerated().compactMap { index, style in style.map { "\(index) \($0)" } }
    guard !lines.isEmpty else { return }
    if insert == nil {
      try db.execute(
        "CREATE TABLE IF NOT EXISTS layout_styles (hash TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT, WITHOUT ROWID")
      insert = try db.prepare("INSERT OR IGNORE INTO layout_styles (hash, body) VALUES (?, ?)")
    }
    try insert?.run([.text(hash), .text(lines.joined(separator: "\n"))])
  }

  /// `layout` with the styles stored under `hash` set on its nodes.
  /// - Throws: `SnapshotStoreError.badStoredText` for a line that is not a node and a style.
  func withStyles(_ layout: LayoutState, hash: String) throws -> LayoutState {
    guard try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'layout_styles'") == .integer(1)
    else { return layout }
    let statement = try db.prepare("SELECT body FROM layout_styles WHERE hash = ?")
    try statement.bind(hash, at: 1)
    guard try statement.step(), let body = statement.text(at: 0) else { return layout }
    var styled = layout
    for (number, line) in body.split(separator: "\n").enumerated() {
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, let index = Int(parts[0]), styled.nodes.indices.contains(index),
        let style = ViewStyle(text: parts[1])
      else {
        throw SnapshotStoreError.badStoredText(
          path: path, detail: "layout_styles \(hash) line \(number + 1): not a view and a style: '\(line)'")
      }
      styled.nodes[index].style = style
    }
    return styled
  }
}
