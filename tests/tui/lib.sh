# lib.sh — driving ludoteka's full screen in tmux (see ../../../shared/notes/stack.md
# §3): a private server, a window of 80x24, keys and mouse clicks in, the
# screen polled until it shows what is expected or a timeout passes; the
# server is always killed.  A script sets LT, sources this file, runs
# `launch CMD` before each group of checks and ends with `finish NAME`.
command -v tmux >/dev/null 2>&1 || {
    echo "tmux is needed for these tests (scripts/deps.sh test installs it)"
    exit 1
}
T=$(mktemp -d)
SOCK=ludoteka-test-$$
TM() { tmux -L "$SOCK" -f /dev/null "$@"; }
trap 'TM kill-server >/dev/null 2>&1; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP PIPE
export LANG=C.UTF-8 LC_ALL=C.UTF-8 LC_MESSAGES=
# tmux writes a click's escape sequence a key at a time: on a loaded
# machine the program may read its Esc alone, and with the program's own
# 25 ms wait take it for the Esc key (a lost click).  ncurses' ESCDELAY
# lets the rest of a sequence come for a second.
export ESCDELAY=1000
unset LUDOTEKA_LANG
passed=0
failed=0
WAIT=${TUI_WAIT:-20} # seconds to wait for a screen on a loaded machine

# A session that keeps the server alive between the windows under test.
TM new-session -d -s keep -x 80 -y 24 "sleep 100000"
TM set-option -g default-terminal tmux-256color >/dev/null

fail() {
    failed=$((failed + 1))
    echo "FAIL [$CASE]: $*"
}

ok() {
    passed=$((passed + 1))
}

# launch CMD...: runs CMD in a fresh 80x24 window (each launch its own
# session, the one before killed); its exit status is written to
# $T/status when it ends.
RUN=0
W=none
launch() {
    TM kill-session -t "$W" >/dev/null 2>&1
    RUN=$((RUN + 1))
    W=run$RUN
    rm -f "$T/status"
    cmd=""
    for a in "$@"; do # each word quoted for the shell tmux starts
        cmd="$cmd '$(printf '%s' "$a" | sed "s/'/'\\\\''/g")'"
    done
    rm -f "$T/stderr"
    TM new-session -d -s "$W" -x 80 -y 24 "$cmd 2>$T/stderr; echo \$? >$T/status; sleep 100000"
}

keys() { TM send-keys -t "$W" "$@"; }
text() { TM send-keys -t "$W" -l "$1"; }
screen() { TM capture-pane -t "$W" -p; }
# the screen with its colours (escape sequences)
colours() { TM capture-pane -t "$W" -p -e; }

# expect TEXT [SECONDS]: waits until the screen shows TEXT.
expect() {
    limit=$(( (${2:-$WAIT}) * 10 ))
    i=0
    while [ $i -lt "$limit" ]; do
        if screen | grep -qF -- "$1"; then
            ok
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    if [ -s "$T/status" ]; then
        # the program is gone: say so, and what it said on its way out
        fail "the screen never showed '$1': the program had ended with status $(cat "$T/status")"
        [ -s "$T/stderr" ] && sed 's/^/  ! /' "$T/stderr"
    else
        fail "the screen never showed '$1'"
    fi
    screen | sed 's/^/  | /'
    return 1
}

# lacks TEXT: the screen does not show TEXT now.
lacks() {
    if screen | grep -qF -- "$1"; then
        fail "the screen shows '$1'"
    else
        ok
    fi
}

# ended STATUS [SECONDS]: the program ends with STATUS.
ended() {
    limit=$(( (${2:-$WAIT}) * 10 ))
    i=0
    while [ $i -lt "$limit" ] && [ ! -s "$T/status" ]; do
        sleep 0.1
        i=$((i + 1))
    done
    got=$(cat "$T/status" 2>/dev/null)
    if [ "$got" = "$1" ]; then
        ok
    else
        fail "exit status '${got:-none}', expected $1"
        screen | sed 's/^/  | /'
    fi
}

# coloured ROW SGR: waits until screen row ROW (from 0) shows the colour
# escape sequence SGR (e.g. 42: a green background).
coloured() {
    limit=$((WAIT * 10))
    i=0
    while [ $i -lt "$limit" ]; do
        if colours | sed -n "$(($1 + 1))p" | grep -qF "[$2m"; then
            ok
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "row $1 never showed colour $2"
    colours | sed -n "$(($1 + 1))p" | cat -v | sed 's/^/  | /'
    return 1
}

# where TEXT: "ROW COL" (from 0) of the first place the screen shows TEXT.
where() {
    screen | awk -v t="$1" '{ i = index($0, t); if (i) { print NR - 1, i - 1; exit } }'
}

# cell LETTER NUMBER: "ROW COL" of a board cell found by its coordinates:
# the row labelled NUMBER, the column of LETTER in the row of letters (one
# letter a column, perhaps with the side panel's text after it).
cell() {
    screen | awk -v f="$1" -v r="$2" '
        { line[NR] = $0 }
        $0 ~ "^ *" r " " && !row { row = NR }
        END {
            for (n = NR; n > 0 && !col; n--)
                if (line[n] ~ /^ +[a-zA-Z]( +[a-zA-Z])+( {3,}.*)?$/)
                    col = index(line[n] " ", " " f " ") + 1
            if (row && col > 1) print row - 1, col - 1
        }'
}

# click ROW COL: a left click there, in the encoding the program asked
# tmux for (SGR, or the older X10 one).
click() {
    if [ "$(TM display-message -p -t "$W" '#{mouse_sgr_flag}')" = 1 ]; then
        text "$(printf '\033[<0;%d;%dM' $(($2 + 1)) $(($1 + 1)))"
        text "$(printf '\033[<0;%d;%dm' $(($2 + 1)) $(($1 + 1)))"
    else
        TM send-keys -t "$W" -H 1b 5b 4d 20 \
            "$(printf '%x' $(($2 + 33)))" "$(printf '%x' $(($1 + 33)))"
        TM send-keys -t "$W" -H 1b 5b 4d 23 \
            "$(printf '%x' $(($2 + 33)))" "$(printf '%x' $(($1 + 33)))"
    fi
}

# select_line TEXT [KEY]: presses KEY (Down unless given) until the line
# marked with '>' shows TEXT.
select_line() {
    i=0
    while [ $i -lt 60 ]; do
        now=$(screen | grep -E '^ *> ')
        if printf '%s\n' "$now" | grep -qF -- "$1"; then
            ok
            return 0
        fi
        keys "${2:-Down}"
        # the next key only once this one has moved the selection (a
        # loaded machine redraws late: keys sent ahead would overshoot)
        j=0
        while [ "$(screen | grep -E '^ *> ')" = "$now" ] && [ $j -lt $((WAIT * 10)) ]; do
            sleep 0.1
            j=$((j + 1))
        done
        [ $j -lt $((WAIT * 10)) ] || break # it does not move: the last line
        i=$((i + 1))
    done
    fail "no line '$1' to select"
    screen | sed 's/^/  | /'
    return 1
}

# registered ID: is the game in this build?
registered() {
    "$LT" list | grep -q "^$1 "
}

finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
