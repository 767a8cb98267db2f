#ifndef NAVSIM_CLIBPQ_SHIM_H
#define NAVSIM_CLIBPQ_SHIM_H
// Debian puts libpq-fe.h in /usr/include/postgresql (pkg-config libpq adds it), Homebrew in
// its libpq prefix's include directory (pkg-config adds that too).
#include <libpq-fe.h>
#endif
