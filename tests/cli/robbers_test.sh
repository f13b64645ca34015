#!/bin/sh
# robbers_test.sh — Rozbójnicy through the ludoteka program: the seed's
# figure 2 (notes §4) with `moves`, perft counted by hand, play, record
# and replay.  Usage: robbers_test.sh path/to/ludoteka
LT=$1
. "$(dirname "$0")/lib.sh"

FIGURE2="2c4c/7s/8/3s3C/c3SSs1/1S6/8/2C5"

CASE=figure2-orange
# Seed 001: orange has four ways to capture - b3-b4 (a4 against the
# edge), c1-c7 (c8), h5-h6 (h7 and h8), h5-h4 (g4).
run 0 moves robbers --position "$FIGURE2 o"
grep x "$T/out" >"$T/caps"
same "$T/caps" "c1-c7xc8 b3-b4xa4 h5-h4xg4 h5-h6xh7xh8"
[ "$(wc -l <"$T/out")" -eq 24 ] || fail "24 moves expected"

CASE=figure2-green
# ... and green three: c8-c2 (c1), a4-d4 and d5-d4 (e4 and f4).
run 0 moves robbers --position "$FIGURE2 g"
grep x "$T/out" >"$T/caps"
same "$T/caps" "a4-d4xe4xf4 d5-d4xe4xf4 c8-c2xc1"
[ "$(wc -l <"$T/out")" -eq 29 ] || fail "29 moves expected"

CASE=moves
run 0 moves robbers
same "$T/out" "a2-a3 b2-b3 c2-c3 d2-d3 e2-e3 f2-f3 g2-g3 h2-h3"
run 0 moves robbers --position "8/8/8/8/8/ss6/SS6/7C o"
# the soldiers are blocked; the commander's moves in the order of the
# squares, a1 first
same "$T/out" "h1-a1 h1-b1 h1-c1 h1-d1 h1-e1 h1-f1 h1-g1 h1-h2 h1-h3 h1-h4 h1-h5 h1-h6 h1-h7 h1-h8"
run 0 moves robbers --position "7c/8/8/8/8/ss6/SS6/8 o"
same "$T/out" "pass"
run 0 moves robbers --position "c7/8/8/8/8/8/8/7C o"
has err "game is over"
run 1 moves robbers --position "$FIGURE2 w"
has err "bad position"
has err "o (orange) or g (green)"
run 1 moves robbers --position "S7/8/8/8/8/8/8/7c o"
has err "soldier on rank 1 or 8"
run 2 moves robbers --option cap=5
has err "from 10 to 5000"

CASE=rules
run 0 rules robbers
has out "ROBBERS"
has out "cap=10..5000 (default 400)"
run 0 rules robbers --lang pl
has out "ROZBÓJNICY"

CASE=perft
# By hand: 8 soldier steps a side, then 9 moves a side (7 soldiers, the
# advanced one, the commander behind it).
run 0 perft robbers --depth 4
has out "nodes 5184"
run 0 perft robbers --depth 1 --position "$FIGURE2 g"
has out "nodes 29"

CASE=play-and-replay
# (a short cap: the record is flushed to disk after every move)
run 0 play robbers --players random,random --seed 5 --option cap=40 --record "$T/r.txt"
grep -Eq " won|Draw" "$T/out" || fail "no result line"
tail -n 13 "$T/out" >"$T/played"
run 0 replay "$T/r.txt"
tail -n 13 "$T/out" | cmp -s - "$T/played" || fail "replay ends differently"
has "r.txt" '[Game "robbers"]'

CASE=play-computers
# the computer player against random moves, twice with one seed: the same
# game (a short cap keeps it quick)
run 0 play robbers --players ai:level=1,random --seed 7 --option cap=60
cp "$T/out" "$T/first"
run 0 play robbers --players ai:level=1,random --seed 7 --option cap=60
cmp -s "$T/out" "$T/first" || fail "the same seed gave another game"
has out "Move 60 of 60"

CASE=play-human
input 'b2-b4\nb2-b3\nmoves\nquit\n'
run 0 play robbers --players human,human
has err "'b2-b4' is not legal here"
has out "Green to move>"
has out "b7-b6"
input 'b2-b3\n'
run 1 play robbers --players human,human --position "$FIGURE2 o"
has err "'b2-b3' is not legal here"
IN=

finish "robbers cli"
