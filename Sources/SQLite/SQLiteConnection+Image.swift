import CSQLite

// MARK: - The database as one file image

extension SQLiteConnection {
  /// The main database's bytes as one file (`sqlite3_serialize`): what SQLite would have on
  /// disk with no journal beside it. A database built in a temporary file
  /// (`init(temporaryFor:)`) is written to its path this way, atomically, by `OutputFile`.
  ///
  /// Call it with no transaction open.
  /// - Parameter walMode: marks the image as a WAL file (header bytes 18 and 19 set to 2,
  ///   what `PRAGMA journal_mode = WAL` writes there), like the logs and stores NavSim writes
  ///   in place: a reader then opens it immutable, a writer in WAL mode. A temporary database
  ///   cannot be in WAL mode itself.
  /// - Throws: `SQLiteError` when SQLite cannot read the database or allocate the image.
  /// - Complexity: O(n) time and memory in the size of the database: for a moment, twice the
  ///   database's size (SQLite's serialized image and the copy returned).
  public func image(walMode: Bool) throws -> [UInt8] {
    var size: sqlite3_int64 = 0
    guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
      throw SQLiteError(
        code: SQLITE_NOMEM, message: "cannot make an image of the database", path: path)
    }
    defer { sqlite3_free(bytes) }
    var image = Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    // The file format's write and read versions: 1 rollback journal, 2 WAL.
    if walMode, image.count >= 100 {
      image[18] = 2
      image[19] = 2
    }
    return image
  }
}
