#!/bin/sh
# cli_test.sh — drives the ludoteka program through stdin and stdout, good
# input and bad.  Usage: cli_test.sh path/to/ludoteka tests/cli
LT=$1
HERE=$2
. "$HERE/lib.sh"

CASE=version
run 0 --version
has out "ludoteka "

CASE=help
run 0 --help
has out "usage: ludoteka"
for c in list rules play moves replay bench playouts perft arena odds simulate; do
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
has err "expected a language with a catalog (pl, en)"

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
grep -Eq " won|Draw" "$T/out" || fail "no result line"
run 2 play three-mens-morris --players human,robot
has err "unknown player 'robot'"
run 2 play three-mens-morris --players human,ai:level=9
has err "level must be 1 to 5"
run 2 play three-mens-morris --players human,ai,ai
has err "2 players"
run 0 play three-mens-morris --players random --seed 2
has out "Black (computer, level 3)"
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
has out "Took back 2 moves: B2 "
has out "Game left unfinished."
input 'B2\n'
run 1 play three-mens-morris --players human,ai:level=1 --seed 3
has err "input ended"
input 'A1\nB1\nC1\n'
run 1 play three-mens-morris --players human,human --seed 3
has out "Black to move>"
input 'A1\nA2\nB1\nB2\nC1\nA3\n'
run 0 play three-mens-morris --players human,human
has out "White won 1–0"
input 'A1\nA2\nB1\nB2\nC1\nC2\n'
run 0 --lang pl play three-mens-morris --players human,human
has out "Remis ½–½"
has out "Ruch: Białe>"

CASE=draw-by-agreement
# issue 19: two people at one keyboard.  A draw offered by one and taken
# by the other ('accept', or the offer made back) ends the game drawn by
# agreement, the reason shown and kept in the journal
input 'e4\ne5\ndraw\naccept\n'
run 0 --plain play chess --players human,human --seed 1 --record "$T/d.pgn"
has out "White offers a draw."
has out "White to move (Black: accept or decline)>"
has out "Black accepts the draw."
has out "Draw ½–½ — by agreement"
has d.pgn '[Result "1/2-1/2"]'
has d.pgn '[Termination "agreement"]'
input 'e4\ndraw\ndraw\n'
run 0 --plain play chess --players human,human --seed 1
has out "Black offers a draw."
has out "White accepts the draw."
has out "Draw ½–½ — by agreement"
# declined; then offered and played on by the other: the game goes on
input 'e4\ndraw\ndecline\ne5\ndraw\nNf3\nNc6\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has out "White declines the draw."
has out "White offers a draw."
has out "Black declines the draw."
has out "Game left unfinished."
input 'e4\naccept\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has err "nothing has been offered"

CASE=resign-with-reason
input 'e4\nresign\n'
run 0 --plain play chess --players human,human --seed 1
has out "White won 1–0 — Black resigned"
has out "Game over (rematch, board, save, quit)>"
# a rematch: the next game in the same program, the colours swapped
input 'e4\nresign\nrematch\nquit\n'
run 0 --plain play chess --players human,ai:level=1 --seed 1
has out "Black won 0–1 — White resigned"
has out "A new game, every player one seat on"
has out "White (computer, level 1): "
has out "  h g f e d c b a"
has out "Black to move>"

CASE=undo-dice
# issue 20: undo in a dice game says what it took back - the decision and
# the dice that followed it - and that redo throws the same dice again
input 'throw\nundo\nredo\nquit\n'
run 0 --plain play half-hazard --players human,ai --seed 1
has out "Took back 2 moves: throw "
has out "Redo throws the same dice again."
taken=$(sed -n 's/.*Took back 2 moves: throw \([1-6]-[1-6]-[1-6]\)\..*/\1/p' "$T/out" | head -1)
[ -n "$taken" ] || fail "the dice taken back are named: $(cat "$T/out")"
[ "$(grep -c "Dice: $taken\$" "$T/out")" -ge 2 ] || fail "redo throws $taken again: $(cat "$T/out")"

CASE=takeback
# the last move (Black's e5) asked back by its player, granted by White
input 'e4\ne5\ntakeback\naccept\nboard\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has out "Black asks to take back a move."
has out "White agrees to the takeback."
has out "Took back 1 move: e5."
[ "$(grep -A1 '^Moves:' "$T/out" | tail -1)" = "1. e4" ] ||
    fail "the move list after the takeback: $(grep -A1 '^Moves:' "$T/out" | tail -1)"
# between people undo is not the way
input 'e4\nundo\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has err "undo is for games against the computer; ask the others with takeback"

CASE=move-list-and-sides
input 'e4\ne5\nNf3\nboard\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has out "1. e4 e5 2. Nf3"
# a person playing Black sees the board from Black's side; flip turns it
input 'board\nquit\n'
run 0 --plain play chess --players ai:level=1,human --seed 1
has out "  h g f e d c b a"
lacks out "  a b c d e f g h"
input 'flip\nquit\n'
run 0 --plain play chess --players ai:level=1,human --seed 1
has out "  a b c d e f g h"
# issue 23: the side is said, rank 1 on top for Black; flip says it too
input 'board\nflip\nquit\n'
run 0 --plain play chess --players ai:level=1,human --seed 1
has out "Board: Black at the bottom"
has out "Board: White at the bottom (turned round)"
[ "$(grep -m1 '^[1-8] ' "$T/out" | cut -c1)" = 1 ] ||
    fail "Black's board starts with rank 1: $(grep -m1 '^[1-8] ' "$T/out")"
[ "$(grep '^[1-8] ' "$T/out" | tail -8 | head -1 | cut -c1)" = 8 ] ||
    fail "flipped, rank 8 on top: $(grep '^[1-8] ' "$T/out" | tail -8 | head -1)"
# full moves numbered as rows, every throw in brackets under its thrower;
# Medh Kuu Lash's rows and columns named as its notation, its ring said
input 'board\nquit\n'
run 0 --plain play medh-kuu-lash --players human,ai:level=1 --seed 2
# (who begins is thrown by nobody in particular: before any name)
has out "1. [2-3] Wooden: [3-3] "
has out "2. Green: [1-1]"
has out "+-W w---w---w"
has out "v M .   "
has out "+-G g---"
has out "  1   2   3   4   5   6   7   8"
has out "The ring: G1 to G8, on to W8"
input 'e4\ne5\nNf3\nNc6\nboard\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has out "1. e4 e5 2. Nf3 Nc6"
# and the help lists the commands there are, no other
input 'help\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has out "takeback                     ask the others to let you take back your last move"
has out "claim [MOVE]"
lacks out "load"

CASE=claim
# the start position a third time (FIDE 9.2): White may claim, and does
input 'Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\nclaim\n'
run 0 --plain play chess --players human,human --seed 1
has out "White may claim a draw: threefold repetition (claim)."
has out "Draw ½–½ — White claimed a draw: threefold repetition"
input 'Nf3\nclaim\nquit\n'
run 0 --plain play chess --players human,human --seed 1
has err "there is no draw to claim now"
input 'abort\n'
run 0 --plain play chess --players human,human --seed 1
has out "No result — aborted by White"

CASE=clocks
input 'quit\n'
run 0 --plain play chess --players human,human --clock 5+3 --seed 1
has out "seed 1  clock 5+3"
has out "Clock 5+3: White "
has out " (running), Black 5:00"
input 'e4\nclock\nquit\n'
run 0 --plain play chess --players human,human --clock 5+3 --seed 1
has out "Clock 5+3: White 5:0"
run 2 play chess --clock 5+x
has err "--clock: "
# a player who types nothing: his flag falls while the program waits
idle --plain play chess --players human,human --clock 0:01+0 --seed 1
await out "Clock 0:01+0: White "
await out "White's time is up."
await out "Black won 0–1 — White ran out of time"
await out "Game over"
release 0
# ... also when the computer moved first, on its own clock
idle --plain play chess --players ai:level=1,human --clock 0:01+0 --seed 1
await out "White won 1–0 — Black ran out of time"
release 0
# FIDE 6.9: a lone king cannot win on time
idle --plain play chess --players human,human --clock 0:01+0 --position "k7/8/8/8/8/8/8/KQ6 w - - 0 1"
await out "Draw ½–½ — White ran out of time, but the opponent could not have won"
release 0

CASE=three-and-four-players
# in Talat and Four Seasons a seat that resigns, or whose flag falls,
# leaves the game and the others play on
input 'resign\nquit\n'
run 0 --plain play talat --players human,human,human --seed 1
has out "Red leaves the game (resigned)."
has out "Blue to move>"
has out "Game left unfinished."
idle --plain play talat --players human,human,human --clock 0:01+0 --seed 1
await out "Red leaves the game (out of time)."
await out "Violet won — Blue ran out of time"
release 0
input 'resign\nresign\nquit\n'
run 0 --plain play four-seasons --players human,human,human,human --seed 1
has out "Green leaves the game (resigned)."
has out "Red leaves the game (resigned)."
has out "Black to move>"
idle --plain play four-seasons --players human,human,human,human --clock 0:01+0 --seed 1
await out "Green leaves the game (out of time)."
await out "Red leaves the game (out of time)."
await out "White won — Black ran out of time"
release 0

CASE=polish-commands
input 'e4\nremis\nprzyjmij\n'
run 0 --lang pl --plain play chess --players human,human --seed 1
has out "Czarne: propozycja remisu."
has out "Ruch: Czarne (Białe: przyjmij albo odrzuć)>"
has out "Białe: zgoda na remis."
has out "Remis ½–½ — za zgodą graczy"
input 'e4\npoddaj\n'
run 0 --lang pl --plain play chess --players human,human --seed 1
has out "Wygrana: Białe (1–0) — poddanie partii (Czarne)"
idle --lang pl --plain play chess --players human,human --clock 0:01+0 --seed 1
await out "Wygrana: Czarne (0–1) — koniec czasu (Białe)"
release 0

CASE=polish-notation
# chess with the Polish piece letters on the screen and in what is typed
# (S skoczek, G goniec, H hetman); the record keeps the English SAN
input 'e4\ne5\nSf3\nSc6\nGb5\nplansza\nkoniec\n'
run 0 --lang pl --plain play chess --players human,human --seed 1 --record "$T/pl-chess.txt"
has out "1. e4 e5 2. Sf3 Sc6 3. Gb5"
has out "1 W S G H K . . W"
lacks out "Nf3"
has pl-chess.txt "2. Nf3"
has pl-chess.txt "3. Bb5"
has pl-chess.txt '[Date "'
lacks pl-chess.txt '????.??.??'
# Talat: a tall hexagonal tower is 3s in Polish (sześciokątna), 3h in the
# record
input '3s@a1\nplansza\nkoniec\n'
run 0 --lang pl --plain play talat --players human,human,human --seed 1 --record "$T/pl-talat.txt"
has out "3s@a1"
has pl-talat.txt "3h@a1"

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
# a record of several moves a line (as games were saved before journals,
# or by hand) plays on, and is kept on in its file as a journal
printf '[Game "three-mens-morris"]\n[Players "human,ai:level=1"]\n[Seed "3"]\n\n1. B2 A1 2. C1\n' >"$T/old.txt"
input 'quit\n'
run 0 --plain play --resume "$T/old.txt"
has out "Black (computer, level 1): "
has out "White to move>"
grep -q '^2\. C1 {' "$T/old.txt" && passed=$((passed + 1)) ||
    fail "the record is not kept as a journal: $(cat "$T/old.txt")"
printf '[Game "three-mens-morris"]\n\n1. B2 B2\n' >"$T/old.txt"
run 1 play --resume "$T/old.txt"
has err "'B2' is not legal here"

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
        # the journal plays on from where the kill left it
        input 'quit\n'
        run 0 --plain play --resume "$T/k.txt" --players human,human
    fi
    # issue 18: each game's saves remove what the killed ones left, so
    # only the last kill's temporary file can be there
    [ "$(ls "$T" | grep -c '^k\.txt\.tmp-')" -le 1 ] ||
        fail "temporary files pile up: $(ls "$T" | grep -c '^k\.txt\.tmp-')"
    rm -f "$T/k.txt"
    i=$((i + 1))
done
rm -f "$T"/k.txt.tmp-*

CASE=torn-journal
# a kill while a line was written leaves it without its newline: the
# game resumes without it, says so, and cuts it off the file
input 'B2\nquit\n'
run 0 --plain play three-mens-morris --players human,ai:level=1 --seed 5 --record "$T/j.txt"
cp "$T/j.txt" "$T/j.whole"
printf 'C3 {[%%emt 0:00:0' >>"$T/j.txt"
input 'moves\nquit\n'
run 0 --plain play --resume "$T/j.txt"
has err "j.txt: its last line was cut short (16 bytes) and is left out"
has out "White to move>"
cmp -s "$T/j.txt" "$T/j.whole" || fail "the torn line is still in the journal"

CASE=resume-never-starts-programs
# issue 18: a saved game that names an engine for a seat (uci:, xboard:)
# must not start it: only the person running ludoteka names programs
printf '[Game "chess"]\n[Players "uci:/bin/sh -c id>%s/pwned.txt,human"]\n[Seed "3"]\n[Result "*"]\n\n1. e4\n' \
    "$T" >"$T/evil.txt"
cp "$T/evil.txt" "$T/evil.orig"
input 'quit\n'
run 2 --plain play --resume "$T/evil.txt"
[ -e "$T/pwned.txt" ] && fail "the saved game started a program"
has err "evil.txt: seat 1 (White) is 'uci:/bin/sh -c id>"
has err "an engine, and a saved game never starts a program: to play on against an engine, name every seat yourself (--players SPEC,SPEC...)"
cmp -s "$T/evil.txt" "$T/evil.orig" || fail "the refused record was changed"
printf '[Game "three-mens-morris"]\n[Players "human,XBoard:/bin/sh -c id>%s/pwned.txt"]\n\n1. B2\n' \
    "$T" >"$T/evil.txt"
run 2 play --resume "$T/evil.txt"
[ -e "$T/pwned.txt" ] && fail "the saved game started a program (xboard)"
has err "seat 2 (Black) is 'XBoard:/bin/sh"
run 2 --lang pl play --resume "$T/evil.txt"
has err "zapisana partia nigdy nie uruchamia programów"
# the person at the keyboard names the seats: the game goes on
run 0 play --resume "$T/evil.txt" --players human,ai:level=1
has out "Black (computer, level 1)"
has evil.txt '[Players "human,ai:level=1"]'
[ -e "$T/pwned.txt" ] && fail "a program was started"

CASE=resume-several-games
# issue 18: --resume of a file of several games (an arena's) kept the
# first alone and dropped the rest; it is refused, the file left alone
cat "$T/r.txt" "$T/r.txt" "$T/r.txt" >"$T/three.txt"
cp "$T/three.txt" "$T/three.orig"
input 'quit\n'
run 1 play --resume "$T/three.txt"
has err "three.txt holds 3 games, and only a file of one game can be played on"
has err "copy the game to play into a file of its own"
cmp -s "$T/three.txt" "$T/three.orig" || fail "the file of several games was changed"

CASE=stale-temporary-files
# issue 18: a save killed midway leaves FILE.tmp-XXXXXX beside FILE; the
# next load or save of FILE removes those, and nothing else
stale() {
    for x in AAAAAA b7Zq0x 999999; do echo half >"$T/s.txt.tmp-$x"; done
}
kept="s.txt.tmp-short s.txt.tmp-AAAAAAA s.txt.tmp-AAAAAA.keep s.tmp-AAAAAA other.txt.tmp-BBBBBB"
for x in $kept; do echo keep >"$T/$x"; done
input 'B2\nquit\n'
stale
run 0 play three-mens-morris --players human,ai:level=1 --seed 5 --record "$T/s.txt"
ls "$T" | grep -q '^s\.txt\.tmp-[A-Za-z0-9]\{6\}$' && fail "a save left: $(ls "$T" | grep '^s\.txt\.tmp-')"
cp "$T/s.txt" "$T/s.orig"
stale
input 'quit\n'
run 0 play --resume "$T/s.txt"
ls "$T" | grep -q '^s\.txt\.tmp-[A-Za-z0-9]\{6\}$' && fail "a load left: $(ls "$T" | grep '^s\.txt\.tmp-')"
for x in $kept; do [ -f "$T/$x" ] || fail "$x was removed"; done
cmp -s "$T/s.txt" "$T/s.orig" || fail "the record changed"
run 0 replay "$T/s.txt"
has out "   1. White      B2"

CASE=control-codes-in-messages
# issue 18: text quoted from a record, an option, a move or a player is
# shown with its control bytes escaped, never sent to the terminal
printf '[Game "three-mens-morris"]\n\n1. B1\033[2JX\n' >"$T/esc.txt"
run 1 replay "$T/esc.txt"
has err "'B1\\x1b[2JX' is not a move of three-mens-morris"
plain err
printf '[Game "\033]0;title\007"]\n' >"$T/esc.txt"
run 1 replay "$T/esc.txt"
has err "unknown game '\\x1b]0;title\\x07'"
plain err
# C1 controls: CSI as UTF-8 (c2 9b) and as a lone byte (9b)
printf '[Game "three-mens-morris"]\n[Seed "1\001\302\233\233"]\n' >"$T/esc.txt"
run 1 replay "$T/esc.txt"
has err "seed '1\\x01\\xc2\\x9b\\x9b' is not a whole number"
plain err
printf '[Game "three-mens-morris"]\n[Players "human,ai\033[2J"]\n\n' >"$T/esc.txt"
run 2 play --resume "$T/esc.txt"
has err "unknown player 'ai\\x1b[2J'"
plain err
run 2 moves three-mens-morris --option "cap=$(printf '6\033[31m')"
has err "option cap: '6\\x1b[31m' is not a number from 6 to 10000"
plain err
run 1 moves three-mens-morris --position "$(printf 'B\033[2J')"
plain err
run 2 play three-mens-morris --first "$(printf '\033[2J')"
has err "got '\\x1b[2J'"
plain err
run 2 arena three-mens-morris --player "$(printf 'robot\033[2J\t')" --player ai
has err "unknown player 'robot\\x1b[2J\\x09'"
plain err
input 'B2\033[2J\nquit\n'
run 0 play three-mens-morris --players human,human
has err "'B2\\x1b[2J' is not a move"
plain err

CASE=number-messages
# issue 18: a bad number or count says what is allowed and what was given
run 2 play chess --first 99
has err "--first: expected random or the number of a listed player, 1 to 2, got '99'"
run 2 --lang pl play chess --first 99
has err "--first: oczekiwano random albo numeru gracza z listy, od 1 do 2, podano '99'"
run 2 moves chess --players 0
has err "--players: chess is played by 2 players, not 0"
run 2 odds hazard --players many
has err "--players: expected the number of players (hazard: 2..6), got 'many'"
run 2 play chess --players "$(head -c 5000 /dev/zero | tr '\0' a)"
has err "--players: a player spec has at most 127 characters; player 1 is 'aaaaaaaa"
has err "...' (5000 characters)"
run 2 play chess --players human,ai,ai,ai,ai,ai,ai
has err "--players: chess is played by 2 players, not 7"
run 2 play --resume "$T/s.txt" --players human,ai,ai
has err "--players: the saved game has 2 seats, got 3 players"
run 2 solve three-mens-morris --mcts 99999999999
has err "--mcts: expected a whole number from 1 to 100000000, got '99999999999'"
run 2 simulate hazard -n 99999999999999999999
has err "-n: expected a whole number from 1 to 9223372036854775807, got '99999999999999999999'"
run 2 --lang pl simulate hazard -n 0
has err "-n: oczekiwano liczby całkowitej od 1 do 9223372036854775807, podano '0'"
run 2 arena three-mens-morris --player ai --player ai --games "$(head -c 3000 /dev/zero | tr '\0' 9)"
has err "--games: expected a whole number from 1 to 10000000, got '9999"
has err "(3000 characters)"
run 2 playouts three-mens-morris --seconds -1
has err "--seconds: expected a number above 0, at most 86400; got '-1'"
run 2 arena three-mens-morris --player ai --player ai --tc 10+x
has err "--tc: expected BASE+INC in seconds (BASE above 0, INC from 0; e.g. 10+0.1), got '10+x'"
run 2 arena three-mens-morris --player ai --player ai --sprt 5,1
has err "got '5,1'"
run 2 play pair-and-ace --dice loaded
has err "--dice: expected manual or auto, got 'loaded'"
run 2 serve --port 70000
has err "--port: expected a whole number from 0 to 65535, got '70000'"

CASE=menu
# the menu number of Three Men's Morris, wherever the registry puts it
M=$("$LT" </dev/null | sed -n "s/^ *\([0-9]*\)\. Three Men's Morris\$/\1/p")
[ -n "$M" ] || fail "Three Men's Morris is not in the menu"
input "$M"'\n1\n\nb\nq\n'
run 0
has out "LUDOTEKA"
has out "Board games from Alfonso's book"
has out "THREE MEN'S MORRIS"
has out "Press ENTER to return to the menu."
input "$M"'\n3\ndiagonals=off\ncap=1\n\n4\n\nrandom\nb\nq\n'
run 0
has out "diagonals=off movement=step cap=200"
has err "from 6 to 10000"
has out "Players: human, random"
input "$M"'\n2\nquit\n\nq\n'
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
input "$M"'\n1\n\nq\n'
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

CASE=arena
run 0 arena three-mens-morris --player ai:mcts:nodes=500 --player random --games 10 --quiet --seed 5
has out "Elo difference (A - B)"
has out "ai:mcts:nodes=500"
cp "$T/out" "$T/arena1"
run 0 arena three-mens-morris --player ai:mcts:nodes=500 --player random --games 10 --quiet --seed 5
cmp -s "$T/out" "$T/arena1" || fail "the same arena run gave other results"
run 0 arena three-mens-morris --player ai:level=2 --player ai:level=1 --games 6 --record "$T/arena.txt"
has out "game 6/6"
run 0 replay "$T/arena.txt"
[ "$(grep -c '^Three' "$T/out")" -eq 6 ] || fail "six games expected in the arena record"
run 0 arena three-mens-morris --player ai:alphabeta:depth=3 --player random --games 400 --sprt 0,200 --quiet
has out "H1 accepted"
run 0 arena three-mens-morris --player ai:mcts:time=0.01 --player ai:alphabeta --games 2 --tc 1+0.05 --quiet
has out "games"
printf '# two starts\nB2 A1 # a comment\n\nC3 A3 A1\n' > "$T/book.txt"
run 0 arena three-mens-morris --player ai:level=1 --player random --games 4 --book "$T/book.txt" --record "$T/book.rec" --quiet
# a game's record has a ply a line (a game in play's journal)
[ "$(tr '\n' ' ' <"$T/book.rec" | grep -o '1\. B2 A1 2\.' | wc -l)" -eq 2 ] || fail "two games from the first line of the book"
[ "$(tr '\n' ' ' <"$T/book.rec" | grep -o '1\. C3 A3 2\. A1' | wc -l)" -eq 2 ] || fail "two games from the second line of the book"
printf 'B2 B2\n' > "$T/book.txt"
run 1 arena three-mens-morris --player ai --player ai --book "$T/book.txt"
has err "book.txt:1: 'B2' is not a legal move there"
run 2 arena three-mens-morris --player ai --games 2
has err "one --player per seat"
# three players: a player who wins every game finished ahead of both
# others (100%); the two losers tie each other and lose to the winner (25%)
run 0 arena talat --player ai:level=1 --player random --player random --games 6 --seed 1 --quiet
awk '$1 == "A" && $4 == 6 && $NF == "100.0%" { a = 1 }
     $1 ~ /^[BC]$/ && $NF == "25.0%" { bc++ }
     END { exit !(a && bc == 2) }' "$T/out" || fail "arena 'ahead' column: $(cat "$T/out")"
# issue 19: every game is a game in play, ended as the session ends it.
# Its line says the result and the reason; the record carries both
# (Result, Termination) and replays.
run 0 arena three-mens-morris --player ai:level=2 --player ai:level=1 --games 2 --seed 1 --jobs 1 --record "$T/reason.txt"
[ "$(grep -c '^game [12]/2: .*   \(White won 1–0\|Black won 0–1\) — a line of three ([A-C][1-3] [A-C][1-3] [A-C][1-3])$' "$T/out")" -eq 2 ] || fail "two games won by a line of three: $(cat "$T/out")"
[ "$(grep -c '^\[Termination "rules"\]$' "$T/reason.txt")" -eq 2 ] || fail "two games ended by the rules"
run 0 replay "$T/reason.txt"
[ "$(grep -c '^Three' "$T/out")" -eq 2 ] || fail "two games in the arena record"
# Lost on time, whatever the machine: a clock of one millisecond, and
# players that search 64 MCTS playouts of great chess before they first
# look at the time (0.1 s here; a busier machine only takes longer).
# The first to move loses, in each game of the pair.
run 0 arena great-chess --player ai:mcts --player ai:mcts --nodes 1000 --tc 0.001+0 --games 2 --openings 0 --jobs 1 --record "$T/time.txt"
[ "$(grep -c 'Black won 0–1 — White ran out of time$' "$T/out")" -eq 2 ] || fail "two games lost on time: $(cat "$T/out")"
awk '$1 ~ /^[AB]$/ && $3 == 2 && $4 == 1 && $5 == 0 && $6 == 1 { n++ } END { exit n != 2 }' "$T/out" || fail "a win and a loss each: $(cat "$T/out")"
has out "A forfeited 1 game; the last: lost on time at move 1"
[ "$(grep -c '^\[Termination "time"\]$' "$T/time.txt")" -eq 2 ] || fail "two games lost on time in the record"
[ "$(grep -c '^\[Result "0-1"\]$' "$T/time.txt")" -eq 2 ] || fail "two wins for Black in the record"
has time.txt '[Clock "0:00.001+0"]'
run 0 replay "$T/time.txt"
[ "$(grep -c '^Great Chess' "$T/out")" -eq 2 ] || fail "two games without a move replayed"
# FIDE 6.9: White's flag falls, but Black has a lone king: a draw.
run 0 arena great-chess --position "6k5/12/12/12/12/12/12/12/PPPPPPPPPPPP/12/12/RLUGCAKCGULR w K 0 1" --player ai:mcts --player ai:mcts --nodes 1000 --tc 0.001+0 --games 2 --openings 0 --jobs 1
[ "$(grep -c 'Draw ½–½ — White ran out of time, but the opponent could not have won$' "$T/out")" -eq 2 ] || fail "two draws by FIDE 6.9: $(cat "$T/out")"
# Chess draws by repetition only when claimed: the computers claim as
# soon as they may.  Here the start has stood three times when the book
# ends, and White, to move, claims.
printf 'Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8\n' >"$T/shuffle.txt"
run 0 arena chess --player ai:level=1 --player random --book "$T/shuffle.txt" --games 2 --jobs 1 --record "$T/claim.pgn"
[ "$(grep -c 'Draw ½–½ — White claimed a draw: threefold repetition$' "$T/out")" -eq 2 ] || fail "two draws claimed: $(cat "$T/out")"
awk '$1 == "A" && $4 == 0 && $5 == 2 && $6 == 0 { ok = 1 } END { exit !ok }' "$T/out" || fail "two draws: $(cat "$T/out")"
[ "$(grep -c '^\[Termination "claim"\]$' "$T/claim.pgn")" -eq 2 ] || fail "two claims in the record"
[ "$(grep -c '^\[Result "1/2-1/2"\]$' "$T/claim.pgn")" -eq 2 ] || fail "two draws in the record"
run 0 replay "$T/claim.pgn"
run 0 --lang pl arena chess --player ai:level=1 --player random --book "$T/shuffle.txt" --games 2 --jobs 1
has out "Remis ½–½ — remis na żądanie (Białe): trzykrotne powtórzenie pozycji"
run 2 arena chess --player ai --player ai --position "8/8/8/8/8/8/8/8 w - - 0 1"
has err "bad position for chess"
run 2 arena three-mens-morris --player ai --player robot
has err "unknown player 'robot'"
run 2 arena three-mens-morris --player ai --player ai --tc fast
has err "--tc: expected BASE+INC"
run 2 arena three-mens-morris --player ai --player ai --sprt 5,1
run 2 arena
has err "which game"

CASE=external-engines
# A pretend engine that always answers B2: legal as White's first move,
# illegal on its next turn, where it forfeits with the reason given.
export FAKE_LOG="$T/fake.log"
run 0 arena three-mens-morris --player "uci:$HERE/fake_uci.sh B2" --player random --games 2 --jobs 1
has out "the engine played 'B2'"
has out "A forfeited 2 games"
has fake.log "position startpos moves"
has fake.log "go movetime"
run 0 arena three-mens-morris --player "xboard:$HERE/fake_xboard.sh B2 variant=morris3" --player random --games 2 --jobs 1 --tc 5+0.1
has out "forfeits"
has fake.log "variant morris3"
has fake.log "level 0 0:05 0.1"
run 1 play three-mens-morris --players "uci:$HERE/fake_uci.sh A1,uci:$HERE/fake_uci.sh C3" --seed 1
has out "White (uci:$HERE/fake_uci.sh A1): A1"
has out "Black (uci:$HERE/fake_uci.sh C3): C3"
has err "the engine played 'A1'"
run 2 play three-mens-morris --players "uci:/nonexistent/engine,ai"
has err "uciok"
unset FAKE_LOG

CASE=bench
run 0 bench --playouts 50
has out "three-mens-morris"
has out "signature"
run 2 bench --playouts 0

CASE=odds
run 0 odds pair-and-ace
has out "seat1 9/14 0.642857142857143"
has out "seat2 5/14 0.357142857142857"
run 0 odds pair-and-ace --players 3
has out "seat3 25/151"
run 0 odds hazard --position "play turn 1/1 score 0,0 order 1,2 round 2 next 1 rehazards 10,11"
has out "seat1 189/338"
run 0 odds half-hazard --json
has out '"value": {"seat": 1, "exact": "1183277401919814/653838293141215"'
has out '"seats": [{"seat": 1, "exact": "11722920030454839/35961106122766825"'
run 0 odds half-hazard --position "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 numbers 12,10 winnings 6 streak 1 choose"
has out "choice stop 3 "
has out "choice throw 505/216 "
run 0 odds hazard --position "over played 1/1 score 1,0"
has out "seat1 not defined"
has out "# The match is over"
run 2 odds three-mens-morris
has err "no odds"
run 1 odds hazard --position "play turn 1/1 score 0,0 order 1,2 round 3"
has err "bad position"
run 2 odds hazard --players 7
run 2 odds hazard --bogus
has err "unexpected argument '--bogus'"
run 0 --lang pl odds guirguiesca
has out "# Kolejność przyjęta"

CASE=simulate
run 0 simulate pair-and-ace -n 20000 --seed 3 --threads 2
has out "pair-and-ace: 2 players, 20,000 turns, seed 3, 2 threads"
has out "seat1  0.6"
has out "turns/s"
head -3 "$T/out" >"$T/sim1"
run 0 simulate pair-and-ace -n 20000 --seed 3 --threads 2
head -3 "$T/out" | cmp -s - "$T/sim1" || fail "the same seed gave other rates"
run 0 simulate panquist -n 1000
has out "value "
run 2 simulate panquist
has err "needs -n"
run 2 simulate three-mens-morris -n 10
has err "not one of the dice games"
run 2 simulate hazard -n 10 --threads 0

CASE=dice-records
# a dice game records its throws: the replay ends the same way
run 0 play half-hazard --players ai,ai --seed 8 --option turns=3 --record "$T/h.txt"
tail -n 1 "$T/out" >"$T/played"
has "h.txt" '[Game "half-hazard"]'
run 0 replay "$T/h.txt"
tail -n 1 "$T/out" | cmp -s - "$T/played" || fail "the dice game replays differently"

CASE=manual-dice
input '6-6-6\n1-1-1\nxyz\n6-5-4\nroll\nboard\nquit\n'
run 0 play pair-and-ace --players human,ai --dice manual --seed 5
has out "Dice (as thrown, e.g. 6-6-6"
has err "'xyz' is not a move of pair-and-ace"
has out "Odds: Player 1 0.6429 (9/14), Player 2 0.3571 (5/14)"
has out "Odds: Player 1 0.3571 (5/14), Player 2 0.6429 (9/14)"
has out "Game left unfinished."
run 2 play pair-and-ace --dice loaded
has err "expected manual or auto"
input 'hint\nstop\n'
run 0 play half-hazard --players human,ai --seed 1 --position "play turn 1/1 score 0,0 money 40,40 pot 20 order 1,2 numbers 12,10 winnings 6 streak 1 choose"
has out "Hint: stop: 3 = 3.000000"
has out "throw: 505/216 = 2.337963"
has out "Player 1 won — Player 1 stopped and took 6; Player 1 +3, Player 2 -3"

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
# nine men's morris's endgame tables (capture by jumping) up to two men a
# side, in a cache folder of our own: 24 * 23 = 552 positions of one man
# each, C(24,2) * C(22,2) = 63756 of two each; 552 + 2 * 24 * C(23,2) +
# 63756 = 76452 in all.  A damaged file is refused, said so, and built
# again; a whole one is taken as it is.
XDG_CACHE_HOME=$T/eg run 0 solve nine-mens-morris --endgames --men 2 --verify
has out "table 1-1: 552 positions"
has out "table 2-2: 63756 positions"
has out "positions 76452"
has out "verify 0 positions disagree"
F=$T/eg/ludoteka/nine-mens-morris-jump-2.endgames
[ -f "$F" ] || fail "no endgame file"
printf 'X' | dd of="$F" bs=1 seek=5000 conv=notrunc 2>/dev/null
XDG_CACHE_HOME=$T/eg run 0 solve nine-mens-morris --endgames --men 2 --cached
has err "checksum does not match"
has out "table 2-2: 63756 positions"
XDG_CACHE_HOME=$T/eg run 0 solve nine-mens-morris --endgames --men 2 --cached --verify
lacks out "table 2-2"
has out "verify 0 positions disagree"
# alquerque's, one man a side: 25 * 24 = 600 positions
XDG_CACHE_HOME=$T/eg run 0 solve alquerque --option capture=forced --endgames --men 1 --verify
has out "table 1-1: 600 positions"
has out "verify 0 positions disagree"
[ -f "$T/eg/ludoteka/alquerque-forced-multi-1.endgames" ] || fail "no alquerque endgame file"
# Rozbójnicy's, two men a side and three in all (1-2, 2-1): one man
# (a commander anywhere, or a soldier on ranks 2-7) against two on other
# squares, the two not soldiers on one file: 654960 positions, counted by
# a separate enumeration; one man each is a draw by rule, no table
XDG_CACHE_HOME=$T/eg run 0 solve robbers --endgames --men 2 --verify
has out "table 1-2: 654960 positions"
has out "table 2-1: 654960 positions"
lacks out "table 1-1"
has out "verify 0 positions disagree"
[ -f "$T/eg/ludoteka/robbers-2.endgames" ] || fail "no robbers endgame file"
XDG_CACHE_HOME=$T/eg run 1 solve robbers --endgames --men 1
has err "one man each is a draw"
# Four Seasons', one man besides the kings, by the same command: 8
# tables (K+X vs K and K vs K+X, X a rook, knight, alfil or General) of
# 7 * 48^2 indices (the mover's king on the 7 squares of the a1-d1-d4
# triangle that centre=blocked leaves, which the board's symmetries
# take any square to; the other king and the man on the 48 squares of
# the ring) = 129024; the legal ones of K+R vs K counted up to symmetry
# by test_four_seasons_endgames (Burnside's lemma, with a board of its
# own).  Taken from the cache with --cached; dice and four men refused.
XDG_CACHE_HOME=$T/eg run 0 solve four-seasons --endgames --men 1 --verify
has out "table KR-K: 9150 positions"
has out "table K-KR: 11550 positions"
has out "positions 129024"
has out "verify 0 positions disagree"
[ -f "$T/eg/ludoteka/four-seasons-sym-centre-blocked-alfil-1-2-1.endgames" ] || fail "no four-seasons endgame file"
XDG_CACHE_HOME=$T/eg run 0 solve four-seasons --endgames --men 1 --cached --verify
lacks out "table KR-K"
has out "positions 129024"
has out "verify 0 positions disagree"
run 2 solve four-seasons --option dice=one --endgames
has err "without dice"
run 2 solve four-seasons --endgames --men 4
has err "--men: from 1 to 3"
run 2 solve robbers --endgames --men 4
has err "--men: from 1 to 3"
run 2 solve nine-mens-morris --endgames --men 6
run 2 solve nine-mens-morris --option capture=mills --endgames --men 2
has err "--men: from 3 to 5"
run 2 solve three-mens-morris --endgames
has err "has no endgame tables"
run 2 solve three-mens-morris --verify
has err "go with --endgames"

CASE=rabbit-hint
# issue 18.6: with the seed's 12 hunters the perfect player's table
# takes minutes to solve; the hint does not wait for it but answers by a
# search within its time, saying how far the table has come; a computer
# seat with a time limit does the same.  Quitting stops the build and
# leaves no table (whole or partial) in the cache.
input 'hint\nC3-C4\nquit\n'
XDG_CACHE_HOME=$T/fresh run 0 play catch-the-rabbit --players human,ai:level=4:time=0.2 --seed 3
has out "Rabbit to move> Hint: "
has out "(search: Rabbit "
has out "perfect-play table "
has out "% built)"
has out "Hunters (ai:level=4:time=0.2): "
has out "Game left unfinished."
[ -z "$(ls -A "$T/fresh/ludoteka" 2>/dev/null)" ] || fail "a table was left in the cache"
# a seat with no time limit waits for the table (a small one here); the
# hint then comes from it, and the table is cached
input 'C3-C4\nhint\nquit\n'
XDG_CACHE_HOME=$T/small run 0 play catch-the-rabbit --players human,ai:level=5 --option hunters=3 --option threshold=2 --seed 3
has out "Hunters (computer, level 5): "
has out "Hint: "
lacks out "(search"
[ -f "$T/small/ludoteka/catch-the-rabbit-3-2-multi.table" ] || fail "the hint's table was not cached"
run 2 play catch-the-rabbit --players human,ai:level=4:time=0
has err "time must be a positive number"
run 2 solve three-mens-morris --option rows=last
run 2 solve three-mens-morris --bogus
has err "unexpected argument"
run 2 solve

finish cli
