#!/usr/bin/env bash
# Builds tools/client-package: a separate package that depends on NavSim and compiles a map
# screen written for the real Navigation SDK, with its SDK imports unchanged, in Swift 6 mode.
# Usage: bash tools/check-client-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# The screens are the test target's own files, copied in unchanged (one source, two packages).
mkdir -p tools/client-package/Sources/ClientScreen
cp Tests/ReplayTests/GuideStyleScreen.swift Tests/ReplayTests/NavigationViewController.swift \
  Tests/ReplayTests/CourierTripScreen.swift Tests/ReplayTests/DeliveryStopsScreen.swift \
  tools/client-package/Sources/ClientScreen/
swift build --package-path tools/client-package --scratch-path .build/client-package
echo "check-client-package: the guide-style and courier screens (Swift 6), the plugin-style clients (Swift 5) and the main-actor clients (Swift 6, no warnings) compile from a client package"
