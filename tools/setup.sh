#!/usr/bin/env bash
# Installs what NavSim's build and tests need on a fresh Debian machine with the Swift
# toolchain: the system SQLite, PostgreSQL client (libpq), OpenSSL (libcrypto) and librsvg
# libraries, DejaVu fonts, HarfBuzz, the Inter font and Noto's UI faces (text measuring), zsh
# and fish (the completion scripts' tests), and valgrind (instruction counts). Idempotent;
# run as root (or with sudo available). The PostgreSQL server for the tests is
# tools/postgres-test-server.sh.
set -euo pipefail

need=()
if ! pkg-config --exists sqlite3 2>/dev/null; then need+=(libsqlite3-dev pkg-config); fi
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
# libpq is loaded when the first PostgreSQL connection opens (not linked: LibPQ.swift).
ldconfig -p 2>/dev/null | grep -q 'libpq\.so\.5 ' || need+=(libpq5)
if ! pkg-config --exists libcrypto 2>/dev/null; then need+=(libssl-dev pkg-config); fi
python3 -c 'import yaml' 2>/dev/null || need+=(python3-yaml)   # tools/ci-template/run
command -v setpriv >/dev/null 2>&1 || need+=(util-linux)   # tools/hazards: run as nobody
# PNG output (navsim render --png): librsvg with cairo, loaded when the first picture is drawn
# (not linked: SnapshotRaster/RSVGLibrary.swift), and the fonts pictures are drawn with.
ldconfig -p 2>/dev/null | grep -q 'librsvg-2\.so\.2 ' || need+=(librsvg2-2)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
# Text measuring (UILabel, UIButton): HarfBuzz shapes text in Inter, loaded at the first
# measure (not linked: HeadlessUIKit/TextShaper.swift).
ldconfig -p 2>/dev/null | grep -q 'libharfbuzz\.so\.0 ' || need+=(libharfbuzz0b)
[ -e /usr/share/fonts/opentype/inter/Inter-Regular.otf ] || need+=(fonts-inter)
# Scripts Inter has no glyphs for (Arabic, Hebrew, Devanagari, Thai...) are shaped in Noto's UI
# faces, as UIKit falls back from SF to its own Arabic or Hebrew face.
[ -e /usr/share/fonts/truetype/noto/NotoSansArabicUI-Regular.ttf ] || need+=(fonts-noto-ui-core)
# FoundationNetworking (URLSession on Linux), which the UIKit and GoogleMaps modules export
# (`@_exported import`), links libcurl: every program built on them needs it at run time.
ldconfig -p 2>/dev/null | grep -q 'libcurl\.so\.4 ' || need+=(libcurl4)
# Instruction counts of a replay (`valgrind --tool=callgrind`, callgrind_annotate): how
# docs/replay-performance.md measures the cost of an event.
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# Peak memory of a command (tools/bench-diff).
[ -x /usr/bin/time ] || need+=(time)
# `navsim --generate-completion-script zsh|fish` is checked by each shell.
command -v zsh >/dev/null 2>&1 || need+=(zsh)
command -v fish >/dev/null 2>&1 || need+=(fish)

if ((${#need[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
