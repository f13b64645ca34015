#!/bin/sh
# bench_rooms.sh — the network's load benchmark (tests/web/bench_rooms.mjs)
# with room for its sockets: a thousand clients and the server's side of
# them need more open files than the usual 1024.
#   scripts/bench_rooms.sh build/ludoteka [--clients 1000] [--plies 40]
#                          [--think 1000] [--db postgresql://...]
cd "$(dirname "$0")/.." || exit 1
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -H -n)"
exe=$(readlink -f "$1")
shift
exec node tests/web/bench_rooms.mjs "$exe" "$@"
