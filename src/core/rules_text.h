/* rules_text.h — the rule texts, built in from each game folder's rules.LANG.txt by the build
 * (scripts/embed_rules.cmake writes rules_text.c). */
#ifndef LUDOTEKA_RULES_TEXT_H
#define LUDOTEKA_RULES_TEXT_H

typedef struct {
    const char *id, *lang, *text; /* src/games/ID/rules.LANG.txt */
} lt_rules_entry;

extern const lt_rules_entry lt_rules_table[];
extern const int lt_rules_count;

#endif
