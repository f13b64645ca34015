# words.sh — the words of each language that the other never shows, for
# the tests that drive the program in one language (tests/cli/words_test.sh,
# tests/tui/tui_test.sh).  Sourced; needs nothing else.

# Words of each language that the other never uses (whole words, any
# case).  What a person types stays ASCII in both: --flags, name=value,
# player specs (ai:level=3), the moves' notation and other words with
# digits (30/move), the games' identifiers (catch-the-rabbit); those are
# left out of the check (code_out).
ENGLISH='the|and|of|with|from|for|is|are|not|you|your|which|what|move|moves|player|players|white|black|wins|won|draw|drawn|turn|turns|round|options|option|default|press|back|rules|play|game|games|seed|computer|human|hint|undo|redo|throw|throws|dice|stake|stakes|score|board|piece|pieces|tower|towers|capture|captures|none|level|random|seat|seats|quit|save|load|resign|offer|claim|points|winner|yes|left'
POLISH='gracz|gracza|graczy|gracze|ruch|ruchy|ruchu|białe|czarne|remis|opcje|opcja|zasady|tura|tury|kolejka|wygrywa|wygrały|wygrał|nie|jest|oraz|albo|lub|kości|rzut|plansza|partia|partii|pionek|pionki|wieża|wieże|komputer|człowiek|poziom|domyślnie'
# the sources' own titles are quoted in English too: the line that
# names a source ("source 000, a: Najwyższa wygrywa") is left out
# (code_out), and so is the name of Robbers in the menu and its rules
SOURCES='\(ROZBÓJNICY\)|Rozbójnicy'
DIACRITICS='ą|ć|ę|ł|ń|ó|ś|ź|ż|Ą|Ć|Ę|Ł|Ń|Ó|Ś|Ź|Ż'

# code_out FILE — the text without what is typed as it is in any language.
code_out() {
    sed -e 's/--[A-Za-z][A-Za-z0-9-]*//g' \
        -e 's/\(source\|źródło\) [0-9][0-9][0-9][^)]*//g' \
        -e 's/[^ ]*[0-9][^ ]*//g' \
        -e 's/\(ai\|uci\|xboard\|mcts\):[^ ,;)]*//g' \
        -e 's/ludoteka [a-z-]*//g' \
        -e 's/^  [a-z]\{1,\}\( [A-Z]\{1,\}\)\{0,1\} \{2,\}//' \
        -e 's/[a-z]\{1,\}-[a-z][a-z-]*//g' \
        "$1"
}

# foreign LANG FILE [ALLOWED] — prints the words of the other language
# that FILE holds (ALLOWED: a regular expression of words the case may
# show, a game's proper name).
foreign() {
    lang=$1 file=$2 allowed=${3:-^$}
    [ "$lang" = en ] && allowed="$allowed|$SOURCES"
    if [ "$lang" = pl ]; then
        words=$(code_out "$file" | tr -c "A-Za-z'\200-\377" '\n' | grep -v '^$' |
                grep -Eix "$ENGLISH" | grep -Evx "$allowed" | sort -u | head -12)
    else
        words=$(code_out "$file" | tr -s ' \t' '\n\n' | grep -v '^$' |
                { grep -Ei "$DIACRITICS|^($POLISH)[.,:;!?)]*\$" || true; } |
                grep -Evx "$allowed" | sort -u | head -12)
    fi
    echo $words
}

