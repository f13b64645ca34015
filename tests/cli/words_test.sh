#!/bin/sh
# words_test.sh — the program speaks one language at a time: every command,
# every game's rules and line-mode screens in Polish hold no English word,
# and in English no Polish one.  Usage: words_test.sh path/to/ludoteka
# tests/cli
LT=$1
HERE=$2
. "$HERE/lib.sh"

. "$HERE/../words.sh"

# speaks_only pl|en FILE [ALLOWED] — $T/FILE has no word of the other
# language.
speaks_only() {
    words=$(foreign "$1" "$T/$2" "$3")
    if [ -z "$words" ]; then
        passed=$((passed + 1))
    else
        fail "$2 in $1 has: $words"
        grep -Fn -- "${words%% *}" "$T/$2" | head -3 | sed 's/^/  | /'
    fi
}

GAMES=$("$LT" list | awk '{print $1}')

# every command's help names the same --options in both languages (a
# translation that left one out would hide it from its readers; --lang,
# the program's own, is named where each language's prose wants it)
CASE=help-options
for c in "" list rules play moves replay bench benchmark playouts perft arena odds analyse \
         simulate solve serve uci tune selfplay train-nnue; do
    for lang in en pl; do
        "$LT" --lang $lang $c --help 2>&1 | grep -o -- '--[a-z][a-z-]*' | grep -vx -- --lang | sort -u >"$T/opts-$lang"
    done
    if cmp -s "$T/opts-en" "$T/opts-pl"; then
        passed=$((passed + 1))
    else
        fail "ludoteka $c --help: options differ between English and Polish: $(diff "$T/opts-en" "$T/opts-pl" | grep '^[<>]' | tr '\n' ' ')"
    fi
done

for lang in pl en; do
    CASE="help ($lang)"
    run 0 --lang $lang --help
    speaks_only $lang out
    # (what --players takes, typed as it is: human, random, ai, none)
    typed='human|random|none|move|draw|win|loss'
    for c in list rules play moves replay bench benchmark playouts perft arena odds analyse \
             simulate solve serve; do
        run 0 --lang $lang "$c" --help
        speaks_only $lang out "$typed"
    done

    CASE="list ($lang)"
    run 0 --lang $lang list
    speaks_only $lang out

    CASE="menu ($lang)"
    printf '1\n1\n\n2\nb\nq\n' >"$T/in"
    IN=$T/in run 0 --lang $lang --plain
    speaks_only $lang out

    for g in $GAMES; do
        CASE="$g ($lang)"
        run 0 --lang $lang rules "$g"
        speaks_only $lang out
        # the line mode: its screen, help, the moves, a hint, a takeback
        printf 'help\nmoves\nhint\nm 1\nundo\nquit\n' >"$T/in"
        IN=$T/in run 0 --lang $lang --plain play "$g" --seed 7
        speaks_only $lang out
    done
done

finish words
