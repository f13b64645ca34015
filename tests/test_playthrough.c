/* test_playthrough.c — golden playthroughs: one seeded random game per
 * game, every state and action written out, compared with the recorded
 * tests/playthroughs/ID.txt.  A difference means some game's behaviour
 * changed; if the change is meant, regenerate the files with
 *   build/tests/test_playthrough --update tests/playthroughs
 * and review the diff. */
#include "support.h"

#include "ludoteka/record.h"
#include "ludoteka/rng.h"
#include "ludoteka/text.h"

enum { SEED = 1, TEXT_MAX = 1 << 22 };

/* Appends to a growing text. */
typedef struct {
    char *buf;
    size_t len;
} text;

static void add(text *t, const char *fmt, ...) LT_PRINTF(2, 3);
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(t->buf + t->len, TEXT_MAX - t->len, fmt, ap);
    va_end(ap);
    assert_true(w >= 0 && (size_t)w < TEXT_MAX - t->len);
    t->len += (size_t)w;
}

static void playthrough(const lt_game *g, text *t)
{
    lt_config cfg;
    lt_config_default(g, &cfg, 0);
    char opts[512], buf[4096];
    lt_config_write(g, &cfg, opts, sizeof opts);
    add(t, "game %s\noptions %s\nplayers %d\nseed %d\n", g->id, opts,
        cfg.players, SEED);
    lt_state *s = lt_state_new(g);
    assert_int_equal(lt_init(g, s, &cfg, NULL), LT_OK);
    lt_rng rng;
    lt_rng_seed(&rng, SEED, 0);
    for (;;) {
        g->write_state(s, buf, sizeof buf);
        add(t, "state %s\n", buf);
        int p = g->current_player(s);
        if (p == LT_TERMINAL)
            break;
        lt_action acts[LT_MAX_ACTIONS];
        int n = lt_choices(g, s, acts);
        add(t, p == LT_CHANCE ? "chance" : "player %d", p);
        for (int i = 0; i < n; i++)
            add(t, " %s", lt_name(g, s, acts[i], buf, sizeof buf));
        lt_action a = lt_rng_play(&rng, g, s);
        add(t, "\naction %s\n", lt_name(g, s, a, buf, sizeof buf));
        g->apply(s, a);
    }
    lt_result_text(g, s, buf, sizeof buf);
    add(t, "result %s\n", buf);
    lt_state_free(s);
}

/* The playthrough of the i-th game into t (emptied first), and the path
 * of its file in dir. */
static void playthrough_at(int i, text *t, const char *dir, char *path, size_t size)
{
    const lt_game *g = lt_game_at(i);
    t->len = 0;
    playthrough(g, t);
    snprintf(path, size, "%s/%s.txt", dir, g->id);
}

static const char *folder(void)
{
    const char *dir = getenv("LT_PLAYTHROUGHS");
    return dir ? dir : "tests/playthroughs";
}

static void golden(void **st)
{
    text t = {malloc(TEXT_MAX), 0};
    for (int i = 0; i < lt_game_count(); i++) {
        char path[1024];
        playthrough_at(i, &t, folder(), path, sizeof path);
        lt_error err = {0};
        size_t size;
        char *want = lt_read_file(path, &size, &err);
        if (!want)
            fail_msg("%s (make it with: test_playthrough --update DIR)", err.msg);
        if (size != t.len || memcmp(want, t.buf, size) != 0) {
            size_t k = 0;
            int line = 1;
            while (k < size && k < t.len && want[k] == t.buf[k])
                line += want[k++] == '\n';
            fail_msg("%s: the playthrough differs from line %d", path, line);
        }
        free(want);
    }
    free(t.buf);
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--update")) {
        text t = {malloc(TEXT_MAX), 0};
        for (int i = 0; i < lt_game_count(); i++) {
            char path[1024];
            playthrough_at(i, &t, argv[2], path, sizeof path);
            lt_error err = {0};
            if (lt_write_file_atomic(path, t.buf, t.len, true, &err) != LT_OK) {
                fprintf(stderr, "%s\n", err.msg);
                return 1;
            }
            printf("wrote %s\n", path);
        }
        free(t.buf);
        return 0;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(golden)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
