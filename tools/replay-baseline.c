/*
 * replay-baseline: the C references for tools/bench-replay.
 *
 *   replay-baseline read LOG RECORDING
 *     Reads every row of the recording from a NavSim log in seq order, touching every column
 *     (the physical limit of replaying it: no layout, no snapshots).
 *   replay-baseline copy LOG RECORDING OUT
 *     Reads the recording's rows into memory, then appends them to a new file OUT with the
 *     shape of a NavSim log's `events` table (STRICT, WITHOUT ROWID, WAL, synchronous=NORMAL),
 *     one prepared statement in one transaction: the C append rate of the very same events.
 *
 * Each prints one line "rows wall_seconds cpu_seconds checksum" for its timed phase (read:
 * open to close; copy: the append, open to close).
 * Build: cc -O2 -o replay-baseline tools/replay-baseline.c -lsqlite3
 */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(sqlite3 *db, int code, const char *what) {
  if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) {
    fprintf(stderr, "replay-baseline: %s: %s\n", what, db ? sqlite3_errmsg(db) : "?");
    exit(2);
  }
}

#define COLUMNS 14 /* seq, t, kind, n1..n8, s1..s3 */

typedef struct {
  int type[COLUMNS];
  int64_t i[COLUMNS];
  double d[COLUMNS];
  char *s[COLUMNS];
} Row;

static const char *select_sql =
    "SELECT seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8, s1, s2, s3 FROM events"
    " WHERE recording_id = ?1 ORDER BY seq";

/* Reads the recording; with `rows` set, keeps every row (for copy). */
static int64_t read_rows(const char *path, int64_t recording, Row **rows, double *checksum) {
  sqlite3 *db = NULL;
  check(db, sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL), "open");
  sqlite3_stmt *select;
  check(db, sqlite3_prepare_v2(db, select_sql, -1, &select, NULL), "prepare select");
  sqlite3_bind_int64(select, 1, recording);
  int64_t count = 0, capacity = 0;
  int code;
  while ((code = sqlite3_step(select)) == SQLITE_ROW) {
    Row *row = NULL;
    if (rows) {
      if (count == capacity) {
        capacity = capacity ? capacity * 2 : 1 << 16;
        *rows = realloc(*rows, (size_t)capacity * sizeof(Row));
        if (!*rows) { fprintf(stderr, "replay-baseline: out of memory\n"); exit(2); }
      }
      row = &(*rows)[count];
    }
    for (int column = 0; column < COLUMNS; column++) {
      int type = sqlite3_column_type(select, column);
      if (row) row->type[column] = type;
      switch (type) {
      case SQLITE_INTEGER: {
        int64_t v = sqlite3_column_int64(select, column);
        *checksum += (double)v;
        if (row) row->i[column] = v;
        break;
      }
      case SQLITE_FLOAT: {
        double v = sqlite3_column_double(select, column);
        *checksum += v;
        if (row) row->d[column] = v;
        break;
      }
      case SQLITE_TEXT: {
        const unsigned char *text = sqlite3_column_text(select, column);
        int bytes = sqlite3_column_bytes(select, column);
        *checksum += text[0] + bytes;
        if (row) row->s[column] = strdup((const char *)text);
        break;
      }
      default: break;
      }
    }
    count++;
  }
  check(db, code, "select");
  sqlite3_finalize(select);
  sqlite3_close(db);
  return count;
}

static void copy_rows(const char *out, int64_t recording, const Row *rows, int64_t count) {
  sqlite3 *db = NULL;
  remove(out);
  check(db, sqlite3_open_v2(out, &db,
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL), "open out");
  check(db, sqlite3_exec(db,
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
      "CREATE TABLE events (recording_id INTEGER NOT NULL, seq INTEGER NOT NULL,"
      " t INTEGER NOT NULL, kind INTEGER NOT NULL,"
      " n1 ANY, n2 ANY, n3 ANY, n4 ANY, n5 ANY, n6 ANY, n7 ANY, n8 ANY,"
      " s1 TEXT, s2 TEXT, s3 TEXT, PRIMARY KEY (recording_id, seq)) STRICT, WITHOUT ROWID;",
      NULL, NULL, NULL), "schema");
  sqlite3_stmt *insert;
  check(db, sqlite3_prepare_v2(db,
      "INSERT INTO events (recording_id, seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8,"
      " s1, s2, s3) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
      -1, &insert, NULL), "prepare insert");
  check(db, sqlite3_exec(db, "BEGIN", NULL, NULL, NULL), "begin");
  for (int64_t index = 0; index < count; index++) {
    const Row *row = &rows[index];
    sqlite3_bind_int64(insert, 1, recording);
    for (int column = 0; column < COLUMNS; column++) {
      int parameter = column + 2;
      switch (row->type[column]) {
      case SQLITE_INTEGER: sqlite3_bind_int64(insert, parameter, row->i[column]); break;
      case SQLITE_FLOAT: sqlite3_bind_double(insert, parameter, row->d[column]); break;
      case SQLITE_TEXT:
        sqlite3_bind_text(insert, parameter, row->s[column], -1, SQLITE_TRANSIENT);
        break;
      default: sqlite3_bind_null(insert, parameter); break;
      }
    }
    check(db, sqlite3_step(insert), "insert");
    sqlite3_reset(insert);
  }
  check(db, sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), "commit");
  sqlite3_finalize(insert);
  check(db, sqlite3_close(db), "close");
}

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "read") == 0) {
    double checksum = 0, wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    int64_t rows = read_rows(argv[2], atoll(argv[3]), NULL, &checksum);
    printf("%lld %.6f %.6f %.1f\n", (long long)rows, seconds(CLOCK_MONOTONIC) - wall,
           seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu, checksum);
    return 0;
  }
  if (argc >= 5 && strcmp(argv[1], "copy") == 0) {
    double checksum = 0;
    Row *rows = NULL;
    int64_t count = read_rows(argv[2], atoll(argv[3]), &rows, &checksum);
    double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    copy_rows(argv[4], atoll(argv[3]), rows, count);
    printf("%lld %.6f %.6f %.1f\n", (long long)count, seconds(CLOCK_MONOTONIC) - wall,
           seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu, checksum);
    return 0;
  }
  fprintf(stderr, "usage: replay-baseline read LOG RECORDING | copy LOG RECORDING OUT\n");
  return 2;
}
