/* record_final.c — test helper: the final position of a record file, by
 * the native library: the position text, the result and the number of
 * actions, one a line.  Exit status 1 when the record does not replay. */
#include <stdio.h>
#include <stdlib.h>

#include "ludoteka/record.h"

int main(int argc, char **argv)
{
    lt_record rec;
    lt_error err = {0};
    if (argc != 2) {
        fprintf(stderr, "usage: record_final FILE\n");
        return 2;
    }
    if (lt_record_load(argv[1], &rec, &err) != LT_OK) {
        fprintf(stderr, "record_final: %s\n", err.msg);
        return 1;
    }
    lt_state *s = lt_state_new(rec.game);
    if (!s || lt_record_replay(&rec, -1, s, &err) != LT_OK) {
        fprintf(stderr, "record_final: %s\n", s ? err.msg : "out of memory");
        lt_state_free(s);
        lt_record_clear(&rec);
        return 1;
    }
    char pos[4096], result[256];
    rec.game->write_state(s, pos, sizeof pos);
    lt_result_text(rec.game, s, result, sizeof result);
    printf("%s\n%s\n%d\n", pos, result, rec.nactions);
    lt_state_free(s);
    lt_record_clear(&rec);
    return 0;
}
