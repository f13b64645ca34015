#!/bin/sh
# ladder.sh — measures a game's computer levels: level k+1 against level k
# for k = 1..4, and prints the rows of docs/levels.md.
#   scripts/ladder.sh ID [GAMES [SEATS [ARENA ARGS...]]]
# With SEATS > 2, level k+1 takes one seat and level k all the others; the
# row's last column is then the arena's "ahead": the share of the level-k
# players that level k+1 finished ahead of, a tie counting half (50% for
# equal players), in place of the Elo difference.
# e.g. scripts/ladder.sh robbers 40
#      scripts/ladder.sh four-seasons 24 4
set -eu
LT=${LT:-build/ludoteka}
id=$1
games=${2:-100}
seats=${3:-2}
[ $# -ge 3 ] && shift 3 || shift $#
for k in 1 2 3 4; do
    j=$((k + 1))
    players="--player ai:level=$j"
    i=1
    while [ $i -lt "$seats" ]; do
        players="$players --player ai:level=$k"
        i=$((i + 1))
    done
    # shellcheck disable=SC2086
    out=$("$LT" arena "$id" $players --games "$games" --seed 1 --quiet "$@")
    row=$(printf '%s\n' "$out" | awk '$1 == "A" { print $4 " / " $5 " / " $6 " | " $7 }')
    if [ "$seats" -gt 2 ]; then
        last=$(printf '%s\n' "$out" | awk '$1 == "A" { print $9 }')
    else
        last=$(printf '%s\n' "$out" | sed -n 's/^Elo difference (A - B): \(.*\), 95% interval \(.*\)$/\1 \2/p')
    fi
    printf '| %s | %d vs %d | %s | %s |\n' "$id" "$j" "$k" "$row" "$last"
done
