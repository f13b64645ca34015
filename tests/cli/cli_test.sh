#!/bin/sh
# cli_test.sh — drives the ludoteka program through stdin and stdout, good
# input and bad.  Usage: cli_test.sh path/to/ludoteka tests/cli
LT=$1
HERE=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
export LANG=C LC_ALL= LC_MESSAGES=
passed=0
failed=0

fail() {
    failed=$((failed + 1))
    echo "FAIL [$CASE]: $*"
}

# run STATUS ARGS... — runs ludoteka with stdin from $IN (or nothing),
# output to $T/out and $T/err, and checks the exit status.
run() {
    want=$1
    shift
    "$LT" "$@" <"${IN:-/dev/null}" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "exit status $got, expected $want (ludoteka $*)"
        sed 's/^/  stderr: /' "$T/err" | head -5
    else
        passed=$((passed + 1))
    fi
}

# has out|err TEXT — the output contains TEXT (a fixed string).
has() {
    if grep -qF -- "$2" "$T/$1"; then
        passed=$((passed + 1))
    else
        fail "$1 lacks '$2'"
        sed 's/^/  | /' "$T/$1" | tail -8
    fi
}

lacks() {
    if grep -qF -- "$2" "$T/$1"; then
        fail "$1 has '$2'"
    else
        passed=$((passed + 1))
    fi
}

input() {
    printf "$1" >"$T/in"
    IN=$T/in
}

CASE=version
run 0 --version
has out "ludoteka "

CASE=help
run 0 --help
has out "usage: ludoteka"
for c in list rules play moves replay bench playouts perft; do
    run 0 "$c" --help
    has out "usage: ludoteka $c"
done
run 0 --lang pl --help
has out "użycie"

CASE=unknown-command
run 2 frobnicate
has err "unknown command 'frobnicate'"

CASE=list
run 0 list
has out "three-mens-morris"
has out "Three Men's Morris"
run 0 list --lang pl
has out "3 młynki"
LANG=pl_PL.UTF-8
run 0 list
has out "3 młynki"
LANG=C
run 2 list extra

CASE=rules
run 0 rules three-mens-morris
has out "THREE MEN'S MORRIS"
has out "diagonals=on|off (default on)"
run 0 rules three-mens-morris --lang pl
has out "3 MŁYNKI"
has out "domyślnie"
run 2 rules chequers
has err "unknown game 'chequers'"
has err "three-mens-morris"
run 2 --lang xx rules three-mens-morris
has err "expected pl or en"

CASE=moves
run 0 moves three-mens-morris
[ "$(wc -l <"$T/out")" -eq 9 ] || fail "9 opening moves expected"
run 0 moves three-mens-morris --position "B../WWB/B.W w 6"
[ "$(tr '\n' ' ' <"$T/out")" = "C1-B1 B2-B1 B2-B3 B2-C3 " ] ||
    fail "moves of a set position: $(tr '\n' ' ' <"$T/out")"
run 0 moves three-mens-morris --position "B../WB./WWB w 6" --option diagonals=off
has out "pass"
run 0 moves three-mens-morris --position "BBB/WW./W.. w 6"
has err "game is over"
run 1 moves three-mens-morris --position "WWWW/../.. w 0"
has err "bad position"
run 2 moves three-mens-morris --option diagonal=off
has err "unknown option 'diagonal'"
has err "diagonals, movement, cap"
run 2 moves three-mens-morris --option movement=fly
has err "step|none|anywhere"
run 2 moves three-mens-morris --option cap=3
has err "from 6 to 10000"
run 2 moves three-mens-morris --players 3
has err "2 players"
run 2 moves three-mens-morris --position
has err "needs a value"

CASE=play-computers
run 0 play three-mens-morris --players ai:level=1,random --seed 7
has out "seed 7"
cp "$T/out" "$T/first"
run 0 play three-mens-morris --players ai:level=1,random --seed 7
cmp -s "$T/out" "$T/first" || fail "the same seed gave another game"
grep -Eq "wins|Draw" "$T/out" || fail "no result line"
run 2 play three-mens-morris --players human,robot
has err "unknown player 'robot'"
run 2 play three-mens-morris --players human,ai:level=9
has err "level must be 1 to 5"
run 2 play three-mens-morris --players human,ai,ai
has err "2 players"
run 2 play
has err "which game"

CASE=play-human
# Black (the computer) answers; White wins on column A or the game goes
# on - either way the transcript shows the prompts and the checks.
input 'B2\nB2\nZ9\nmoves\nhelp\nhint\nundo\nboard\nquit\n'
run 0 play three-mens-morris --players human,ai:level=1 --seed 3
has out "White to move>"
has err "'B2' is not legal here"
has err "'Z9' is not a move of three-mens-morris"
has out "Type a move"
has out "Hint:"
has out "Took back 2 move(s)."
has out "Game left unfinished."
input 'B2\n'
run 1 play three-mens-morris --players human,ai:level=1 --seed 3
has err "input ended"
input 'A1\nB1\nC1\n'
run 1 play three-mens-morris --players human,human --seed 3
has out "Black to move>"
input 'A1\nA2\nB1\nB2\nC1\nA3\n'
run 0 play three-mens-morris --players human,human
has out "White wins (1-0)"
input 'A1\nA2\nB1\nB2\nC1\nC2\n'
run 0 --lang pl play three-mens-morris --players human,human
has out "Remis (1/2-1/2)"
has out "Ruch: Białe>"

CASE=first
run 0 play three-mens-morris --players random,ai:level=1 --seed 4 --first 2 --record "$T/f.txt"
has "f.txt" '[Players "ai:level=1,random"]'
run 0 play three-mens-morris --players random,ai:level=1 --seed 4 --first random
has out "Lots drawn"
run 2 play three-mens-morris --first 3

CASE=save-resume-replay
input 'B2\nsave\nsave '"$T"'/g.txt\nquit\n'
run 0 play three-mens-morris --players human,ai:level=2 --seed 11
has err "save needs a file name"
has out "Saved to $T/g.txt."
has "g.txt" '[Game "three-mens-morris"]'
has "g.txt" '[Seed "11"]'
has "g.txt" "1. B2 "
# resume: the same seed, so the computer answers as it would have
input 'moves\nquit\n'
run 0 play --resume "$T/g.txt"
has out "seed 11"
run 0 replay "$T/g.txt"
has out "(the game is not finished)"
run 2 play --resume "$T/g.txt" three-mens-morris
run 2 play --resume "$T/g.txt" --players human
has err "2 seats"
run 1 play --resume "$T/nothing.txt"
has err "cannot open"

CASE=record-and-replay
run 0 play three-mens-morris --players ai:level=1,ai:level=2 --seed 21 --record "$T/r.txt"
tail -n 2 "$T/out" >"$T/played"
run 0 replay "$T/r.txt"
tail -n 1 "$T/out" >"$T/replayed"
tail -n 1 "$T/played" | cmp -s - "$T/replayed" || fail "replay ends differently"
run 0 replay "$T/r.txt" --boards
has out "A   B   C"
cat "$T/r.txt" "$T/r.txt" >"$T/two.txt"
run 0 replay "$T/two.txt"
[ "$(grep -c 'seed 21' "$T/out")" -eq 2 ] || fail "two games expected"
ls "$T" | grep -q '\.tmp-' && fail "a temporary file was left behind"

CASE=bad-records
printf '[Game "three-mens-morris"]\n\n1. B2 A1\n2. B2 C3\n' >"$T/bad.txt"
run 1 replay "$T/bad.txt"
has err "line 4, column 4"
has err "'B2' is not legal here"
printf '[Game "nine-holes"]\n' >"$T/bad.txt"
run 1 replay "$T/bad.txt"
has err "line 1, column 1: unknown game 'nine-holes'"
printf '\000\001binary' >"$T/bad.txt"
run 1 replay "$T/bad.txt"
has err "not a text file"
run 1 replay "$T/missing.txt"
has err "cannot open"
run 1 replay "$T"
run 2 replay

CASE=kill-during-save
# A game saving after every move, killed at random moments: the record on
# disk is always whole and replays.
i=0
while [ $i -lt 8 ]; do
    "$LT" play three-mens-morris --players ai:mcts:iterations=20000,ai:mcts:iterations=20000 \
        --seed $i --record "$T/k.txt" >/dev/null 2>&1 &
    pid=$!
    sleep 0.$((i + 1))
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    if [ -f "$T/k.txt" ]; then
        "$LT" replay "$T/k.txt" >/dev/null 2>"$T/err" || fail "record broken after kill: $(cat "$T/err")"
    fi
    rm -f "$T/k.txt" "$T"/k.txt.tmp-*
    i=$((i + 1))
done

CASE=menu
input '1\n1\n\nb\nq\n'
run 0
has out "LUDOTEKA"
has out "Board games from Alfonso's book"
has out "THREE MEN'S MORRIS"
has out "Press ENTER to return to the menu."
input '1\n3\ndiagonals=off\ncap=1\n\n4\n\nrandom\nb\nq\n'
run 0
has out "diagonals=off movement=step cap=200"
has err "from 6 to 10000"
has out "Players: human, random"
input '1\n2\nquit\n\nq\n'
run 0
has out "Lots drawn"
input 'x\n99\nq\n'
run 0
has err "choose a number from 1 to"
input ''
run 0
LANG=pl_PL.UTF-8
run 0
has out "Gry planszowe z księgi Alfonsa X"
LANG=C
input '1\n1\n\nq\n'
run 0 --lang pl
has out "Naciśnij ENTER, aby wrócić do menu."

CASE=perft
# Before any row can stand, every order of distinct points is a game:
# 9*8*7*6 = 3024 sequences of four placements, 9!/3! = 60480 of six.
run 0 perft three-mens-morris --depth 4
has out "nodes 3024"
run 0 perft --game three-mens-morris --depth 6
has out "nodes 60480"
run 0 perft three-mens-morris --depth 2 --divide
has out "B2 8"
run 2 perft three-mens-morris
has err "needs --depth"
run 2 perft three-mens-morris --depth 2 --bogus
has err "unexpected argument '--bogus'"
run 1 perft three-mens-morris --depth 1 --position "x"
has err "bad position"

CASE=playouts
run 0 playouts three-mens-morris --seconds 0.2
has out "playouts/s"
has out "plies/s"
run 2 playouts three-mens-morris --seconds -1
run 2 playouts

CASE=bench
run 0 bench --playouts 50
has out "three-mens-morris"
has out "signature"
run 2 bench --playouts 0

CASE=solve
# Dudeney (1917): with the first row winning at once, the first player
# wins three men's morris with the diagonals; the seed's same-round rule
# makes it a draw.
run 0 solve three-mens-morris
has out "value draw"
has out "positions 5550"
has out "memory"
run 0 solve three-mens-morris --option rows=first --games 4
has out "value win"
has out "perfect play 9 actions, 1-0"
has out "won positions won"
# four hunters, where the first capture wins: a small table (25 points
# for the rabbit times C(24,4) sets of hunters, both sides to move); the
# cache goes to a folder of our own
XDG_CACHE_HOME=$T/cache run 0 solve catch-the-rabbit --option hunters=4
has out "positions 531300"
[ -f "$T/cache/ludoteka/catch-the-rabbit-4-4-multi.table" ] || fail "no cached table"
run 2 solve alquerque
has err "no perfect player"
run 2 solve three-mens-morris --option rows=last
run 2 solve three-mens-morris --bogus
has err "unexpected argument"
run 2 solve

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
