import Replay
import SQLite

// When each run's recording started: table `run_starts`, created by the first run that knows
// it. A store without it (written before) reads as "not known", and the ETA card keeps the
// arrival counted from the trip's start.
//
//   run_starts(run_id INTEGER PRIMARY KEY, created_at TEXT)   the recording's ISO 8601 time

extension SnapshotStore {
  func storeTripStart(_ start: String, run: Int64) throws {
    try db.execute(
      "CREATE TABLE IF NOT EXISTS run_starts (run_id INTEGER PRIMARY KEY, created_at TEXT NOT NULL) STRICT")
    let insert = try db.prepare("INSERT OR REPLACE INTO run_starts (run_id, created_at) VALUES (?, ?)")
    try insert.run([.integer(run), .text(start)])
  }

  /// The recorded start of every run that has one, by run id.
  func tripStarts() throws -> [Int64: String] {
    guard try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'run_starts'") == .integer(1)
    else { return [:] }
    let statement = try db.prepare("SELECT run_id, created_at FROM run_starts")
    var starts: [Int64: String] = [:]
    while try statement.step() {
      if let text = statement.text(at: 1) { starts[statement.int64(at: 0)] = text }
    }
    return starts
  }
}
