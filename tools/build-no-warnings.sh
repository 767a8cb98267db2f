#!/usr/bin/env bash
# Builds Sources and Tests (`swift build --build-tests`) and fails on any compiler warning,
# listing them. CI builds from a fresh clone, so every file is compiled and every warning
# shows; after an incremental build only the files compiled again are checked.
# (`-warnings-as-errors` would do the same, but as a flag it makes every later `swift build`
# without it rebuild the whole package.)
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
log=.build/build-warnings.log
swift build --build-tests "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
warnings=$(grep -E '^/.+\.swift:[0-9]+:[0-9]+: warning:' "$log" | sort -u)
if [ -n "$warnings" ]; then
  echo "$warnings" >&2
  echo "build-no-warnings: $(echo "$warnings" | wc -l) compiler warning(s); Sources and Tests must build without any" >&2
  exit 1
fi
echo "build-no-warnings: Sources and Tests built with no compiler warning"
