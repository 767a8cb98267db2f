// The app's view styles (`ViewStyle`) of each layout: a body of "node-index style-text" lines
// (nil when no view is styled). Styles are not part of a layout's text or hash: the first run
// that stores a layout hash decides the styles recorded with it.
//
// Schema 3 keeps them in `layouts.styles` (`SnapshotStore+Layouts.swift`): a keyframe's own
// (NULL: none), and for a delta NULL when they are its base's, '' when it has none. Stores
// written before kept one row per styled layout in a table of their own, which is still read
// for the layouts stored then:
//
//   layout_styles(hash TEXT PRIMARY KEY, body TEXT)

import Replay
import SQLite

extension SnapshotStore {
  /// The styles body of a layout whose nodes have `styles` (each node's style text, nil: no
  /// style); empty when no view is styled.
  static func stylesBody(_ styles: [String?]) -> String {
    var body = ""
    for (index, style) in styles.enumerated() {
      guard let style else { continue }
      if !body.isEmpty { body += "\n" }
      body += "\(index) \(style)"
    }
    return body
  }

  /// Whether the store has the `layout_styles` table of stores before schema 3.
  func legacyStylesTableExists() throws -> Bool {
    if hasLegacyStyles == nil {
      hasLegacyStyles =
        try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'layout_styles'")
        == .integer(1)
    }
    return hasLegacyStyles == true
  }

  /// The styles a store written before schema 3 kept for `hash` in `layout_styles`.
  func legacyStyles(hash: String) throws -> String? {
    guard try legacyStylesTableExists() else { return nil }
    let statement = try db.prepare("SELECT body FROM layout_styles WHERE hash = ?")
    try statement.bind(hash, at: 1)
    return try statement.step() ? statement.text(at: 0) : nil
  }

  /// `layout` with the styles `body` (nil or empty: none) set on its nodes.
  /// - Throws: `SnapshotStoreError.badStoredText` for a line that is not a node and a style.
  func withStyles(_ layout: LayoutState, body: String?, hash: String) throws -> LayoutState {
    guard let body, !body.isEmpty else { return layout }
    var styled = layout
    for (number, line) in body.split(separator: "\n").enumerated() {
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, let index = Int(parts[0]), styled.nodes.indices.contains(index),
        let style = ViewStyle(text: parts[1])
      else {
        throw SnapshotStoreError.badStoredText(
          path: path, detail: "styles of layout \(hash) line \(number + 1): not a view and a style: '\(line)'")
      }
      styled.nodes[index].style = style
    }
    return styled
  }
}
