#ifndef NAVSIM_CSQLITE_SHIM_H
#define NAVSIM_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bound buffer.
static inline sqlite3_destructor_type navsim_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/// sqlite3_db_config is variadic; this wrapper sets one integer option.
static inline int navsim_sqlite_db_config_int(sqlite3 *db, int op, int value, int *out) {
  return sqlite3_db_config(db, op, value, out);
}
#endif
