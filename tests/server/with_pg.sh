#!/usr/bin/env bash
# Runs a command beside a private PostgreSQL: initdb -A trust and pg_ctl in a
# temporary directory, as the unprivileged postgres user when run as root
# (PostgreSQL refuses root), listening on 127.0.0.1 at a free port and on a
# Unix socket in that directory. The command sees PARLOUR_TEST_PG, a
# postgresql:// URI of the server, and PARLOUR_TEST_PG_DIR, its directory
# (pg_ctl there stops and starts it again). The server is stopped at the end,
# even on failure.
#
# Where PostgreSQL is absent (postgresql-15 is not installed) the command
# still runs, without PARLOUR_TEST_PG: its PostgreSQL tests then skip, saying
# so.
set -euo pipefail

bindir="$(pg_config --bindir 2>/dev/null || true)"
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "with_pg: PostgreSQL's server programs are absent (install postgresql-15; scripts/setup does): its tests are skipped" >&2
  exec "$@"
fi

dir="$(mktemp -d /tmp/parlour-pg.XXXXXX)"
chmod 755 "$dir"
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"

stop() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$bindir/initdb" -A trust -U postgres -D "$dir/data" >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# Small and quick: tests only (fsync stays on: durability is what is tested).
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 \
  -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=200 -c shared_buffers=32MB" start >/dev/null ||
  { cat "$dir/log" >&2; exit 1; }

export PARLOUR_TEST_PG="postgresql://postgres@127.0.0.1:$port/postgres"
export PARLOUR_TEST_PG_DIR="$dir"
export PARLOUR_TEST_PG_BIN="$bindir"
"$@"
