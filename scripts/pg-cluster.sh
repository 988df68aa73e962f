#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests, on 127.0.0.1 and a free port.
#
#   bash scripts/pg-cluster.sh start [DIR]   creates the cluster in DIR (an empty or missing
#                                            directory; a new one under /tmp when omitted), starts
#                                            it and prints its URL, and only that, on stdout:
#                                            postgres://postgres@127.0.0.1:PORT/postgres
#   bash scripts/pg-cluster.sh stop DIR      stops that cluster and removes DIR
#
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user
# (`runuser -u postgres`); as anyone else it belongs to the caller. Authentication is `trust`
# on loopback only, and the superuser is `postgres` (tests create a database per test file).
# PG_BIN overrides where the server binaries are (default /usr/lib/postgresql/15/bin).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
MARKER=".bwb-pg-cluster"

say() { echo "pg-cluster: $*" >&2; }
die() {
  say "$*"
  exit 1
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start() {
  [ -x "$PG_BIN/initdb" ] || die "no PostgreSQL server at $PG_BIN (apt-get install postgresql-15)"
  local dir="${1:-}"
  if [ -z "$dir" ]; then
    dir="$(mktemp -d /tmp/bwb-pg.XXXXXX)"
  else
    mkdir -p "$dir"
    [ -z "$(ls -A "$dir")" ] || die "$dir is not empty"
  fi
  dir="$(cd "$dir" && pwd)"
  touch "$dir/$MARKER"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "no 'postgres' system user (apt-get install postgresql-15)"
    chown postgres: "$dir" "$dir/$MARKER"
  fi
  chmod 700 "$dir"

  if ! as_owner "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 \
    --no-instructions >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  fi

  # A port found free can be taken before the server binds it: try a few.
  local port attempt
  for attempt in 1 2 3 4 5; do
    port="$(free_port)"
    if as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200" \
      start >/dev/null 2>&1; then
      break
    fi
    port=""
    say "start on a port failed (attempt $attempt), retrying"
  done
  if [ -z "$port" ]; then
    cat "$dir/postgres.log" >&2 || true
    die "the server did not start (data in $dir)"
  fi

  local tries=0
  until "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || die "the server is not ready after 30 s (log: $dir/postgres.log)"
    sleep 0.3
  done

  say "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port," \
    "data in $dir (stop: bash scripts/pg-cluster.sh stop $dir)"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir="${1:-}"
  [ -n "$dir" ] || die "usage: $0 stop DIR"
  [ -d "$dir" ] || {
    say "$dir does not exist: nothing to stop"
    return 0
  }
  [ -e "$dir/$MARKER" ] || die "$dir was not made by this script: refusing to remove it"
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 ||
      say "pg_ctl stop failed (log: $dir/postgres.log)"
  fi
  rm -rf -- "$dir"
}

case "${1:-}" in
start)
  shift
  start "$@"
  ;;
stop)
  shift
  stop "$@"
  ;;
*) die "usage: $0 start [DIR] | stop DIR" ;;
esac
