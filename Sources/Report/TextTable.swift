import Foundation
import HeadlessUIKit
import OutputPolicy
import SQLite
import Snapshots
import TextBytes

// An interned table of a report's data (the screens' drawn elements, the screens): each
// distinct text gets the next index the first time it is seen. A 10-hour trip draws some
// 160 000 distinct ones, tens of MB once indexed in memory; a diff page's tables keep only
// the recent ones in memory and look older ones up in a database in the page's scratch
// directory instead.

/// Distinct texts by first occurrence: `index(of:element:)` gives a text's index, adding its
/// element at the end of `elements` the first time.
///
/// In memory, every text is remembered. Spilled, at most the last `recentLimit` are: when the
/// first text is forgotten, every text so far goes into an SQLite database in the scratch
/// directory (`ScratchFiles`, under `TMPDIR`), and every new text after it; the elements go to
/// a spill buffer. Memory stays bounded however many texts there are; a table that never
/// forgets a text makes no database.
///
/// A table that has thrown is done: SQLite rolled back the database's one transaction (every
/// text in it is gone), and an element may be in `elements` without its text's index stored.
/// Every later `index(of:element:)` throws the first error again.
final class TextTable {
  /// The table's elements in index order.
  let elements: SpilledArray
  private var recent: [ByteKey: Int] = [:]
  private let recentLimit: Int
  private let files: ScratchFiles?
  private let name: String
  private var database: TextDatabase?
  private var count = 0
  /// The first error thrown: the table is unusable after it.
  private var failed: Error?

  /// A table held in memory.
  init() {
    elements = SpilledArray(SpillBuffer(limit: .max))
    recentLimit = .max
    files = nil
    name = "table"
  }

  /// A table whose elements spill past `limit` bytes into a file of `files`, called `name`,
  /// and whose texts are looked up in a database there (`name.sqlite`) past the last
  /// `recentLimit`.
  init(spilling files: ScratchFiles, limit: Int, name: String, recentLimit: Int = 1024) {
    let buffer = SpillBuffer(limit: limit, files: files, name: name)
    buffer.readChunk = 1 << 16  // as a diff page's columns
    elements = SpilledArray(buffer)
    self.recentLimit = max(1, recentLimit)
    self.files = files
    self.name = name
  }

  /// The index of `text`; the first time, `element` (its JSON) is added as the next.
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the elements' scratch file or
  ///   the database fails, and that same error on every call after.
  func index(of text: String, element: () -> String) throws -> Int {
    if let failed { throw failed }
    do {
      return try indexing(text, element: element)
    } catch {
      failed = error
      throw error
    }
  }

  private func indexing(_ text: String, element: () -> String) throws -> Int {
    let key = ByteKey(text)
    if let index = recent[key] { return index }
    let index: Int
    if let found = try database?.position(of: text) {
      index = found
    } else {
      index = count
      count += 1
      try elements.append(element())
      try database?.add(text, at: index)
    }
    if recent.count >= recentLimit {
      if database == nil, let files {
        // The texts forgotten now are every text so far (this one is new): the database
        // takes them all.
        let made = try TextDatabase(files: files, name: name)
        // In the order of their indices, not the dictionary's: the file's layout, and so
        // where a file-size limit stops it, is the same on every run.
        for (known, position) in recent.sorted(by: { $0.value < $1.value }) {
          try made.add(known.text, at: position)
        }
        try made.add(text, at: index)
        database = made
      }
      recent.removeAll(keepingCapacity: true)
    }
    recent[key] = index
    return index
  }
}

/// The database of a spilled `TextTable`: each text (keyed by its bytes) with its index, in a
/// file of the scratch directory, removed with it. Its failures are the scratch directory's
/// (`RunDiffScratchError`).
private final class TextDatabase {
  private let files: ScratchFiles
  private let path: String
  private let connection: SQLiteConnection
  private let find: SQLiteStatement, insert: SQLiteStatement

  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the file cannot be made.
  init(files: ScratchFiles, name: String) throws {
    self.files = files
    let path = try files.path(name + ".sqlite")
    self.path = path
    var opened: SQLiteConnection?
    do {
      let connection = try SQLiteConnection(path: path, mode: .create)
      opened = connection
      // Scratch: no journal file (the connection is defensive: MEMORY, not OFF; a page new
      // since BEGIN is not journalled), no syncing, one long transaction whose pages reach
      // the file only past the cache (256 KiB, not SQLite's 2 MB): lookups are few past the
      // recent texts.
      try connection.execute(
        """
        PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;
        PRAGMA cache_size = -256;
        CREATE TABLE texts (text BLOB PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID;
        BEGIN
        """)
      find = try connection.prepare("SELECT position FROM texts WHERE text = ?")
      insert = try connection.prepare("INSERT INTO texts (text, position) VALUES (?, ?)")
      self.connection = connection
    } catch let error as SQLiteError {
      throw Self.failure(error, opened, files, path: path)
    }
  }

  /// The index stored for `text`, nil when it has none.
  /// - Throws: `RunDiffScratchError` when the database fails.
  func position(of text: String) throws -> Int? {
    do {
      find.reset()
      try find.bind(blob: Array(text.utf8), at: 1)
      defer { find.reset() }
      return try find.step() ? Int(find.int64(at: 0)) : nil
    } catch let error as SQLiteError {
      throw Self.failure(error, connection, files, path: path)
    }
  }

  /// Stores `text` with its index.
  /// - Throws: `RunDiffScratchError` when the database fails.
  func add(_ text: String, at index: Int) throws {
    do {
      try insert.run([.blob(Array(text.utf8)), .integer(Int64(index))])
    } catch let error as SQLiteError {
      throw Self.failure(error, connection, files, path: path)
    }
  }

  /// `error` as the scratch directory's: the file-size limit or a full disk as a spill file's,
  /// anything else in the system's words or, without a system error, SQLite's.
  ///
  /// The system's error decides when it says the file-size limit or a full disk (`EFBIG`,
  /// `ENOSPC`, `EDQUOT`). SQLite may not have it, though: it keeps the `errno` of its last
  /// failed system call, which a later call (unlocking, closing) can replace or clear, and a
  /// failure while the database is made is followed by the rollback truncating the file. So
  /// a write failing at or near the file-size limit is told by the file's size next, before
  /// any other system error; then SQLite's own result.
  private static func failure(
    _ error: SQLiteError, _ connection: SQLiteConnection?, _ files: ScratchFiles, path: String
  ) -> RunDiffScratchError {
    let code = connection?.systemErrorCode ?? 0
    if code == EFBIG || code == ENOSPC || code == EDQUOT {
      return files.failure(RunDiffScratchError.Problem(errno: code))
    }
    if error.isFull || error.isIOError, reachesFileSizeLimit(path) {
      return files.failure(.fileSizeLimit)
    }
    if code != 0 { return files.failure(RunDiffScratchError.Problem(errno: code)) }
    if error.isFull { return files.failure(.noSpace) }
    return files.failure(.other(error.message))
  }

  /// Whether the file at `path` is within a page (64 KiB at most) of the file-size limit.
  private static func reachesFileSizeLimit(_ path: String) -> Bool {
    var limit = rlimit(), info = stat()
    // No limit is `RLIM_INFINITY`, not `rlim_t.max` everywhere (Darwin's is 2^63 - 1).
    guard getrlimit(fileSizeLimitResource, &limit) == 0, limit.rlim_cur != noResourceLimit,
      stat(path, &info) == 0
    else { return false }
    return UInt64(info.st_size) + 65_536 > UInt64(limit.rlim_cur)
  }
}
