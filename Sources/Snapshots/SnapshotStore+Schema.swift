import SQLite

// MARK: - Schema 3

extension SnapshotStore {
  /// Creates the tables, triggers and the readable `frames` view in an empty file.
  func createSchema() throws {
    try db.transaction(.immediate) {
      // Another NavSim may have made the store between our look and our write lock.
      if try db.integerPragma("application_id") == Self.applicationID {
        schema = try db.integerPragma("user_version")
        return
      }
      try db.execute(
        """
        PRAGMA application_id = \(Self.applicationID);
        PRAGMA user_version = \(Self.schemaVersion);
        CREATE TABLE runs (
          id INTEGER PRIMARY KEY,
          label TEXT NOT NULL UNIQUE,
          delegate TEXT NOT NULL,
          recording_id INTEGER NOT NULL,
          recording_name TEXT NOT NULL,
          log_fingerprint TEXT NOT NULL,
          navsim_version TEXT NOT NULL,
          sdk_profile TEXT NOT NULL,
          variants TEXT NOT NULL,
          log_path TEXT,
          first_seq INTEGER NOT NULL DEFAULT 0,
          last_seq INTEGER NOT NULL DEFAULT 0,
          event_count INTEGER NOT NULL DEFAULT 0,
          layout_changes INTEGER NOT NULL DEFAULT 0,
          finished INTEGER NOT NULL DEFAULT 0,
          deleting INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE TABLE layouts (
          hash TEXT NOT NULL PRIMARY KEY,
          body TEXT NOT NULL,
          base TEXT,
          depth INTEGER NOT NULL DEFAULT 0,
          styles TEXT
        ) STRICT;
        CREATE TABLE layout_changes (
          run_id INTEGER NOT NULL REFERENCES runs(id),
          seq INTEGER NOT NULL,
          layout_hash TEXT NOT NULL,
          PRIMARY KEY (run_id, seq)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE finding_spans (
          run_id INTEGER NOT NULL REFERENCES runs(id),
          first_seq INTEGER NOT NULL,
          last_seq INTEGER NOT NULL,
          position INTEGER NOT NULL,
          line TEXT NOT NULL,
          PRIMARY KEY (run_id, first_seq, position)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE run_events (
          run_id INTEGER NOT NULL REFERENCES runs(id),
          seq INTEGER NOT NULL,
          t INTEGER NOT NULL,
          event TEXT NOT NULL,
          detail TEXT NOT NULL,
          PRIMARY KEY (run_id, seq)
        ) STRICT, WITHOUT ROWID;
        CREATE TRIGGER runs_finished_immutable BEFORE UPDATE ON runs
          WHEN OLD.finished = 1 AND NOT (NEW.deleting = 1 AND OLD.deleting = 0
            AND NEW.label IS OLD.label AND NEW.event_count IS OLD.event_count)
          BEGIN SELECT RAISE(ABORT, 'run is finished: it is immutable'); END;
        """)
      for table in ["layout_changes", "finding_spans", "run_events"] {
        try db.execute(
          """
          CREATE TRIGGER \(table)_immutable_update BEFORE UPDATE ON \(table)
            BEGIN SELECT RAISE(ABORT, 'snapshots are immutable: delete the whole run instead'); END;
          CREATE TRIGGER \(table)_finished_insert BEFORE INSERT ON \(table)
            WHEN (SELECT finished FROM runs WHERE id = NEW.run_id) = 1
            BEGIN SELECT RAISE(ABORT, 'run is finished: its snapshots are immutable'); END;
          CREATE TRIGGER \(table)_delete_whole_runs BEFORE DELETE ON \(table)
            WHEN (SELECT deleting FROM runs WHERE id = OLD.run_id) = 0
            BEGIN SELECT RAISE(ABORT, 'snapshots are deleted only with their whole run'); END;
          """)
      }
      // One row per event of every run, as schema 1 stored them, for reading with plain SQL
      // (slow on long runs: each row looks up its layout and findings). Times, kinds and
      // payloads of a run replayed from a log are in the log: NULL here.
      try db.execute(
        """
        CREATE VIEW frames (run_id, seq, t, event, detail, layout_hash, findings) AS
          WITH RECURSIVE log_seqs (run_id, seq, last_seq) AS (
            SELECT id, first_seq, last_seq FROM runs WHERE log_path IS NOT NULL AND event_count > 0
            UNION ALL SELECT run_id, seq + 1, last_seq FROM log_seqs WHERE seq < last_seq),
          headers (run_id, seq, t, event, detail) AS (
            SELECT run_id, seq, NULL, NULL, NULL FROM log_seqs
            UNION ALL SELECT run_id, seq, t, event, detail FROM run_events)
          SELECT h.run_id, h.seq, h.t, h.event, h.detail,
            (SELECT c.layout_hash FROM layout_changes c WHERE c.run_id = h.run_id AND c.seq <= h.seq
              ORDER BY c.seq DESC LIMIT 1),
            coalesce((SELECT group_concat(line, char(10)) FROM (
              SELECT f.line FROM finding_spans f WHERE f.run_id = h.run_id AND f.first_seq <= h.seq
                AND f.last_seq >= h.seq ORDER BY f.position)), '')
          FROM headers h;
        """)
    }
    try db.execute("PRAGMA journal_mode = WAL")
  }
}
