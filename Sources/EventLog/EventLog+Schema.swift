import SQLite
import SessionEvents

// The file format of a NavSim event log: an SQLite database whose `application_id` says it is
// a NavSim log and whose `user_version` is its schema version. Recordings and events are
// STRICT tables; triggers make events append-only even for raw SQL; the file uses WAL.
//
// The triggers bind every other client (the sqlite3 shell, scripts): events can only be
// appended, in seq order, with t never decreasing, to an unfinished recording. NavSim's own
// read-write connections switch triggers off (SQLITE_DBCONFIG_ENABLE_TRIGGER): a trigger runs a
// sub-program per row, which cost ~35% of the append rate (navsim-bench eventlog), and the
// writer and importer check the same rules in Swift before inserting.

enum EventLogSchema {
  // MARK: - Identity

  /// `PRAGMA application_id` of every NavSim log: "NavL" in ASCII.
  static let applicationID: Int64 = 0x4E61_764C

  /// What a file with another `application_id` is, in a user's words.
  static func describeForeign(applicationID: Int64) -> String {
    switch applicationID {
    case 0x4E56_5353: "it is a NavSim snapshot store; give a recording made by navsim record"
    default: "an SQLite database of another program"
    }
  }

  /// The schema version this NavSim writes (`PRAGMA user_version`).
  static var currentVersion: Int64 { Int64(migrations.count) }

  // MARK: - Migrations

  /// Forward migrations: `migrations[i]` takes a log from schema version i to i + 1, inside
  /// the opening transaction. Append only; never edit a shipped migration.
  static let migrations: [String] = [version1, version2, version3, version4, version5]

  /// The oldest schema version a read-only open reads as it is: every migration after it only
  /// adds tables, which readers treat as empty when missing. Older files need `readWrite`.
  static let oldestReadableVersion: Int64 = 1

  /// Version 1: recordings, events, append-only triggers, the readable view.
  static let version1 = """
    CREATE TABLE recordings (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('scenario', 'imported')),
      scenario TEXT,
      seed INTEGER,                -- UInt64 stored as its Int64 bit pattern
      device_profile TEXT,
      created_at TEXT NOT NULL,
      navsim_version TEXT NOT NULL,
      payload_format INTEGER NOT NULL,
      finished INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1))
    ) STRICT;

    -- One row per event. The payload lives in typed slots n1..n8 (numbers) and s1..s3 (texts);
    -- which field is in which slot is EventKind.storedFields (SessionEvents). Read
    -- events_readable for names and JSON.
    CREATE TABLE events (
      recording_id INTEGER NOT NULL REFERENCES recordings (id),
      seq INTEGER NOT NULL CHECK (seq >= 1),
      t INTEGER NOT NULL CHECK (t >= 0),
      kind INTEGER NOT NULL,
      n1 ANY, n2 ANY, n3 ANY, n4 ANY, n5 ANY, n6 ANY, n7 ANY, n8 ANY,
      s1 TEXT, s2 TEXT, s3 TEXT,
      PRIMARY KEY (recording_id, seq)
    ) STRICT, WITHOUT ROWID;

    CREATE TRIGGER events_are_append_only_update BEFORE UPDATE ON events BEGIN
      SELECT RAISE(ABORT, 'NavSim event log: events are append-only, UPDATE is not allowed');
    END;
    CREATE TRIGGER events_are_append_only_delete BEFORE DELETE ON events BEGIN
      SELECT RAISE(ABORT, 'NavSim event log: events are append-only, DELETE is not allowed');
    END;
    CREATE TRIGGER events_are_appended_in_order BEFORE INSERT ON events BEGIN
      SELECT RAISE(ABORT,
        'NavSim event log: events can only be appended to an existing, unfinished recording')
      WHERE (SELECT finished FROM recordings WHERE id = NEW.recording_id) IS NOT 0;
      SELECT RAISE(ABORT,
        'NavSim event log: events are append-only, seq must be the recording''s last seq + 1')
      WHERE NEW.seq IS NOT
        coalesce((SELECT max(seq) FROM events WHERE recording_id = NEW.recording_id), 0) + 1;
      SELECT RAISE(ABORT,
        'NavSim event log: t must not be before the previous event''s t')
      WHERE NEW.t < coalesce((SELECT t FROM events WHERE recording_id = NEW.recording_id
        ORDER BY seq DESC LIMIT 1), 0);
    END;
    CREATE TRIGGER recordings_are_kept BEFORE DELETE ON recordings BEGIN
      SELECT RAISE(ABORT, 'NavSim event log: recordings are append-only, DELETE is not allowed');
    END;
    CREATE TRIGGER recordings_only_finish BEFORE UPDATE ON recordings
    WHEN NOT (OLD.finished = 0 AND NEW.finished = 1 AND NEW.id IS OLD.id
      AND NEW.name IS OLD.name AND NEW.source IS OLD.source AND NEW.scenario IS OLD.scenario
      AND NEW.seed IS OLD.seed AND NEW.device_profile IS OLD.device_profile
      AND NEW.created_at IS OLD.created_at AND NEW.navsim_version IS OLD.navsim_version
      AND NEW.payload_format IS OLD.payload_format) BEGIN
      SELECT RAISE(ABORT,
        'NavSim event log: recordings are append-only, only finished may change (from 0 to 1)');
    END;

    """ + readableViewSQL

  /// Version 2: free-form recording attributes (device facts, the redaction flag), set when a
  /// recording begins and append-only like the rest, and the readable view rebuilt for the
  /// `mark` kind. Additive: version-1 files still open read-only, with no attributes.
  static let version2 = """
    CREATE TABLE recording_attributes (
      recording_id INTEGER NOT NULL REFERENCES recordings (id),
      key TEXT NOT NULL CHECK (key <> ''),
      value TEXT NOT NULL,
      PRIMARY KEY (recording_id, key)
    ) STRICT, WITHOUT ROWID;

    CREATE TRIGGER recording_attributes_are_kept_update BEFORE UPDATE ON recording_attributes
    BEGIN
      SELECT RAISE(ABORT, 'NavSim event log: recording attributes are append-only');
    END;
    CREATE TRIGGER recording_attributes_are_kept_delete BEFORE DELETE ON recording_attributes
    BEGIN
      SELECT RAISE(ABORT, 'NavSim event log: recording attributes are append-only');
    END;
    CREATE TRIGGER recording_attributes_precede_events BEFORE INSERT ON recording_attributes
    BEGIN
      SELECT RAISE(ABORT,
        'NavSim event log: attributes are set when a recording begins, before its events')
      WHERE EXISTS (SELECT 1 FROM events WHERE recording_id = NEW.recording_id)
        OR (SELECT finished FROM recordings WHERE id = NEW.recording_id) IS NOT 0;
    END;

    DROP VIEW events_readable;
    """ + readableViewSQL  // the view again, now naming `mark` (kind 18) too

  /// Version 3: the `waypoint` (19) and `routeStatus` (20) kinds, which the navigator's
  /// listeners need (destination titles and Place IDs, failed route requests); the readable
  /// view is rebuilt to name them. Older NavSim versions refuse these logs by their version
  /// instead of failing on an unknown kind; version-1 and -2 files still open read-only.
  static let version3 = """
    DROP VIEW events_readable;
    """ + readableViewSQL

  /// Version 4: the `routeLeg` (21), `routeStep` (22) and `stepDetail` (23) kinds, the route's
  /// guidance as planned (legs with their geometry and driving side; steps with manoeuvre,
  /// road, instruction, length, duration, roundabout exit, exit number, lanes), which nav info
  /// and route legs need; the readable view is rebuilt to name them. As for version 3, older
  /// NavSims refuse these logs by their version, and version-1 to -3 files still open
  /// read-only as they are.
  static let version4 = """
    DROP VIEW events_readable;
    """ + readableViewSQL

  /// Version 5: the `viewSize` kind (24), an SDK view's measured size and layout margins as a
  /// device's SDK gave them (written by NavSimRecorder), which replay uses instead of the
  /// profile's guess; the readable view is rebuilt to name it. As for versions 3 and 4, older
  /// NavSims refuse these logs by their version, and version-1 to -4 files still open
  /// read-only as they are.
  static let version5 = """
    DROP VIEW events_readable;
    """ + readableViewSQL

  // MARK: - The readable view

  /// `events_readable`: every event with its kind's name and its payload as JSON, built from
  /// the slot table so it always matches `SessionEvent.jsonLine`'s payload (same names and
  /// order; SQLite prints reals to 15 significant digits, where export is exact).
  static var readableViewSQL: String {
    var kindCases = ""
    var payloadCases = ""
    for kind in EventKind.allCases {
      kindCases += "    WHEN \(kind.code) THEN '\(kind.rawValue)'\n"
      let members = kind.storedFields.map { field -> String in
        let value: String
        switch field.type {
        case .integer, .real, .optionalReal, .text: value = field.slot.rawValue
        case .settingValue(let typeSlot, let numberSlot, let textSlot):
          value = "CASE \(typeSlot.rawValue) WHEN 'bool' THEN json(CASE \(numberSlot.rawValue) "
            + "WHEN 1 THEN 'true' ELSE 'false' END) WHEN 'number' THEN \(numberSlot.rawValue) "
            + "ELSE \(textSlot.rawValue) END"
        }
        return "'\(field.name)', \(value)"
      }
      payloadCases += "    WHEN \(kind.code) THEN json_object(\(members.joined(separator: ", ")))\n"
    }
    return """
      CREATE VIEW events_readable AS
      SELECT recording_id, seq, t,
        CASE kind
      \(kindCases)    ELSE 'unknown kind ' || kind
        END AS kind,
        CASE kind
      \(payloadCases)    ELSE NULL
        END AS payload
      FROM events;

      """
  }
}
