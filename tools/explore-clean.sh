#!/usr/bin/env bash
# Explore on correct code at the command's default budget: the sample delegates, the built-in
# layout and the delivery screen through `navsim explore` (100 trips of seed 1 each, every
# dimension drawn), then the SDK docs' published sample and the delegate corpus through
# ExploreCorpusTests (they live in the test target). Any finding fails. Too slow for
# `swift test` (minutes in a debug build); run it after changing the generator or the rules.
#   tools/explore-clean.sh [--release] [--seed S]
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=debug
seed=1
while [ $# -gt 0 ]; do
  case "$1" in
    --release) configuration=release; shift ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "explore-clean.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

swift build -c "$configuration" --product navsim >/dev/null
navsim=".build/$configuration/navsim"
failed=0
for subject in "--delegate basic" "--delegate complete" "--delegate complete-v2" \
  "--delegate builtin" "--screen delivery"; do
  # shellcheck disable=SC2086
  if output=$("$navsim" explore $subject --budget 100 --seed "$seed" --jobs 2); then
    echo "${output%%$'\n'*}"
    case "$output" in
      *" 0 distinct findings"*) ;;
      *) echo "$output"; failed=1 ;;
    esac
  else
    echo "$output"
    failed=1
  fi
done

log=.build/explore-clean-corpus.log
NAVSIM_EXPLORE_FULL=1 swift test --filter ExploreCorpusTests/theDefaultBudgetFindsNothingInCorrectCode \
  >"$log" 2>&1 || failed=1
grep -E "clean over 100|Expectation failed|error:" "$log" || true
exit $failed
