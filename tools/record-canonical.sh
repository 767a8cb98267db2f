#!/usr/bin/env bash
# Re-records the canonical trips in Recordings/ from their scenarios, one log per scenario:
# Recordings/NAME.json -> Recordings/NAME.sqlite. Recording is deterministic, so the event rows
# come out identical (NavSimCLITests/RecordingsTests checks it); run this after a change that
# is meant to change what the navigator records, and review the difference.
#
#   bash tools/record-canonical.sh            # every scenario
#   bash tools/record-canonical.sh NAME...    # some of them
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product navsim >&2
navsim="$(swift build --show-bin-path)/navsim"

if (($#)); then names=("$@"); else
  names=()
  for scenario in Recordings/*.json; do names+=("$(basename "$scenario" .json)"); done
fi
for name in "${names[@]}"; do
  scenario="Recordings/$name.json"
  log="Recordings/$name.sqlite"
  [ -f "$scenario" ] || { echo "record-canonical: no scenario $scenario" >&2; exit 2; }
  rm -f "$log" "$log-wal" "$log-shm"
  summary="$("$navsim" record --scenario "$scenario" --out "$log")"
  echo "${summary%%$'\n'*}"
done
