#!/bin/sh
# mpi_test.sh — `ludoteka arena` over the processes of an MPI job prints
# exactly what one process prints with the same seed: every line, the
# table, the SPRT's stop and the records; `ludoteka selfplay` writes the
# same data file, and `ludoteka solve --endgames` the same tables.  Skipped (77) when mpirun is missing.
# Usage: mpi_test.sh path/to/ludoteka with|without
# (whether the program was built with MPI).
LT=$1
BUILT=$2
. "$(dirname "$0")/lib.sh"

if ! command -v mpirun >/dev/null 2>&1; then
    echo "SKIP: mpirun not found (Debian: openmpi-bin, libopenmpi-dev)"
    exit 77
fi
# two cores may run three processes; root needs leave to run them.
# Under the sanitizers, Open MPI's own allocations (in components it has
# unloaded by the end, so they cannot be told from ours by a suppression)
# would be reported as leaks: leaks are looked for in the one-process
# runs of the same games, not under mpirun.
MPIRUN="mpirun --oversubscribe -x ASAN_OPTIONS=detect_leaks=0"
[ "$(id -u)" -eq 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"

# mpi NP OUT ARGS... — ludoteka ARGS in NP processes, stdout to $T/OUT,
# stderr to $T/OUT.err; the exit status checked to be 0.
mpi() {
    np=$1
    out=$2
    shift 2
    $MPIRUN -np "$np" "$LT" "$@" >"$T/$out" 2>"$T/$out.err" </dev/null
    got=$?
    if [ "$got" -ne 0 ]; then
        fail "exit status $got under mpirun -np $np (ludoteka $*)"
        sed 's/^/  stderr: /' "$T/$out.err" | head -5
    else
        passed=$((passed + 1))
    fi
}

# alone OUT ARGS... — ludoteka ARGS in one process, stdout to $T/OUT.
alone() {
    out=$1
    shift
    run 0 "$@"
    mv "$T/out" "$T/$out"
}

# equal A B — files $T/A and $T/B are the same, byte for byte.
equal() {
    if cmp -s "$T/$1" "$T/$2"; then
        passed=$((passed + 1))
    else
        fail "$1 and $2 differ"
        diff "$T/$1" "$T/$2" | head -8 | sed 's/^/  | /'
    fi
}

# records A B — the records $T/A.pgn and $T/B.pgn are the same but for
# their dates (a run may cross midnight).
records() {
    grep -v '^\[Date ' "$T/$1.pgn" >"$T/$1.rec"
    grep -v '^\[Date ' "$T/$2.pgn" >"$T/$2.rec"
    equal "$1.rec" "$2.rec"
}

if [ "$BUILT" != with ]; then
    CASE=without-mpi
    # the program refuses, saying why, rather than playing every game in
    # every process
    $MPIRUN -np 2 "$LT" arena alquerque --player random --player random \
        --games 2 >"$T/out" 2>"$T/err" </dev/null
    [ $? -ne 0 ] || fail "ran under mpirun, built without MPI"
    has err "built without MPI"
    finish mpi || exit 1
    echo "SKIP: ludoteka built without MPI (cmake -DLT_MPI=ON); the runs were not compared"
    exit 77
fi

CASE=alquerque
# 20 games, the seats rotating: one process with one thread, with two,
# and two and three processes; their lines, tables and records
ARGS="arena alquerque --player random --player ai:level=1 --games 20 --seed 7"
alone one $ARGS --jobs 1 --record "$T/one.pgn"
[ "$(grep -c '^game [0-9]*/20:' "$T/one")" -eq 20 ] || fail "20 game lines expected"
[ "$(grep -c '^\[Round ' "$T/one.pgn")" -eq 20 ] || fail "20 records expected"
has one "Elo difference (A - B)"
alone two-threads $ARGS --jobs 2 --record "$T/two-threads.pgn"
equal one two-threads
records one two-threads
mpi 2 np2 $ARGS --record "$T/np2.pgn"
equal one np2
records one np2
mpi 3 np3 $ARGS --record "$T/np3.pgn"
equal one np3
records one np3

CASE=chess
# the chess engine keeps tables from move to move: each game starts
# afresh, so its records do not depend on the games played before it in
# the same process
ARGS="arena chess --player ai:level=3 --player ai:level=2 --games 6 --seed 1"
alone chess1 $ARGS --jobs 1 --record "$T/chess1.pgn"
mpi 2 chess2 $ARGS --record "$T/chess2.pgn"
equal chess1 chess2
records chess1 chess2

CASE=four-players
# three men's morris has two seats; Four Seasons four, rotating
ARGS="arena four-seasons --player ai:level=1 --player random --player random --player random --games 8 --seed 3"
alone one4 $ARGS --jobs 1 --record "$T/one4.pgn"
mpi 3 np3-4 $ARGS --record "$T/np3-4.pgn"
equal one4 np3-4
records one4 np3-4
has one4 "ahead"

CASE=sprt
# the SPRT stops the match at the same game however many play it: a
# random player against level 1, H0 (no better than equal) accepted
# long before 2000 games
ARGS="arena three-mens-morris --player random --player ai:level=1 --games 2000 --seed 5 --sprt 0,20"
alone one-sprt $ARGS --jobs 1
has one-sprt "H0 accepted"
lacks one-sprt "game 2000/2000"
alone four-sprt $ARGS --jobs 4
equal one-sprt four-sprt
mpi 3 np3-sprt $ARGS
equal one-sprt np3-sprt

CASE=many
# more games than the window of games waiting to be counted (256)
ARGS="arena three-mens-morris --player random --player random --games 700 --seed 9 --quiet"
alone one-many $ARGS --jobs 1
alone three-many $ARGS --jobs 3
equal one-many three-many
mpi 2 np2-many $ARGS
equal one-many np2-many
has one-many " 700 "

CASE=selfplay
# the self-play data file is the same byte for byte from one process,
# two threads, and two or three processes (with threads of their own);
# more games than a process may be ahead of the file (8)
ARGS="selfplay chess --games 20 --nodes 200 --seed 4"
alone sp-one $ARGS --out "$T/sp-one.bin"
has sp-one "positions from 20 games"
alone sp-two $ARGS --jobs 2 --out "$T/sp-two.bin"
equal sp-one.bin sp-two.bin
mpi 2 sp-np2 $ARGS --out "$T/sp-np2.bin"
equal sp-one.bin sp-np2.bin
equal sp-one sp-np2
mpi 3 sp-np3 $ARGS --jobs 2 --out "$T/sp-np3.bin"
equal sp-one.bin sp-np3.bin
alone sp-text $ARGS --text --out "$T/sp-one.txt"
mpi 3 sp-np3-text $ARGS --text --out "$T/sp-np3.txt"
equal sp-one.txt sp-np3.txt
[ "$(wc -l <"$T/sp-one.txt")" -eq "$(sed -n 's/ positions.*//p' "$T/sp-one")" ] ||
    fail "a text line a position expected"

CASE=endgames
# the endgame tables built by two and by three processes are the same
# file as one process builds, byte for byte, and pass the check split
# over the processes; with flying, three men a side put aside more
# updates for the other process than one round carries (2^18 words), so
# those go in several rounds (the check of flying's tables, long under
# the sanitizers, is left to one process: test_endgames).  Rozbójnicy's
# (its own positions and way back in the shared solver) and Four
# Seasons' (its own build) likewise.
for tables in "nine-mens-morris --men 3 --verify:2 3" \
    "nine-mens-morris --option flying=on --men 3:2" \
    "alquerque --option capture=forced --men 2 --verify:3" \
    "robbers --men 2 --verify:2 3" \
    "four-seasons --men 1 --verify:2 3"; do
    args=${tables%%:*}
    for np in 1 ${tables#*:}; do
        export XDG_CACHE_HOME="$T/cache$np"
        if [ "$np" -eq 1 ]; then
            alone eg$np solve $args --endgames
        else
            mpi $np eg$np solve $args --endgames
        fi
        case $args in
        *--verify*) has eg$np "verify 0 positions disagree" ;;
        esac
        # the same lines as one process, but for the times, the memory
        # and the processes
        grep -v -e '^build ' -e '^memory ' -e '^processes ' -e '^verify ' "$T/eg$np" |
            sed -e 's/, [0-9.]* s$//' -e 's/cache[0-9]/cache/' >"$T/eg$np.lines"
        [ "$np" -eq 1 ] && continue
        has eg$np "processes $np"
        file=$(cd "$T/cache1/ludoteka" && ls)
        [ -n "$file" ] || fail "no table file ($args)"
        equal "cache1/ludoteka/$file" "cache$np/ludoteka/$file"
        equal eg1.lines eg$np.lines
    done
    has eg1 "positions "
    lacks eg1 "processes "
    rm -rf "$T"/cache?
done
# the tables read from the cache folder by every process and checked
export XDG_CACHE_HOME="$T/cache-both"
alone eg-first solve alquerque --endgames --men 2
mpi 2 eg-cached solve alquerque --endgames --men 2 --cached --verify
lacks eg-cached "table "
has eg-cached "verify 0 positions disagree"

# a folder process 0 cannot store the tables in: every process stops,
# with process 0's message, rather than wait for it in the check
: >"$T/not-a-folder"
export XDG_CACHE_HOME="$T/not-a-folder"
timeout 120 $MPIRUN -np 2 "$LT" solve nine-mens-morris --endgames --men 2 \
    --verify >"$T/out" 2>"$T/err" </dev/null
got=$?
[ $got -ne 0 ] && [ $got -ne 124 ] || fail "exit status $got with no cache folder under mpirun"
has err "could not be stored"
lacks out "verify "
# and solve without --endgames is not run in every process
timeout 120 $MPIRUN -np 2 "$LT" solve three-mens-morris >"$T/out" 2>"$T/err" </dev/null
got=$?
[ $got -ne 0 ] && [ $got -ne 124 ] || fail "exit status $got: solve without --endgames under mpirun"
has err "only with --endgames"
unset XDG_CACHE_HOME

CASE=refused
# every process refuses a bad player, and the job ends
$MPIRUN -np 2 "$LT" arena alquerque --player nobody --player random \
    --games 2 >"$T/out" 2>"$T/err" </dev/null
[ $? -ne 0 ] || fail "a bad player accepted under mpirun"
has err "unknown player 'nobody'"

# and a data file it cannot write
$MPIRUN -np 2 "$LT" selfplay chess --games 4 --nodes 100 \
    --out "$T/no/such/folder.bin" >"$T/out" 2>"$T/err" </dev/null
[ $? -ne 0 ] || fail "an unwritable data file accepted under mpirun"
has err "cannot write"

finish mpi
