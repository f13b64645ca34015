#!/bin/sh
# bench_rooms.sh — the network's load benchmark (tests/web/bench_rooms.mjs)
# with room for its sockets: a thousand clients and the server's side of
# them need more open files than the usual 1024.
#   scripts/bench_rooms.sh build/ludoteka [--clients 1000] [--plies 40]
#                          [--think 1000] [--workers 2]
#                          [--db postgresql://...] [--cluster N]
# One process with SQLite (or --db's PostgreSQL); with --cluster N, N
# processes behind HAProxy sharing a PostgreSQL: --db's, or else a
# throw-away one (tests/net/with_postgres.sh).
cd "$(dirname "$0")/.." || exit 1
ulimit -n 16384 2>/dev/null || ulimit -n "$(ulimit -H -n)"
exe=$(readlink -f "$1")
shift
case " $* " in
  *" --cluster "*)
    case " $* " in
      *" --db "*) ;;
      *) exec sh tests/net/with_postgres.sh node tests/web/bench_rooms.mjs "$exe" "$@" ;;
    esac ;;
esac
exec node tests/web/bench_rooms.mjs "$exe" "$@"
