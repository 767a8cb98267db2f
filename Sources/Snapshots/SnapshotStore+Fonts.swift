import Replay
import SQLite

// The font each run measured text with: table `run_fonts`, created by the first run that
// knows it. A store without it (written before) reads as "not known".
//
//   run_fonts(run_id INTEGER PRIMARY KEY, font TEXT)   `ReplayJob.fontIdentity`

extension SnapshotStore {
  func storeFont(_ font: String, run: Int64) throws {
    try db.execute(
      "CREATE TABLE IF NOT EXISTS run_fonts (run_id INTEGER PRIMARY KEY, font TEXT NOT NULL) STRICT")
    let insert = try db.prepare("INSERT OR REPLACE INTO run_fonts (run_id, font) VALUES (?, ?)")
    try insert.run([.integer(run), .text(font)])
  }

  /// Whether the store has the table (a store written before fonts were kept has not).
  func hasRunFonts() throws -> Bool {
    try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'run_fonts'") == .integer(1)
  }

  /// The font of every run that has one, by run id.
  func runFonts() throws -> [Int64: String] {
    guard try hasRunFonts() else { return [:] }
    let statement = try db.prepare("SELECT run_id, font FROM run_fonts")
    var fonts: [Int64: String] = [:]
    while try statement.step() {
      if let text = statement.text(at: 1) { fonts[statement.int64(at: 0)] = text }
    }
    return fonts
  }
}
