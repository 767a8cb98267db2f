#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for NavSim's tests, in a temporary directory ($TMPDIR: .ci/run
# sets it inside the checkout), on a loopback TCP port only (no Unix socket, whose path length
# is limited), with password (scram) authentication.
#
#   eval "$(tools/postgres-test-server.sh start)"   # exports NAVSIM_TEST_POSTGRES_URL and
#                                                   # NAVSIM_TEST_POSTGRES_DIR
#   tools/postgres-test-server.sh stop "$NAVSIM_TEST_POSTGRES_DIR"
#
# Installs Debian's postgresql when initdb is missing. PostgreSQL refuses to run as root, so
# as root the cluster runs as the `postgres` system user (created by the Debian package).
# Prints nothing to stdout but the export lines; progress goes to stderr.
set -euo pipefail

find_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin
  bin=$(find_bin || true)
  if [ -z "$bin" ]; then
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    echo "postgres-test-server: installing postgresql" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
    bin=$(find_bin)
  fi
  local dir port password
  dir=$(mktemp -d "${TMPDIR:-/tmp}/navsim-pg-XXXXXX")
  # Any failure from here on stops what started and removes the folder (which may be in
  # /tmp, out of reach of .ci/run's cleanup).
  trap 'stop "$dir"' EXIT
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$dir"
    # The cluster's owner must reach the folder; a checkout under a private home can't be.
    if ! runuser -u postgres -- test -w "$dir"; then
      echo "postgres-test-server: the postgres user can't reach $dir;" \
        "using /tmp instead" >&2
      rmdir "$dir"
      dir=$(mktemp -d /tmp/navsim-pg-XXXXXX)  # the trap names $dir when it runs
      chown postgres: "$dir"
    fi
  fi
  password="navsim-test-$$"
  as_owner bash -c "echo '$password' > '$dir/pwfile'"
  as_owner "$bin/initdb" -D "$dir/data" -U navsim_admin --pwfile="$dir/pwfile" \
    --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  # A free loopback port: asked of the kernel, which frees it again before the server binds
  # it. Another process may take it in between: then the server can't start, and another
  # port is asked for. Each attempt logs to a file of its own (`pg_ctl -l` appends).
  local attempt log
  for attempt in 1 2 3 4 5; do
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    log="$dir/server-$attempt.log"
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$log" -w -t 120 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' -c fsync=off \
        -c max_connections=100" \
      start >&2; then
      break
    fi
    if [ "$attempt" = 5 ] || ! grep -q 'Address already in use' "$log"; then
      cat "$log" >&2
      exit 1  # the trap stops a server that did not answer in time
    fi
    echo "postgres-test-server: port $port was taken before the server bound it;" \
      "trying another" >&2
  done
  trap - EXIT
  echo "export NAVSIM_TEST_POSTGRES_URL='postgres://navsim_admin:$password@127.0.0.1:$port/postgres'"
  echo "export NAVSIM_TEST_POSTGRES_DIR='$dir'"
}

stop() {
  local dir=$1 bin
  bin=$(find_bin || true)  # none installed: no server can be running there
  if [ -n "$bin" ] && [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:?usage: $0 stop DIR}" ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
