#!/bin/sh
# chess_test.sh — the chess commands through the program: perft with a FEN,
# the UCI engine on standard input and output, and the tuner's two steps.
# Usage: chess_test.sh path/to/ludoteka
LT=$1
. "$(dirname "$0")/lib.sh"

check() { # check DESCRIPTION COMMAND...: the command must succeed
    d=$1
    shift
    if "$@"; then passed=$((passed + 1)); else fail "$d"; fi
}

CASE=perft
# Perft: Kiwipete, depth 3 (published: 97862); rules=seed drops castling
"$LT" perft --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
    --depth 3 >"$T/out" 2>/dev/null
check "perft kiwipete" grep -qx "nodes 97862" "$T/out"
"$LT" perft --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --depth 1 --option rules=seed \
    >"$T/out" 2>/dev/null
check "perft seed" grep -qx "nodes 24" "$T/out"
"$LT" perft --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --depth 1 --divide >"$T/out" 2>/dev/null
check "perft divide" grep -qx "O-O-O 1" "$T/out"
"$LT" perft --fen "8/8/8/8 w - - 0 1" --depth 1 >"$T/out" 2>"$T/err"
check "perft bad fen status" test $? -eq 1
check "perft bad fen message" grep -q "placement" "$T/err"

CASE=uci
# UCI: handshake, a search to a depth, stop during an infinite search.
# The engine is fed through a pipe; each step waits for the engine's answer
# to the one before (its output file), never for a time.
wait_for() { # wait_for COUNT PATTERN: the output has COUNT such lines
    n=0
    while [ "$(grep -c "$2" "$T/out" 2>/dev/null)" -lt "$1" ]; do
        n=$((n + 1))
        [ $n -gt 6000 ] && return 1 # the run's own bound: ten minutes
        sleep 0.1
    done
}
rm -f "$T/uci.in"
mkfifo "$T/uci.in"
"$LT" uci <"$T/uci.in" >"$T/out" 2>&1 &
uci=$!
exec 3>"$T/uci.in"
printf 'uci\nisready\nposition startpos moves e2e4\ngo depth 5\n' >&3
wait_for 1 '^bestmove '
printf 'isready\ngo infinite\nisready\n' >&3
wait_for 3 readyok
printf 'stop\nquit\n' >&3
exec 3>&-
wait $uci
check "uci status" test $? -eq 0
check "uciok" grep -qx "uciok" "$T/out"
check "readyok" test "$(grep -c readyok "$T/out")" -eq 3
check "two best moves" test "$(grep -c '^bestmove ' "$T/out")" -eq 2
check "info lines" grep -q "^info depth 5 .* pv " "$T/out"
# issue 18: a line quoting what the GUI sent shows its control bytes
# escaped; the protocol's own lines stay lines
printf 'uci\nfoo\033[2J\nquit\n' | "$LT" uci >"$T/out" 2>&1
check "uci lines" grep -qx "option name Clear Hash type button" "$T/out"
check "uci evalfile" grep -qx "option name EvalFile type string default <built-in>" "$T/out"
check "uci escapes" grep -qxF "info string unknown command 'foo\\x1b[2J'" "$T/out"
"$LT" uci --help >"$T/out"
check "uci help" grep -q "usage: ludoteka uci" "$T/out"

CASE=tune
# The tuner: two tiny self-play games, then a short fit
"$LT" tune selfplay --games 2 --nodes 300 --out "$T/data.txt" >"$T/out" 2>&1
check "selfplay" grep -q "positions from 2 games" "$T/out"
check "selfplay data" grep -Eq " \| [01]\.[05] \| -?[0-9]+$" "$T/data.txt"
"$LT" tune fit "$T/data.txt" --epochs 20 --out "$T/weights.c" 2>"$T/err"
check "fit" grep -q "const int16_t chess_weights" "$T/weights.c"
"$LT" tune fit "$T/missing.txt" --epochs 1 2>"$T/err" >/dev/null
check "fit missing status" test $? -eq 1
"$LT" tune bogus >/dev/null 2>&1
check "tune usage" test $? -eq 2

CASE=nnue
# The learned evaluation's pipeline (docs/nnue.md): self-play data, the
# same for any --jobs; a network trained on it; the engine playing with it
"$LT" selfplay chess --games 3 --nodes 300 --seed 5 --out "$T/sp1.bin" >"$T/out" 2>&1
check "selfplay" grep -q "positions from 3 games" "$T/out"
"$LT" selfplay chess --games 3 --nodes 300 --seed 5 --jobs 2 --out "$T/sp2.bin" >/dev/null 2>&1
check "selfplay jobs" cmp -s "$T/sp1.bin" "$T/sp2.bin"
check "selfplay magic" test "$(head -c 8 "$T/sp1.bin")" = LTSP0001
n=$(sed -n 's/^\([0-9]*\) positions.*/\1/p' "$T/out")
check "selfplay records" test "$(wc -c <"$T/sp1.bin")" -eq $((8 + 32 * n))
"$LT" selfplay chess --games 1 --nodes 300 --text --out "$T/sp.txt" >/dev/null 2>&1
check "selfplay text" grep -Eq "^[^|]+ [wb] [^|]+ \| -?[0-9]+ \| [01]\.[05]$" "$T/sp.txt"
"$LT" selfplay chess --games 1 >/dev/null 2>"$T/err"
check "selfplay no out" test $? -eq 2
"$LT" selfplay alquerque --out "$T/x" >/dev/null 2>"$T/err"
check "selfplay other game" test $? -eq 2
"$LT" train-nnue --data "$T/sp1.bin" --out "$T/net1" --hidden 32 --epochs 2 >"$T/out" 2>"$T/err"
check "train" grep -q "held-out loss" "$T/out"
check "train log" grep -q "^epoch 2: loss" "$T/err"
"$LT" train-nnue --data "$T/sp1.bin" --out "$T/net2" --hidden 32 --epochs 2 >/dev/null 2>&1
check "train again, same net" cmp -s "$T/net1" "$T/net2"
check "net size" test "$(wc -c <"$T/net1")" -eq $((32 + 2 * (32 + 768 * 32 + 64) + 4))
"$LT" train-nnue --data "$T/sp.txt" --out "$T/net3" >/dev/null 2>"$T/err"
check "train text refused" grep -q "not a selfplay file" "$T/err"
"$LT" train-nnue --data "$T/sp1.bin" --out "$T/net3" --hidden 20 >/dev/null 2>"$T/err"
check "train hidden" grep -q "multiple of 16" "$T/err"
"$LT" play chess --players "ai:engine:nodes=200:net=$T/net1,ai:engine:nodes=200" \
    --plain >"$T/out" 2>&1
check "play with a net" grep -Eq "won|drawn|draw" "$T/out"
"$LT" play chess --players "ai:engine:net=$T/missing.nnue,ai" --plain >"$T/out" 2>&1
check "missing net" grep -q "cannot open the network" "$T/out"
"$LT" play chess --players "ai:engine:net=$T/sp1.bin,ai" --plain >"$T/out" 2>&1
check "not a net" grep -q "not a network file" "$T/out"
printf 'setoption name EvalFile value %s\nisready\nsetoption name EvalFile value %s\nisready\nquit\n' \
    "$T/missing.nnue" "$T/net1" | "$LT" uci >"$T/out" 2>&1
check "uci bad net" grep -q "info string .*cannot open the network" "$T/out"
check "uci net" test "$(grep -c "info string" "$T/out")" -eq 1
# EvalFile: the network built in by default, as the committed file; <hand>
# the hand-made evaluation, another score; <built-in> back to the first
NET=$(dirname "$0")/../../src/engines/chess/default.nnue
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
rm -f "$T/uci.in"
mkfifo "$T/uci.in"
"$LT" uci <"$T/uci.in" >"$T/out" 2>&1 &
uci=$!
exec 3>"$T/uci.in"
k=0
# then Level 3 (the network still chosen): levels 1-4 evaluate by hand, as
# ai:level=1..4 (level 3 searches 5 plies without noise: depth 3 is 3)
for v in "" "$NET" "<hand>" "<built-in>" level; do
    if [ "$v" = level ]; then
        printf 'setoption name Level value 3\n' >&3
    elif [ -n "$v" ]; then
        printf 'setoption name EvalFile value %s\n' "$v" >&3
    fi
    printf 'ucinewgame\nposition fen %s\ngo depth 3\n' "$KIWI" >&3
    k=$((k + 1))
    wait_for $k '^bestmove '
done
printf 'quit\n' >&3
exec 3>&-
wait $uci
grep "^info depth 3 " "$T/out" | sed 's/.* score \([a-z]* -*[0-9]*\) .*/\1/' >"$T/scores"
check "uci five searches" test "$(wc -l <"$T/scores")" -eq 5
check "uci built-in is the file" test "$(sed -n 1p "$T/scores")" = "$(sed -n 2p "$T/scores")"
check "uci built-in again" test "$(sed -n 1p "$T/scores")" = "$(sed -n 4p "$T/scores")"
check "uci hand differs" test "$(sed -n 1p "$T/scores")" != "$(sed -n 3p "$T/scores")"
check "uci level 3 by hand" test "$(sed -n 5p "$T/scores")" = "$(sed -n 3p "$T/scores")"

finish "chess cli"
