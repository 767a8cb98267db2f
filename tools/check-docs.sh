#!/usr/bin/env bash
# Builds the DocC catalogs of the products app teams use with swift-docc-plugin and fails on
# any DocC warning (unresolved symbol links, undocumented parameters included).
# Usage: bash tools/check-docs.sh        (archives in .build/plugins/Swift-DocC/outputs/)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/docs-check
for target in NavSim NavSimTesting NavSimCLI NavSimRecorder; do
  log=".build/docs-check/$target.log"
  if ! swift package generate-documentation --target "$target" --warnings-as-errors \
    >"$log" 2>&1; then
    cat "$log" >&2
    echo "check-docs: $target: generate-documentation failed ($log)" >&2
    exit 1
  fi
  # SwiftPM's own notice that it drops a system library's `-pthread` (pkg-config cflags) is
  # about the build, not the documentation.
  if grep '^warning:' "$log" | grep -qv 'prohibited flag(s): -pthread'; then
    grep -A4 '^warning:' "$log" | grep -v 'prohibited flag(s): -pthread' >&2
    echo "check-docs: $target: DocC warnings ($log)" >&2
    exit 1
  fi
  echo "check-docs: $target: documentation built, no warnings"
done
