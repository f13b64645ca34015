#!/bin/sh
# analyse_test.sh — ludoteka analyse through the program: a chess game
# where White misses a mate in one (the mate is the engine's move, the
# miss a blunder), a dice decision valued by the exact odds, the same
# table in Polish, and the errors.  Usage: analyse_test.sh path/to/ludoteka
LT=$1
. "$(dirname "$0")/lib.sh"

cat >"$T/mate.pgn" <<'PGN'
[Game "chess"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxh7 Rxh7 *
PGN

CASE=chess
run 0 analyse "$T/mate.pgn"
has out "analysed by ai:engine, 8 plies deep"
grep '^4\. ' "$T/out" >"$T/row"
has row "Qxh7"
has row "Qxf7#"
has row "?? blunder"
grep '^3\.\.\. ' "$T/out" >"$T/row"
has row "Nf6"
has row "?? blunder"
# one row per move, the same every time
[ "$(grep -c '^[0-9]' "$T/out")" -eq 8 ] || fail "8 rows expected"
cp "$T/out" "$T/first"
run 0 analyse "$T/mate.pgn"
cmp -s "$T/out" "$T/first" || fail "a second analysis differs"
plain out

CASE=chess-depth
run 0 analyse "$T/mate.pgn" --depth 3
has out "3 plies deep"
grep '^4\. ' "$T/out" >"$T/row"
has row "Qxf7#"

CASE=polish
run 0 --lang pl analyse "$T/mate.pgn"
grep '^4\. ' "$T/out" >"$T/row"
has row "Hxh7"
has row "Hxf7#"
has row "?? poważny błąd"

cat >"$T/hh.txt" <<'REC'
[Game "half-hazard"]
[Position "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 numbers 12,10 winnings 6 streak 1 choose"]

throw 6-6-5 stop *
REC

CASE=dice
run 0 analyse "$T/hh.txt"
has out "every decision valued by the exact odds"
has out "throw (505/216)"
has out "stop (3)"
has out "0.22  ? mistake"

CASE=errors
run 2 analyse
has err "which file"
run 2 analyse "$T/mate.pgn" --max-plies 7
has err "at most 7"
run 2 analyse "$T/mate.pgn" --depth 0
run 1 analyse "$T/missing.pgn"
printf '[Game "chess"]\n\n1. e4 e4 *\n' >"$T/bad.pgn"
run 1 analyse "$T/bad.pgn"

finish analyse
