#!/bin/sh
# fake_xboard.sh — a pretend XBoard engine for the tests: it answers "go"
# with the move given as its first argument; what it was told goes to
# $FAKE_LOG.
move=${1:-B2}
while read -r line; do
    [ -n "${FAKE_LOG:-}" ] && echo "$line" >>"$FAKE_LOG"
    case "$line" in
        protover*) echo "feature myname=\"fake\" done=1" ;;
        go) echo "move $move" ;;
        ping*) echo "pong ${line#ping }" ;;
        quit) exit 0 ;;
    esac
done
