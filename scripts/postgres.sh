#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests and benches: a temp directory, 127.0.0.1 and a
# free port, trust authentication, nothing kept after `stop`.
#
#   eval "$(scripts/postgres.sh start)"   # sets DEXTER_PG_DIR and DATABASE_URL
#   ...                                   # run tests: they use DATABASE_URL
#   scripts/postgres.sh stop "$DEXTER_PG_DIR"
#
# Outage tests take a server they started down and up again (never the shared one):
#   scripts/postgres.sh ctl "$DEXTER_PG_DIR" halt      # pg_ctl stop -m fast; the data stays
#   scripts/postgres.sh ctl "$DEXTER_PG_DIR" restart   # pg_ctl restart -m fast (also starts a halted one)
#
# `start` prints two shell assignments on stdout and everything else on stderr. It exits 3
# when no PostgreSQL server binaries are installed (and says how to install them), 1 when a
# server could not be started. PG_BINDIR picks the server binaries' directory. initdb refuses to run as root: as root the data directory
# belongs to the `postgres` user and the server runs as that user.
set -euo pipefail

find_bin() {
  local name=$1
  # PG_BINDIR names the one directory to use (set it to an empty directory to see how
  # tests behave on a machine without PostgreSQL).
  if [ -n "${PG_BINDIR:-}" ]; then
    if [ -x "$PG_BINDIR/$name" ]; then echo "$PG_BINDIR/$name"; return 0; fi
    return 1
  fi
  if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
  local candidate
  for candidate in /usr/lib/postgresql/*/bin/"$name"; do
    if [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();});'
}

start() {
  local initdb pg_ctl
  if ! initdb=$(find_bin initdb) || ! pg_ctl=$(find_bin pg_ctl); then
    echo "postgres.sh: initdb/pg_ctl not found. Install the server: apt-get update && apt-get install -y postgresql" >&2
    exit 3
  fi
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "postgres.sh: running as root but there is no 'postgres' user (initdb refuses root). Install the server package: apt-get update && apt-get install -y postgresql" >&2
    exit 3
  fi
  local dir port
  dir=$(mktemp -d "${TMPDIR:-/tmp}/dexter-pg.XXXXXX")
  chmod 755 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
  if ! as_owner "$initdb" -D "$dir/data" -U postgres --auth=trust --no-sync >"$dir/initdb.log" 2>&1; then
    echo "postgres.sh: initdb failed:" >&2
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    exit 1
  fi
  local attempt
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_owner "$pg_ctl" -D "$dir/data" -w -t 30 -l "$dir/log" \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2; then
      echo "DEXTER_PG_DIR=$dir"
      echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
      echo "export DEXTER_PG_DIR DATABASE_URL"
      return 0
    fi
    echo "postgres.sh: start on port $port failed (attempt $attempt)" >&2
  done
  tail -20 "$dir/log" >&2 || true
  rm -rf "$dir"
  exit 1
}

stop() {
  local dir=${1:-${DEXTER_PG_DIR:-}}
  if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
    echo "postgres.sh stop: pass the directory start printed (DEXTER_PG_DIR)" >&2
    exit 2
  fi
  case "$dir" in
    */dexter-pg.*) ;;
    *) echo "postgres.sh stop: $dir is not a directory this script made" >&2; exit 2 ;;
  esac
  local pg_ctl
  pg_ctl=$(find_bin pg_ctl)
  as_owner "$pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
}

ctl() {
  local dir=${1:-} action=${2:-}
  case "$dir" in
    */dexter-pg.*) ;;
    *) echo "postgres.sh ctl: $dir is not a directory this script made" >&2; exit 2 ;;
  esac
  local pg_ctl
  pg_ctl=$(find_bin pg_ctl)
  case "$action" in
    halt) as_owner "$pg_ctl" -D "$dir/data" -m fast -w stop >&2 ;;
    # restart reuses the options of the last start (postmaster.opts), running or not.
    restart) as_owner "$pg_ctl" -D "$dir/data" -l "$dir/log" -m fast -w -t 60 restart >&2 ;;
    *) echo "postgres.sh ctl DIR halt|restart" >&2; exit 2 ;;
  esac
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  ctl) ctl "${2:-}" "${3:-}" ;;
  *)
    echo "usage: scripts/postgres.sh start | scripts/postgres.sh stop DIR | scripts/postgres.sh ctl DIR halt|restart" >&2
    exit 2
    ;;
esac
