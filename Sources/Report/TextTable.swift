import HeadlessUIKit
import SQLite
import Snapshots
import TextBytes

// An interned table of a report's data (the screens' drawn elements, the screens): each
// distinct text gets the next index the first time it is seen. A 10-hour trip draws some
// 160 000 distinct ones, tens of MB once indexed in memory; a diff page's tables keep only
// the recent ones in memory and look older ones up in a temporary database instead.

/// Distinct texts by first occurrence: `index(of:element:)` gives a text's index, adding its
/// element at the end of `elements` the first time.
///
/// In memory, every text is remembered. Spilled, only the last `recentLimit` are, every
/// text is in a temporary SQLite database (keyed by its bytes; pages past SQLite's cache go to
/// an unnamed file under `TMPDIR`) and the elements go to a spill buffer: memory stays
/// bounded however many texts there are.
final class TextTable {
  /// The table's elements in index order.
  let elements: SpilledArray
  private var recent: [ByteKey: Int] = [:]
  private let recentLimit: Int
  private let database: (connection: SQLiteConnection, find: SQLiteStatement, add: SQLiteStatement)?
  private var count = 0

  /// A table held in memory.
  init() {
    elements = SpilledArray(SpillBuffer(limit: .max))
    recentLimit = .max
    database = nil
  }

  /// A table whose elements spill past `limit` bytes into a file of `files`, called `name`,
  /// and whose texts are looked up in a temporary database past the last `recentLimit`.
  /// - Throws: `SQLiteError` when the temporary database cannot be made.
  init(spilling files: ScratchFiles, limit: Int, name: String, recentLimit: Int = 1024) throws {
    let buffer = SpillBuffer(limit: limit, files: files, name: name)
    buffer.readChunk = 1 << 16  // as a diff page's columns
    elements = SpilledArray(buffer)
    self.recentLimit = max(1, recentLimit)
    let connection = try SQLiteConnection(temporaryFor: "the report's \(name) table")
    // A small page cache (256 KiB, not SQLite's 2 MB): lookups are few past the recent texts.
    try connection.execute(
      """
      PRAGMA cache_size = -256;
      CREATE TABLE texts (text BLOB PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID
      """)
    database = (
      connection, try connection.prepare("SELECT position FROM texts WHERE text = ?"),
      try connection.prepare("INSERT INTO texts (text, position) VALUES (?, ?)")
    )
  }

  /// The index of `text`; the first time, `element` (its JSON) is added as the next.
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the elements' scratch file fails,
  ///   `SQLiteError` when the temporary database does.
  func index(of text: String, element: () -> String) throws -> Int {
    let key = ByteKey(text)
    if let index = recent[key] { return index }
    let index: Int
    if let found = try stored(text) {
      index = found
    } else {
      index = count
      count += 1
      try elements.append(element())
      try store(text, at: index)
    }
    if recent.count >= recentLimit { recent.removeAll(keepingCapacity: true) }
    recent[key] = index
    return index
  }

  /// The index the database holds for `text`; nil when it has none (or the table is in
  /// memory, where every text is recent).
  private func stored(_ text: String) throws -> Int? {
    guard let find = database?.find else { return nil }
    find.reset()
    try find.bind(blob: Array(text.utf8), at: 1)
    defer { find.reset() }
    return try find.step() ? Int(find.int64(at: 0)) : nil
  }

  private func store(_ text: String, at index: Int) throws {
    guard let add = database?.add else { return }
    try add.run([.blob(Array(text.utf8)), .integer(Int64(index))])
  }
}
