#!/bin/sh
# dice_odds_all.sh BIN [--time] — `odds` of every dice game at every
# allowed number of players, with the options that change the odds, as
# one text (diff two programs' outputs to check that a change keeps every
# figure).  With --time, one line per case: game, players, options and the
# whole command's wall time in microseconds.
bin=${1:?usage: dice_odds_all.sh BIN [--time]}
mode=${2:-}
cases() {
    for p in 2 3 4 5 6; do
        for d in 1 2 3 4 5 6; do
            echo "highest $p dice=$d"
            echo "lowest $p dice=$d"
        done
        echo "one-and-two $p last=all"
        echo "one-and-two $p last=round"
        for gr in 3-6 7-14 15-18; do echo "triples $p group=$gr"; done
        echo "hazard $p form=turns"
        echo "hazard $p form=stakes"
        echo "hazard $p order=lowest"
        echo "marlota $p order=highest"
        echo "riffa $p turns=1"
        echo "pair-and-ace $p order=highest"
    done
    for o in "distinct=yes" "distinct=no"; do echo "panquist 2 $o"; done
    for o in "hazard-after-assign=loses" "hazard-after-assign=ignored"; do
        echo "guirguiesca 2 $o"
    done
    for o in "streak=unit" "streak=rising" "pool=100" "unit=50" "pool=2"; do
        echo "half-hazard 2 $o"
    done
    for o in "cover=halves" "cover=alternate" "unit=50" "unit=1" \
             "unit=1,bankroll=1000,cover=alternate"; do
        echo "rising-hazard 2 $o"
    done
    for o in "pool=100,unit=1" "pool=100,unit=1,streak=rising"; do
        echo "half-hazard 2 $o"
    done
    echo "hazard 6 form=stakes,stake=100,bankroll=1000"
    echo "panquist 2 bankroll=1000,distinct=no"
}
cases | while read -r g p o; do
    # "a=1,b=2": one --option each
    set -- $(echo "$o" | tr ',' ' ' | sed 's/[^ ]*/--option &/g')
    if [ "$mode" = --time ]; then
        t0=$(date +%s%N)
        "$bin" odds "$g" --players "$p" "$@" > /dev/null
        t1=$(date +%s%N)
        echo "$g $p $o $(( (t1 - t0) / 1000 ))"
    else
        echo "== $g --players $p $*"
        "$bin" odds "$g" --players "$p" "$@" 2>&1
        "$bin" odds "$g" --players "$p" "$@" --json 2>&1
        echo "status $?"
    fi
done
# positions inside a turn (the time mode skips them)
[ "$mode" = --time ] && exit 0
while IFS='|' read -r g p pos; do
    echo "== $g --players $p --position $pos"
    "$bin" odds "$g" --players "$p" --position "$pos" 2>&1
    echo "status $?"
done <<'POSITIONS'
hazard|4|play turn 1/1 score 0,0,0,0 order 1,2,3,4 round 1 sums 10,-,-,-
hazard|4|play turn 1/1 score 0,0,0,0 order 1,2,3,4 round 1 sums 7,14,-,-
hazard|4|play turn 1/1 score 0,0,0,0 order 2,4,1,3 round 1 sums -,7,-,-
hazard|4|play turn 1/1 score 0,0,0,0 order 1,2,3,4 round 1 sums 7,7,11,-
hazard|4|play turn 1/1 score 0,0,0,0 order 4,3,2,1 round 1 sums -,9,12,12
hazard|4|play turn 1/1 score 0,0,0,0 order 1,2,3,4 round 2 next 3 rehazards 7,14,7,10
hazard|6|play turn 1/1 score 0,0,0,0,0,0 order 1,2,3,4,5,6 round 1 sums 8,13,-,-,-,-
hazard|6|play turn 1/1 score 0,0,0,0,0,0 order 6,5,4,3,2,1 round 1 sums -,-,-,-,10,11
marlota|5|play turn 1/1 score 0,0,0,0,0 order 1,2,3,4,5 numbers -,-,-,-,7
marlota|5|play turn 1/1 score 0,0,0,0,0 order 1,2,3,4,5 numbers -,-,-,14,7
marlota|5|play turn 1/1 score 0,0,0,0,0 order 1,2,3,4,5 numbers -,-,10,8,13
marlota|5|play turn 1/1 score 0,0,0,0,0 order 1,2,3,4,5 numbers -,9,12,14,7
marlota|6|play turn 1/1 score 0,0,0,0,0,0 order 1,2,3,4,5,6 numbers -,-,-,-,9,12
POSITIONS
