#!/bin/sh
# ladder.sh — measures a game's computer levels: level k+1 against level k
# for k = 1..4, and prints the rows of docs/levels.md.
#   scripts/ladder.sh ID [GAMES] [ARENA ARGS...]
# e.g. scripts/ladder.sh robbers 100 --option cap=200
set -eu
LT=${LT:-build/ludoteka}
id=$1
games=${2:-100}
[ $# -ge 2 ] && shift 2 || shift 1
for k in 1 2 3 4; do
    j=$((k + 1))
    out=$("$LT" arena "$id" --player "ai:level=$j" --player "ai:level=$k" \
          --games "$games" --seed 1 --quiet "$@")
    row=$(printf '%s\n' "$out" | awk '$1 == "A" { print $4, $5, $6, $7 }')
    elo=$(printf '%s\n' "$out" | sed -n 's/^Elo difference (A - B): \(.*\), 95% interval \(.*\)$/\1 \2/p')
    set -- "$@"
    printf '| %s | %d vs %d | %s | %s |\n' "$id" "$j" "$k" \
        "$(printf '%s' "$row" | awk '{ printf "%s / %s / %s | %s", $1, $2, $3, $4 }')" \
        "$elo"
done
