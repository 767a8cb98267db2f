/*
 * eventlog-baseline: the C reference for `navsim-bench eventlog`.
 *
 * Writes COUNT rows to a new SQLite file with one prepared statement in ONE transaction, then
 * reopens the file read-only and reads them back in seq order, touching every column. Each
 * phase is timed from open to close, as the NavSim side is. The table has the shape of a NavSim
 * log's `events` table (STRICT, WITHOUT ROWID, same columns and key, WAL, synchronous=NORMAL)
 * and the rows mirror Sources/EventLog/SyntheticEvents.swift value for value, so both sides
 * store the same kinds and sizes of rows. Change the two together.
 *
 * Build:  cc -O2 -o eventlog-baseline tools/eventlog-baseline.c -lsqlite3
 * Run:    eventlog-baseline DB COUNT
 * Prints: one line "insert_wall insert_cpu read_wall read_cpu checksum" (seconds; CPU time is
 *         the process's, steadier than wall time on a shared machine)
 */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *schema =
    "PRAGMA journal_mode = WAL;"
    "PRAGMA synchronous = NORMAL;"
    "CREATE TABLE events ("
    "  recording_id INTEGER NOT NULL, seq INTEGER NOT NULL, t INTEGER NOT NULL,"
    "  kind INTEGER NOT NULL,"
    "  n1 ANY, n2 ANY, n3 ANY, n4 ANY, n5 ANY, n6 ANY, n7 ANY, n8 ANY,"
    "  s1 TEXT, s2 TEXT, s3 TEXT,"
    "  PRIMARY KEY (recording_id, seq)"
    ") STRICT, WITHOUT ROWID;";

static double seconds(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static double now(void) { return seconds(CLOCK_MONOTONIC); }
static double cpu(void) { return seconds(CLOCK_PROCESS_CPUTIME_ID); }

static void check(sqlite3 *db, int code, const char *what) {
  if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) {
    fprintf(stderr, "eventlog-baseline: %s: %s\n", what, sqlite3_errmsg(db));
    exit(2);
  }
}

/* Slot values of one row; NULL slots have is_set == 0. */
typedef struct {
  int kind;
  int n_set[8], n_int[8];
  int64_t n_i[8];
  double n_d[8];
  const char *s[3];
  char road[32];
} Row;

static void real_slot(Row *r, int slot, double v) { r->n_set[slot] = 1; r->n_d[slot] = v; }
static void int_slot(Row *r, int slot, int64_t v) {
  r->n_set[slot] = 1; r->n_int[slot] = 1; r->n_i[slot] = v;
}

/* Mirrors SyntheticEvents.payload(at:) and EventPayload.stored. */
static void make_row(int64_t i, Row *r) {
  static const char *maneuvers[] = {"turn-left", "turn-right", "straight", "roundabout"};
  static const char *delays[] = {"noData", "light", "medium", "heavy"};
  memset(r, 0, sizeof *r);
  switch (i % 10) {
  case 0: case 2: case 4: case 6: {
    double travelled = (double)i * 1.5;
    r->kind = 8;
    real_slot(r, 0, travelled);
    real_slot(r, 1, 1500000 - travelled);
    real_slot(r, 2, (1500000 - travelled) / 13.5);
    int_slot(r, 3, i / 100);
    real_slot(r, 4, (double)(100 - i % 100) * 1.5);
    real_slot(r, 5, 48 + (double)i * 1e-6);
    real_slot(r, 6, 11 + (double)i * 1e-6);
    real_slot(r, 7, (double)(i % 360));
    snprintf(r->road, sizeof r->road, "Road %lld", (long long)(i / 100));
    r->s[0] = maneuvers[(i / 100) % 4];
    r->s[1] = r->road;
    r->s[2] = delays[(i / 1000) % 4];
    break;
  }
  case 1: case 3: case 5: case 7: {
    double speed = 10 + (double)(i % 20) * 0.5, limit = 13.9;
    r->kind = 9;
    real_slot(r, 0, speed);
    if ((i / 10) % 5 == 0) {
      real_slot(r, 2, -1);
      r->s[0] = "unknown";
    } else {
      real_slot(r, 1, limit);
      real_slot(r, 2, speed > limit ? (speed / limit - 1) * 100 : 0);
      r->s[0] = speed > limit ? "minor" : "notSpeeding";
    }
    break;
  }
  case 8:
    r->kind = 14;
    real_slot(r, 0, (double)(i % 360));
    real_slot(r, 1, 45);
    real_slot(r, 2, 17);
    r->s[0] = "following";
    break;
  default:
    switch ((i / 10) % 8) {
    case 0: r->kind = 10; int_slot(r, 0, i / 10); r->s[0] = "traffic";
      r->s[1] = "Heavy traffic ahead"; break;
    case 1: r->kind = 11; int_slot(r, 0, i / 10 - 1); break;
    case 2: r->kind = 13; int_slot(r, 0, (i / 80) % 2 == 0); r->s[0] = "speedometer";
      r->s[1] = "bool"; break;
    case 3: r->kind = 12; real_slot(r, 0, 393); real_slot(r, 1, 852); real_slot(r, 2, 59);
      real_slot(r, 3, 0); real_slot(r, 4, 34); real_slot(r, 5, 0); break;
    case 4: r->kind = 15; real_slot(r, 0, -5); real_slot(r, 1, 2.5); break;
    case 5: r->kind = 16; break;
    case 6: r->kind = 17; r->s[0] = (i / 80) % 2 == 0 ? "day" : "night"; break;
    default: r->kind = 4; r->s[0] = "reroute"; break;
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: eventlog-baseline DB COUNT\n");
    return 2;
  }
  const char *path = argv[1];
  int64_t count = atoll(argv[2]);
  sqlite3 *db = NULL;
  remove(path);

  /* Write: one prepared statement, one transaction. */
  double start = now(), startCPU = cpu();
  /* The same open flags as NavSim's connections: no per-call mutex (one thread). */
  check(db, sqlite3_open_v2(path, &db,
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL), "open");
  check(db, sqlite3_exec(db, schema, NULL, NULL, NULL), "schema");
  sqlite3_stmt *insert;
  check(db, sqlite3_prepare_v2(db,
      "INSERT INTO events (recording_id, seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8,"
      " s1, s2, s3) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
      -1, &insert, NULL), "prepare insert");
  check(db, sqlite3_exec(db, "BEGIN", NULL, NULL, NULL), "begin");
  Row row;
  for (int64_t i = 0; i < count; i++) {
    make_row(i, &row);
    sqlite3_bind_int64(insert, 1, 1);
    sqlite3_bind_int64(insert, 2, i + 1);
    sqlite3_bind_int64(insert, 3, i * 100);
    sqlite3_bind_int64(insert, 4, row.kind);
    for (int slot = 0; slot < 8; slot++) {
      if (!row.n_set[slot]) sqlite3_bind_null(insert, 5 + slot);
      else if (row.n_int[slot]) sqlite3_bind_int64(insert, 5 + slot, row.n_i[slot]);
      else sqlite3_bind_double(insert, 5 + slot, row.n_d[slot]);
    }
    for (int slot = 0; slot < 3; slot++) {
      if (row.s[slot]) sqlite3_bind_text(insert, 13 + slot, row.s[slot], -1, SQLITE_TRANSIENT);
      else sqlite3_bind_null(insert, 13 + slot);
    }
    check(db, sqlite3_step(insert), "insert");
    sqlite3_reset(insert);
  }
  check(db, sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), "commit");
  sqlite3_finalize(insert);
  check(db, sqlite3_close(db), "close");
  double insertSeconds = now() - start, insertCPU = cpu() - startCPU;

  /* Read: every row in seq order, every column by its type. */
  start = now();
  startCPU = cpu();
  check(db, sqlite3_open_v2(path, &db,
      SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL), "open read-only");
  sqlite3_stmt *select;
  check(db, sqlite3_prepare_v2(db,
      "SELECT seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8, s1, s2, s3 FROM events"
      " WHERE recording_id = 1 ORDER BY seq", -1, &select, NULL), "prepare select");
  double checksum = 0;
  int64_t rows = 0;
  int code;
  while ((code = sqlite3_step(select)) == SQLITE_ROW) {
    checksum += (double)sqlite3_column_int64(select, 1) + sqlite3_column_int64(select, 2);
    for (int column = 3; column < 14; column++) {
      switch (sqlite3_column_type(select, column)) {
      case SQLITE_INTEGER: checksum += (double)sqlite3_column_int64(select, column); break;
      case SQLITE_FLOAT: checksum += sqlite3_column_double(select, column); break;
      case SQLITE_TEXT:
        checksum += sqlite3_column_text(select, column)[0] + sqlite3_column_bytes(select, column);
        break;
      default: break;
      }
    }
    rows++;
  }
  check(db, code, "select");
  sqlite3_finalize(select);
  sqlite3_close(db);
  double readSeconds = now() - start, readCPU = cpu() - startCPU;
  if (rows != count) {
    fprintf(stderr, "eventlog-baseline: read %lld rows, wrote %lld\n", (long long)rows,
            (long long)count);
    return 2;
  }
  printf("%.6f %.6f %.6f %.6f %.1f\n", insertSeconds, insertCPU, readSeconds, readCPU, checksum);
  return 0;
}
