#!/bin/sh
# benchmark_test.sh — ludoteka benchmark --quick: the shape of its report
# (every section, every game, numbers where numbers go), not its speeds;
# Fairy-Max's figures through a pretend one whose counts are known; the
# solve leaves nothing behind.  Usage: benchmark_test.sh path/to/ludoteka
LT=$1
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
mkdir "$T/tmp" "$T/cache"
export TMPDIR="$T/tmp" XDG_CACHE_HOME="$T/cache"

NUM='[0-9]+(\.[0-9]+)?'

CASE=quick
LUDOTEKA_FAIRYMAX="$HERE/fake_fairymax.sh" FAKE_LOG="$T/xboard" \
    run 0 benchmark --quick --solve
cp "$T/out" "$T/quick"
matches quick "^# ludoteka benchmark .*, commit [0-9a-f?]+, [0-9]{4}-[0-9]{2}-[0-9]{2} "
matches quick "^load $NUM $NUM $NUM\$"
matches quick "^processors [0-9]+\$"
# every board game (README's table less the dice games), its defaults
for g in three-mens-morris robbers medh-kuu-lash four-seasons alquerque \
    catch-the-rabbit nine-mens-morris great-chess talat chess; do
    matches quick "^playouts $g +- +[0-9]+ .* [0-9]+%\$"
done
# Ludii's figures of issue 26, with the options that make the rules alike
for row in "chess +- +[0-9]+ +42300" "great-chess +- +[0-9]+ +33600" \
    "four-seasons +- +[0-9]+ +45900" "alquerque +chain=single +[0-9]+ +288000" \
    "nine-mens-morris +capture=mills flying=on +[0-9]+ +316000" \
    "three-mens-morris +- +[0-9]+ +555000" \
    "catch-the-rabbit +chain=single +[0-9]+ +352000"; do
    matches quick "^playouts $row +$NUM""x +[0-9]+%\$"
done
[ "$(grep -c '^playouts ' "$T/quick")" -eq 13 ] || fail "13 playout rows expected"
matches quick "^simulate hazard threads 1 turns/s [0-9]+ cpu [0-9]+%\$"
matches quick "^simulate hazard threads 2 turns/s [0-9]+ cpu [0-9]+%\$"
# every dice game once: the slowest number of players
for g in highest lowest one-and-two triples hazard marlota riffa pair-and-ace \
    panquist half-hazard rising-hazard guirguiesca; do
    matches quick "^odds $g +players [2-6] ms $NUM\$"
done
[ "$(grep -c '^odds ' "$T/quick")" -eq 12 ] || fail "12 odds rows expected"
matches quick "^solve catch-the-rabbit hunters=6 threshold=4 positions [0-9]+ seconds $NUM cpu $NUM MiB [0-9]+\$"
matches quick "^engine chess +positions 1 nodes [0-9]+ seconds $NUM nodes/s [0-9]+ cpu [0-9]+%\$"
matches quick "^engine great-chess +positions 4 nodes [0-9]+ seconds $NUM nodes/s [0-9]+ cpu [0-9]+%\$"
# the pretend Fairy-Max: 123456 nodes in 50 centiseconds
matches quick "^fairymax great-chess +positions 1 nodes 123456 seconds 0.50 nodes/s 246912 cpu [0-9]+%\$"
matches quick "^time $NUM s\$"
# it was told the variant, then the moves of the last position in
# XBoard's coordinates, then to analyse
has xboard "variant grande-acedrex"
matches xboard "^c9a12\$"
matches xboard "^analyze\$"
# the solve's table went to a temporary folder, removed after
left=$(find "$T/tmp" "$T/cache" -mindepth 1)
[ -z "$left" ] || fail "files left: $left"

CASE=without-fairymax
LUDOTEKA_FAIRYMAX= run 0 benchmark --quick
has out "# fairymax: not installed"
has out "# (not run: --solve runs it"
lacks out "solve catch-the-rabbit hunters"

CASE=every-number-of-players
LUDOTEKA_FAIRYMAX= run 0 benchmark --quick --all
# Hazard and Pair and Ace are played by two to six (their rules)
for n in 2 3 4 5 6; do
    matches out "^odds hazard +players $n ms $NUM\$"
done
[ "$(grep -c '^odds pair-and-ace ' "$T/out")" -eq 5 ] || fail "pair-and-ace: five rows"

CASE=errors
run 2 benchmark --fast
has err "--fast"
LUDOTEKA_FAIRYMAX=/bin/false run 1 benchmark --quick
has err "no answer to protover 2"

finish benchmark
