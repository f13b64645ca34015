# js_blank_templates.awk — JavaScript with its template literals blanked
# (their newlines kept), for xgettext 0.21, which loses its way in some
# of them (scripts/po.sh).
BEGIN { state = 0 } # 0 code, 1 'str', 2 "str", 3 `tpl`, 4 /* comment */
{
    out = ""
    n = length($0)
    for (i = 1; i <= n; i++) {
        c = substr($0, i, 1)
        d = substr($0, i, 2)
        if (state == 0) {
            if (d == "//") { out = out substr($0, i); break }
            if (d == "/*") { state = 4; out = out d; i++; continue }
            if (c == "'") state = 1
            else if (c == "\"") state = 2
            else if (c == "`") { state = 3; out = out "''"; continue }
            out = out c
        } else if (state == 1 || state == 2) {
            out = out c
            if (c == "\\") { out = out substr($0, i + 1, 1); i++; continue }
            if ((state == 1 && c == "'") || (state == 2 && c == "\"")) state = 0
        } else if (state == 3) {
            if (c == "\\") { i++; continue }
            if (c == "`") state = 0
        } else {
            out = out c
            if (d == "*/") { out = out "/"; i++; state = 0 }
        }
    }
    print out
}
