#!/bin/sh
# with_postgres.sh COMMAND...: runs COMMAND with LT_TEST_PG naming a
# throw-away PostgreSQL server (Debian's postgresql: initdb in a temporary
# folder, a socket there, no TCP), stopped and removed afterwards.  As
# root the server runs as the unprivileged user postgres (initdb refuses
# root).
set -eu
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "with_postgres: PostgreSQL is not installed" >&2; exit 1; }
dir=$(mktemp -d /tmp/lt-pg-XXXXXX)
as=""
if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    as="runuser -u postgres --"
fi
stop() {
    $as "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT
trap 'exit 1' INT TERM HUP
$as "$bin/initdb" -D "$dir/data" -A trust -U lt >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
port=$((20000 + $$ % 20000))
$as "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
    -o "-p $port -k $dir -c listen_addresses='' -c fsync=off" start >/dev/null ||
    { cat "$dir/log" >&2; exit 1; }
LT_TEST_PG="postgresql:///postgres?host=$dir&port=$port&user=lt"
export LT_TEST_PG
"$@"
