#!/bin/bash
# nodes_to_depth.sh DEPTH FEN ENGINE [ARGS...] — the nodes a UCI engine
# has searched when each depth from 12 to DEPTH completes, one thread,
# 16 MB of hash, a fresh engine per call: the search's size to a depth
# compared with another engine's (docs/levels.md, "chess").
#   scripts/nodes_to_depth.sh 18 "$FEN" build/ludoteka uci
#   scripts/nodes_to_depth.sh 18 "$FEN" /usr/games/stockfish
set -e
[ $# -ge 3 ] || { echo "usage: $0 DEPTH FEN ENGINE [ARGS...]" >&2; exit 2; }
depth=$1 fen=$2
shift 2
coproc ENGINE { "$@"; }
printf 'uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nucinewgame\nposition fen %s\ngo depth %d\n' \
    "$fen" "$depth" >&"${ENGINE[1]}"
declare -A at
while read -r line <&"${ENGINE[0]}"; do
    case $line in
    "info depth "*" nodes "*" pv "*)
        set -- $line
        while [ $# -gt 1 ]; do
            case $1 in depth) d=$2 ;; nodes) n=$2 ;; esac
            shift
        done
        at[$d]=$n ;;
    bestmove*) break ;;
    esac
done
echo quit >&"${ENGINE[1]}"
wait
out=
for ((d = 12; d <= depth; d++)); do out+=" $d:${at[$d]:--}"; done
echo "${out# }"
