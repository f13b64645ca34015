#!/bin/sh
# fake_fairymax.sh — a pretend Fairy-Max for the benchmark's test: every
# analysis prints one thinking line, "depth score centiseconds nodes pv"
# (50 centiseconds, 123456 nodes); what it was told goes to $FAKE_LOG.
while read -r line; do
    [ -n "${FAKE_LOG:-}" ] && echo "$line" >>"$FAKE_LOG"
    case "$line" in
        protover*) echo "feature setboard=0 ping=1 done=1" ;;
        analyze) echo " 5     27       50     123456 c1f3 c12f10" ;;
        ping*) echo "pong ${line#ping }" ;;
        quit) exit 0 ;;
    esac
done
