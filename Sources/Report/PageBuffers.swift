import Snapshots

/// Makes the spilling buffers of one HTML page - the screens' tables, then each column - and
/// lists every one it made, so that a page writer's `complete` and `peakBufferedBytes` miss
/// none (`DiffPageWriter`, `ReplayPageWriter`).
struct PageBuffers {
  /// The screens' tables (drawn elements, screens).
  let screens: ScreenTables
  /// Every buffer made: the tables' first, then the columns in the order they were made.
  private(set) var made: [SpillBuffer]
  private let files: ScratchFiles
  private let share: Int

  /// - Parameters:
  ///   - files: where the buffers spill, and whose page their errors name.
  ///   - share: the bytes each buffer (a column, a table's elements) holds in memory.
  ///   - spilling: false holds the screens' tables whole in memory (nothing can fail then);
  ///     true keeps only their last `recentLimit` texts there (`TextTable`).
  init(files: ScratchFiles, share: Int, spilling: Bool, recentLimit: Int) {
    self.files = files
    self.share = share
    screens =
      spilling
      ? ScreenTables(spilling: files, limit: share, recentLimit: recentLimit) : ScreenTables()
    made = screens.buffers
  }

  /// A new column called `name` (its scratch file's name), listed.
  mutating func column(_ name: String) -> SpilledArray {
    let buffer = SpillBuffer(limit: share, files: files, name: name)
    // Read back in pieces of the size the output file writes at once.
    buffer.readChunk = 1 << 16
    made.append(buffer)
    return SpilledArray(buffer)
  }
}
