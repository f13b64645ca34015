#!/bin/sh
# po.sh — the catalogs: po/ludoteka.pot from the marked texts of the
# sources, and each po/LANG.po kept up to it (GNU gettext's tools).
#   scripts/po.sh update   extract the texts into po/ludoteka.pot and merge
#                          them into every po/LANG.po (new ones untranslated)
#   scripts/po.sh check    every text of the sources translated in every
#                          po/LANG.po, nothing fuzzy, formats that agree
#                          (the test suite runs this)
set -eu
cd "$(dirname "$0")/.."
mode=${1:-check}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# C: _("..."), N_("..."), P_("context", "..."), NC_("context", "..."),
# lt_ngettext("one", "many", n); the page: t("..."), tParts("..."),
# tn("one", "many", n)
git ls-files 'src/*.c' 'src/*.h' 'include/*.h' 'web/*.c' >"$tmp/c"
git ls-files 'web/page/*.js' >"$tmp/js"
common="--from-code=UTF-8 --add-comments=TRANSLATORS: --package-name=ludoteka --msgid-bugs-address=ludoteka --sort-by-file"
xgettext $common --language=C --keyword=_ --keyword=N_ --keyword=P_:1c,2 \
    --keyword=NC_:1c,2 --keyword=lt_ngettext:1,2 --flag=_:1:c-format \
    -f "$tmp/c" -o "$tmp/c.pot"
if [ -s "$tmp/js" ]; then
    # xgettext 0.21 loses its way in some template literals (and reads no
    # text after them): it reads copies with those blanked, line for line
    # (no text of the page is in one), under the same names
    while read -r f; do
        mkdir -p "$tmp/js-src/$(dirname "$f")"
        awk -f scripts/js_blank_templates.awk "$f" >"$tmp/js-src/$f"
    done <"$tmp/js"
    (cd "$tmp/js-src" && xgettext $common --language=JavaScript --keyword=t --keyword=tParts \
        --keyword=tn:1,2 -f "$tmp/js" -o "$tmp/js.pot")
fi
msgcat --use-first "$tmp/c.pot" $( [ -s "$tmp/js.pot" ] && echo "$tmp/js.pot") -o "$tmp/ludoteka.pot"
status=0
for lang in $(cat po/LINGUAS); do
    case "$mode" in
    update)
        msgmerge --quiet --no-fuzzy-matching --update --backup=none po/$lang.po "$tmp/ludoteka.pot"
        # texts the sources no longer have are dropped (git keeps them)
        msgattrib --no-obsolete po/$lang.po -o po/$lang.po
        ;;
    check)
        # every text of the sources is in the catalog, translated
        if ! msgcmp po/$lang.po "$tmp/ludoteka.pot" 2>"$tmp/msgcmp"; then
            echo "po/$lang.po lacks translations of these texts:" >&2
            grep -o 'this message is used but not defined.*\|msgid.*' "$tmp/msgcmp" | head -40 >&2
            sed -n '1,80p' "$tmp/msgcmp" >&2
            status=1
        fi
        # and nothing fuzzy or untranslated, formats checked
        msgmerge --quiet --no-fuzzy-matching po/$lang.po "$tmp/ludoteka.pot" -o "$tmp/$lang.po"
        stats=$(msgfmt --check --statistics -o /dev/null "$tmp/$lang.po" 2>&1) || status=1
        echo "po/$lang.po: $stats"
        case "$stats" in *fuzzy*|*untranslated*) status=1 ;; esac
        ;;
    *) echo "usage: $0 update|check" >&2; exit 2 ;;
    esac
done
[ "$mode" = update ] && cp "$tmp/ludoteka.pot" po/ludoteka.pot
exit $status
