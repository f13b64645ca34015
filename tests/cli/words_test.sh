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

for lang in pl en; do
    CASE="help ($lang)"
    run 0 --lang $lang --help
    speaks_only $lang out
    # (what --players takes, typed as it is: human, random, ai, none)
    typed='human|random|none|move|draw|win|loss'
    for c in list rules play moves replay bench playouts perft arena odds \
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
