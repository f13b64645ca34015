/* fuzz_record.c — any text given to the record reader: it never crashes,
 * and whatever it accepts it writes back as a record that reads again to
 * the same game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ludoteka/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    lt_cursor cur = {0};
    for (int k = 0; k < 8; k++) {
        lt_record r, back;
        lt_error err = {0};
        if (lt_record_parse(text, &cur, &r, &err) != LT_OK)
            break;
        char *out = lt_record_format(&r, &err);
        FUZZ_CHECK(out != NULL);
        lt_cursor c2 = {0};
        FUZZ_CHECK(lt_record_parse(out, &c2, &back, &err) == LT_OK);
        FUZZ_CHECK(back.game == r.game && back.nactions == r.nactions);
        FUZZ_CHECK(!r.nactions || !memcmp(back.actions, r.actions,
                                          sizeof *r.actions * (size_t)r.nactions));
        free(out);
        lt_record_clear(&back);
        lt_record_clear(&r);
    }
    free(text);
    return 0;
}
