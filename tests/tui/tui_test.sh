#!/bin/sh
# tui_test.sh — the full-screen mode driven through tmux: the menu, the
# rules in both languages, the options, a board game with the keyboard
# and the mouse, typed moves, undo, the computer made to move, a dice
# game with its exact odds, dice typed in, resizing, ASCII, Ctrl-C; and,
# once they are in the build, chess (a clock running down to its flag,
# a draw agreed with keys, the board turned), an alquerque capture chain
# and a Talat placement.  Usage: tui_test.sh path/to/ludoteka
LT=$1
. "$(dirname "$0")/lib.sh"

CASE=menu
launch "$LT" --lang en
expect "LUDOTEKA — historical board and dice games"
expect "Dice games of the 13th century"
expect "Board games from Alfonso's book"
select_line "Three Men's Morris"
keys Enter
expect "Rules"
expect "Back to the menu"
# every option with its value, its default and what it does
expect "diagonals"
expect "(default on)"
expect "(default 200)"
expect "2. Black"
select_line "diagonals"
keys Right
expect "off        (default on)"
select_line "2. Black"
keys Left
expect "computer, level 2"
keys Escape
expect "Dice games of the 13th century"
keys L
expect "Gry w kości z XIII wieku"
expect "Gry planszowe z księgi Alfonsa X"
keys q
ended 0

CASE=rules
launch "$LT" --lang en
expect "LUDOTEKA"
select_line "Three Men's Morris"
keys Enter
expect "> Rules"
keys Enter
expect "THREE MEN'S MORRIS"
expect "Lots decide who plays White"
keys End
expect "diagonals=on|off (default on)"
expect "Press ENTER to return to the menu."
keys L
expect "3 MŁYNKI"
keys End
expect "Naciśnij ENTER, aby wrócić do menu."
expect "domyślnie"
keys Enter
expect "> Zasady"
keys Escape q
ended 0
launch "$LT" --lang pl
expect "LUDOTEKA — historyczne gry planszowe i w kości"
expect "Gry w kości z XIII wieku"
expect "Góra/Dół: wybór   Enter: otwórz"
keys q
ended 0

CASE=keyboard-and-mouse
# White (a person) places with the keys and the mouse; Black answers
launch "$LT" --lang en play three-mens-morris --players human,ai:level=1 --seed 3
expect "White: human"
expect "In hand: white 3, black 3"
# the cursor starts on A1: right to B1, up to B2
keys Right Up Enter
expect "1. B2 "
expect "Black: "
expect "In hand: white 2, black 2"
pos=$(cell C 1)
[ -n "$pos" ] || fail "no cell C1 on the screen"
click $pos
expect "2. C1 "
expect "In hand: white 1, black 1"
# a click where nothing can be done says so
click $(cell B 2)
expect "No move starts or ends there."
keys u
expect "Took back 2 moves: "
expect "In hand: white 2, black 2"
keys r
expect "Played again 2 moves."
expect "In hand: white 1, black 1"
# a move typed in the notation; a bad one is refused with the reason
keys :
expect "Move or command>"
text "Z9"
keys Enter
expect "'Z9' is not a move of three-mens-morris"
# a hint from the computer
keys h
expect "Hint: "
# saved where the player says
keys s
expect "Save to file> three-mens-morris.txt"
keys C-u
text "$T/game.txt"
keys Enter
expect "Saved to $T/game.txt."
grep -qF '[Game "three-mens-morris"]' "$T/game.txt" && ok || fail "nothing saved"
# saved, the game is kept there from now on, a line a move
keys q
expect "Leave the game? (it is saved) (y/n)"
keys y
ended 0

CASE=load-and-resign
launch "$LT" --lang en play three-mens-morris --players human,human --seed 9
expect "White: human"
keys o
expect "Load the game in file>"
text "$T/game.txt"
keys Enter
expect "Loaded $T/game.txt."
# the moves of the file (whatever the computer answered), as rows
expect "1. B2 "
expect "2. C1 "
expect "In hand: white 1, black 1"
keys x
expect "Resign the game? (y/n)"
keys y
expect "Black won 0–1 — White resigned. Press ENTER to leave."
# the game, kept on in its file, says who resigned
grep -qF '[Termination "resign"]' "$T/game.txt" && ok || fail "the resignation is not in the file"
grep -qF '{[%result resign 1]}' "$T/game.txt" && ok || fail "the resigning seat is not in the file"
keys Enter
ended 0

CASE=load-never-starts-programs
# issue 18: a saved game loaded with 'o' that names an engine for a seat
# does not start it; the game on the screen goes on as it was
printf '[Game "three-mens-morris"]\n[Players "human,uci:/bin/sh -c id>%s/pwned.txt"]\n\n1. B2\n' \
    "$T" >"$T/evil.txt"
launch "$LT" --lang en play three-mens-morris --players human,human --seed 9
expect "White: human"
keys o
expect "Load the game in file>"
text "$T/evil.txt"
keys Enter
expect "seat 2 (Black) is 'uci:/bin/sh"
[ -e "$T/pwned.txt" ] && fail "the loaded game started a program" || ok
expect "Black: human"
keys q
expect "Leave the game unfinished? (y/n)"
keys y
ended 0

CASE=targets
# Moving: a selected piece lights up its targets (green background) and
# a click on one plays it.  White's moves: C1-B1 B2-B1 B2-B3 B2-C3.
launch "$LT" --lang en play three-mens-morris --players human,human --position "B../WWB/B.W w 6"
expect "White: human"
click $(cell B 2)
# B3 and C3, two of its targets, are on row 3: a green background
coloured "$(cell C 3 | cut -d' ' -f1)" 42
click $(cell C 3)
expect "1. B2-C3"
expect "Black: human"
keys q y
ended 0

CASE=computer-thinks
# a computer with half a minute a move; Esc makes it move at once
launch "$LT" --lang en play three-mens-morris --players ai:mcts:time=30,human --seed 5
expect "White thinks" 10
expect "Esc: move now"
keys Escape
expect "1. " 10
expect "Black: human"
# quitting while it thinks leaves at once too
keys q y
ended 0

CASE=hazard-odds
# The throws decide the order, then the odds of the turn show: the same
# as `ludoteka odds hazard` gives exactly for the order P1, P2.
odds=$("$LT" odds hazard | awk '/^seat1 / { printf "%.4f", $3 }')
[ -n "$odds" ] || fail "ludoteka odds hazard gave nothing"
launch "$LT" --lang en play hazard --players human,ai --seed 1
expect "Enter: throw the dice"
keys Enter
expect "Last throw: P1 6-5-5 (sum 16)"
expect "╭─────╮"
keys Enter
expect "Last throw: P2 6-3-1 (sum 10)"
expect "Order of play: P1, P2"
expect "Odds: Player 1 $odds, Player 2 "
keys q y
ended 0

CASE=manual-dice
# real dice typed in; Pair and Ace's odds: 9/14 for the first thrower
launch "$LT" --lang en play pair-and-ace --players human,ai --dice manual --seed 5
expect "Dice (as thrown, e.g. 6-6-6; roll: the computer throws)>"
text "6-6-6"
keys Enter
expect "Last throw: P1 6-6-6"
text "1-1-1"
keys Enter
expect "Odds: Player 1 0.6429 (9/14), Player 2 0.3571 (5/14)"
text "xyz"
keys Enter
expect "'xyz' is not a move of pair-and-ace"
keys q y
ended 0

CASE=resize-ascii-ctrl-c
launch "$LT" --lang en --ascii play four-seasons --players human,ai,ai,ai --seed 2
expect "Green (spring) to move"
# ASCII: the pieces' texts, the blocked centre as #
expect "gK"
expect "rP^"
expect "####"
# the board from green's side (its king, on a8, at the bottom left): the
# ranks below the board, the files beside it; squares of 5 columns on
# 80x24, of 7 (and 3 rows) on 120x40
expect "8    7    6    5    4    3    2    1"
expect "a  gK   gN"
TM resize-window -t "$W" -x 120 -y 40
expect "8      7      6      5      4      3      2      1"
keys C-c
ended 130
# the terminal is given back: the game's screen is gone
lacks "Green (spring) to move"

CASE=no-utf8
# a terminal without UTF-8: Polish folded to ASCII, boards in ASCII
launch env LC_ALL=C LANG=C "$LT" --lang pl play medh-kuu-lash --players human,ai --seed 3
expect "Rzut o rozpoczecie: zaczyna"
expect "W w---w---w"
expect "+-----+ +-----+"
keys q t
ended 0

CASE=sigterm
# killed from outside, the program still gives the terminal back
launch "$LT" --lang en play three-mens-morris --players human,ai --seed 3
expect "White: human"
kill -TERM $(pgrep -P "$(TM display-message -p -t "$W" '#{pane_pid}')" ludoteka)
ended 143
lacks "White: human"

CASE=a-game-from-the-menu
# a whole game from the menu, hot-seat, to "press ENTER to return to the menu"
launch "$LT" --lang en
expect "LUDOTEKA"
select_line "Three Men's Morris"
keys Enter
select_line "2. Black"
keys Left Left Left
expect "$(printf '2. Black%15shuman' '')"
select_line "Play" Up
keys Enter
expect "Lots drawn: player"
for m in A1 B1 A2 B2 A3 C1; do
    keys :
    text "$m"
    keys Enter
done
expect "White won 1–0 — a line of three (A1 A2 A3). Press ENTER to return to the menu."
keys Enter
expect "> Play"
keys Escape q
ended 0

CASE=every-game
# every registered game opens on the full screen, takes a first move (the
# first of the list of legal moves, or a throw) and closes cleanly
"$LT" list >"$T/games"
while read -r id title; do
    CASE=every-game-$id
    launch "$LT" --lang en play "$id" --players human --seed 1
    expect "$title"
    keys m
    sleep 0.2
    keys Enter
    sleep 0.2
    keys q y
    ended 0
done <"$T/games"

CASE=one-language
# every game's screen and its help, in Polish without English words and
# in English without Polish ones (tests/words.sh), at 80x24
. "$(dirname "$0")/../words.sh"
for lang in pl en; do
    CASE="one-language-menu-$lang"
    launch "$LT" --lang $lang
    expect "LUDOTEKA"
    screen >"$T/screen"
    words=$(foreign $lang "$T/screen")
    if [ -n "$words" ]; then
        fail "in $lang the menu shows: $words"
        sed 's/^/  | /' "$T/screen"
    else
        ok
    fi
    keys q
    ended 0
    "$LT" --lang $lang list >"$T/titles"
    while read -r id title; do
        CASE="one-language-$id-$lang"
        launch "$LT" --lang $lang play "$id" --players human --seed 1
        expect "$title" || continue
        screen >"$T/screen"
        keys '?'
        expect "$(if [ $lang = pl ]; then echo "Klawisze"; else echo "Keys"; fi)" || continue
        screen >>"$T/screen"
        words=$(foreign $lang "$T/screen")
        if [ -n "$words" ]; then
            fail "in $lang the screen shows: $words"
            sed 's/^/  | /' "$T/screen"
        else
            ok
        fi
        keys q q y
        ended 0
    done <"$T/titles"
done

CASE=plain
# --plain keeps the line mode on a terminal
launch "$LT" --plain --lang en play three-mens-morris --players human,ai --seed 3
expect "White to move>"
text "quit"
keys Enter
expect "Game left unfinished."
ended 0

CASE=chess
if registered chess; then
    launch "$LT" --lang en play chess --players human,human
    expect "White to move"
    # White with the mouse: e2, then e4
    click $(cell e 2)
    click $(cell e 4)
    expect "1. e4"
    # Black with the keys: the cursor has gone from e4 to the nearest of
    # Black's men, e7: select, down to e5, play
    keys Enter Down Down Enter
    expect "1. e4 e5"
    keys q y
    ended 0
else
    echo "skipped [chess]: chess is not in this build yet"
fi

CASE=one-move-shown
# issue 20: no key plays a move by itself - `m` lists even a lone legal
# move (the king's only step, Kb1) and plays it only when chosen
if registered chess; then
    launch "$LT" --lang en play chess --players human,human --position "k7/8/8/8/8/8/7q/K7 w - - 0 1"
    expect "White to move"
    keys m
    expect "Which move?"
    expect "Kb1"
    keys Enter
    expect "1. Kb1"
    keys q y
    ended 0
fi

CASE=clock-offers-flip
if registered chess; then
    # issue 19: the clock runs down on the screen with no key pressed,
    # and the flag falls on its own: the result with its reason
    launch "$LT" --lang en play chess --players human,human --clock 0:02+0
    expect "White: human  0:01."
    expect "White: human  0:00."
    expect "Black won 0–1 — White ran out of time. Press ENTER to leave."
    expect "Black: human  0:02.0"
    keys Enter
    ended 0
    # the board turned round; a draw offered and accepted with keys
    launch "$LT" --lang en play chess --players human,human
    expect "White to move"
    expect "a  b  c  d  e  f  g  h"
    keys f
    expect "h  g  f  e  d  c  b  a"
    keys e
    expect "White offers a draw."
    expect "a: accept   n: decline"
    keys a
    expect "Draw ½–½ — by agreement. Press ENTER to leave."
    keys Enter
    ended 0
else
    echo "skipped [clock-offers-flip]: chess is not in this build yet"
fi

CASE=alquerque-chain
if registered alquerque; then
    # White's man on A1 takes B2 and, going on, D4: two jumps in one turn,
    # each a step the player takes.  With forced captures the man that
    # jumps is selected for him and the cursor waits on its landing point.
    launch "$LT" --lang en play alquerque --players human,human --option capture=forced \
        --position "...../...B./...../.B.../W.... w - -"
    expect "White: human"
    # the man on A1 selected, the cursor on its landing point C3
    expect "3 ·───────·──────[·]──────·───────·"
    keys Enter
    expect "1. A1xC3"
    expect "goes on capturing"
    expect "5 ·───────·───────·───────·──────[·]"
    keys Enter
    expect "1. A1xC3 C3xE5"
    expect "White won"
    keys Enter
    ended 0
    # the same with the mouse, the captures optional: the chain may stop
    launch "$LT" --lang en play alquerque --players human,human \
        --position "...../...B./...../.B.../W.... w - -"
    expect "White: human"
    click $(cell A 1)
    click $(cell C 3)
    expect "1. A1xC3"
    click $(cell E 5)
    expect "1. A1xC3 C3xE5"
    keys q y
    ended 0
else
    echo "skipped [alquerque-chain]: alquerque is not in this build yet"
fi

CASE=sides-and-flip
# issue 23: Black's board from Black's side - rank 1 on top - said in the
# panel; f turns it round and says so
if registered chess; then
    launch "$LT" --lang en play chess --players ai:level=1,human --seed 1
    expect "Board: Black at the bottom"
    expect "h  g  f  e  d  c  b  a"
    [ "$(screen | sed -n 2p | cut -c1-3)" = " 1 " ] && ok ||
        fail "rank 1 is not on top: $(screen | sed -n 2p)"
    # the cursor waits on one of Black's men (rank 7, next to a1)
    expect "[♟]"
    keys f
    expect "Board: White at the bottom (turned round)"
    expect "a  b  c  d  e  f  g  h"
    [ "$(screen | sed -n 2p | cut -c1-3)" = " 8 " ] && ok ||
        fail "turned round, rank 8 is not on top: $(screen | sed -n 2p)"
    keys q y
    ended 0
    # full moves: one number for White's move and Black's
    launch "$LT" --lang en play chess --players human,human
    expect "White to move"
    for m in e4 e5 Nf3; do
        keys :
        text "$m"
        keys Enter
    done
    expect "1. e4 e5 2. Nf3"
    keys q y
    ended 0
fi

CASE=chain-stop
# issue 23: after the first jump the man stays selected (magenta), its
# next jump lit (green), the keys say how to stop; '.' stops the chain
if registered alquerque; then
    launch "$LT" --lang en play alquerque --players human,human \
        --position "...../...B./...../.B.../W.... w - -"
    expect "White: human"
    click $(cell A 1)
    click $(cell C 3)
    expect "1. A1xC3"
    expect "Enter on the piece or '.': stop"
    coloured "$(cell C 3 | cut -d' ' -f1)" 45
    coloured "$(cell E 5 | cut -d' ' -f1)" 42
    keys .
    expect "1. A1xC3 stop"
    expect "▶ Black: human"
    lacks "'.': stop"
    keys q y
    ended 0
fi

CASE=mill-removal
# issue 23: a mill's removal is asked on the board: Black's men in red,
# the cursor on one of them; Enter takes it off
launch "$LT" --lang en play nine-mens-morris --option capture=mills --players human,human --seed 1
expect "White: human"
for m in a1 b2 d1 b4 g1; do
    keys :
    text "$m"
    keys Enter
done
expect "White made a mill and removes an"
expect "Enter on a piece in red: take it off"
coloured "$(cell b 2 | cut -d' ' -f1)" 41
keys Enter
expect "3. g1 x"
expect "▶ Black: human"
keys q y
ended 0

CASE=medh-labels
# issue 23: Medh Kuu Lash's rows and columns named as its notation (W1..W8,
# M1..M8, G1..G8), the ring drawn and explained, every throw under its
# thrower
if registered medh-kuu-lash; then
    launch "$LT" --lang en play medh-kuu-lash --players ai:level=1,human --seed 1
    expect "Board: Wooden at the bottom"
    # and where the ring wraps: round the outside, G8 down to W8 on the
    # left, W1 up to G1 on the right (Wooden's side at the bottom)
    expect "╭─G ●───●"
    expect "▼ M ·   ·"
    expect "·   · ▲"
    expect "╰─W ○───○"
    expect "   8   7   6   5   4   3   2   1"
    expect "The ring: G1→G8, on to W8"
    keys Enter
    expect "1. [5-4] Green: [6-3] "
    # the computer's move is said with the dice it moved by
    expect "Green ["
    expect "Wooden throws both dice"
    keys Enter
    expect "; Wooden:"
    keys q y
    ended 0
fi

CASE=talat-hand
# issue 23: Talat's boards titled and named, the towers explained, the
# towers in hand on the board to pick; the start-line squares where the
# picked one may go lit (green); placed with the keys
if registered talat; then
    launch "$LT" --lang en play talat --players human,ai:level=1,ai:level=1 --seed 1
    # (on 80 columns the panel gives up some room: a space between towers)
    # Red's two boards first, each with Red's start line at the bottom
    # (Violet-Red turned half round), the third board last
    expect "Violet–Red        Red–Blue          Blue–Violet"
    expect "o  n  m  l  k     a  b  c  d  e     f  g  h  i  j"
    expect "Towers: height 1 small, 2 medium, 3 tall; base ▲"
    expect "In hand (Enter: pick one):"
    expect "[1▲]   1■    1⬢    2▲"
    keys Enter
    # (the row of Red's start lines: the bottom one, o5 ... a1)
    coloured "$(screen | awk '/^ 5 .* 1 .* 1 / { print NR - 1; exit }')" 42
    # up from the first tower in hand: the start-line square above it
    keys Up Enter
    expect "1. Red: 1t@o5"
    keys q y
    ended 0
fi

CASE=talat-placement
if registered talat; then
    first=$("$LT" moves talat --players 2 | head -1)
    launch "$LT" --lang en play talat --players human,human
    keys :
    text "$first"
    keys Enter
    expect "1. Red: $first"
    keys q y
    ended 0
else
    echo "skipped [talat-placement]: talat is not in this build yet"
fi

CASE=rabbit-table
# issue 18.6: a computer seat playing by the perfect table (level 4,
# no time limit) waits for the table of 12 hunters (minutes) and shows
# how far it has come; Esc makes it move now by a search, which it says;
# a hint meanwhile answers by a search too; leaving stops the build, and
# no table is left in the cache
launch env XDG_CACHE_HOME="$T/rabbit" "$LT" --lang en play catch-the-rabbit \
    --players human,ai:level=4 --seed 3
expect "Hunters: computer, level 4"
keys :
expect "Move or command>"
text "C3-C4"
keys Enter
expect "Hunters: perfect-play table "
keys Escape
expect "Hunters: B2-B3 (search; perfect-play table"
keys h
expect "Hint: "
expect "(search: Rabbit"
keys q
expect "Leave the game unfinished? (y/n)"
keys y
ended 0
[ -z "$(ls -A "$T/rabbit/ludoteka" 2>/dev/null)" ] && ok || fail "a table was left in the cache"

finish tui
