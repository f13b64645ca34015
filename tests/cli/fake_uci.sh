#!/bin/sh
# fake_uci.sh — a pretend UCI engine for the tests: it always plays the move
# given as its first argument, and records what it was told in $FAKE_LOG.
move=${1:-B2}
while read -r line; do
    [ -n "${FAKE_LOG:-}" ] && echo "$line" >>"$FAKE_LOG"
    case "$line" in
        uci) echo "id name fake"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 nodes 1"; echo "bestmove $move" ;;
        quit) exit 0 ;;
    esac
done
