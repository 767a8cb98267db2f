#!/usr/bin/env bash
# Builds the DocC catalogs of the products app teams use with the toolchain's own tools and
# fails on any DocC warning (unresolved symbol links, undocumented parameters included):
# SwiftPM extracts the public symbol graphs (`swift package dump-symbol-graph`), then
# `docc convert` builds each catalog against its module's graphs.
# Usage: bash tools/check-docs.sh          (archives in .build/docs/TARGET.doccarchive)
#        bash tools/check-docs.sh --preview NavSim   (docc preview: http://localhost:8000)
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(NavSim NavSimTesting NavSimCLI NavSimRecorder)
mkdir -p .build/docs
log=.build/docs/symbol-graphs.log
if ! swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
  cat "$log" >&2
  echo "check-docs: swift package dump-symbol-graph failed ($log)" >&2
  exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
[ -d "$graphs" ] || { echo "check-docs: no symbol graphs in '$graphs' ($log)" >&2; exit 1; }

for target in "${targets[@]}"; do
  # The module's own graph and its extensions of other modules' types (Module@Other).
  dir=".build/docs/graphs/$target"
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$graphs/$target.symbols.json" "$dir/"
  for extension in "$graphs/$target@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$dir/"
  done
  out=".build/docs/$target.log"
  if ! docc convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$target" --fallback-bundle-identifier "com.navsim.$target" \
    --output-path ".build/docs/$target.doccarchive" --warnings-as-errors >"$out" 2>&1; then
    cat "$out" >&2
    echo "check-docs: $target: docc convert failed ($out)" >&2
    exit 1
  fi
  if grep -q 'warning:' "$out"; then
    grep -A4 'warning:' "$out" >&2
    echo "check-docs: $target: DocC warnings ($out)" >&2
    exit 1
  fi
  echo "check-docs: $target: documentation built, no warnings"
done

if [ "${1:-}" = "--preview" ]; then
  target="${2:-NavSim}"
  exec docc preview "Sources/$target/$target.docc" \
    --additional-symbol-graph-dir ".build/docs/graphs/$target" \
    --fallback-display-name "$target" --fallback-bundle-identifier "com.navsim.$target" \
    --output-path ".build/docs/preview-$target" --port 8000
fi
