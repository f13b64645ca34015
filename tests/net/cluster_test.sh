#!/bin/sh
# cluster_test.sh LUDOTEKA: two `ludoteka serve` processes behind HAProxy
# sharing a throw-away PostgreSQL, one killed mid-game
# (tests/web/cluster.mjs).  Skipped (77) when HAProxy or PostgreSQL is not
# installed: scripts/deps.sh test installs both.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
    echo "cluster_test: skipped: haproxy is not installed (scripts/deps.sh test installs it)"
    exit 77
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "cluster_test: skipped: PostgreSQL is not installed (scripts/deps.sh test installs it)"
    exit 77
fi
cd "$here/../web"
exec sh "$here/with_postgres.sh" "${NODE:-node}" cluster.mjs "$1"
