#!/usr/bin/env bash
# Installs what NavSim's build and tests need on a fresh Debian machine with the Swift
# toolchain: the system SQLite and PostgreSQL client (libpq) libraries, librsvg and DejaVu
# fonts. Idempotent; run as root (or with sudo available). The PostgreSQL server for the tests
# is tools/postgres-test-server.sh.
set -euo pipefail

need=()
if ! pkg-config --exists sqlite3 2>/dev/null; then need+=(libsqlite3-dev pkg-config); fi
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
if ! pkg-config --exists libpq 2>/dev/null; then need+=(libpq-dev pkg-config); fi
# PNG output (navsim render --png): librsvg with cairo, and the fonts pictures are drawn with.
if ! pkg-config --exists librsvg-2.0 2>/dev/null; then need+=(librsvg2-dev pkg-config); fi
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)

if ((${#need[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
