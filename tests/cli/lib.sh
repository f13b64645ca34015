# lib.sh — what the CLI test scripts share.  A script sets LT (the
# ludoteka program), sources this file, sets CASE before each group of
# checks, and ends with `finish NAME`.
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

# has FILE TEXT — the file ($T/FILE) contains TEXT (a fixed string);
# matches FILE REGEX — some line of it matches the extended regex.
has() { contains -F "$@"; }
matches() { contains -E "$@"; }
contains() {
    if grep -q"${1#-}" -- "$3" "$T/$2"; then
        passed=$((passed + 1))
    else
        fail "$2 has no line with '$3'"
        sed 's/^/  | /' "$T/$2" | tail -8
    fi
}

lacks() {
    if grep -qF -- "$2" "$T/$1"; then
        fail "$1 has '$2'"
    else
        passed=$((passed + 1))
    fi
}

# plain FILE — the file ($T/FILE) holds no control byte but newlines: no
# escape sequence, and no C1 control (bytes 0x80-0x9f: the texts of these
# tests are ASCII, so no UTF-8 letter brings one).
plain() {
    bad=$(od -An -v -tu1 "$T/$1" | tr -s ' ' '\n' |
          awk '$1 != "" && $1 != 10 && ($1 < 32 || ($1 >= 127 && $1 < 160))' | head -1)
    if [ -z "$bad" ]; then
        passed=$((passed + 1))
    else
        fail "$1 holds the control byte $bad"
        od -c "$T/$1" | head -8 | sed 's/^/  | /'
    fi
}

# same FILE EXPECTED — the lines of FILE equal EXPECTED (space-separated).
same() {
    got=$(tr '\n' ' ' <"$1")
    if [ "$got" = "$2 " ]; then
        passed=$((passed + 1))
    else
        fail "expected '$2', got '$got'"
    fi
}

# input TEXT — the next runs read TEXT (printf escapes) on stdin.
input() {
    printf "$1" >"$T/in"
    IN=$T/in
}

# idle ARGS... — runs ludoteka in the background with its input open and
# empty (a fifo this script holds), output to $T/out and $T/err: players
# who type nothing while their clocks run.  `await` waits for what it
# prints; `release STATUS` ends its input and checks how it ended.
idle() {
    rm -f "$T/idle"
    mkfifo "$T/idle"
    "$LT" "$@" <"$T/idle" >"$T/out" 2>"$T/err" &
    idle_pid=$!
    exec 3>"$T/idle"
}

# await FILE TEXT [SECONDS] — returns as soon as the file ($T/FILE)
# contains TEXT: the program's output is looked at again whenever it
# grows.  SECONDS (120 unless given) is only a watchdog against a program
# that never prints it, counted on the clock, not in looks.
await() {
    deadline=$(( $(date +%s) + ${3:-120} ))
    size=-1
    while [ "$(date +%s)" -le "$deadline" ]; do
        now=$(wc -c <"$T/$1" 2>/dev/null || echo 0)
        if [ "$now" != "$size" ]; then
            size=$now
            if grep -qF -- "$2" "$T/$1"; then
                passed=$((passed + 1))
                return 0
            fi
        fi
        sleep 0.05 # (a look at the file's size, not a wait for the text)
    done
    fail "$1 never showed '$2'"
    sed 's/^/  | /' "$T/$1" | tail -8
    return 1
}

release() {
    exec 3>&-
    wait "$idle_pid"
    got=$?
    if [ "$got" -ne "$1" ]; then
        fail "exit status $got, expected $1"
    else
        passed=$((passed + 1))
    fi
}

finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
