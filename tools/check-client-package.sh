#!/usr/bin/env bash
# Builds tools/client-package: a separate package that depends on NavSim and compiles a map
# screen written for the real Navigation SDK, with its SDK imports unchanged, in Swift 6 mode.
# Usage: bash tools/check-client-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
screen=tools/client-package/Sources/ClientScreen/GuideStyleScreen.swift
if ! cmp -s "$screen" Tests/ReplayTests/GuideStyleScreen.swift; then
  echo "check-client-package: $screen differs from Tests/ReplayTests/GuideStyleScreen.swift" >&2
  exit 1
fi
swift build --package-path tools/client-package --scratch-path .build/client-package
echo "check-client-package: the guide-style screen compiles from a client package (Swift 6)"
