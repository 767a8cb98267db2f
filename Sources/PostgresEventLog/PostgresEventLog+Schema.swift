import PostgreSQL

// The event log in PostgreSQL: schema `navsim`, the same recordings and events as the SQLite
// log (EventLog+Schema.swift), with its promises enforced by the server for every client:
//
// * append-only: statement triggers refuse UPDATE, DELETE and TRUNCATE of events and DELETE
//   and TRUNCATE of recordings; a row trigger lets a recording change only from "being pushed"
//   to "complete" (and finished with it). `navsim log init --grant ROLE` gives the role NavSim
//   pushes as only SELECT and INSERT (and UPDATE of those two flags), so even a trigger-free
//   path is refused by privileges.
// * gapless seq per recording, t never decreasing: an AFTER INSERT statement trigger checks
//   each batch (one COPY) against the recording's last stored event, so concurrent pushers of
//   one recording cannot interleave or leave holes (the primary key refuses duplicates). The
//   same trigger checks that the recording exists and is still being pushed, and share-locks
//   its row, which is why events has no foreign key: a per-row key check cost ~2/3 of the
//   server's COPY time.
// * finished: the recorder's flag, set when the push completes; `complete` says every event
//   of the pushed recording is stored, and only complete recordings are listed to readers.
//
// A number slot n1...n8 of the SQLite log is two columns here, iK (bigint) for integers and rK
// (double precision) for reals, at most one set: integers stay integers and reals keep every
// bit (-0.0 included), so a pushed and pulled recording exports byte-identical JSON Lines.

enum PostgresSchema {
  /// The schema version this NavSim writes (`navsim.schema_version.version`).
  static var currentVersion: Int64 { Int64(migrations.count) }

  /// Forward migrations: `migrations[i]` takes the schema from version i to i + 1, run by a
  /// writer under the creation lock. Append only; never edit a shipped migration.
  static let migrations = [version1, version2, version3, version4]

  /// SQLSTATEs the triggers raise: a seq that does not continue the recording (NV001), t going
  /// backwards (NV002), events for a complete recording (NV003), a change that is not an append
  /// (NV004), completing a recording that lacks events (NV005).
  static let seqGap = "NV001", timeBackwards = "NV002", recordingComplete = "NV003",
    notAnAppend = "NV004"

  /// Serialises schema creation between concurrent first pushers (`pg_advisory_xact_lock`).
  static let creationLockKey: Int64 = 0x4E61_764C  // "NavL", as the SQLite application_id

  static let version1 = """
    CREATE SCHEMA navsim;

    CREATE TABLE navsim.schema_version (
      version integer NOT NULL,
      single boolean PRIMARY KEY DEFAULT true CHECK (single)
    );
    INSERT INTO navsim.schema_version (version) VALUES (1);

    CREATE TABLE navsim.recordings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      fingerprint text NOT NULL UNIQUE,  -- SHA-256 of the recording's JSON Lines export
      name text NOT NULL,
      source text NOT NULL CHECK (source IN ('scenario', 'imported')),
      scenario text,
      seed bigint,                       -- UInt64 as its Int64 bit pattern
      device_profile text,
      created_at text NOT NULL,
      navsim_version text NOT NULL,
      payload_format integer NOT NULL,
      event_count bigint NOT NULL CHECK (event_count >= 0),
      complete boolean NOT NULL DEFAULT false,
      finished boolean NOT NULL DEFAULT false,
      CHECK (complete OR NOT finished)
    );

    CREATE TABLE navsim.events (
      recording_id bigint NOT NULL,  -- checked (and locked) per batch by events_appended
      seq bigint NOT NULL CHECK (seq >= 1),
      t bigint NOT NULL CHECK (t >= 0),
      kind integer NOT NULL,
      i1 bigint, i2 bigint, i3 bigint, i4 bigint, i5 bigint, i6 bigint, i7 bigint, i8 bigint,
      r1 double precision, r2 double precision, r3 double precision, r4 double precision,
      r5 double precision, r6 double precision, r7 double precision, r8 double precision,
      s1 text, s2 text, s3 text,
      PRIMARY KEY (recording_id, seq),
      CHECK (num_nonnulls(i1, r1) <= 1 AND num_nonnulls(i2, r2) <= 1
        AND num_nonnulls(i3, r3) <= 1 AND num_nonnulls(i4, r4) <= 1
        AND num_nonnulls(i5, r5) <= 1 AND num_nonnulls(i6, r6) <= 1
        AND num_nonnulls(i7, r7) <= 1 AND num_nonnulls(i8, r8) <= 1)
    );

    CREATE FUNCTION navsim.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'NavSim event log: % are append-only, % is not allowed',
        TG_TABLE_NAME, TG_OP USING ERRCODE = 'NV004';
    END $$;

    CREATE TRIGGER events_are_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON navsim.events
      FOR EACH STATEMENT EXECUTE FUNCTION navsim.refuse_change();
    CREATE TRIGGER recordings_are_kept BEFORE DELETE OR TRUNCATE ON navsim.recordings
      FOR EACH STATEMENT EXECUTE FUNCTION navsim.refuse_change();

    CREATE FUNCTION navsim.recordings_only_complete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.complete OR NEW.finished THEN
          RAISE EXCEPTION 'NavSim event log: a recording starts incomplete and unfinished'
            USING ERRCODE = 'NV004';
        END IF;
        RETURN NEW;
      END IF;
      IF OLD.complete OR NOT NEW.complete
        OR ROW(NEW.id, NEW.fingerprint, NEW.name, NEW.source, NEW.scenario, NEW.seed,
          NEW.device_profile, NEW.created_at, NEW.navsim_version, NEW.payload_format,
          NEW.event_count)
        IS DISTINCT FROM ROW(OLD.id, OLD.fingerprint, OLD.name, OLD.source, OLD.scenario,
          OLD.seed, OLD.device_profile, OLD.created_at, OLD.navsim_version, OLD.payload_format,
          OLD.event_count) THEN
        RAISE EXCEPTION 'NavSim event log: recordings are append-only, only complete (from '
          'false to true) and finished may change' USING ERRCODE = 'NV004';
      END IF;
      IF coalesce((SELECT max(seq) FROM navsim.events WHERE recording_id = NEW.id), 0)
        <> NEW.event_count THEN
        RAISE EXCEPTION 'NavSim event log: recording % is not complete: it holds fewer than % '
          'events', NEW.id, NEW.event_count USING ERRCODE = 'NV005';
      END IF;
      RETURN NEW;
    END $$;

    CREATE TRIGGER recordings_only_complete BEFORE INSERT OR UPDATE ON navsim.recordings
      FOR EACH ROW EXECUTE FUNCTION navsim.recordings_only_complete();

    CREATE FUNCTION navsim.events_appended() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      batch record;
      previous_t bigint;
    BEGIN
      FOR batch IN SELECT recording_id, min(seq) AS first_seq, max(seq) AS last_seq,
          count(*) AS n FROM added GROUP BY recording_id ORDER BY recording_id LOOP
        PERFORM 1 FROM navsim.recordings WHERE id = batch.recording_id AND NOT complete
          FOR SHARE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'NavSim event log: recording % does not exist or is complete and '
            'takes no more events', batch.recording_id USING ERRCODE = 'NV003';
        END IF;
        IF batch.last_seq - batch.first_seq + 1 <> batch.n
          OR batch.first_seq <> coalesce((SELECT max(seq) FROM navsim.events
            WHERE recording_id = batch.recording_id AND seq < batch.first_seq), 0) + 1
          OR EXISTS (SELECT 1 FROM navsim.events
            WHERE recording_id = batch.recording_id AND seq > batch.last_seq) THEN
          RAISE EXCEPTION 'NavSim event log: events are append-only, seq must continue the '
            'recording''s last seq without gaps (recording %, seq % to %)',
            batch.recording_id, batch.first_seq, batch.last_seq USING ERRCODE = 'NV001';
        END IF;
        previous_t := (SELECT t FROM navsim.events
          WHERE recording_id = batch.recording_id AND seq = batch.first_seq - 1);
        IF EXISTS (SELECT 1 FROM (SELECT t, lag(t, 1, previous_t) OVER (ORDER BY seq) AS prev
            FROM added WHERE recording_id = batch.recording_id) AS steps
            WHERE t < prev) THEN
          RAISE EXCEPTION 'NavSim event log: t must not be before the previous event''s t '
            '(recording %)', batch.recording_id USING ERRCODE = 'NV002';
        END IF;
      END LOOP;
      RETURN NULL;
    END $$;

    CREATE TRIGGER events_appended_in_order AFTER INSERT ON navsim.events
      REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION navsim.events_appended();
    """

  /// Version 2: recording attributes (as the SQLite log's schema 2), kept like the rest.
  static let version2 = """
    CREATE TABLE navsim.recording_attributes (
      recording_id bigint NOT NULL REFERENCES navsim.recordings (id),
      key text NOT NULL,
      value text NOT NULL,
      PRIMARY KEY (recording_id, key)
    );

    CREATE TRIGGER recording_attributes_are_kept
      BEFORE UPDATE OR DELETE OR TRUNCATE ON navsim.recording_attributes
      FOR EACH STATEMENT EXECUTE FUNCTION navsim.refuse_change();

    CREATE FUNCTION navsim.attributes_before_complete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM navsim.recordings WHERE id = NEW.recording_id AND complete) THEN
        RAISE EXCEPTION 'NavSim event log: recording % is complete and takes no more attributes',
          NEW.recording_id USING ERRCODE = 'NV003';
      END IF;
      RETURN NEW;
    END $$;

    CREATE TRIGGER attributes_before_complete BEFORE INSERT ON navsim.recording_attributes
      FOR EACH ROW EXECUTE FUNCTION navsim.attributes_before_complete();

    UPDATE navsim.schema_version SET version = 2;
    """

  /// Version 3 changes no table: it marks a library whose events may use the event log's
  /// schema 3 and 4 kinds (`waypoint`, `routeStatus`, `routeLeg`, `routeStep`, `stepDetail`),
  /// so that a NavSim that knows none of them refuses the library when it opens it ("written
  /// by a newer NavSim") instead of failing on the first such event.
  static let version3 = """
    UPDATE navsim.schema_version SET version = 3;
    """

  /// Version 4 changes no table either: it marks a library whose events may use the event
  /// log's schema 5 kind `viewSize`, for the same reason as version 3.
  static let version4 = """
    UPDATE navsim.schema_version SET version = 4;
    """

  /// Privileges for the role a team's NavSim connects as: read everything, append events,
  /// add recordings and mark them complete / finished; nothing else.
  static func grantSQL(role: String) -> String {
    let quoted = "\"" + role.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return """
      GRANT USAGE ON SCHEMA navsim TO \(quoted);
      GRANT SELECT ON ALL TABLES IN SCHEMA navsim TO \(quoted);
      GRANT INSERT ON navsim.events, navsim.recording_attributes TO \(quoted);
      GRANT INSERT, UPDATE (complete, finished) ON navsim.recordings TO \(quoted);
      GRANT USAGE ON ALL SEQUENCES IN SCHEMA navsim TO \(quoted);
      """
  }
}
