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
# The app screens (tools/client-package/AppScreens): a file in which navsim-objc-free finds
# no Objective-C marker is copied, unchanged, into the Swift 5 and Swift 6 targets; every file
# is compiled with its markers removed by the ObjCFreeCopies plugin (objc-free-sources/).
swift build --product navsim-objc-free >/dev/null
objc_free=$(swift build --show-bin-path)/navsim-objc-free
unchanged=0; marked=0; total=0
for dir in AppScreensUnchanged5 AppScreensUnchanged6; do
  mkdir -p "tools/client-package/Sources/$dir"
  rm -f "tools/client-package/Sources/$dir"/*.swift
done
for screen in tools/client-package/AppScreens/*.swift; do
  total=$((total + 1))
  # "N of N with markers removed" holds only if both marker-free targets list every screen.
  for list in AppScreensObjCFree5 AppScreensObjCFree6; do
    grep -qxF "AppScreens/$(basename "$screen")" "tools/client-package/objc-free-sources/$list.txt" \
      || { echo "check-client-package: tools/client-package/objc-free-sources/$list.txt does not list AppScreens/$(basename "$screen")" >&2; exit 1; }
  done
  report=$("$objc_free" "$screen" ".build/client-package/objc-free/$(basename "$screen")")
  if [ -z "$report" ]; then
    unchanged=$((unchanged + 1))
    cp "$screen" tools/client-package/Sources/AppScreensUnchanged5/
    cp "$screen" tools/client-package/Sources/AppScreensUnchanged6/
    echo "check-client-package: $(basename "$screen"): no Objective-C markers: compiled unchanged"
  else
    marked=$((marked + 1))
    echo "check-client-package: $(basename "$screen"): compiled with these markers removed:"
    echo "$report" | sed 's/^/  /'
  fi
done
swift build --package-path tools/client-package --scratch-path .build/client-package
echo "check-client-package: the guide-style and courier screens (Swift 6), the plugin-style clients (Swift 5) and the main-actor clients (Swift 6, no warnings) compile from a client package"
echo "check-client-package: app screens in Swift 5 and Swift 6 modes: $unchanged of $total compile unchanged, $total of $total with Objective-C markers removed ($marked needed it)"
swift test --package-path tools/client-package --scratch-path .build/client-package \
  --filter AppScreensTests >.build/client-package/app-screens.log 2>&1 \
  || { cat .build/client-package/app-screens.log >&2; echo "check-client-package: the app screens' tests failed" >&2; exit 1; }
grep -q "Test run with 3 tests.* passed" .build/client-package/app-screens.log \
  || { cat .build/client-package/app-screens.log >&2; echo "check-client-package: the app screens' tests did not run" >&2; exit 1; }
echo "check-client-package: a team's Linux test target runs two screens written with @objc / #selector / @IBOutlet through the ObjCFreeCopies plugin"

# A team's first hour (README, "Use NavSim in your package"): golden tests in XCTest and Swift
# Testing, written as plain synchronous test functions, record, pass, then fail readably after
# a one-line change to the team's delegate; the team's own navsim runs with its delegate.
pkg=tools/client-package
goldens=$pkg/Tests/TeamLayoutTests/__Golden__
delegate=$pkg/Sources/TeamLayout/TeamLayoutDelegate.swift
test_log=.build/client-package/first-hour.log
first_hour_test() {
  swift test --package-path "$pkg" --scratch-path .build/client-package \
    --filter TeamLayoutTests >"$test_log" 2>&1
}
rm -rf "$goldens"
if NAVSIM_RECORD=1 first_hour_test; then
  echo "check-client-package: recording the goldens passed; it must fail once" >&2; exit 1
fi
for name in city-commute.xctest city-commute.swift-testing; do
  [ -s "$goldens/$name.txt" ] || { cat "$test_log" >&2; echo "check-client-package: $name not recorded" >&2; exit 1; }
done
first_hour_test || { cat "$test_log" >&2; echo "check-client-package: the golden tests fail against their own goldens" >&2; exit 1; }
grep -q "Executed 1 test, with 0 failures" "$test_log" || { cat "$test_log" >&2; echo "check-client-package: the XCTest test did not run" >&2; exit 1; }
grep -q "Test run with 1 test.* passed" "$test_log" || { cat "$test_log" >&2; echo "check-client-package: the Swift Testing test did not run" >&2; exit 1; }
cp "$delegate" .build/client-package/TeamLayoutDelegate.swift.orig
trap 'cp .build/client-package/TeamLayoutDelegate.swift.orig "$delegate"' EXIT
sed -i 's/private static let cardInset: CGFloat = 0/private static let cardInset: CGFloat = 12/' "$delegate"
if first_hour_test; then
  echo "check-client-package: the golden tests pass after the delegate changed" >&2; exit 1
fi
for expected in "XCTestGoldenTests.swift:9: error" "recorded an issue at SwiftTestingGoldenTests.swift:7" "replay differs from golden file" "--- event" "turnCard"; do
  grep -q -- "$expected" "$test_log" || { cat "$test_log" >&2; echo "check-client-package: the failure does not say '$expected'" >&2; exit 1; }
done
cp .build/client-package/TeamLayoutDelegate.swift.orig "$delegate"
trap - EXIT
navsim_team=$(swift build --package-path "$pkg" --scratch-path .build/client-package --show-bin-path)/team-navsim
"$navsim_team" delegates | grep -qx mine || { echo "check-client-package: team-navsim does not list 'mine'" >&2; exit 1; }
cp Recordings/city-commute.sqlite .build/client-package/trip.sqlite
"$navsim_team" replay .build/client-package/trip.sqlite --delegate mine >/dev/null
echo "check-client-package: a team's golden tests (XCTest and Swift Testing) record, pass and fail readably; its own navsim replays its delegate"
